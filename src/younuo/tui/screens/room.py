"""The room (preparation): the seats, ready, and the host's powers: bots by level,
one round or to the target, fill with bots and start, start."""

from __future__ import annotations

import contextlib
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType

from younuo.client import RoomOut, RoomSettingsPatch
from younuo.engine import Rules
from younuo.tui.host import Host
from younuo.tui.names import bot_name, room_name
from younuo.tui.plain import Plain
from younuo.tui.screens.base import Base

LEVELS = ("easy", "normal", "hard", "expert", "random")
"""The bot levels L cycles through (the server's own, docs/bots.md)."""


class RoomScreen(Base):
    """R ready; as the host B add a bot, L its level, F fill with bots and start, S
    start, O one round or to the target, X remove a bot; Esc leaves the room."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *Base.BINDINGS,
        ("r", "ready", "Ready"),
        ("b", "bot", "Add a bot"),
        ("l", "level", "Bot level"),
        ("f", "fill", "Fill and start"),
        ("s", "start", "Start"),
        ("o", "one_round", "One round"),
        ("x", "remove_bot", "Remove a bot"),
        ("escape", "leave", "Leave"),
    ]

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.level = LEVELS[0]

    def compose(self) -> ComposeResult:
        yield self.conn_line()
        yield Plain("", id="title", classes="title")
        yield Plain("", id="rules")
        yield Plain("", id="seats")
        yield self.say_line()
        yield Plain("", id="keys", classes="keys")

    def on_screen_resume(self) -> None:
        self.show()

    @property
    def room(self) -> RoomOut | None:
        client = self.host.client
        return None if client is None else client.room

    @property
    def hosting(self) -> bool:
        client, room = self.host.client, self.room
        account = None if client is None else client.account
        return room is not None and account is not None and room.host == account.id

    def show(self) -> None:
        room, words = self.room, self.words
        if room is None:
            return
        client = self.host.client
        me = None if client is None or client.account is None else client.account.id
        title = words("tui.room.title", name=room_name(words, room.name))
        if room.code:
            title += "   " + words("tui.room.code", code=room.code)
        self.query_one("#title", Plain).update(title)
        self.query_one("#rules", Plain).update(self.rules_text(room))
        lines = []
        for i, seat in enumerate(room.seats):
            if seat is None:
                lines.append(f"{i + 1:>2}. {words('tui.room.empty')}")
                continue
            marks = []
            if seat.kind == "bot":
                level = words(f"bot.{seat.bot_level}") if seat.bot_level else ""
                marks.append(words("tui.room.bot", level=level))
            if seat.account is not None and seat.account == room.host:
                marks.append(words("tui.room.host"))
            if seat.account is not None and seat.account == me:
                marks.append(words("room.you"))
            marks.append(words("tui.room.ready" if seat.ready else "tui.room.not_ready"))
            name = bot_name(words, seat.name) if seat.kind == "bot" else seat.name
            lines.append(f"{i + 1:>2}. {name}  ({words('list.sep').join(marks)})")
        if room.match is not None:
            lines.append(words("tui.room.playing"))
        self.query_one("#seats", Plain).update("\n".join(lines))
        keys = words("tui.room.keys")
        if self.hosting:
            keys = words("tui.room.keys_host", level=words(f"bot.{self.level}")) + "\n" + keys
        self.query_one("#keys", Plain).update(keys)

    def rules_text(self, room: RoomOut) -> str:
        words, settings = self.words, room.settings
        rounds = words("tui.room.one_round")
        if room.rules.get("scoring") != "single":
            target: object = room.rules.get("target", "")
            with contextlib.suppress(Exception):
                changes = {k: v for k, v in room.rules.items() if k != "preset"}
                target = Rules.from_preset(settings.preset, **changes).target
            rounds = words("tui.room.to_target", target=target)
        return words(
            "tui.room.rules",
            preset=settings.preset,
            mode=words(f"tui.mode.{settings.mode}"),
            needed=settings.needed,
            rounds=rounds,
        )

    # ------------------------------------------------------------------ keys
    def action_ready(self) -> None:
        client, room = self.host.client, self.room
        if client is None or room is None or client.account is None:
            return
        mine = next(
            (s for s in room.seats if s is not None and s.account == client.account.id), None
        )
        self.host.do(client.ready(not (mine is not None and mine.ready)))

    def action_bot(self) -> None:
        if self.host.client is not None:
            self.host.do(self.host.client.add_bot(self.level))

    def action_level(self) -> None:
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.show()

    def action_start(self) -> None:
        if self.host.client is not None:
            self.host.do(self.host.client.start())

    def action_fill(self) -> None:
        """Bots in as many seats as the start needs, then start: one key from a room
        of one's own to the table."""
        client, room = self.host.client, self.room
        if client is None or room is None:
            return
        ready = sum(1 for s in room.seats if s is not None and (s.ready or s.account == room.host))
        free = sum(1 for s in room.seats if s is None)
        missing = min(free, max(0, room.settings.needed - ready))

        async def fill() -> None:
            for _ in range(missing):
                await client.add_bot(self.level)
            await client.start()

        self.host.do(fill())

    def action_one_round(self) -> None:
        client, room = self.host.client, self.room
        if client is None or room is None:
            return
        single = room.rules.get("scoring") == "single"
        options = {"scoring": None if single else "single"}
        self.host.do(client.configure(RoomSettingsPatch(options=options)))

    def action_remove_bot(self) -> None:
        client, room = self.host.client, self.room
        if client is None or room is None:
            return
        bots = [s.seat for s in room.seats if s is not None and s.kind == "bot"]
        if bots:
            self.host.do(client.remove_bot(bots[-1]))

    def action_leave(self) -> None:
        if self.host.client is not None:
            self.host.do(self.host.client.leave_room())


__all__ = ["RoomScreen"]
