"""The server's own bot levels (:mod:`younuo.bots`) playing over the wire.

::

    bot = LevelBot("hard", seed=1)
    result = await run_bot(server, token, bot.decide, observe=bot.observe)

:class:`LevelBot` is the bot of a level exactly as the server seats it (docs/bots.md):
it is reset at each new match, remembers what the seat's redacted events showed it,
and chooses from the view and the legal actions, here read back from the wire's dicts
into the engine's values (:mod:`younuo.client.enginevalues`). A ``hard`` bot's search
runs in a worker thread, so the connection keeps being read while it thinks.
"""

from __future__ import annotations

import asyncio
from typing import Any

from younuo.bots import Bot, make_bot
from younuo.client.enginevalues import actions, events, player_view, wire_action
from younuo.client.messages import State, Update


class LevelBot:
    """A bot of ``level`` (``random``, ``easy``, ``normal``, ``hard``, ``expert``, ``policy:FILE``).

    ``seed`` seeds its choices. ``timing``: None to act at once, ``"human"`` to wait
    the level's human-like delays before each action (as the server's bots do on a
    server with ``bot_timing`` human). :meth:`observe` and :meth:`decide` are called
    one at a time, in the order the frames came (as :func:`run_bot` does): the bot's
    memory is not shared between threads.
    """

    def __init__(self, level: str, seed: int = 0, timing: str | None = None) -> None:
        self.level = level
        self.bot: Bot = make_bot(level, seed, timing)
        self.match: str | None = None
        """The match the bot's memory is of."""

    def observe(self, frame: State | Update) -> None:
        """Take in a ``state`` or ``update`` of the table: the events the seat was sent.

        A ``state`` of a new match with a seat resets the bot to that seat (a new match:
        forget the last). A later ``state`` of the same match (a resync, a reconnect)
        keeps the memory: what was missed meanwhile is missed, as for a person.
        """
        if isinstance(frame, State) and frame.match != self.match and frame.you is not None:
            self.match = frame.match
            self.bot.reset(frame.you)
        if frame.match == self.match:
            self.bot.observe(events(frame.events))

    async def decide(
        self, view: dict[str, Any], legal: list[dict[str, Any]]
    ) -> dict[str, Any] | None:
        """The bot's choice among ``legal`` for ``view`` (wire dicts), or None: nothing
        now. Never ``leave``."""
        seen = player_view(view)
        offered = actions(legal, seen.player)
        action = await asyncio.to_thread(self.bot.choose, seen, offered)
        if action is None:
            return None
        delay = self.bot.delay(action, seen)
        if delay > 0:
            await asyncio.sleep(delay)
        return wire_action(action)


__all__ = ["LevelBot"]
