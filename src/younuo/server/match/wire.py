"""The match on the wire: the one module of the package that builds the protocol's
models (:mod:`younuo.protocol.messages`) from the match's domain values.

The pure core (:mod:`.core`) returns values and raises
:class:`~younuo.server.match.errors.MatchRefused`; the shell sends what this module makes
of them: the table's seats, the clock a client sees, the end of a match, an emote, and
the errors a change is refused with.
"""

from __future__ import annotations

from typing import Any

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import Avatar, Emote, MatchOver, ProtocolError, ResultOut, TableSeat
from younuo.protocol.rest import MatchSummary
from younuo.server.accounts.auth import level_out
from younuo.server.match.clocks import Clock, SeatControl
from younuo.server.match.core import SeatInfo
from younuo.server.match.errors import MatchRefused
from younuo.server.match.kinds import MatchStatus
from younuo.server.seats import wire as seats_wire
from younuo.store.models import Match, Result
from younuo.store.movelog import MatchEnd


class SeatTable:
    """Who sits where and how, as every ``state`` and ``update`` carries it.

    Built again only when something it shows changed: it goes out with every move,
    and seat states change a few times a match.
    """

    def __init__(self) -> None:
        self._key: list[Any] | None = None
        self._dicts: list[dict[str, Any]] = []

    def dicts(self, seats: list[SeatInfo], control: dict[str, SeatControl]) -> list[dict[str, Any]]:
        """The table as JSON-ready dicts of :class:`TableSeat`."""
        key = [
            (seat.outfit, seat.expression, seat.camp, control[seat.name].to_dict())
            for seat in seats
        ]
        if self._key == key:
            return self._dicts
        self._key = key
        self._dicts = [table_seat(seat, control[seat.name]).model_dump() for seat in seats]
        return self._dicts


def table_seat(seat: SeatInfo, control: SeatControl) -> TableSeat:
    """One seat at the table, as the protocol shows it (``seats.wire``: what the room's
    ``SeatOut`` shows of the same seat is taken there too)."""
    return seats_wire.table_seat(
        seat,
        away=control.away_until is not None or control.abandoned,
        autoplay=control.autoplay,
        left=control.left,
    )


def clock_out(c: Clock) -> dict[str, Any]:
    """The clock a client sees, as a JSON-ready dict."""
    return {
        "turn_player": c.turn_player,
        "turn_deadline": c.turn_deadline,
        "match_deadline": c.match_deadline,
        "next_round_at": c.next_round_at,
        "catch_until": c.catch_until,
    }


def match_over(match_id: str, end: MatchEnd, ratings: dict[str, int]) -> str:
    """The ``match_over`` message (JSON) of an ended match, from its ending as the store
    wrote it (which zeroes an unrated bot account's change in its rows); ``ratings``:
    each account's rating after it."""
    return MatchOver(
        match=match_id,
        status=end.status,
        winner=end.winner,
        results=[
            result_out(Result(**{**r, "rating_after": ratings.get(r["account_id"] or "")}))
            for r in end.results
        ],
    ).model_dump_json()


def result_out(row: Result) -> ResultOut:
    """A stored result row as the protocol shows it."""
    return ResultOut(
        name=row.name,
        account=row.account_id,
        score=row.score,
        left=row.left,
        winner=row.winner,
        rating_change=row.rating_change,
        breakdown=dict(row.breakdown),
        rating=row.rating_after,
        level=level_out(row.rating_after) if row.rating_after is not None else None,
        skill_change=row.skill_change,
        skill=row.skill_after,
    )


def match_summary(match: Match, results: list[ResultOut]) -> MatchSummary:
    """A stored match as its history lists it, with ``results`` (a player's own, or
    every seat's); a running match names the node that runs it."""
    running = match.status == MatchStatus.RUNNING
    return MatchSummary(
        id=match.id,
        room=match.room_id,
        status=match.status,
        rules=match.rules,
        players=list(match.players),
        winner=match.winner,
        created_at=match.created_at,
        ended_at=match.ended_at,
        version=match.version,
        results=results,
        node=match.owner if running else None,
    )


def emote(match_id: str, player: str, avatar: Avatar) -> str:
    """The ``emote`` message (JSON): a player's new avatar at their table."""
    return Emote(match=match_id, player=player, avatar=avatar).model_dump_json()


def refused(exc: MatchRefused) -> ProtocolError:
    """A change the match refused, as the error the sender gets."""
    return ProtocolError(exc.code, exc.message, details=exc.details)


def no_match(message: str = "no such running match") -> ProtocolError:
    return ProtocolError(ErrorCode.NO_MATCH, message)


def ended() -> ProtocolError:
    return no_match("the match has ended")


def not_a_player() -> ProtocolError:
    return ProtocolError(ErrorCode.NOT_A_PLAYER, "you do not play in this match")


def stale(version: int) -> ProtocolError:
    """The sender saw another version than the match's (it sends ``sync``)."""
    return ProtocolError(
        ErrorCode.STALE_VERSION,
        f"the match is at version {version}",
        details={"version": version},
    )


def unavailable() -> ProtocolError:
    return ProtocolError(
        ErrorCode.UNAVAILABLE, "the database did not answer: nothing was changed, retry"
    )


def moved() -> ProtocolError:
    return ProtocolError(ErrorCode.UNAVAILABLE, "the match moved to another server: retry")


__all__ = [
    "SeatTable",
    "clock_out",
    "emote",
    "ended",
    "match_over",
    "match_summary",
    "moved",
    "no_match",
    "not_a_player",
    "refused",
    "result_out",
    "stale",
    "table_seat",
    "unavailable",
]
