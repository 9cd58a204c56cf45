"""A room as its database row (``store.models.Room``) and back: the lobby's storage shape.

The seats column holds each seat's dict with its ``ready`` state (a room's own; a match
stores its seats without it), the spectators and the order people sat down in
(``arrivals``; a row stored before it was kept has none, and the seat order stands
in); the status and mode are stored as their enums' values, as they always were.
"""

from __future__ import annotations

import time
from typing import Any

from younuo.server.lobby.rooms import RoomState, RoomStatus
from younuo.server.lobby.settings import Settings
from younuo.server.seats.seat import Seat
from younuo.store.models import Room


def room_row(room: RoomState) -> dict[str, Any]:
    """The columns of ``store.models.Room`` this state fills."""
    return {
        "name": room.settings.name,
        "status": room.status.value,
        "private": room.settings.private,
        "code": room.code,
        "host_id": room.host,
        "settings": room.settings.to_dict(),
        "seats": {
            "seats": [None if s is None else {**s.to_dict(), "ready": s.ready} for s in room.seats],
            "spectators": room.spectators,
            "arrivals": room.arrivals,
        },
        "match_id": room.match_id,
    }


def new_row(room: RoomState) -> Room:
    """The row of a room stored for the first time (version 0)."""
    now = time.time()
    return Room(id=room.id, version=0, created_at=now, updated_at=now, **room_row(room))


def room_from_row(row: Any) -> RoomState:
    """The room a stored row holds."""
    data = row.seats
    return RoomState(
        id=row.id,
        settings=Settings.from_dict(dict(row.settings)),
        host=row.host_id,
        seats=[None if s is None else Seat.from_dict(s) for s in data["seats"]],
        status=RoomStatus(row.status),
        code=row.code,
        match_id=row.match_id,
        version=row.version,
        spectators=list(data.get("spectators", [])),
        arrivals=list(data.get("arrivals", [])),
    )


__all__ = ["new_row", "room_from_row", "room_row"]
