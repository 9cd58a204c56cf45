"""The tournament shell's service: stored events changed through ``younuo.tournaments``.

The pure package decides everything (who may register, when an event starts, how tables
are seated, what a result does); this module only loads an event's value, applies one
transition, stores the new value with a conditional write (``store.tournaments.save``)
in the same transaction as what caused it, and hands the transition's commands to
``carry_out`` after the commit. A lost race (``VersionConflict``) is retried from a
fresh read, so two nodes or a request racing the scheduler never lose a change.

``tick`` is the ``tournaments`` scheduler job: it starts the events whose start time
has come with fresh secrets (:func:`fresh_secrets`), and re-issues ``resume()``'s
commands for every running event (after a restart nothing is lost: the stored value
says which tables are still to be played, and ``carry_out`` must be idempotent per
table id).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable, Collection
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.engine.rng import KEY_BYTES
from younuo.server.accounts.bots import may_enter_rated
from younuo.server.storedvalues import readable
from younuo.store import Database, VersionConflict, moderation
from younuo.store import tournaments as stored
from younuo.store.ids import new_code, new_id
from younuo.store.models import Account, TournamentRow
from younuo.tournaments import Command, EventSecrets, TableResult, Tournament, TournamentSpec
from younuo.tournaments.errors import ErrorCode, TournamentError
from younuo.tournaments.tournament import Status, Step

Also = Callable[[AsyncSession, Tournament], Awaitable[None]]
"""More to write in a change's transaction (an admin's cancel: its audit entry)."""

log = logging.getLogger(__name__)

CarryOut = Callable[[str, Command], Awaitable[None]]
"""What the shell does with one command of an event (StartTable: a room and a match)."""

Changed = Callable[[Tournament], None]
"""Told of an event's new value once it is stored (its registrants' pages: news.py)."""

# A transition retried this many times after lost races before the error goes up.
RETRIES = 5


def _may_enter(account: Account) -> bool:
    """Whether ``account`` may enter an event. Every event is rated (its matches move
    ratings like any other), so a bot account enters only once an admin allowed it into
    rated play (``accounts.bots.may_enter_rated``)."""
    return may_enter_rated(account)


def _events(rows: list[TournamentRow]) -> list[Tournament]:
    """The stored events that read; one that does not is skipped and logged, so that it
    takes down neither a listing nor the job."""
    return readable(rows, lambda r: Tournament.from_dict(r.value), lambda r: f"event {r.id}")


def fresh_secrets() -> EventSecrets:
    """A starting event's two secrets, 128 bits each from the operating system's CSPRNG:
    one for the deals (never shown), one for the seat orders (public), so that what is
    public tells nothing of the cards (docs/security.md, "Threat model")."""
    return EventSecrets(deals=secrets.token_hex(KEY_BYTES), seats=secrets.token_hex(KEY_BYTES))


def _starting(now: datetime, seed: EventSecrets) -> Callable[[Tournament], Step]:
    """The start transition with its secrets fixed (a retry after a lost race keeps them)."""
    return lambda t: t.start(now, seed)


async def _ignore(event: str, command: Command) -> None:
    """The default ``carry_out``: nothing (a node without a match service, the tests)."""


def _unheard(t: Tournament) -> None:
    """The default ``changed``: nobody to tell."""


class TournamentService:
    """Creates, registers, checks in, cancels and runs stored events."""

    def __init__(
        self, db: Database, carry_out: CarryOut = _ignore, changed: Changed = _unheard
    ) -> None:
        self.db = db
        self.carry_out = carry_out
        self.changed = changed

    async def create(
        self, spec: TournamentSpec, creator: str, admin: bool, now: datetime
    ) -> Tournament:
        """A new event: public when ``admin``, else private with the spec's code (the
        pure ``Tournament.create`` refuses a player's public event)."""
        tid = new_id("t")
        step = Tournament.create(tid, spec, creator=creator, now=now, admin=admin)
        t = step.tournament
        kind = stored.Kind.PUBLIC if admin and t.spec.code is None else stored.Kind.PRIVATE
        chosen = t.spec.code if kind is stored.Kind.PRIVATE else None
        for attempt in range(RETRIES):
            code = new_code() if kind is stored.Kind.PRIVATE and chosen is None else chosen
            try:
                async with self.db.session() as s, s.begin():
                    await stored.add(
                        s, t.to_dict(), kind, code, now.timestamp(), t.spec.starts_at.timestamp()
                    )
                break
            except IntegrityError:
                # Codes are unique: a chosen one is refused, a made one is made again.
                if chosen is not None:
                    raise TournamentError(
                        ErrorCode.CODE_TAKEN, "another event has this code: choose another"
                    ) from None
                if attempt == RETRIES - 1:
                    raise
        await self._carry_out(step)
        return t

    async def get(self, tournament_id: str) -> Tournament | None:
        async with self.db.session() as s:
            row = await stored.get(s, tournament_id)
            return None if row is None else Tournament.from_dict(row.value)

    async def register(
        self, tournament_id: str, account: str, rating: int, now: datetime, code: str | None
    ) -> Tournament:
        return await self._change(
            tournament_id, lambda t: t.register(account, rating, now, code), now
        )

    async def enter(
        self, tournament_id: str, account: Account, now: datetime, code: str | None
    ) -> Tournament:
        """Register ``account`` (a person's request): checked by :func:`_may_enter`, then
        seeded by its current rating."""
        if not _may_enter(account):
            raise TournamentError(
                ErrorCode.BOT_NOT_RATED,
                "this bot account may not enter rated events until an admin allows it",
            )
        return await self.register(tournament_id, account.id, account.rating, now, code)

    async def unregister(self, tournament_id: str, account: str, now: datetime) -> Tournament:
        return await self._change(tournament_id, lambda t: t.unregister(account, now), now)

    async def check_in(self, tournament_id: str, account: str, now: datetime) -> Tournament:
        return await self._change(tournament_id, lambda t: t.check_in(account, now), now)

    async def cancel(
        self, tournament_id: str, now: datetime, actor: str | None = None
    ) -> Tournament:
        """An admin's cancel (the API checks the role): the audit entry by ``actor`` is
        written in the same transaction as the cancelled event."""

        async def audit(s: AsyncSession, before: Tournament) -> None:
            await moderation.audit(
                s,
                at=now.timestamp(),
                actor=actor,
                action="cancel_tournament",
                target=tournament_id,
                details={"from": str(before.status), "name": before.spec.name},
            )

        return await self._change(tournament_id, lambda t: t.cancel(), now, audit)

    async def public(self, limit: int) -> list[Tournament]:
        """The public events, newest first (one that does not read is left out, logged)."""
        async with self.db.session() as s:
            return _events(await stored.public(s, limit))

    async def code_of(self, tournament_id: str) -> str | None:
        """A private event's join code (for its creator and admins)."""
        async with self.db.session() as s:
            row = await stored.get(s, tournament_id)
            return None if row is None else row.code

    async def record(self, tournament_id: str, result: TableResult, now: datetime) -> Tournament:
        """A finished table's result (read from its stored match): the next stage or the end."""
        return await self._change(tournament_id, lambda t: t.record(result), now)

    async def tick(self, now: datetime) -> None:
        """The ``tournaments`` job: start due events, re-issue running events' commands.

        Only the events due to start are read (``stored.due``, by index), with the
        running ones: events waiting for a later start cost a tick nothing."""
        async with self.db.session() as s:
            rows = await stored.due(s, str(Status.REGISTRATION), now.timestamp())
            rows += await stored.with_status(s, [str(Status.RUNNING)])
            events = _events(rows)
        for t in events:
            try:
                if t.status is Status.REGISTRATION and now >= t.spec.starts_at:
                    await self._change(t.id, _starting(now, fresh_secrets()), now)
                elif t.status is Status.RUNNING:
                    for command in t.resume():
                        await self.carry_out(t.id, command)
            except Exception:
                # One event's trouble must not hold up the others: the next tick retries.
                log.exception("tournament %s: tick failed", t.id)

    async def advance(self) -> None:
        """Re-issue every running event's commands now (a table's match has just ended:
        ``carry_out`` records it and starts what comes next, without waiting for a tick)."""
        async with self.db.session() as s:
            rows = await stored.with_status(s, [str(Status.RUNNING)])
            events = _events(rows)
        for t in events:
            for command in t.resume():
                await self.carry_out(t.id, command)

    async def _change(
        self,
        tournament_id: str,
        transition: Callable[[Tournament], Step],
        now: datetime,
        also: Also | None = None,
    ) -> Tournament:
        """Apply ``transition`` to the stored value and store the result (retrying lost
        races from a fresh read); then tell ``changed`` of a new value and carry out its
        commands. A refused transition (TournamentError) changes nothing and goes up to
        the caller."""
        for attempt in range(RETRIES):
            async with self.db.session() as s, s.begin():
                row = await stored.get(s, tournament_id)
                if row is None:
                    raise LookupError(tournament_id)
                before = Tournament.from_dict(row.value)
                step = transition(before)
                if also is not None and step.tournament != before:
                    await also(s, before)
                try:
                    await stored.save(
                        s, tournament_id, step.tournament.to_dict(), row.version, now.timestamp()
                    )
                except VersionConflict:
                    if attempt == RETRIES - 1:
                        raise
                    continue
            if step.tournament != before:
                self.changed(step.tournament)
            await self._carry_out(step)
            return step.tournament
        raise AssertionError("unreachable")

    async def _carry_out(self, step: Step) -> None:
        for command in step.commands:
            await self.carry_out(step.tournament.id, command)

    async def ensure(
        self,
        tournament_id: str,
        spec: TournamentSpec,
        creator: str,
        now: datetime,
        qualified: tuple[str, ...] | None = None,
    ) -> Tournament:
        """A public event under a fixed id (a series' instance key), made if it is not
        there yet: the series job on any node, any number of times, makes it once."""
        found = await self.get(tournament_id)
        if found is not None:
            return found
        step = Tournament.create(
            tournament_id, spec, creator=creator, now=now, admin=True, qualified=qualified
        )
        try:
            async with self.db.session() as s, s.begin():
                await stored.add(
                    s,
                    step.tournament.to_dict(),
                    stored.Kind.PUBLIC,
                    None,
                    now.timestamp(),
                    spec.starts_at.timestamp(),
                )
        except IntegrityError:
            made = await self.get(tournament_id)  # another node made it first
            assert made is not None
            return made
        await self._carry_out(step)
        return step.tournament

    async def qualify(
        self, tournament_id: str, accounts: tuple[str, ...], now: datetime
    ) -> Tournament:
        """Let ``accounts`` register for an event open to qualifiers only."""
        return await self._change(tournament_id, lambda t: t.qualify(accounts), now)

    async def withdraw(self, accounts: Collection[str], now: datetime) -> list[str]:
        """Take ``accounts`` out of every event still taking registrations, as if each
        had withdrawn (a sanction: docs/security.md, Sanctions); the ids of the events
        changed. An event past its start time but not started yet refuses a withdrawal:
        its table takes the account out when it starts (``tables.py``)."""
        async with self.db.session() as s:
            rows = await stored.with_status(s, [str(Status.REGISTRATION)])
            events = [Tournament.from_dict(r.value) for r in rows]
        changed = []
        for t in events:
            for account in accounts:
                if t.registration(account) is None:
                    continue
                try:
                    await self.unregister(t.id, account, now)
                except (TournamentError, LookupError) as exc:
                    log.info("%s stays registered for %s: %s", account, t.id, exc)
                    continue
                if t.id not in changed:
                    changed.append(t.id)
        return changed
