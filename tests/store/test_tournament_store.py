"""Stored tournaments and titles (migration 0007) on SQLite and PostgreSQL: a value
comes back equal, conditional writes refuse a stale version, codes find private events,
and an account's titles round-trip with their lifetime / revocation columns."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from younuo.store import Database, VersionConflict
from younuo.store import titles as stored_titles
from younuo.store import tournaments as stored
from younuo.tournaments import Format, Tournament, TournamentSpec
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.titles import TitleKind, award, revoke

NOW = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def _event(tid: str) -> Tournament:
    spec = TournamentSpec(
        "Cup",
        Format.ELIMINATION,
        NOW + timedelta(hours=1),
        options={"scoring": "single"},
        check_in=timedelta(0),
    )
    return Tournament.create(tid, spec, creator="admin", now=NOW, admin=True).tournament


def test_tournament_round_trip_and_conditional_write(db_url: str) -> None:
    async def main() -> None:
        db = Database.from_url(db_url, sqlite_synchronous="normal")
        await db.migrate()
        try:
            t = _event("cup")
            now = time.time()
            async with db.session() as s, s.begin():
                await stored.add(s, t.to_dict(), stored.Kind.PUBLIC, None, now)
                await stored.add(s, _event("mine").to_dict(), stored.Kind.PRIVATE, "FRIEND", now)
            async with db.session() as s:
                row = await stored.get(s, "cup")
                assert row is not None and row.version == 0
                assert Tournament.from_dict(row.value) == t
                assert [r.id for r in await stored.public(s, 10)] == ["cup"]
                found = await stored.by_code(s, "FRIEND")
                assert found is not None and found.id == "mine"
                assert await stored.by_code(s, "NOPE") is None
                assert {r.id for r in await stored.with_status(s, [str(t.status)])} == {
                    "cup",
                    "mine",
                }
            registered = t.register("ann", 1500, NOW).tournament
            async with db.session() as s, s.begin():
                assert await stored.save(s, "cup", registered.to_dict(), 0, now) == 1
            with pytest.raises(VersionConflict):
                async with db.session() as s, s.begin():
                    await stored.save(s, "cup", t.to_dict(), 0, now)
            async with db.session() as s:
                row = await stored.get(s, "cup")
                assert row is not None and row.version == 1
                assert Tournament.from_dict(row.value) == registered
        finally:
            await db.close()

    run(main())


def test_titles_round_trip(db_url: str) -> None:
    async def main() -> None:
        db = Database.from_url(db_url, sqlite_synchronous="normal")
        await db.migrate()
        try:
            day = date(2026, 12, 1)
            held = award((), "monthly:2026-11", EventLevel.MONTHLY, day)
            held = award(held, "annual:2026", EventLevel.ANNUAL, day, top=True)
            held = revoke(held, "monthly:2026-11", day, "collusion")
            async with db.session() as s, s.begin():
                await stored_titles.replace(s, "acc1", list(held))
            async with db.session() as s:
                back = await stored_titles.of_account(s, "acc1")
                assert tuple(back) == held
                assert [t.kind for t in back] == [TitleKind.MASTER, TitleKind.LIFETIME_MASTER]
                assert await stored_titles.of_account(s, "other") == []
        finally:
            await db.close()

    run(main())
