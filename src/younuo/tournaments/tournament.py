"""One event's lifecycle as a pure state machine (docs/tournaments.md, Lifecycle).

A :class:`Tournament` is an immutable value. Every transition returns a :class:`Step`:
the new value and the commands for the shell; a refused transition raises
:class:`~younuo.tournaments.errors.TournamentError` and changes nothing. Time comes in
as ``now`` (a UTC datetime) and randomness as ``seed`` (the event's secrets, drawn by
the shell): nothing here reads a clock or a global generator, so the shell stores the
value (``to_dict``, plain JSON) and a restart goes on from exactly where it was::

    step = Tournament.create("cup7", spec, creator="acc1", now=now, admin=True)
    step = step.tournament.register("acc2", rating=1200, now=now)
    ...
    step = t.start(now=spec.starts_at, seed=EventSecrets(deals=..., seats=...))
    # StartTable for every first table
    step = step.tournament.record(result)            # the next stage, or TournamentFinished

Transitions a restart may replay are idempotent: ``start`` on an event already
started, ``check_in`` twice, ``record`` of a result already in, ``cancel`` of a
cancelled event: each returns the value unchanged and no commands.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, NamedTuple

from younuo.engine import Rules
from younuo.tournaments import elimination, league, swiss
from younuo.tournaments.bracket import bracket
from younuo.tournaments.commands import (
    CancelReason,
    Command,
    StartTable,
    TournamentCancelled,
    TournamentFinished,
)
from younuo.tournaments.entrants import BOT_PREFIX, Entrant, more_bots
from younuo.tournaments.errors import ErrorCode, TournamentError
from younuo.tournaments.progress import Progress
from younuo.tournaments.results import TableResult
from younuo.tournaments.seeds import EventSecrets, EventSeed
from younuo.tournaments.spec import STARTS_AHEAD_MAX, Format, NoShow, TournamentSpec
from younuo.tournaments.stages import NextStage, Places, Stage, Table
from younuo.tournaments.standings import Standing, rank

_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
ACCOUNT_MAX = 64
MIN_PRESENT = 2
"""An event needs at least two people present at the start, whatever the policy."""


class Status(StrEnum):
    REGISTRATION = "registration"
    """Created: registration open until the start, check-in within its window."""
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Registration:
    """A registered account, its rating when it registered (for seeding), and check-in."""

    account: str
    rating: int
    at: datetime
    checked_in: datetime | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "account": self.account,
            "rating": self.rating,
            "at": self.at.isoformat(),
            "checked_in": None if self.checked_in is None else self.checked_in.isoformat(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Registration:
        checked = data["checked_in"]
        return cls(
            account=data["account"],
            rating=data["rating"],
            at=datetime.fromisoformat(data["at"]),
            checked_in=None if checked is None else datetime.fromisoformat(checked),
        )


class Step(NamedTuple):
    """A transition's outcome: the new value, and what the shell should do."""

    tournament: Tournament
    commands: tuple[Command, ...]


