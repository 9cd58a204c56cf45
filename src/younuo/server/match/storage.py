"""A match as the database holds it: the columns of ``matches`` and ``results``, and
the write of one change (:class:`~younuo.store.movelog.MatchWrite`).

The one place the package builds and reads database-column dicts: the pure core
(:mod:`.core`) deals in domain values, and the shell hands the store what this module
makes of them.
"""

from __future__ import annotations

from typing import Any, Literal

from younuo.engine.rng import Seed
from younuo.server.match.clocks import Clock, SeatControl
from younuo.server.match.core import Change, Ending, MatchState, SeatInfo
from younuo.server.match.kinds import Abandon, MatchStatus
from younuo.store import matches as repo
from younuo.store.models import Match
from younuo.store.movelog import MatchEnd, MatchWrite


def match_row(
    match: MatchState,
    rules: dict[str, Any],
    teams: list[list[str]] | None,
    seed: Seed,
    now: float,
    owner: str | None,
) -> Match:
    """A new match's row (``matches``), at version 0."""
    return Match(
        id=match.id,
        room_id=match.room_id,
        status=MatchStatus.RUNNING.value,
        rules=rules,
        players=[s.name for s in match.seats],
        teams=teams,
        **repo.seed_columns(seed),
        setup=None,
        seats=seats_column(match.seats),
        control=control_column(match.control, match.abandon),
        clock=match.clock.to_dict(),
        version=0,
        created_at=now,
        updated_at=now,
        owner=owner,
    )


def match_write(change: Change, match: MatchState, at: float, owner: str | None) -> MatchWrite:
    """The change as the store writes it (conditional on ``match.version``)."""
    return MatchWrite(
        match_id=match.id,
        version=match.version,
        at=at,
        clock=change.clock.to_dict(),
        control=control_column(change.control, match.abandon),
        action=None if change.action is None else change.action.to_dict(),
        source=change.source.value,
        seats=None if change.seats is None else seats_column(change.seats),
        end=None if change.end is None else match_end(match.id, change.end),
        owner=owner,
    )


def match_end(match_id: str, ending: Ending) -> MatchEnd:
    """An ending as the store writes it: the match's status and its ``results`` rows."""
    rows = tuple(
        {
            "match_id": match_id,
            "name": r.name,
            "account_id": r.account,
            "bot_level": r.bot_level,
            "score": r.score,
            "winner": r.winner,
            "left": r.left,
            "rating_change": r.rating_change,
            "breakdown": dict(r.breakdown),
            "ended_at": ending.at,
        }
        for r in ending.results
    )
    status: Literal["over", "abandoned"] = (
        "over" if ending.status is MatchStatus.OVER else "abandoned"
    )
    return MatchEnd(status, ending.final, ending.winner, rows, ending.ratings, ending.standings)


def control_column(control: dict[str, SeatControl], abandon: Abandon) -> dict[str, Any]:
    """The ``matches.control`` column: the room's abandon rule and each seat's state."""
    return {"abandon": abandon.value, "seats": {name: c.to_dict() for name, c in control.items()}}


def seats_column(seats: list[SeatInfo]) -> list[dict[str, Any]]:
    """The ``matches.seats`` column: who sits where (``Seat.to_dict``: no ``ready``)."""
    return [s.to_dict() for s in seats]


def seats_of(row: Match) -> list[SeatInfo]:
    """The seats stored in a match's row."""
    return [SeatInfo(**s) for s in row.seats]


def control_of(row: Match) -> tuple[dict[str, SeatControl], Abandon]:
    """The seats' states and the abandon rule stored in a match's row."""
    control = {name: SeatControl.from_dict(c) for name, c in row.control["seats"].items()}
    return control, Abandon(str(row.control.get("abandon", Abandon.LEAVE)))


def clock_of(row: Match) -> Clock:
    """The clock stored in a match's row."""
    return Clock.from_dict(row.clock)


__all__ = [
    "clock_of",
    "control_column",
    "control_of",
    "match_end",
    "match_row",
    "match_write",
    "seats_column",
    "seats_of",
]
