"""The tournament shell's service on a real SQLite store: who may create what, the
scheduler tick starting an event and handing out its tables, a restart (a new service
on the same database) re-issuing the unplayed tables, and an event run to its end."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from younuo.server.tournaments.service import TournamentService, _may_enter
from younuo.store import Database
from younuo.store.models import Account
from younuo.tournaments import Command, Format, StartTable, TableResult, TournamentError
from younuo.tournaments.tournament import Status

from .driving import NOW, START, random_result, spec


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def _db(tmp_path: Path) -> Database:
    db = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'y.db'}", sqlite_synchronous="normal")
    await db.migrate()
    return db


def test_a_player_creates_only_private_events(tmp_path: Path) -> None:
    async def main() -> None:
        db = await _db(tmp_path)
        try:
            service = TournamentService(db)
            mine = await service.create(spec(code="FRIEND"), "p1", admin=False, now=NOW)
            assert mine.spec.code == "FRIEND"
            with pytest.raises(TournamentError):
                await service.create(spec(), "p1", admin=False, now=NOW)
            public = await service.create(spec(), "boss", admin=True, now=NOW)
            assert (await service.get(public.id)) == public
        finally:
            await db.close()

    run(main())


def test_tick_starts_resumes_after_restart_and_runs_to_the_end(tmp_path: Path) -> None:
    async def main() -> None:
        db = await _db(tmp_path)
        issued: list[tuple[str, Command]] = []

        async def carry_out(event: str, command: Command) -> None:
            issued.append((event, command))

        try:
            service = TournamentService(db, carry_out)
            t = await service.create(spec(Format.LEAGUE), "boss", admin=True, now=NOW)
            for i in range(4):
                await service.register(t.id, f"p{i}", 1500, NOW, None)
            await service.tick(NOW)  # not yet its start time: nothing happens
            assert issued == [] and (await service.get(t.id)).status is Status.REGISTRATION  # type: ignore[union-attr]
            await service.tick(START)
            started = [c for _, c in issued if isinstance(c, StartTable)]
            assert started and (await service.get(t.id)).status is Status.RUNNING  # type: ignore[union-attr]

            # A restart: a new service on the same database re-issues the same tables.
            issued.clear()
            again = TournamentService(db, carry_out)
            await again.tick(START + timedelta(seconds=5))
            assert [c.table_id for _, c in issued if isinstance(c, StartTable)] == [
                c.table_id for c in started
            ]

            rng = random.Random(1)
            pending = started
            for _ in range(100):
                if not pending:
                    break
                issued.clear()
                for command in pending:
                    await again.record(t.id, random_result(command, rng), START)
                pending = [c for _, c in issued if isinstance(c, StartTable)]
            done = await again.get(t.id)
            assert done is not None and done.status is Status.FINISHED
            assert sorted(done.places) == sorted(e.id for e in done.entrants)
        finally:
            await db.close()

    run(main())


def test_may_enter_refuses_bot_accounts_unless_allowed_into_rated_play() -> None:
    """Every event is rated: a person enters, a bot account only once an admin allowed it."""
    assert _may_enter(Account(id="p1", bot=False, bot_rated=False)) is True
    assert _may_enter(Account(id="b1", bot=True, bot_rated=False)) is False
    assert _may_enter(Account(id="b2", bot=True, bot_rated=True)) is True


def test_a_result_recorded_twice_advances_once(tmp_path: Path) -> None:
    """The tick and a match's end may both record a table: the second changes nothing
    (no new stage, no second round of StartTable); another result is refused."""

    async def main() -> None:
        db = await _db(tmp_path)
        issued: list[Command] = []

        async def carry_out(event: str, command: Command) -> None:
            issued.append(command)

        try:
            service = TournamentService(db, carry_out)
            s = spec(Format.ELIMINATION, table_min=4, table_max=4, advance=2, cap=8)
            t = await service.create(s, "boss", admin=True, now=NOW)
            for i in range(8):
                await service.register(t.id, f"p{i}", 1500, NOW, None)
            await service.tick(START)
            first = [c for c in issued if isinstance(c, StartTable)]
            assert len(first) == 2
            rng = random.Random(3)
            one = random_result(first[0], rng)
            await service.record(t.id, one, START)
            issued.clear()
            two = random_result(first[1], rng)
            after = await service.record(t.id, two, START)
            finals = [c for c in issued if isinstance(c, StartTable)]
            assert len(finals) == 1 and len(after.stages) == 2
            issued.clear()
            again = await service.record(t.id, two, START)
            assert again == after and issued == []
            other = TableResult(two.table_id, tuple(reversed(two.places)), dict(two.scores))
            with pytest.raises(TournamentError) as refused:
                await service.record(t.id, other, START)
            assert refused.value.code == "result_conflict"
            assert await service.get(t.id) == after
        finally:
            await db.close()

    run(main())