@dataclass(frozen=True, slots=True)
class Tournament:
    """One event, from creation to its places. Build it with :meth:`create`.

    ``qualified`` limits registration to those accounts (a series' fed event; None:
    open entry). ``seed`` (the event's secrets: ``younuo.tournaments.seeds``; never
    shown), ``entrants`` and ``no_shows`` are fixed at the start;
    ``stages`` grow as tables finish; ``places`` (entrant ids, champion first) once
    finished; ``cancelled`` says why when cancelled.
    """

    id: str
    spec: TournamentSpec
    creator: str
    created_at: datetime
    status: Status = Status.REGISTRATION
    registrations: tuple[Registration, ...] = ()
    qualified: tuple[str, ...] | None = None
    seed: EventSeed | None = None
    entrants: tuple[Entrant, ...] = ()
    no_shows: tuple[str, ...] = ()
    stages: tuple[Stage, ...] = ()
    places: tuple[str, ...] = ()
    cancelled: CancelReason | None = None

    # ------------------------------------------------------------------ creating
    @classmethod
    def create(
        cls,
        id: str,
        spec: TournamentSpec,
        creator: str,
        now: datetime,
        admin: bool = False,
        qualified: Sequence[str] | None = None,
    ) -> Step:
        """A new event. Public events are an admin's; any player may create a private one.

        ``qualified``: only these accounts may register (more are added with
        :meth:`qualify`); None lets anyone register.
        """
        _check_now(now)
        if not isinstance(id, str) or not _ID.fullmatch(id):
            raise TournamentError(
                ErrorCode.BAD_ID, "an event id is 1 to 64 letters, digits or _ . : -"
            )
        _check_account(creator)
        if not spec.private and not admin:
            raise TournamentError(
                ErrorCode.NOT_ADMIN, "public events are created by admins: give a private code"
            )
        if spec.starts_at <= now:
            raise TournamentError(ErrorCode.STARTS_IN_PAST, "the start time has already passed")
        if spec.starts_at > now + STARTS_AHEAD_MAX:
            raise TournamentError(
                ErrorCode.STARTS_TOO_LATE, "an event starts within a year of its creation"
            )
        allowed = None if qualified is None else tuple(dict.fromkeys(qualified))
        return Step(cls(id, spec, creator, now, qualified=allowed), ())

    # ------------------------------------------------------------------ entering
    def register(self, account: str, rating: int, now: datetime, code: str | None = None) -> Step:
        """Enter ``account`` (its ``rating`` seeds it): before the start, within the cap."""
        _check_now(now)
        self._open_for("registration", now)
        _check_account(account)
        if not isinstance(rating, int) or isinstance(rating, bool):
            raise TournamentError(ErrorCode.BAD_ACCOUNT, "a rating is a whole number")
        if self.spec.code is not None and (
            code is None or code.casefold() != self.spec.code.casefold()
        ):
            raise TournamentError(ErrorCode.WRONG_CODE, "this event is private: its code is wrong")
        if self.qualified is not None and account not in self.qualified:
            raise TournamentError(ErrorCode.NOT_QUALIFIED, "this event is for its qualifiers")
        if self.registration(account) is not None:
            raise TournamentError(ErrorCode.ALREADY_REGISTERED, "already registered")
        if len(self.registrations) >= self.spec.cap:
            raise TournamentError(ErrorCode.FULL, f"the event is full ({self.spec.cap})")
        entry = Registration(account, rating, now)
        return Step(replace(self, registrations=(*self.registrations, entry)), ())

    def unregister(self, account: str, now: datetime) -> Step:
        """Withdraw before the start; the place in the registration order is given up."""
        _check_now(now)
        self._open_for("registration", now)
        if self.registration(account) is None:
            raise TournamentError(ErrorCode.NOT_REGISTERED, "not registered")
        kept = tuple(r for r in self.registrations if r.account != account)
        return Step(replace(self, registrations=kept), ())

    def check_in(self, account: str, now: datetime) -> Step:
        """Confirm presence, within the window before the start. Twice is once."""
        _check_now(now)
        if self.status is not Status.REGISTRATION or now >= self.spec.starts_at:
            raise TournamentError(ErrorCode.CHECK_IN_CLOSED, "check-in closed at the start")
        if now < self.spec.check_in_opens:
            when = self.spec.check_in_opens.isoformat()
            raise TournamentError(ErrorCode.CHECK_IN_NOT_OPEN, f"check-in opens at {when}")
        entry = self.registration(account)
        if entry is None:
            raise TournamentError(ErrorCode.NOT_REGISTERED, "not registered")
        if entry.checked_in is not None:
            return Step(self, ())
        entries = tuple(
            replace(r, checked_in=now) if r.account == account else r for r in self.registrations
        )
        return Step(replace(self, registrations=entries), ())

    def qualify(self, accounts: Iterable[str]) -> Step:
        """Let more accounts register for an event limited to qualifiers. Twice is once."""
        if self.qualified is None:
            raise TournamentError(ErrorCode.NOT_QUALIFIED, "this event is open to everyone")
        if self.status is not Status.REGISTRATION:
            raise TournamentError(ErrorCode.REGISTRATION_CLOSED, "registration is over")
        merged = tuple(dict.fromkeys((*self.qualified, *accounts)))
        if merged == self.qualified:
            return Step(self, ())
        return Step(replace(self, qualified=merged), ())

    # ------------------------------------------------------------------ playing
    def start(self, now: datetime, seed: EventSeed) -> Step:
        """Seat the first stage (no-shows as the policy says) or cancel for too few.

        An event already started (or over) is left as it is: a replayed start is one.
        """
        if self.status is not Status.REGISTRATION:
            return Step(self, ())
        _check_now(now)
        if now < self.spec.starts_at:
            raise TournamentError(ErrorCode.TOO_EARLY, "the event has not reached its start time")
        if not isinstance(seed, int | EventSecrets) or isinstance(seed, bool):
            raise TournamentError(
                ErrorCode.BAD_RECORD, "the seed is the event's secrets (or an old whole number)"
            )
        everyone = self.spec.check_in == timedelta(0)
        present = [r for r in self.registrations if everyone or r.checked_in is not None]
        here = {r.account for r in present}
        absent = tuple(r.account for r in self.registrations if r.account not in here)
        order = {r.account: i for i, r in enumerate(self.registrations)}
        entrants = tuple(Entrant.player(r.account, r.rating, order[r.account]) for r in present)
        if self.spec.no_show is NoShow.BOT:
            entrants += more_bots(entrants, len(absent), self.spec.bot_level, absent)
        base = replace(self, seed=seed, no_shows=absent)
        plan = _begin(self.spec, self.id, seed, entrants) if len(present) >= MIN_PRESENT else None
        if plan is None:
            return base._cancel(CancelReason.TOO_FEW_PLAYERS, entrants)
        started = replace(
            base,
            status=Status.RUNNING,
            entrants=entrants + plan.bots,
            stages=(plan.stage,),
        )
        return Step(started, started._start_tables(plan.stage))

    def record(self, result: TableResult) -> Step:
        """A table's result: the next stage when it was the last of its stage, or the end.

        The same result again changes nothing; a different one for a table already
        done is refused (``result_conflict``).
        """
        table = self.table(result.table_id)
        if table is None:
            raise TournamentError(ErrorCode.UNKNOWN_TABLE, f"no table {result.table_id!r} here")
        if set(result.places) != set(table.seats):
            raise TournamentError(ErrorCode.BAD_RESULT, "the result must place the table's seats")
        if table.result is not None:
            if table.result == result:
                return Step(self, ())
            raise TournamentError(
                ErrorCode.RESULT_CONFLICT, f"table {table.id} already has another result"
            )
        if self.status is not Status.RUNNING:
            raise TournamentError(ErrorCode.NOT_RUNNING, f"the event is {self.status}")
        stages = tuple(s.with_result(result) if s.number == table.stage else s for s in self.stages)
        updated = replace(self, stages=stages)
        if not stages[-1].done:
            return Step(updated, ())
        assert self.seed is not None
        plan = _after(self.spec, self.id, self.seed, updated.entrants, stages)
        if isinstance(plan, Places):
            finished = replace(updated, status=Status.FINISHED, places=plan.places)
            return Step(finished, finished.resume())
        going = replace(
            updated, entrants=updated.entrants + plan.bots, stages=(*stages, plan.stage)
        )
        return Step(going, going._start_tables(plan.stage))

    def cancel(self) -> Step:
        """Call the event off (the shell checks who may). A cancelled event stays so."""
        if self.status is Status.CANCELLED:
            return Step(self, ())
        if self.status is Status.FINISHED:
            raise TournamentError(ErrorCode.ALREADY_OVER, "the event is over")
        return self._cancel(CancelReason.BY_ORGANISER, self.entrants)

    def resume(self) -> tuple[Command, ...]:
        """The commands the event still needs carried out: after a restart, do them again.

        A running event: a :class:`StartTable` for every table of its stage without a
        result. A finished or cancelled one: its :class:`TournamentFinished` or
        :class:`TournamentCancelled`.
        """
        if self.status is Status.RUNNING:
            return self._start_these(t for t in self.stages[-1].tables if not t.done)
        if self.status is Status.FINISHED:
            ids = {e.id: e for e in self.entrants}
            return (TournamentFinished(tuple(ids[name] for name in self.places)),)
        if self.status is Status.CANCELLED:
            assert self.cancelled is not None
            return (TournamentCancelled(self.cancelled),)
        return ()

    # ------------------------------------------------------------------ reading
    def registration(self, account: str) -> Registration | None:
        return next((r for r in self.registrations if r.account == account), None)

    def entrant(self, entrant_id: str) -> Entrant | None:
        return next((e for e in self.entrants if e.id == entrant_id), None)

    def table(self, table_id: str) -> Table | None:
        return next((t for s in self.stages for t in s.tables if t.id == table_id), None)

    def standings(self) -> tuple[Standing, ...]:
        """Live standings (final once finished): see ``younuo.tournaments.standings``."""
        return rank(self.spec, self.entrants, self.stages)

    def bracket(self) -> dict[str, Any]:
        """The stages and tables as plain data for the web (``younuo.tournaments.bracket``)."""
        return bracket(self.spec, self.stages)

    # ------------------------------------------------------------------ storing
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values; :meth:`from_dict` gives back an equal value."""
        return {
            "id": self.id,
            "spec": self.spec.to_dict(),
            "creator": self.creator,
            "created_at": self.created_at.isoformat(),
            "status": str(self.status),
            "registrations": [r.to_dict() for r in self.registrations],
            "qualified": None if self.qualified is None else list(self.qualified),
            "seed": self.seed.to_dict() if isinstance(self.seed, EventSecrets) else self.seed,
            "entrants": [e.to_dict() for e in self.entrants],
            "no_shows": list(self.no_shows),
            "stages": [s.to_dict() for s in self.stages],
            "places": list(self.places),
            "cancelled": None if self.cancelled is None else str(self.cancelled),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tournament:
        """Read :meth:`to_dict`'s form; a malformed record raises ``bad_record``."""
        try:
            qualified = data["qualified"]
            cancelled = data["cancelled"]
            return cls(
                id=data["id"],
                spec=TournamentSpec.from_dict(data["spec"]),
                creator=data["creator"],
                created_at=datetime.fromisoformat(data["created_at"]),
                status=Status(data["status"]),
                registrations=tuple(Registration.from_dict(r) for r in data["registrations"]),
                qualified=None if qualified is None else tuple(qualified),
                seed=_event_seed(data["seed"]),
                entrants=tuple(Entrant.from_dict(e) for e in data["entrants"]),
                no_shows=tuple(data["no_shows"]),
                stages=tuple(Stage.from_dict(s) for s in data["stages"]),
                places=tuple(data["places"]),
                cancelled=None if cancelled is None else CancelReason(cancelled),
            )
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            raise TournamentError(ErrorCode.BAD_RECORD, f"not a stored event: {exc!r}") from None

    # ------------------------------------------------------------------ inside
    def _open_for(self, what: str, now: datetime) -> None:
        if self.status is not Status.REGISTRATION or now >= self.spec.starts_at:
            raise TournamentError(ErrorCode.REGISTRATION_CLOSED, f"{what} closed at the start")

    def _cancel(self, reason: CancelReason, entrants: tuple[Entrant, ...]) -> Step:
        done = replace(self, status=Status.CANCELLED, cancelled=reason, entrants=entrants)
        return Step(done, (TournamentCancelled(reason),))

    def _start_tables(self, stage: Stage) -> tuple[Command, ...]:
        return self._start_these(stage.tables)

    def _start_these(self, tables: Iterable[Table]) -> tuple[Command, ...]:
        ids = {e.id: e for e in self.entrants}
        rules = self.spec.table_rules()
        return tuple(self._start_table(t, ids, rules) for t in tables)

    def _start_table(
        self, table: Table, ids: Mapping[str, Entrant], rules: Mapping[str, Any]
    ) -> StartTable:
        return StartTable(
            table_id=table.id,
            stage=table.stage,
            seats=tuple(ids[name] for name in table.seats),
            teams=table.teams,
            rules=rules,
            match_seconds=_match_seconds(rules),
            seed=table.seed,
        )


