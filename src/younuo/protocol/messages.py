"""The wire protocol, version 1: a pydantic model for every message (docs/protocol.md).

Client messages are parsed by :func:`parse_client`, which never raises anything but
:class:`ProtocolError` (turned into an ``error`` frame). Server messages are built as
models and sent with :func:`dump`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticSerializationError, to_json

from younuo.engine import PRESETS
from younuo.protocol import wirejson
from younuo.protocol.bounds import SAFE_INT, ProtocolNumber, Version
from younuo.protocol.errors import ErrorCode
from younuo.protocol.roles import Role
from younuo.protocol.tournaments import EventStatus

PROTOCOL_VERSION = 1

OUTFITS = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink")
"""Avatar outfits (the original game's preparation screen)."""
EXPRESSIONS = ("smile", "grin", "wink", "cool", "surprised", "sleepy", "angry", "cry")
"""Avatar expressions."""

Ref = Annotated[str, Field(max_length=64)] | Annotated[int, Field(ge=-SAFE_INT, le=SAFE_INT)] | None
Outfit = Literal["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"]
Expression = Literal["smile", "grin", "wink", "cool", "surprised", "sleepy", "angry", "cry"]
Mode = Literal["ffa", "teams"]
Camp = Literal["red", "blue"]
ColorName = Literal["red", "yellow", "green", "blue"]
ShortText = Annotated[str, Field(max_length=200)]
Id = Annotated[str, Field(min_length=1, max_length=16)]


def _known_preset(name: str) -> str:
    if name not in PRESETS:
        # The message names the choices, not the value sent (explain_errors' rule).
        raise ValueError(f"unknown preset: use one of {', '.join(sorted(PRESETS))}")
    return name


PresetName = Annotated[str, Field(max_length=20), AfterValidator(_known_preset)]
"""A preset of the engine (``PRESETS``): ``watch_lobby`` refuses one that no room can have."""


class ProtocolError(Exception):
    """A client message the server cannot take: sent back as an ``error`` frame."""

    def __init__(
        self,
        code: str,
        message: str,
        ref: Any = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref
        self.details = details


class _Message(BaseModel):
    """Client messages refuse unknown fields, so typos show instead of being ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ref: Ref = None


class Avatar(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    outfit: Outfit = "red"
    expression: Expression = "smile"


class RoomSettingsPatch(BaseModel):
    """Room settings as sent by a client: every field optional (``configure``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Annotated[str, Field(max_length=200)] | None = None
    seats: Annotated[int, Field(ge=2, le=10)] | None = None
    needed: Annotated[int, Field(ge=2, le=10)] | None = None
    mode: Mode | None = None
    preset: Annotated[str, Field(max_length=20)] | None = None
    options: (
        Annotated[dict[Annotated[str, Field(max_length=40)], Any], Field(max_length=40)] | None
    ) = None
    private: bool | None = None
    abandon: Literal["leave", "bot"] | None = None
    free_text: bool | None = None
    """Free text in the room's chat (the host's switch; quick phrases stay)."""


# ------------------------------------------------------------------ client -> server
class Hello(_Message):
    type: Literal["hello"]
    protocol: ProtocolNumber
    token: ShortText
    deltas: bool = False
    """Send only the changed fields of the view in each ``update`` (docs/protocol.md §4)."""
    browser: Annotated[str, Field(max_length=64)] | None = None
    """The web client's random browser id (kept hashed, for fair play only)."""


class Ping(_Message):
    type: Literal["ping"]


class ListRooms(_Message):
    type: Literal["list_rooms"]
    mode: Mode | None = None
    preset: Annotated[str, Field(max_length=20)] | None = None
    free_seats: Annotated[int, Field(ge=0, le=10)] | None = None


class WatchLobby(_Message):
    """Start (``on``, the default) or stop the pushes of the room list (server/lobby/feed.py)."""

    type: Literal["watch_lobby"]
    on: bool = True
    mode: Mode | None = None
    preset: PresetName | None = None
    free_seats: Annotated[int, Field(ge=0, le=10)] | None = None


class CreateRoom(_Message):
    type: Literal["create_room"]
    settings: RoomSettingsPatch = RoomSettingsPatch()


class JoinRoom(_Message):
    type: Literal["join_room"]
    room: Id | None = None
    code: Annotated[str, Field(max_length=12)] | None = None
    spectate: bool = False


class QuickMatch(_Message):
    type: Literal["quick_match"]
    preset: Annotated[str, Field(max_length=20)] | None = None
    mode: Mode | None = None


class LeaveRoom(_Message):
    type: Literal["leave_room"]


class TakeSeat(_Message):
    type: Literal["take_seat"]
    seat: Annotated[int, Field(ge=0, le=9)] | None = None


class StandUp(_Message):
    type: Literal["stand_up"]


class Ready(_Message):
    type: Literal["ready"]
    ready: bool = True


class SetAvatar(_Message):
    type: Literal["avatar"]
    avatar: Avatar


class Kick(_Message):
    type: Literal["kick"]
    seat: Annotated[int, Field(ge=0, le=9)]


class SetCamp(_Message):
    type: Literal["set_camp"]
    seat: Annotated[int, Field(ge=0, le=9)]
    camp: Camp


class Configure(_Message):
    type: Literal["configure"]
    settings: RoomSettingsPatch


class AddBot(_Message):
    type: Literal["add_bot"]
    level: Annotated[str, Field(max_length=20)] = "normal"
    seat: Annotated[int, Field(ge=0, le=9)] | None = None


class RemoveBot(_Message):
    type: Literal["remove_bot"]
    seat: Annotated[int, Field(ge=0, le=9)]


class Start(_Message):
    type: Literal["start"]


class ActionBody(BaseModel):
    """An action (docs/records.md, *Actions*) without ``player`` (the server knows the seat)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal[
        "play",
        "draw",
        "pass",
        "choose_color",
        "uno",
        "catch",
        "challenge",
        "leave",
        "next_round",
        "timeout",
        "match_clock",
    ]
    player: Annotated[str, Field(max_length=40)] | None = None
    card: Annotated[str, Field(max_length=8)] | None = None
    cards: Annotated[list[Annotated[str, Field(max_length=8)]], Field(max_length=30)] | None = None
    color: ColorName | None = None
    target: Annotated[str, Field(max_length=40)] | None = None


class PlayAction(_Message):
    type: Literal["action"]
    match: Id
    version: Version | None = None
    action: ActionBody


class Autoplay(_Message):
    type: Literal["autoplay"]
    on: bool


class Sync(_Message):
    type: Literal["sync"]


ChatChannel = Literal["room", "table_players", "table_spectators", "direct"]
"""The chat channels (younuo.social.chatpolicy.Channel): a room's three, and a direct line
between two friends."""
Phrase = Literal[
    "hello", "good_luck", "good_game", "nice_one", "hurry_up", "oops", "thanks", "rematch"
]
"""The quick phrases' ids (younuo.social.phrases.QuickPhrase); a test keeps them equal."""


class Chat(_Message):
    """A chat message to a ``room`` or, ``to``, a friend (exactly one of the two), with a
    quick ``phrase`` or free ``text`` (exactly one of those).

    In a room, ``channel`` defaults to where the sender belongs: the room before a match,
    the players' or the spectators' channel during one (docs/social.md)."""

    type: Literal["chat"]
    room: Id | None = None
    to: Id | None = None
    channel: ChatChannel | None = None
    phrase: Phrase | None = None
    text: Annotated[str, Field(max_length=1000)] | None = None


ClientMessage = Annotated[
    Hello
    | Ping
    | ListRooms
    | WatchLobby
    | CreateRoom
    | JoinRoom
    | QuickMatch
    | LeaveRoom
    | TakeSeat
    | StandUp
    | Ready
    | SetAvatar
    | Kick
    | SetCamp
    | Configure
    | AddBot
    | RemoveBot
    | Start
    | PlayAction
    | Autoplay
    | Sync
    | Chat,
    Field(discriminator="type"),
]
CLIENT_TYPES = frozenset(
    {
        "hello", "ping", "list_rooms", "watch_lobby", "create_room", "join_room", "quick_match",
        "leave_room", "take_seat", "stand_up", "ready", "avatar", "kick", "set_camp", "configure",
        "add_bot", "remove_bot", "start", "action", "autoplay", "sync", "chat",
    }
)  # fmt: skip
_CLIENT = TypeAdapter[Any](ClientMessage)


def parse_client(data: str | bytes) -> Any:
    """The client message in ``data``, as its model. Raises :class:`ProtocolError` only.

    The text is decoded under the server's JSON policy (:mod:`wirejson`): ``NaN``,
    ``Infinity``, out-of-range numbers, lone surrogates and deep nesting are ``bad_json``.
    """
    try:
        decoded = wirejson.loads(data)
    except wirejson.BadJson as exc:
        raise ProtocolError(
            ErrorCode.BAD_JSON, f"the message is not valid JSON: {exc.reason}"
        ) from None
    if not isinstance(decoded, dict):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "a message is a JSON object with a type")
    ref = echo_ref(decoded.get("ref"))
    kind = decoded.get("type")
    if kind is None:
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, "the type is missing", ref)
    if not isinstance(kind, str):
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, "the type is not a string", ref)
    if kind not in CLIENT_TYPES:
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}", ref)
    try:
        return _CLIENT.validate_python(decoded)
    except ValidationError as exc:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, _explain(exc), ref) from None
    except RecursionError:
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, "the message is nested too deeply", ref
        ) from None


