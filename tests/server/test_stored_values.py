"""Issue 38 §2: one bad value in the database takes down neither a public listing nor a
job. Series and events are written straight into the store with values no route takes
any more (a series starting 9999-12-31, an ``opens`` and a ``check_in`` of 10**15, a
value that is not an event at all); the rest is served, the jobs run for every good row
(a series created after the bad ones gets its instances), each bad row is logged once
without a traceback. And the tournament tick reads only the events due."""

from __future__ import annotations

import asyncio
import json
import logging
import time as clock
from collections.abc import Callable
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from younuo.server.tournaments.series import SeriesService
from younuo.server.tournaments.service import TournamentService
from younuo.store import Database
from younuo.store import series as stored_series
from younuo.store import tournaments as stored_events
from younuo.store.database import sqlite_url
from younuo.tournaments import Format, Tournament, TournamentSpec
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.series import Schedule, Series, SeriesEvent
from younuo.tournaments.tournament import Status

from .fuzzing import traceback_free
from .harness import ServerProcess

NOW = datetime.now(UTC).replace(microsecond=0)


def a_series(key: str) -> Series:
    """A weekly series open a year ahead: an instance is due at once."""
    template = TournamentSpec("Weekly", Format.ELIMINATION, NOW + timedelta(days=1))
    weekly = SeriesEvent(
        "weekly", EventLevel.WEEKLY, Schedule(time(18), opens=timedelta(days=30)), template
    )
    return Series(key, key.title(), NOW.date() - timedelta(days=1), (weekly,))


def an_event(tid: str, starts: datetime) -> Tournament:
    spec = TournamentSpec("Cup", Format.ELIMINATION, starts)
    return Tournament.create(tid, spec, "admin", NOW, admin=True).tournament


Spoil = Callable[[dict[str, Any]], object]

BAD_SERIES: dict[str, Spoil] = {
    "late": lambda v: v.update(starts="9999-12-31"),
    "opens": lambda v: v["events"][0]["schedule"].update(opens=10**15),
    "junk": lambda v: v.pop("name"),
}
BAD_EVENTS: dict[str, Spoil] = {
    "t-checkin": lambda v: v["spec"].update(check_in=10**15),
    "t-late": lambda v: v["spec"].update(starts_at="9999-12-31T00:00:00+00:00"),
    "t-junk": lambda v: v.pop("spec"),
}


async def _fill(db: Database) -> None:
    """Bad series and events first, good ones after them."""
    await db.migrate()
    async with db.session() as s, s.begin():
        for i, (key, spoil) in enumerate(BAD_SERIES.items()):
            value: dict[str, Any] = a_series(key).to_dict()
            spoil(value)
            await stored_series.add(s, {**value, "key": key}, None, NOW.timestamp() + i)
        await stored_series.add(s, a_series("good").to_dict(), None, NOW.timestamp() + 10)
        for i, (tid, spoil) in enumerate(BAD_EVENTS.items()):
            value = an_event(tid, NOW + timedelta(hours=1)).to_dict()
            spoil(value)
            await stored_events.add(
                s, value, stored_events.Kind.PUBLIC, None, NOW.timestamp() + i, None
            )
        good = an_event("t-good", NOW + timedelta(hours=1))
        await stored_events.add(
            s, good.to_dict(), stored_events.Kind.PUBLIC, None, NOW.timestamp() + 10
        )


def test_bad_rows_are_skipped_by_the_jobs_and_logged_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> tuple[list[str], list[str], list[Status]]:
        db = Database.from_url(sqlite_url(tmp_path), sqlite_synchronous="normal")
        await _fill(db)
        tournaments = TournamentService(db)
        series = SeriesService(db, tournaments)
        with caplog.at_level(logging.WARNING, logger="younuo.stored"):
            await series.tick(NOW)  # the good series' due instance is made
            await series.tick(NOW)
            await tournaments.tick(NOW + timedelta(hours=2))  # starts the good event
            listed = [t.id for t in await tournaments.public(50)]
            every = [s.key for s in await series.every()]
        good = await tournaments.get("t-good")
        assert good is not None
        running = [good.status]
        await db.close()
        return listed, every, running

    listed, every, running = asyncio.run(main())
    assert every == ["good"]
    assert any(t.startswith("good:weekly:") for t in listed), listed
    assert "t-good" in listed and not {"t-checkin", "t-late", "t-junk"} & set(listed)
    # The tick came to the good event after the bad ones: with nobody registered, its
    # start calls it off.
    assert running == [Status.CANCELLED]
    lines = [r.getMessage() for r in caplog.records]
    for name in [*(f"series {k}" for k in BAD_SERIES), *(f"event {t}" for t in BAD_EVENTS)]:
        mine = [line for line in lines if f"the stored {name}:" in line]
        assert len(mine) == 1, (name, lines)
    assert all(r.exc_info is None for r in caplog.records)


