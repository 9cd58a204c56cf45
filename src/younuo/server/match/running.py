"""The matches this node runs, and the tasks it runs for them.

One :class:`Running` is shared by the match service's parts (:mod:`.service`,
:mod:`.driver`, :mod:`.timers`, :mod:`.recovery`): it holds each running match's
:class:`~.runtime.Runtime`, the matches being started or rebuilt right now, and every
task spawned for them, so that closing the service stops them all.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import Any

from younuo.server.match import wire
from younuo.server.match.kinds import MatchStatus
from younuo.server.match.runtime import Runtime


class Running:
    """The running matches of this node, by id, and their tasks."""

    def __init__(self) -> None:
        self.runtimes: dict[str, Runtime] = {}
        self.taking: set[str] = set()
        """Matches being started or rebuilt from the database right now (once at a time)."""
        self._tasks: set[asyncio.Task[Any]] = set()

    def get(self, match_id: str) -> Runtime:
        """The running match ``match_id`` (ProtocolError ``no_match`` if none)."""
        rt = self.runtimes.get(match_id)
        if rt is None or rt.status != MatchStatus.RUNNING:
            raise wire.no_match()
        return rt

    def playing(self, account: str, match_id: str | None) -> list[Runtime]:
        """The running matches ``account`` plays (or ``match_id``, if it runs)."""
        if match_id is not None:
            rt = self.runtimes.get(match_id)
            return [rt] if rt is not None and rt.status == MatchStatus.RUNNING else []
        return [rt for rt in list(self.runtimes.values()) if rt.player_of(account) is not None]

    def spawn(self, coro: Awaitable[None]) -> asyncio.Task[None]:
        """Run ``coro`` as a task of the service (cancelled by :meth:`close`)."""
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def drop(self, rt: Runtime) -> None:
        """Stop everything running for a match and let go of it."""
        stop(rt)
        self.runtimes.pop(rt.id, None)

    async def release(self, match_id: str) -> Runtime | None:
        """Stop running a match here (a drain hands it to another node); its runtime.

        Taken under the match's lock, so no change of it is half made."""
        rt = self.runtimes.get(match_id)
        if rt is None:
            return None
        async with rt.lock:
            self.drop(rt)
            rt.status = MatchStatus.MOVED
        return rt

    async def close(self) -> None:
        """Stop every match's bots and timer, and every task."""
        for rt in self.runtimes.values():
            stop(rt)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def stop(rt: Runtime) -> None:
    """Cancel a match's bots and its timer (and the task firing it, but the caller)."""
    for task in rt.bot_tasks.values():
        task.cancel()
    rt.bot_tasks.clear()
    if rt.timer is not None:
        rt.timer.cancel()
    rt.timer = rt.armed_at = None
    if rt.firing is not None and rt.firing is not asyncio.current_task():
        rt.firing.cancel()
    # A cancelled task keeps its CancelledError, whose traceback holds the task's
    # frame, which holds the runtime: let go of the task, or that is a cycle that
    # only the collector's full passes would reclaim.
    rt.firing = None


__all__ = ["Running", "stop"]
