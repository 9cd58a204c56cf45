"""The seat's wire models, built from the one :class:`~younuo.server.seats.seat.Seat`.

A room shows a seat as ``SeatOut`` (with its number, readiness, rating and connection)
and a match's table as ``TableSeat`` (with its control state); what both show of the
person (name, kind, account, bot level and account, title, avatar) is taken here, once.
"""

from __future__ import annotations

from typing import Any

from younuo.protocol.messages import Avatar, LevelOut, SeatOut, TableSeat
from younuo.server.seats.seat import Seat


def _shown(seat: Seat) -> dict[str, Any]:
    """What every table shows of who sits there."""
    return {
        "name": seat.name,
        "kind": seat.kind.value,
        "account": seat.account,
        "bot_level": seat.bot_level,
        "bot_account": seat.bot_account,
        "title": seat.title,
        "avatar": Avatar.model_validate({"outfit": seat.outfit, "expression": seat.expression}),
    }


def seat_out(
    index: int,
    seat: Seat,
    *,
    teams: bool,
    rating: int | None,
    level: LevelOut | None,
    connected: bool,
    skill: int | None = None,
) -> SeatOut:
    """A room's seat ``index`` as its members see it (camps in team mode only; a bot is
    always ready and connected)."""
    return SeatOut.model_validate(
        {
            **_shown(seat),
            "seat": index,
            "ready": seat.is_ready,
            "camp": seat.camp if teams else None,
            "rating": rating,
            "level": level,
            "skill": skill,
            "connected": seat.is_bot or connected,
        }
    )


def table_seat(seat: Seat, *, away: bool, autoplay: bool, left: bool) -> TableSeat:
    """A match's seat at its table, with how it is played now."""
    return TableSeat.model_validate(
        {**_shown(seat), "away": away, "autoplay": autoplay, "left": left, "camp": seat.camp}
    )


__all__ = ["seat_out", "table_seat"]