def echo_ref(ref: Any) -> str | int | None:
    """``ref`` if it may be copied into a reply as it is, else None.

    Only a valid ``Ref`` is echoed: a string of at most 64 characters without lone
    surrogates, or an integer a JSON client holds exactly (not a bool, not a float).
    Anything else would make the reply itself unsafe to encode or to decode.
    """
    if isinstance(ref, str):
        return ref if len(ref) <= 64 and wirejson.safe_text(ref) == ref else None
    if type(ref) is int and -SAFE_INT <= ref <= SAFE_INT:
        return ref
    return None


def _explain(exc: ValidationError, skip: int = 1) -> str:
    """What is wrong, by place: pydantic's messages, never the input they refused.

    ``skip`` leading parts of each error's place are left out (the union's tag).
    """
    return explain_errors(exc.errors(include_input=False, include_url=False), skip)


def explain_errors(errors: Any, skip: int = 0) -> str:
    """A short text of validation errors (pydantic's or FastAPI's), quoting no input.

    Places name dict keys the client sent: each part is cut to 40 characters and made
    JSON-safe, and the whole to 300 characters.
    """
    parts = []
    for error in list(errors)[:3]:
        loc = [wirejson.safe_text(str(p))[:40] for p in error.get("loc", ())[skip:]]
        msg = wirejson.safe_text(str(error.get("msg", "invalid")))[:160]
        parts.append(f"{'.'.join(loc) or 'message'}: {msg}")
    return "; ".join(parts)[:300]


