"""The scheduler: which jobs are due, one node at a time running them, a failing job not
stopping the others, and the lease given up on close (several nodes: tests/cluster)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from younuo.server.cluster.scheduler import LEASE, Job, Scheduler, due
from younuo.store import Database, leases


async def _nothing() -> None:
    return None


def test_due_jobs() -> None:
    jobs = [Job("a", 10, _nothing), Job("b", 60, _nothing)]
    assert [j.name for j in due(jobs, {}, 100.0)] == ["a", "b"]  # never ran: due at once
    assert [j.name for j in due(jobs, {"a": 95.0, "b": 50.0}, 100.0)] == []
    assert [j.name for j in due(jobs, {"a": 90.0, "b": 50.0}, 100.0)] == ["a"]
    assert [j.name for j in due(jobs, {"a": 90.0, "b": 40.0}, 100.0)] == ["a", "b"]


def test_two_schedulers_on_one_database_run_each_job_once(tmp_path: Path) -> None:
    async def main() -> tuple[list[str], str | None, str | None]:
        db = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'y.db'}")
        await db.migrate()
        ran: list[str] = []

        async def fails() -> None:
            ran.append("fails")
            raise RuntimeError("a job that breaks")

        def job(name: str) -> Job:
            async def run() -> None:
                ran.append(name)

            return Job(name, 3600, run)

        first = Scheduler(db, "n0", [Job("fails", 3600, fails), job("purge")], lease=0.4)
        second = Scheduler(db, "n1", [Job("fails", 3600, fails), job("purge")], lease=0.4)
        first.start()
        await asyncio.sleep(0.05)
        second.start()
        await asyncio.sleep(0.5)
        assert first.holding and not second.holding
        await first.close()  # gives the lease up: the other takes it at its next renewal
        async with db.session() as s:
            gone = await leases.holder_of(s, LEASE)
        await asyncio.sleep(0.3)
        async with db.session() as s:
            taken = await leases.holder_of(s, LEASE)
        await second.close()
        await db.close()
        return ran, gone, taken

    ran, gone, taken = asyncio.run(main())
    # n0 ran both (the failure did not stop the purge); n1, taking over, ran them again
    # once (its own first turn: these jobs had never run there).
    assert ran == ["fails", "purge", "fails", "purge"]
    assert gone is None and taken == "n1"
