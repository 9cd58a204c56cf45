"""Group commit: every write that arrives while the writer is busy goes in its next batch.

Both move writers (:class:`~younuo.store.movelog.BatchedSqliteLog` and
:class:`~younuo.store.pgmovelog.BatchedPostgresLog`) queue the same way and differ only
in how they write a batch: a caller awaits :meth:`GroupCommit.write`, one task per event
loop takes everything queued at that moment (up to ``max_batch``), hands it to the
writer's ``write_batch`` and answers each caller with its own outcome (a result, or the
exception that refused that write alone). A batch that fails as a whole fails each of
its writes with that error.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

W = TypeVar("W")

Outcome = dict[str, int] | BaseException
"""A write's answer: the committed numbers (e.g. the new version), or why it was refused."""


class GroupCommit(Generic[W]):
    """The queue of writes waiting for the writer, and the task that drains it."""

    def __init__(
        self, write_batch: Callable[[list[W]], Awaitable[list[Outcome]]], max_batch: int = 500
    ) -> None:
        self.max_batch = max_batch
        self._write_batch = write_batch
        self._queue: list[tuple[W, asyncio.Future[dict[str, int]]]] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._busy = False
        """A batch is being written (:meth:`close` waits for its answer)."""

    async def write(self, change: W) -> dict[str, int]:
        """Queue ``change`` and wait until the batch it went in has been written."""
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done():
            self._wake = asyncio.Event()
            self._task = loop.create_task(self._run())
        future: asyncio.Future[dict[str, int]] = loop.create_future()
        self._queue.append((change, future))
        assert self._wake is not None
        self._wake.set()
        return await future

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
                self._busy = True
                try:
                    outcomes = await self._write_batch([change for change, _ in batch])
                except Exception as exc:  # the whole batch failed: tell every writer
                    outcomes = [exc] * len(batch)
                finally:
                    self._busy = False
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if isinstance(outcome, BaseException):
                        future.set_exception(outcome)
                    else:
                        future.set_result(outcome)

    async def close(self) -> None:
        """Wait for what is queued and the batch being written, then stop the task."""
        if self._task is None:
            return
        while (self._queue or self._busy) and not self._task.done():
            await asyncio.sleep(0.01)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


__all__ = ["GroupCommit", "Outcome"]
