"""The series shell: stored series run by the scheduler's ``series`` job.

``younuo.tournaments.series`` decides everything (which instances are due, who feeds
whom, who qualifies) and ``younuo.tournaments.titles`` what a champion earns; this
module stores series, creates the due instances as events under their instance keys
(the same key on every node, so a second creation is a no-op), adds qualifiers to fed
instances as their feeding instances finish, and counts each finished instance once:
its places are stored and its champion's title written in one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from younuo.server.storedvalues import UNREADABLE, readable, skipped
from younuo.server.tournaments.service import TournamentService
from younuo.store import Database, moderation
from younuo.store import series as stored
from younuo.store import titles as stored_titles
from younuo.store import tournaments as events
from younuo.store.models import SeriesRow, TournamentRow
from younuo.tournaments import Tournament, TournamentError
from younuo.tournaments.entrants import BOT_PREFIX
from younuo.tournaments.errors import ErrorCode
from younuo.tournaments.series import Series, due, instance, qualifiers
from younuo.tournaments.titles import award
from younuo.tournaments.tournament import Status

SYSTEM = "series"
"""The creator named on instances a series' schedule made (no person made them)."""


def _series_of(row: SeriesRow) -> Series:
    return Series.from_dict(row.value)


def _name(row: SeriesRow) -> str:
    return f"series {row.key}"


def _event_of(row: TournamentRow) -> Tournament:
    return Tournament.from_dict(row.value)


def _event_name(row: TournamentRow) -> str:
    return f"event {row.id}"


class SeriesService:
    """Creates series and runs them: instances, qualifiers, results and titles."""

    def __init__(self, db: Database, tournaments: TournamentService) -> None:
        self.db = db
        self.tournaments = tournaments

    async def create(self, series: Series, creator: str | None, now: datetime) -> Series:
        """Store a new series with its audit entry, in one transaction (the API checks
        the role); ``series_taken`` if its key is used."""
        async with self.db.session() as s, s.begin():
            row = await stored.add(s, series.to_dict(), creator, now.timestamp())
            if row is None:
                raise TournamentError(ErrorCode.SERIES_TAKEN, f"a series {series.key!r} exists")
            await moderation.audit(
                s,
                at=now.timestamp(),
                actor=creator,
                action="create_series",
                target=series.key,
                details={"name": series.name},
            )
        return series

    async def get(self, key: str) -> Series | None:
        """The series of ``key``; None if there is none, or if it does not read (logged)."""
        async with self.db.session() as s:
            row = await stored.get(s, key)
            found = [] if row is None else readable([row], _series_of, _name)
            return found[0] if found else None

    async def every(self) -> list[Series]:
        """Every series that reads, oldest first (one that does not is skipped, logged)."""
        async with self.db.session() as s:
            return readable(await stored.every(s), _series_of, _name)

    async def results(self, key: str) -> dict[str, list[str]]:
        """The counted instances of a series: key to places, champion first."""
        async with self.db.session() as s:
            return await stored.results(s, key)

    async def tick(self, now: datetime) -> None:
        """The ``series`` job: for every series, the due instances exist, finished ones
        are counted (with their titles), and fed instances know their qualifiers."""
        for series in await self.every():
            try:
                await self._run(series, now)
            except UNREADABLE as exc:
                # A series the calendar cannot run (or an instance that does not read):
                # the series after it still run.
                skipped(f"series {series.key}", exc)

    async def _run(self, series: Series, now: datetime) -> None:
        for due_instance in due(series, now):
            await self.tournaments.ensure(
                due_instance.key,
                due_instance.spec,
                SYSTEM,
                now,
                qualified=() if due_instance.qualifiers_only else None,
            )
        await self._count_finished(series, now)
        await self._qualify(series, now)

    async def _instances(self, series: Series, statuses: Sequence[Status]) -> list[Tournament]:
        async with self.db.session() as s:
            rows = await events.with_prefix(s, f"{series.key}:", [str(x) for x in statuses])
            return readable(rows, _event_of, _event_name)

    async def _count_finished(self, series: Series, now: datetime) -> None:
        async with self.db.session() as s:
            rows = await stored.uncounted(s, series.key, str(Status.FINISHED))
            finished = readable(rows, _event_of, _event_name)
        for event in finished:
            which = instance(series, event.id)
            champion = event.places[0] if event.places else None
            async with self.db.session() as s, s.begin():
                if not await stored.count(
                    s, series.key, event.id, list(event.places), now.timestamp()
                ):
                    continue
                if champion is None or champion.startswith(BOT_PREFIX):
                    continue  # a bot wins no title
                held = await stored_titles.of_account(s, champion)
                titles = award(
                    held,
                    event.id,
                    which.level,
                    now.date(),
                    series.titles,
                    top=series.is_top(which.event),
                )
                if list(titles) != held:
                    await stored_titles.replace(s, champion, list(titles))

    async def _qualify(self, series: Series, now: datetime) -> None:
        results = await self.results(series.key)
        for event in await self._instances(series, [Status.REGISTRATION]):
            which = instance(series, event.id)
            if not which.qualifiers_only:
                continue
            chosen = qualifiers(series, which, results)
            if chosen and not set(chosen) <= set(event.qualified or ()):
                await self.tournaments.qualify(event.id, chosen, now)
