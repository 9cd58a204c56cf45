"""The wire messages, as the client reads and writes them: the server's own models.

**Decision.** The client speaks the protocol with the very pydantic models the server
uses (:mod:`younuo.protocol.messages`, and for REST :mod:`younuo.protocol.rest` and
:mod:`younuo.protocol.replays`), not a copy: one definition of every message, so a
client and a server of one checkout cannot disagree, and a change of the protocol
shows in both at once (and in mypy). Those modules hold only models and load neither
the web application nor the store. This module is the only place the client imports
them from; programs import them from :mod:`younuo.client`, so that where the models
live may change without changing them.

Server models ignore fields they do not know (additions within protocol version 1,
docs/protocol.md), and :func:`parse_server` skips message types it does not know.
Client models refuse unknown fields, as the server does.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, TypeAdapter, ValidationError

from younuo.protocol.messages import (
    PROTOCOL_VERSION,
    AccountOut,
    Ack,
    ActionBody,
    AddBot,
    Autoplay,
    Avatar,
    ClientMessage,
    ClockOut,
    Configure,
    CreateRoom,
    Emote,
    ErrorOut,
    Hello,
    JoinRoom,
    Kick,
    Kicked,
    LeaveRoom,
    LeftRoom,
    LevelOut,
    ListRooms,
    Lobby,
    MatchOver,
    Ping,
    PlayAction,
    Pong,
    QuickMatch,
    Ready,
    RemoveBot,
    Replaced,
    ResultOut,
    RoomMessage,
    RoomOut,
    RoomSettingsOut,
    RoomSettingsPatch,
    RoomSummary,
    SeatOut,
    ServerMessage,
    SessionOut,
    SetAvatar,
    SetCamp,
    StandUp,
    Start,
    State,
    Sync,
    TableSeat,
    TakeSeat,
    TournamentOver,
    TournamentTable,
    Update,
    WatchLobby,
    Welcome,
)
from younuo.protocol.replays import ReplayOut, ReplayStepOut
from younuo.protocol.rest import (
    CredentialsIn,
    GuestIn,
    LeaderRow,
    MatchSummary,
    Ok,
    ProfileIn,
    RecordOut,
)

_SERVER = TypeAdapter[ServerMessage](Annotated[ServerMessage, Field(discriminator="type")])


class BadFrame(Exception):
    """A server frame that is not a valid message of a type this client knows."""


def parse_server(text: str | bytes) -> ServerMessage | None:
    """The server frame ``text`` as its model, or None for a message type this client
    does not know (the server may add types within a protocol version).

    Raises :class:`BadFrame` for anything else that does not validate.
    """
    try:
        return _SERVER.validate_json(text)
    except ValidationError as exc:
        if [e["type"] for e in exc.errors()] == ["union_tag_invalid"]:
            return None  # a type this client does not know: skipped, as the protocol says
        raise BadFrame(str(exc)) from None


def encode(message: ClientMessage) -> str:
    """The JSON text of a client message: the fields that were given, no others.

    Leaving out what was not set keeps frames small and sends ``null`` only where the
    program wrote it (``configure`` takes an option's ``null`` as "back to the
    preset's").
    """
    return message.model_dump_json(exclude_unset=True)


__all__ = [
    "PROTOCOL_VERSION",
    "AccountOut",
    "Ack",
    "ActionBody",
    "AddBot",
    "Autoplay",
    "Avatar",
    "BadFrame",
    "ClientMessage",
    "ClockOut",
    "Configure",
    "CreateRoom",
    "CredentialsIn",
    "Emote",
    "ErrorOut",
    "GuestIn",
    "Hello",
    "JoinRoom",
    "Kick",
    "Kicked",
    "LeaderRow",
    "LeaveRoom",
    "LeftRoom",
    "LevelOut",
    "ListRooms",
    "Lobby",
    "MatchOver",
    "MatchSummary",
    "Ok",
    "Ping",
    "PlayAction",
    "Pong",
    "ProfileIn",
    "QuickMatch",
    "Ready",
    "RecordOut",
    "RemoveBot",
    "Replaced",
    "ReplayOut",
    "ReplayStepOut",
    "ResultOut",
    "RoomMessage",
    "RoomOut",
    "RoomSettingsOut",
    "RoomSettingsPatch",
    "RoomSummary",
    "SeatOut",
    "ServerMessage",
    "SessionOut",
    "SetAvatar",
    "SetCamp",
    "StandUp",
    "Start",
    "State",
    "Sync",
    "TableSeat",
    "TakeSeat",
    "TournamentOver",
    "TournamentTable",
    "Update",
    "WatchLobby",
    "Welcome",
    "encode",
    "parse_server",
]
