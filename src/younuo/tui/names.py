"""Names as the terminal's reader should read them, as the web's ``js/names.js`` says
them: the server names bots "Bot Mimi" (or "Bot 3" by seat) and a room left unnamed
"Ann's table", in English; here they are said in the chosen language ("電腦咪咪",
"Ann的牌桌"). Only seats the server marks ``kind: "bot"`` are renamed, so a person who
calls themself "Bot Mimi" keeps the name (docs/web.md, *Languages*)."""

from __future__ import annotations

import re
from typing import Final

from younuo.tui.words import Words

BOT: Final = re.compile(r"^Bot (\S+)$")
"""The server's name for a bot seat: ``Bot Mimi`` or ``Bot 3``."""
DEFAULT_ROOM: Final = re.compile(r"^(.+)'s table$")
"""The server's name for a room left unnamed."""


def bot_name(words: Words, name: str) -> str:
    """A bot seat's name in the reader's language: ``Bot Mimi`` -> ``電腦咪咪``,
    ``Bot 3`` -> ``電腦 3 號``; any other name as it is."""
    found = BOT.match(name)
    if found is None:
        return name
    given = found[1]
    if given.isdigit():
        return words("bot.name_n", n=given)
    key = f"botname.{given}"
    return words("bot.name", name=words(key) if words.has(key) else given)


def room_name(words: Words, name: str) -> str:
    """A room's name: the server's default ``NAME's table`` in the reader's language."""
    found = DEFAULT_ROOM.match(name)
    if found is not None:
        return words("room.default_name", name=found[1])
    if name == "Table":
        return words("room.default_name_plain")
    return name


__all__ = ["bot_name", "room_name"]
