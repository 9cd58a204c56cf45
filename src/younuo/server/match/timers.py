"""The match's timer: what the clocks make due (R-TIME), fired through the one path.

The deadlines themselves are data stored with the match (:mod:`.clocks`); here one call
of the event loop per match waits for the next of them, and what is due (a turn's
timeout, the match clock, the next deal, a dropped seat's takeover or grace) becomes a
change of the match, as a person's action would.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from younuo.engine import Action, hand_points
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError
from younuo.server.match import core
from younuo.server.match.clocks import CLOSING
from younuo.server.match.driver import Submit
from younuo.server.match.kinds import Abandon, Lapse, MatchStatus, Source
from younuo.server.match.runtime import Runtime

log = logging.getLogger(__name__)

SeatChange = Callable[[Runtime, str, core.SeatEdit], Awaitable[None]]
"""Changes a seat's state without a move, through the one path."""


class Timers:
    """Sets each match's timer and fires what is due."""

    def __init__(
        self,
        submit: Submit,
        seat: SeatChange,
        spawn: Callable[[Awaitable[None]], asyncio.Task[None]],
    ) -> None:
        self.submit = submit
        self.seat = seat
        self.spawn = spawn

    def arm(self, rt: Runtime) -> None:
        """Set the match's timer for its next due time (after anything that may move it).

        One call of the event loop per match, moved only when the due time changes: a
        task per match woken after every move cost more than the move's own clock work.
        While what was due is being fired, the firing task sets the timer when it ends.
        """
        due = rt.next_due() if rt.status == MatchStatus.RUNNING else None
        if due == rt.armed_at and (rt.timer is not None or due is None):
            return
        if rt.timer is not None:
            rt.timer.cancel()
        rt.timer, rt.armed_at = None, due
        if due is None or rt.firing is not None:
            return  # the firing task sets the timer again when it is done
        loop = asyncio.get_running_loop()
        rt.timer = loop.call_at(loop.time() + max(0.0, due - time.time()), self._due, rt)

    def _due(self, rt: Runtime) -> None:
        rt.timer = rt.armed_at = None
        if rt.firing is None and rt.status == MatchStatus.RUNNING:
            rt.firing = self.spawn(self._tick(rt))

    async def _tick(self, rt: Runtime) -> None:
        """Fire what is due: timeouts, the match clock, the next deal, ended graces."""
        try:
            while rt.status == MatchStatus.RUNNING:
                due = rt.next_due()
                if due is None or due > time.time():
                    break
                try:
                    await self._fire(rt)
                except Exception as exc:
                    if not (isinstance(exc, ProtocolError) and exc.code == ErrorCode.UNAVAILABLE):
                        log.exception("clock of match %s failed", rt.id)
                    await asyncio.sleep(0.5)  # try again: the database or Redis is back soon
        finally:
            if rt.firing is asyncio.current_task():
                rt.firing = None
                self.arm(rt)

    async def _fire(self, rt: Runtime) -> None:
        """Make the first thing that is due happen, through the one path."""
        now = time.time()
        version = rt.version
        ended = core.grace_ended(rt, now)
        if ended is not None:
            name, lapse = ended
            if lapse is Lapse.TAKEOVER:
                await self.seat(rt, name, core.take_over)
            elif rt.abandon == Abandon.BOT:
                await self.seat(rt, name, core.keep_for_bot(hand_points(rt.game.hand(name))))
            else:
                await self._leave_after_grace(rt, name)
            return
        due = core.due_action(rt, now)
        if due is None:
            rt.clock.turn_deadline = None  # the turn it timed has been played
            return
        action, deadline = due
        try:
            result = await self.submit(rt.id, action, Source.SERVER, version=version, strict=True)
        except ProtocolError as exc:
            if exc.code in (ErrorCode.NO_MATCH, ErrorCode.UNAVAILABLE):
                raise
            # The engine refuses: the deadline is void (never fire it in a loop).
            log.warning("match %s: %s refused at %s: %s", rt.id, action.type, deadline, exc.message)
            result = None
        if result is None and rt.version == version:
            setattr(rt.clock, deadline.value, None)

    async def _leave_after_grace(self, rt: Runtime, name: str) -> None:
        """R-LEAVE: past the grace, the player has left."""
        try:
            await self.submit(rt.id, Action.leave(name), Source.SERVER)
        except ProtocolError as exc:
            if exc.code == ErrorCode.UNAVAILABLE:
                raise
            log.warning(
                "match %s: %s could not leave after the grace: %s", rt.id, name, exc.message
            )
            await self.seat(rt, name, core.grace_void)


async def catch_grace(rt: Runtime, action: Action) -> bool:
    """Hold an action that would close a young catch window (docs/protocol.md §5);
    whether it waited."""
    until = rt.clock.catch_until
    if until is None or action.type not in CLOSING:
        return False
    wait = until - time.time()
    if wait <= 0:
        return False
    await asyncio.sleep(wait)
    return True


__all__ = ["SeatChange", "Timers", "catch_grace"]
