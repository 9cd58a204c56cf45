"""A person's seat changing hands without a move: auto-play switched, the connection
dropped (a bot plays the seat during the grace) or back (the seat is theirs again).

Each is a change of the seat's state (:mod:`.core`'s seat edits) made through the
match's one path.
"""

from __future__ import annotations

import time

from younuo.server.match import core, wire
from younuo.server.match.running import Running
from younuo.server.match.runtime import Runtime
from younuo.server.match.timers import SeatChange


class Seats:
    """The seat states a person's connection and choices change."""

    def __init__(self, running: Running, seat: SeatChange, timing: core.Timing) -> None:
        self.running = running
        self.seat = seat
        self.timing = timing

    async def autoplay(self, match_id: str, account: str, on: bool) -> None:
        """Switch auto-play of ``account``'s seat (ProtocolError if not a player)."""
        rt = self.running.get(match_id)
        name = rt.player_of(account)
        if name is None:
            raise wire.not_a_player()
        await self.seat(rt, name, core.autoplay(on))

    async def away(self, account: str, match_id: str | None = None) -> None:
        """A player's connection dropped: a bot plays the seat during the grace."""
        for rt in self.running.playing(account, match_id):
            name = rt.player_of(account)
            if name is None or rt.control[name].abandoned:
                continue
            await self.seat(rt, name, core.away(time.time(), self.timing))

    async def back(self, account: str, match_id: str | None = None) -> Runtime | None:
        """A player came back within the grace: the seat is theirs again. Their match."""
        found = None
        for rt in self.running.playing(account, match_id):
            name = rt.player_of(account)
            if name is None:
                continue
            found = rt
            if rt.control[name].away_until is None or rt.control[name].abandoned:
                continue
            await self.seat(rt, name, core.back)
            task = rt.bot_tasks.pop(name, None)
            if task is not None and not rt.driven_by_bot(name):
                task.cancel()
        return found


__all__ = ["Seats"]
