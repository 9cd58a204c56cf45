"""The tables of an event, stage by stage, and what a format decides after a stage.

A *stage* is one elimination stage, one Swiss round, or one round of the league: its
tables play at the same time, and the next stage is formed when all of them are done.
Table ids are ``{event id}-s{stage}-t{table}`` (``cup7-s2-t1``): deterministic, so the
shell creates each table's match idempotently under that id, and a restart finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from younuo.engine.rng import Seed
from younuo.tournaments.entrants import Entrant
from younuo.tournaments.results import TableResult
from younuo.tournaments.seating import seat_order
from younuo.tournaments.seeds import EventSeed, table_deal, table_seats

Teams = tuple[tuple[str, str], tuple[str, str]]
"""Two pairs of entrant ids, for a table of partners (the 8-player league)."""


def table_id(tournament_id: str, stage: int, number: int) -> str:
    return f"{tournament_id}-s{stage}-t{number}"


@dataclass(frozen=True, slots=True)
class Table:
    """One table: its entrants in seat order, its engine seed, and its result once in.

    ``seed`` is the engine's seed of the table's match: a 128-bit key (32 hex digits)
    under the event's deal secret, or an integer in an event stored before keyed deals.
    It decides every card at the table: it is never shown while the match runs.
    ``teams`` pairs the seats for partner play (seats alternate between the pairs).
    """

    id: str
    stage: int
    number: int
    seats: tuple[str, ...]
    seed: Seed
    teams: Teams | None = None
    result: TableResult | None = None

    @property
    def done(self) -> bool:
        return self.result is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "stage": self.stage,
            "number": self.number,
            "seats": list(self.seats),
            "seed": self.seed,
            "teams": None if self.teams is None else [list(pair) for pair in self.teams],
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        teams = data["teams"]
        pairs = None if teams is None else ((teams[0][0], teams[0][1]), (teams[1][0], teams[1][1]))
        return cls(
            id=data["id"],
            stage=data["stage"],
            number=data["number"],
            seats=tuple(data["seats"]),
            seed=data["seed"],
            teams=pairs,
            result=None if data["result"] is None else TableResult.from_dict(data["result"]),
        )


@dataclass(frozen=True, slots=True)
class Stage:
    """The tables of one stage, its byes (players who sit it out), and its seeding.

    ``seeding`` is every player of the stage, best seed first, as the format ordered
    them before seating (byes included): the stage's own tiebreak and its bracket order.
    """

    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]
    seeding: tuple[str, ...]

    @property
    def done(self) -> bool:
        return all(t.done for t in self.tables)

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(e for t in self.tables for e in t.seats)

    def table_of(self, entrant: str) -> Table | None:
        return next((t for t in self.tables if entrant in t.seats), None)

    def tables_by_entrant(self) -> dict[str, Table]:
        """Each seated entrant's table (a byes' entrant has none)."""
        return {name: t for t in self.tables for name in t.seats}

    def with_result(self, result: TableResult) -> Stage:
        tables = tuple(
            replace(t, result=result) if t.id == result.table_id else t for t in self.tables
        )
        return replace(self, tables=tables)

    @classmethod
    def build(
        cls,
        tournament_id: str,
        seed: EventSeed,
        number: int,
        seatings: Sequence[Sequence[str]],
        byes: Sequence[str] = (),
        seeding: Sequence[str] | None = None,
        teams: Sequence[Teams] | None = None,
    ) -> Stage:
        """Number the tables, derive their seeds, and shuffle their seats.

        A table's deal comes from the event's deal secret and its seat order from the
        seat secret (``younuo.tournaments.seeds``). Tables of partners keep the order
        they are given (partners must alternate).
        """
        tables = []
        for i, players in enumerate(seatings):
            tid = table_id(tournament_id, number, i + 1)
            pairs = None if teams is None else teams[i]
            seats = (
                tuple(players) if pairs is not None else seat_order(players, table_seats(seed, tid))
            )
            tables.append(Table(tid, number, i + 1, seats, table_deal(seed, tid), pairs))
        order = (
            tuple(seeding) if seeding is not None else (*byes, *(p for s in seatings for p in s))
        )
        return cls(number, tuple(tables), tuple(byes), order)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "tables": [t.to_dict() for t in self.tables],
            "byes": list(self.byes),
            "seeding": list(self.seeding),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stage:
        return cls(
            number=data["number"],
            tables=tuple(Table.from_dict(t) for t in data["tables"]),
            byes=tuple(data["byes"]),
            seeding=tuple(data["seeding"]),
        )


@dataclass(frozen=True, slots=True)
class NextStage:
    """A format's decision: play ``stage`` next, with ``bots`` joining the event first."""

    stage: Stage
    bots: tuple[Entrant, ...] = ()


@dataclass(frozen=True, slots=True)
class Places:
    """A format's decision: the event is over, with these places (entrant ids, 1st first)."""

    places: tuple[str, ...]


Plan = NextStage | Places
"""What comes after a stage."""
