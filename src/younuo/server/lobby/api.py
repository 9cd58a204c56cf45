"""The REST API of the lobby: the open rooms, making one, a public room's face, and the
rules a room editor offers (presets, options, bot levels, the rating levels).

Thin handlers over :class:`younuo.server.lobby.service.Lobby`; what happens in a room
afterwards goes over the WebSocket (docs/protocol.md §2).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query, Request

from younuo.bots import LEVELS as BOT_LEVELS
from younuo.engine import CHOICES, INT_RANGES, LEVELS, PRESETS
from younuo.engine.rating import ESCAPE_BANDS
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError, RoomOut, RoomSettingsPatch, RoomSummary
from younuo.server.accounts.caller import Me, app_service, rest_router
from younuo.server.edge.limits import Write
from younuo.server.edge.writebudget import spend_write
from younuo.server.lobby.service import Lobby
from younuo.server.problems import Problem, refused

router = rest_router(prefix="/api")


_lobby = app_service(Lobby, "lobby")


@router.get("/levels", tags=["rules"])
async def levels() -> list[dict[str, Any]]:
    """The 20 levels of R-LEVEL."""
    return [
        {
            "number": lv.number,
            "name": lv.name,
            "name_zh": lv.name_zh,
            "low": lv.low,
            "high": lv.high,
        }
        for lv in LEVELS
    ]


@router.get("/rules", tags=["rules"])
async def rules() -> dict[str, Any]:
    """Presets, every option's choices and number ranges, the bot levels, and the
    escape table (R-LEAVE) that the table's leave dialog quotes.

    All a room editor needs: the web client keeps no copy of the rules.
    """
    choices = {
        key: list(value) if isinstance(value, tuple) else value.__name__
        for key, value in CHOICES.items()
    }
    return {
        "presets": {name: preset.to_dict() for name, preset in PRESETS.items()},
        "choices": choices,
        "ranges": {key: list(bounds) for key, bounds in INT_RANGES.items()},
        "bot_levels": list(BOT_LEVELS),
        "escape": [
            {"from_points": low, "penalty": penalty, "compensation": compensation}
            for low, penalty, compensation in ESCAPE_BANDS
        ],
    }


@router.get("/rooms", response_model=list[RoomSummary], tags=["lobby"])
async def list_rooms(
    request: Request,
    mode: Annotated[str | None, Query(pattern="^(ffa|teams)$")] = None,
    preset: Annotated[str | None, Query(max_length=20)] = None,
    free_seats: Annotated[int | None, Query(ge=0, le=10)] = None,
) -> list[RoomSummary]:
    """Open public rooms, with filters."""
    return await _lobby(request).listing(mode, preset, free_seats)


@router.post("/rooms", response_model=RoomOut, tags=["lobby"])
async def create_room(body: RoomSettingsPatch, request: Request, me: Me) -> RoomOut:
    """Create a room; the caller sits in it as host (then follow it over the WebSocket)."""
    await spend_write(request, me, Write.ROOMS)
    lobby = _lobby(request)
    try:
        room = await lobby.create(me, body)
    except ProtocolError as exc:
        raise refused(exc) from None
    return await lobby.room_out(room, me.id)


@router.get("/rooms/{room_id}", response_model=RoomOut, tags=["lobby"])
async def get_room(room_id: str, request: Request) -> RoomOut:
    lobby = _lobby(request)
    room = await lobby.load(room_id)
    if room is None or room.settings.private:
        raise Problem(404, ErrorCode.ROOM_NOT_FOUND, "no such room")
    return await lobby.room_out(room, None)


__all__ = ["router"]
