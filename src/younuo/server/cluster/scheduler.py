"""The scheduler: the server's periodic jobs, run by one node at a time.

Some work must happen on a clock and only once however many nodes serve: purging
expired sessions today; creating a series' events, opening and closing their check-in
and starting them, and the fair-play scans as those arrive. Each node runs a
:class:`Scheduler`; only the holder of the database lease ``scheduler``
(:mod:`younuo.store.leases`) runs the jobs. It renews the lease every quarter of
``lease`` seconds; when it dies the lease runs out and another node takes it within
``lease`` seconds and goes on, so losing any node loses no job. A node that stops
(SIGTERM) gives the lease up first. One process alone (SQLite) always holds it.

Which jobs are due is :func:`due`, pure; a failing job is logged and tried at its next
time, never stopping the others. When each job last ran is kept by the node that ran
it: a node taking the lease over runs every job once at once, so jobs must be
idempotent (a series' events are created under deterministic keys, a purge purges).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

from younuo.store import Database, leases

log = logging.getLogger(__name__)

LEASE = "scheduler"
"""The name of the scheduler's lease in the ``leases`` table."""


@dataclass(frozen=True, slots=True)
class Job:
    """A periodic job: ``run`` every ``every`` seconds (first at once)."""

    name: str
    every: float
    run: Callable[[], Awaitable[object]]


def due(jobs: Sequence[Job], last: Mapping[str, float], now: float) -> list[Job]:
    """The jobs whose time has come at ``now``, given when each last ran (never: due)."""
    return [job for job in jobs if job.name not in last or now - last[job.name] >= job.every]


class Scheduler:
    """Runs ``jobs`` on this node while it holds the scheduler's lease."""

    def __init__(self, db: Database, node: str, jobs: Sequence[Job], lease: float) -> None:
        self.db = db
        self.node = node
        self.jobs = list(jobs)
        self.lease = lease
        self.holding = False
        self.last: dict[str, float] = {}
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="scheduler")

    async def close(self) -> None:
        """Stop, and give the lease up so another node takes it at once."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.holding:
            with contextlib.suppress(Exception):
                async with self.db.session() as s, s.begin():
                    await leases.release(s, LEASE, self.node)
            self.holding = False

    async def _hold(self) -> bool:
        try:
            async with self.db.session() as s, s.begin():
                return await leases.hold(s, LEASE, self.node, self.lease)
        except Exception:
            # The database out of reach: do nothing until it answers (another node may
            # hold the lease by then); the jobs' own writes would fail anyway.
            log.warning("scheduler: the lease could not be renewed", exc_info=True)
            return False

    async def _loop(self) -> None:
        while True:
            holding = await self._hold()
            if holding != self.holding:
                log.info("scheduler: %s", "running here" if holding else "running elsewhere")
                self.holding = holding
            if holding:
                await self.run_due(time.time())
            await asyncio.sleep(self.lease / 4)

    async def run_due(self, now: float) -> None:
        """Run every due job once, in order; a failure is logged and does not stop the rest.

        The lease is renewed before each job, so that jobs taking long together never let
        it run out while they run (and another node start the same jobs)."""
        for job in due(self.jobs, self.last, now):
            if not await self._hold():
                self.holding = False
                return
            self.last[job.name] = now
            try:
                await job.run()
            except Exception:
                log.exception("scheduler: job %s failed", job.name)


__all__ = ["LEASE", "Job", "Scheduler", "due"]
