"""The series shell on a real SQLite store: the scheduler's ``series`` job makes each due
instance once (on any node, any number of times), counts finished instances once with
their champion's title, opens a fed instance to its qualifiers only, and a moderator's
revocation of the title is audit-logged and shows in the history."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import pytest

from younuo.server.admin.service import AdminError
from younuo.server.tournaments.series import SeriesService
from younuo.server.tournaments.service import TournamentService
from younuo.server.tournaments.titles import Titles
from younuo.store import Database, moderation
from younuo.store import series as stored_series
from younuo.store import titles as stored
from younuo.store.models import Account
from younuo.tournaments import Command, ErrorCode, StartTable, TournamentError
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.series import Feed, Schedule, Series, SeriesEvent
from younuo.tournaments.titles import TitleKind, award
from younuo.tournaments.tournament import Status

from .driving import random_result, spec


def at(month: int, day: int, hour: int = 0) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


def cup() -> Series:
    """Saturday weeklies whose top 4 go to the monthly of the 28th (a master title)."""
    weekly = SeriesEvent(
        "weekly", EventLevel.WEEKLY, Schedule(time(18), weekday=5), spec(name="Cup weekly")
    )
    monthly = SeriesEvent(
        "monthly",
        EventLevel.MONTHLY,
        Schedule(time(19), day=28, opens=timedelta(days=14)),
        spec(name="Cup monthly"),
    )
    return Series(
        "cup", "Cup", date(2026, 1, 1), (weekly, monthly), (Feed("weekly", "monthly", 4),)
    )


async def _db(tmp_path: Path) -> Database:
    db = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'y.db'}", sqlite_synchronous="normal")
    await db.migrate()
    return db


async def _uncounted(db: Database) -> list[str]:
    async with db.session() as s:
        return [r.id for r in await stored_series.uncounted(s, "cup", str(Status.FINISHED))]


class Played:
    """A tournament service whose tables are played at once with random results."""

    def __init__(self, db: Database) -> None:
        self.issued: list[Command] = []
        self.service = TournamentService(db, self._carry_out)

    async def _carry_out(self, event: str, command: Command) -> None:
        self.issued.append(command)

    async def start_and_finish(self, event: str, when: datetime, seed: int) -> None:
        rng = random.Random(seed)
        self.issued.clear()
        await self.service.tick(when)
        for _ in range(50):
            pending = [c for c in self.issued if isinstance(c, StartTable)]
            if not pending:
                break
            self.issued.clear()
            for command in pending:
                await self.service.record(event, random_result(command, rng), when)
        done = await self.service.get(event)
        assert done is not None and done.status is Status.FINISHED, done


def test_instances_once_results_once_qualifiers_and_the_champions_title(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        db = await _db(tmp_path)
        try:
            played = Played(db)
            series = SeriesService(db, played.service)
            await series.create(cup(), "boss", at(3, 1))
            with pytest.raises(TournamentError) as taken:
                await series.create(cup(), "boss", at(3, 1))
            assert taken.value.code is ErrorCode.SERIES_TAKEN

            # Wednesday 4 March: that Saturday's weekly is due; a second tick, or another
            # node's service, makes nothing more.
            for service in (series, series, SeriesService(db, TournamentService(db))):
                await service.tick(at(3, 4, 12))
            weekly = await played.service.get("cup:weekly:2026-W10")
            assert weekly is not None and weekly.qualified is None  # open to anyone
            assert weekly.spec.name == "Cup weekly 2026-W10"
            for i in range(8):
                await played.service.register(weekly.id, f"p{i}", 1000 + i, at(3, 4, 13), None)
            await played.start_and_finish(weekly.id, at(3, 7, 18), seed=1)
            weekly = await played.service.get(weekly.id)
            assert weekly is not None
            assert await _uncounted(db) == [weekly.id]
            await series.tick(at(3, 7, 19))
            await series.tick(at(3, 7, 20))  # counted once
            assert await series.results("cup") == {weekly.id: list(weekly.places)}
            assert await _uncounted(db) == []  # the job's next reads skip it in the query

            # 15 March: the monthly is open, to the weekly's top four people only.
            await series.tick(at(3, 15, 12))
            monthly = await played.service.get("cup:monthly:2026-03")
            assert monthly is not None
            assert monthly.qualified == weekly.places[:4]
            outsider = weekly.places[7]
            with pytest.raises(TournamentError) as refused:
                await played.service.register(monthly.id, outsider, 1000, at(3, 15, 13), None)
            assert refused.value.code is ErrorCode.NOT_QUALIFIED
            for account in weekly.places[:4]:
                await played.service.register(monthly.id, account, 1000, at(3, 15, 13), None)
            await played.start_and_finish(monthly.id, at(3, 28, 19), seed=2)
            monthly = await played.service.get(monthly.id)
            assert monthly is not None
            champion = monthly.places[0]

            # Counted: the champion is a master for a year from the day of the count.
            await series.tick(at(3, 28, 20))
            await series.tick(at(3, 28, 21))
            titles = Titles(db)
            view = await titles.of(champion, date(2026, 3, 29))
            assert view.shown is not None and view.shown.kind is TitleKind.MASTER
            assert view.shown.event == monthly.id and view.shown.expires == date(2027, 3, 28)
            assert len(view.active) == 1 and view.history == ()
            # Only the monthly's champion holds a title (a weekly's level gives none).
            for account in weekly.places:
                if account != champion:
                    assert (await titles.of(account, date(2026, 3, 29))).active == ()
            # Expired a year later: it moves to the history.
            later = await titles.of(champion, date(2027, 3, 28))
            assert later.shown is None and later.history == view.active
        finally:
            await db.close()

    asyncio.run(main())


def test_a_title_is_revoked_only_by_a_moderator_with_a_reason_and_audit_logged(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        db = await _db(tmp_path)
        try:
            async with db.session() as s, s.begin():
                for account, role in (("champ", "player"), ("mod", "moderator")):
                    s.add(
                        Account(
                            id=account,
                            name=account,
                            name_key=account,
                            guest=False,
                            outfit="red",
                            expression="smile",
                            created_at=0.0,
                            role=role,
                        )
                    )

            won = award((), "cup:monthly:2026-03", EventLevel.MONTHLY, date(2026, 3, 28))
            async with db.session() as s, s.begin():
                await stored.replace(s, "champ", list(won), date(2026, 3, 28))
                champ = await s.get(Account, "champ")
                assert champ is not None and champ.title == "master"
                assert champ.title_until == "2027-03-28"
            titles = Titles(db)
            event = "cup:monthly:2026-03"
            async with db.session() as s:
                player = await s.get(Account, "champ")
                mod = await s.get(Account, "mod")
            with pytest.raises(AdminError) as forbidden:
                await titles.revoke(player, "champ", event, "mine", date(2026, 4, 1))
            assert forbidden.value.code == "forbidden"
            with pytest.raises(AdminError) as no_reason:
                await titles.revoke(mod, "champ", event, " ", date(2026, 4, 1))
            assert no_reason.value.code == "bad_reason"
            view = await titles.revoke(
                mod, "champ", event, "fed points by a partner", date(2026, 4, 1)
            )
            assert view.shown is None and view.active == ()
            (gone,) = view.history
            assert gone.revoked is not None and gone.revoked.reason == "fed points by a partner"
            with pytest.raises(AdminError) as again:
                await titles.revoke(mod, "champ", event, "twice", date(2026, 4, 2))
            assert again.value.code == "already_revoked"
            async with db.session() as s:
                champ = await s.get(Account, "champ")
                assert champ is not None and champ.title is None
                log: list[Any] = await moderation.audit_log(s, limit=10, target="champ")
            assert [(e.action, e.actor, e.details["reason"]) for e in log] == [
                ("revoke_title", "mod", "fed points by a partner")
            ]
        finally:
            await db.close()

    asyncio.run(main())