def _match_seconds(rules: Mapping[str, Any]) -> int:
    return Rules.from_dict(rules).match_seconds


def _event_seed(stored: Any) -> EventSeed | None:
    """A stored event's secrets (an object), or the integer seed of one stored before."""
    if isinstance(stored, Mapping):
        return EventSecrets.from_dict(stored)
    if stored is None or (isinstance(stored, int) and not isinstance(stored, bool)):
        return stored
    raise ValueError(f"not an event's seed: {stored!r}")


def _check_now(now: Any) -> None:
    # A naive datetime cannot be compared with the UTC start time: say so plainly.
    if not isinstance(now, datetime) or now.utcoffset() is None:
        raise TournamentError(ErrorCode.BAD_TIME, "now is a datetime in UTC (tzinfo=UTC)")


def _check_account(account: Any) -> None:
    if (
        not isinstance(account, str)
        or not account
        or len(account) > ACCOUNT_MAX
        or account.startswith(BOT_PREFIX)
    ):
        raise TournamentError(
            ErrorCode.BAD_ACCOUNT,
            f"an account id is 1 to {ACCOUNT_MAX} characters, not starting with {BOT_PREFIX!r}",
        )


def _begin(
    spec: TournamentSpec, tournament_id: str, seed: EventSeed, entrants: tuple[Entrant, ...]
) -> NextStage | None:
    match spec.format:
        case Format.ELIMINATION:
            return elimination.begin(spec, tournament_id, seed, entrants)
        case Format.SWISS:
            return swiss.begin(spec, tournament_id, seed, entrants)
        case Format.LEAGUE:
            return league.begin(spec, tournament_id, seed, entrants)


def _after(
    spec: TournamentSpec,
    tournament_id: str,
    seed: EventSeed,
    entrants: tuple[Entrant, ...],
    stages: tuple[Stage, ...],
) -> NextStage | Places:
    event = Progress(spec, tournament_id, seed, entrants, stages)
    match spec.format:
        case Format.ELIMINATION:
            return elimination.after(event)
        case Format.SWISS:
            return swiss.after(event)
        case Format.LEAGUE:
            return league.after(event)