def test_public_listings_serve_the_good_rows(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()

    async def fill() -> None:
        db = Database.from_url(sqlite_url(data), sqlite_synchronous="normal")
        await _fill(db)
        await db.close()

    asyncio.run(fill())
    env = {"YOUNUO_SERIES_TICK_SECONDS": "0", "YOUNUO_TOURNAMENT_TICK_SECONDS": "0"}
    with ServerProcess(data, env=env) as server:
        http = server.http
        listed = httpx.get(f"{http}/api/series", timeout=10)
        assert listed.status_code == 200
        assert [s["key"] for s in listed.json()] == ["good"]
        for key in BAD_SERIES:
            one = httpx.get(f"{http}/api/series/{key}", timeout=10)
            assert (one.status_code, one.json()["code"]) == (404, "not_found"), key
        assert httpx.get(f"{http}/api/series/good", timeout=10).status_code == 200
        events = httpx.get(f"{http}/api/tournaments", timeout=10)
        assert events.status_code == 200
        assert [e["id"] for e in events.json()] == ["t-good"]
        for tid in BAD_EVENTS:
            one = httpx.get(f"{http}/api/tournaments/{tid}", timeout=10)
            assert (one.status_code, one.json()["code"]) == (404, "tournament_not_found")
        clock.sleep(0.2)
        traceback_free(server.log)
        assert "skipped the stored series late" in server.log.read_text()


def test_the_tick_reads_only_the_events_due(tmp_path: Path) -> None:
    """200 events waiting for a start months away cost the tick nothing: it reads the
    one due (by the indexed start) and the running ones, and starts the due one."""

    async def main() -> tuple[list[str], list[str], Status, Status]:
        db = Database.from_url(sqlite_url(tmp_path), sqlite_synchronous="normal")
        await db.migrate()
        service = TournamentService(db)
        for i in range(200):
            later = an_event(f"later{i}", NOW + timedelta(days=90))
            await service.ensure(later.id, later.spec, "admin", NOW)
        soon = an_event("soon", NOW + timedelta(minutes=5))
        await service.ensure(soon.id, soon.spec, "admin", NOW)
        then = (NOW + timedelta(minutes=6)).timestamp()
        async with db.session() as s:
            due = [r.id for r in await stored_events.due(s, str(Status.REGISTRATION), then)]
            before = [
                r.id for r in await stored_events.due(s, str(Status.REGISTRATION), NOW.timestamp())
            ]
        await service.tick(NOW + timedelta(minutes=6))
        started = await service.get("soon")
        waiting = await service.get("later0")
        await db.close()
        assert started is not None and waiting is not None
        return due, before, started.status, waiting.status

    due, before, started, waiting = asyncio.run(main())
    assert due == ["soon"] and before == []
    # Started (with nobody registered, called off) while the others wait.
    assert (started, waiting) == (Status.CANCELLED, Status.REGISTRATION)


def test_the_migration_fills_the_start_of_stored_events(tmp_path: Path) -> None:
    """Events stored before the column existed get their start from their value."""
    from alembic import command
    from sqlalchemy import create_engine, text

    from younuo.store.database import alembic_config

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0010")
        event = an_event("old", NOW + timedelta(days=3)).to_dict()
        connection.execute(
            text(
                "INSERT INTO tournaments (id, kind, code, status, value, version, created_at,"
                " updated_at) VALUES ('old', 'public', NULL, 'registration', :v, 0, 0, 0)"
            ),
            {"v": json.dumps(event)},
        )
        command.upgrade(alembic_config(connection), "head")
        start = connection.execute(text("SELECT starts_at FROM tournaments")).scalar_one()
    engine.dispose()
    assert start == pytest.approx((NOW + timedelta(days=3)).timestamp())