# ------------------------------------------------------------------ server -> client
TitleName = Literal["master", "lifetime_master"]
"""A title as it shows beside a name (``younuo.tournaments.titles.TitleKind``)."""


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True)


class LevelOut(_Out):
    number: int
    name: str
    name_zh: str


class AccountOut(_Out):
    id: str
    name: str
    guest: bool
    rating: int
    level: LevelOut
    skill: int
    """The skill rating shown beside the level (docs/rating.md): it can go down."""
    avatar: Avatar
    role: Role = Role.PLAYER
    # Bot accounts (younuo.server.accounts.bots): shown as a bot everywhere.
    bot: bool = False
    bot_owner: str | None = None
    # The title shown beside the name (docs/tournaments.md, Titles), None: no title.
    title: TitleName | None = None


class SessionOut(_Out):
    token: str
    expires_at: float
    account: AccountOut


class ErrorOut(_Out):
    type: Literal["error"] = "error"
    code: str
    message: str
    ref: Ref = None
    details: dict[str, Any] | None = None


class Welcome(_Out):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    ref: Ref = None
    server_time: float
    account: AccountOut
    room: str | None


class Ack(_Out):
    type: Literal["ack"] = "ack"
    ref: Ref = None


class Pong(_Out):
    type: Literal["pong"] = "pong"
    ref: Ref = None
    server_time: float


class RoomSettingsOut(_Out):
    name: str
    seats: int
    needed: int
    mode: Mode
    preset: str
    options: dict[str, Any]
    private: bool
    abandon: Literal["leave", "bot"]
    free_text: bool = True


class SeatOut(_Out):
    seat: int
    kind: Literal["human", "bot"]
    account: str | None
    name: str
    ready: bool
    camp: Camp | None
    avatar: Avatar
    rating: int | None
    level: LevelOut | None
    skill: int | None = None
    """The person's skill rating, shown beside the level (docs/rating.md); null for a bot."""
    bot_level: str | None
    bot_account: bool = False
    """A person's seat held by a bot account: shown with a bot badge."""
    title: TitleName | None = None
    """The title shown beside the player's name (as in ``AccountOut``)."""
    connected: bool


