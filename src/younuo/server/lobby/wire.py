"""The lobby's one door to the wire: rooms, summaries and refusals as protocol models.

The room rules (``rooms``, ``readiness``) return domain values and raise
:class:`~younuo.server.lobby.errors.RoomError`; the service sends what is built here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from younuo.engine import Rules, RulesError
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import (
    LevelOut,
    ProtocolError,
    RoomOut,
    RoomSettingsOut,
    RoomSummary,
    SeatOut,
)
from younuo.server.lobby.errors import RoomError
from younuo.server.lobby.readiness import StartProblem
from younuo.server.lobby.rooms import RoomState
from younuo.server.seats.wire import seat_out


def room_error(exc: RoomError, ref: Any = None) -> ProtocolError:
    """A refused room operation as the error frame it is sent as."""
    return ProtocolError(exc.code, exc.message, ref, exc.details)


def kept_changing() -> ProtocolError:
    """Every version-checked try lost to another process's change (``internal``)."""
    return ProtocolError(ErrorCode.INTERNAL, "the room kept changing: try again")


def cannot_start(problems: list[StartProblem], message: str | None = None) -> ProtocolError:
    """``cannot_start`` with every reason (``readiness.start_problems``) in its details;
    the message joins the reasons' unless one is given."""
    text = message or "cannot start: " + "; ".join(p.message for p in problems)
    reasons = [{"code": p.code.value, "message": p.message} for p in problems]
    return ProtocolError(ErrorCode.CANNOT_START, text, details={"reasons": reasons})


def room_out(
    room: RoomState,
    viewer: str | None,
    ratings: dict[str, int],
    connected: set[str],
    level_of: Callable[[int], LevelOut],
    skills: dict[str, int] | None = None,
) -> RoomOut:
    """The room as ``viewer`` sees it (its code to members only), with each person's
    rating, level and skill and whether they are connected."""
    settings = room.settings
    seats: list[SeatOut | None] = []
    for i, seat in enumerate(room.seats):
        if seat is None:
            seats.append(None)
            continue
        rating = ratings.get(seat.account) if seat.account else None
        seats.append(
            seat_out(
                i,
                seat,
                teams=settings.teams,
                rating=rating,
                level=level_of(rating) if rating is not None else None,
                connected=seat.account in connected,
                skill=(skills or {}).get(seat.account) if seat.account else None,
            )
        )
    try:
        rules = settings.rules().changes()
    except RulesError:
        rules = {"preset": settings.preset}
    return RoomOut(
        id=room.id,
        name=settings.name,
        status=room.status.value,
        version=room.version,
        host=room.host,
        private=settings.private,
        code=room.code if viewer is not None and room.is_member(viewer) else None,
        settings=RoomSettingsOut.model_validate(settings.to_dict()),
        rules=rules,
        seats=seats,
        spectators=len(room.spectators),
        match=room.match_id,
    )


def room_summary(room: RoomState) -> RoomSummary:
    """The room's line in the lobby's list."""
    # The clock and target let a newcomer pick a room they can keep up with.
    try:
        rules = room.settings.rules()
    except RulesError:
        rules = Rules.from_preset(room.settings.preset)
    return RoomSummary(
        id=room.id,
        name=room.settings.name,
        mode="teams" if room.settings.teams else "ffa",
        preset=room.settings.preset,
        seats=len(room.seats),
        taken=room.taken(),
        needed=room.settings.needed,
        status=room.status.value,
        host_name=room.host_name(),
        turn_seconds=rules.turn_seconds,
        target=rules.target,
        bot_accounts=sum(1 for s in room.seats if s is not None and s.bot_account),
    )


__all__ = ["cannot_start", "kept_changing", "room_error", "room_out", "room_summary"]