class RoomOut(_Out):
    id: str
    name: str
    status: str
    version: int
    host: str | None
    private: bool
    code: str | None
    settings: RoomSettingsOut
    rules: dict[str, Any]
    seats: list[SeatOut | None]
    spectators: int
    match: str | None


class RoomMessage(_Out):
    type: Literal["room"] = "room"
    ref: Ref = None
    room: RoomOut


class RoomSummary(_Out):
    id: str
    name: str
    mode: Mode
    preset: str
    seats: int
    taken: int
    needed: int
    status: str
    host_name: str | None
    turn_seconds: int
    target: int
    bot_accounts: int = 0
    """Seats held by bot accounts (the lobby shows a bot badge with the count)."""


class Lobby(_Out):
    type: Literal["lobby"] = "lobby"
    ref: Ref = None
    rooms: list[RoomSummary]


class Kicked(_Out):
    type: Literal["kicked"] = "kicked"
    room: str


class TournamentTable(_Out):
    """Pushed to each person seated at a tournament's table when its match starts: the
    match is theirs now (their room is the table's, so a reconnect brings them to it)."""

    type: Literal["tournament_table"] = "tournament_table"
    tournament: str
    table: str
    stage: int
    room: str
    match: str


class TournamentOver(_Out):
    """Pushed to everyone registered for an event when it ends: ``finished`` with its
    champion (an account id, or a bot's entrant id when a bot won, with the name shown at
    the table), or ``cancelled`` with its ``reason`` (``too_few_players``,
    ``by_organiser``). Sent once, when the event's stored value changes to that end."""

    type: Literal["tournament_over"] = "tournament_over"
    tournament: str
    name: str
    status: Literal["finished", "cancelled"]
    champion: str | None = None
    champion_name: str | None = None
    reason: Literal["too_few_players", "by_organiser"] | None = None


class TournamentUpdate(_Out):
    """Pushed to everyone registered for an event when its stored value changes (a
    registration, a check-in, the start, a table's result, the end): read the event again
    (``GET /api/tournaments/{id}``) to show it. At most one an event a second: the
    changes of that second (a stage's tables ending together) make one message."""

    type: Literal["tournament_update"] = "tournament_update"
    tournament: str
    status: EventStatus


class LeftRoom(_Out):
    type: Literal["left_room"] = "left_room"
    ref: Ref = None
    room: str


class Replaced(_Out):
    type: Literal["replaced"] = "replaced"


class TableSeat(_Out):
    name: str
    kind: Literal["human", "bot"]
    account: str | None
    bot_level: str | None
    bot_account: bool = False
    """A person's seat held by a bot account: shown with a bot badge."""
    title: TitleName | None = None
    """The title shown beside the player's name (as in ``AccountOut``)."""
    away: bool
    autoplay: bool
    left: bool
    camp: Camp | None
    avatar: Avatar


class ClockOut(_Out):
    turn_player: str | None
    turn_deadline: float | None
    match_deadline: float | None
    next_round_at: float | None
    catch_until: float | None


class State(_Out):
    type: Literal["state"] = "state"
    ref: Ref = None
    match: str
    version: int
    server_time: float
    you: str | None
    view: dict[str, Any]
    table: list[TableSeat]
    clock: ClockOut
    events: list[dict[str, Any]]
    legal: list[dict[str, Any]] | None = None
    """The receiver's own legal actions now (docs/records.md, *Actions*, without ``player``);
    None for a spectator."""


class Update(_Out):
    type: Literal["update"] = "update"
    match: str
    version: int
    server_time: float
    events: list[dict[str, Any]]
    view: dict[str, Any]
    delta: bool = False
    """``view`` holds only the fields that changed since the previous version (for a
    connection that asked for deltas)."""
    table: list[TableSeat]
    clock: ClockOut
    legal: list[dict[str, Any]] | None = None
    """As in :class:`State`."""


class Emote(_Out):
    """A player changed their avatar during a match: the expression doubles as an emote."""

    type: Literal["emote"] = "emote"
    match: str
    player: str
    avatar: Avatar


class ResultOut(_Out):
    name: str
    account: str | None
    score: int
    left: bool
    winner: bool
    rating_change: int
    breakdown: dict[str, int]
    rating: int | None
    level: LevelOut | None
    skill_change: int | None = None
    """The skill's change by this match (docs/rating.md); null for a seat without an
    account and for an abandoned match, which moves no skill."""
    skill: int | None = None
    """The account's skill after the match; null as ``skill_change`` is."""


class MatchOver(_Out):
    type: Literal["match_over"] = "match_over"
    match: str
    status: Literal["over", "abandoned"]
    winner: str | None
    results: list[ResultOut]


class ChatOut(_Out):
    """A chat message as its readers get it (pushed, and in the room's chat log)."""

    type: Literal["chat"] = "chat"
    id: int
    room: str | None
    """The room; None for a direct message."""
    to: str | None = None
    """The recipient of a direct message; None in a room."""
    channel: ChatChannel
    sender: str
    sender_name: str
    phrase: Phrase | None
    text: str | None
    at: float


class NoticeOut(_Out):
    """A notice: a friend request, an invitation to a room, a moderator's decision."""

    id: int
    kind: Literal["friend_request", "friend_accepted", "invitation", "moderation"]
    payload: dict[str, Any]
    created_at: float
    read_at: float | None


class NoticeMessage(_Out):
    """A new notice, pushed to its account if connected (it is stored either way)."""

    type: Literal["notice"] = "notice"
    notice: NoticeOut


ServerMessage = (
    ErrorOut
    | Welcome
    | Ack
    | Pong
    | RoomMessage
    | Lobby
    | Kicked
    | LeftRoom
    | Replaced
    | State
    | Update
    | Emote
    | MatchOver
    | TournamentTable
    | TournamentOver
    | TournamentUpdate
    | ChatOut
    | NoticeMessage
)


def dump(message: ServerMessage) -> str:
    """The JSON text of a server message; never raises.

    pydantic writes non-finite floats as ``null``; a string it cannot encode (a lone
    surrogate) sends the message through :func:`wirejson.dumps`, which makes it safe.
    """
    try:
        return message.model_dump_json()
    except PydanticSerializationError:
        return wirejson.dumps(message.model_dump(mode="python"))


def update_text(
    match: str,
    version: int,
    server_time: float,
    events: list[dict[str, Any]],
    view: dict[str, Any],
    delta: bool,
    table: list[dict[str, Any]],
    clock: dict[str, Any],
    legal: list[dict[str, Any]] | None,
) -> str:
    """The JSON text of an :class:`Update`, from plain values the server built itself.

    ``Update(...).model_dump_json()`` gives the same text, but validating the fields
    again (the table's seats, the clock) and dumping them cost several times more, four
    times a move; ``table`` here is the seats as :meth:`TableSeat.model_dump` gives
    them, built once while they stay the same. A test checks the two agree.
    """
    return to_json(
        {
            "type": "update",
            "match": match,
            "version": version,
            "server_time": server_time,
            "events": events,
            "view": view,
            "delta": delta,
            "table": table,
            "clock": clock,
            "legal": legal,
        }
    ).decode()


def error(
    code: str, message: str, ref: Any = None, details: dict[str, Any] | None = None
) -> ErrorOut:
    """An ``error`` frame; never raises, whatever the client sent.

    ``ref`` is echoed only when it is safe (:func:`echo_ref`); the message is made
    JSON-safe; ``details`` that do not validate are dropped rather than fail the reply.
    """
    ref = echo_ref(ref)
    message = wirejson.safe_text(message)
    try:
        return ErrorOut(code=code, message=message, ref=ref, details=details)
    except ValidationError:
        return ErrorOut(code=code, message=message, ref=ref, details=None)


__all__ = [
    "CLIENT_TYPES",
    "EXPRESSIONS",
    "OUTFITS",
    "PROTOCOL_VERSION",
    "SAFE_INT",
    "AccountOut",
    "Ack",
    "ActionBody",
    "AddBot",
    "Autoplay",
    "Avatar",
    "Chat",
    "ChatChannel",
    "ChatOut",
    "ClientMessage",
    "ClockOut",
    "Configure",
    "CreateRoom",
    "Emote",
    "ErrorOut",
    "Hello",
    "JoinRoom",
    "Kick",
    "Kicked",
    "LeaveRoom",
    "LeftRoom",
    "LevelOut",
    "ListRooms",
    "Lobby",
    "MatchOver",
    "NoticeMessage",
    "NoticeOut",
    "Phrase",
    "Ping",
    "PlayAction",
    "Pong",
    "ProtocolError",
    "QuickMatch",
    "Ready",
    "RemoveBot",
    "Replaced",
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
    "TournamentUpdate",
    "Update",
    "WatchLobby",
    "Welcome",
    "dump",
    "echo_ref",
    "error",
    "explain_errors",
    "parse_client",
    "update_text",
]
