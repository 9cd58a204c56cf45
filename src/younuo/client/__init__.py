"""``younuo.client``: the Younuo protocol (docs/protocol.md) as a typed async library.

::

    from younuo.client import Client, Rest, run_bot

    async with Rest("http://127.0.0.1:8000") as rest:
        session = await rest.guest("Ann")
    async with Client("http://127.0.0.1:8000", session.token) as client:
        frames = client.frames()
        room = await client.quick_match("classic")
        ...

- :class:`Rest` (:mod:`~younuo.client.rest`): accounts, lobby, history over HTTP.
- :class:`Client` (:mod:`~younuo.client.connection`): the WebSocket: typed requests,
  the frames as an async iterator, the room, lobby and match kept up to date
  (deltas applied, version gaps resynced), reconnects by the close codes.
- :func:`run_bot` (:mod:`~younuo.client.runbot`): a bot, a function from the seat's
  view and legal actions to an action, plays a match; :class:`LevelBot` is any of
  the server's own bot levels for it.
- The messages are the server's own pydantic models (:mod:`~younuo.client.messages`).

The pure parts are :class:`Conversation` (the protocol's state machine), :class:`Match`
(the match picture), :class:`Reconnect` (the reconnect policy) and :class:`Silence`
(when a silent match is asked for again); the rest is a thin shell of sockets. See
docs/client.md.
"""

from younuo.client.addresses import http_url, ws_url
from younuo.client.connection import Client, Frames
from younuo.client.conversation import Conversation, Step
from younuo.client.errors import (
    ClientError,
    Closed,
    Disconnected,
    Refused,
    Revoked,
    ServerError,
    Stopped,
    TakenOver,
    Unreachable,
)
from younuo.client.levelbot import LevelBot
from younuo.client.match import Match
from younuo.client.messages import (
    AccountOut,
    ActionBody,
    Avatar,
    ClockOut,
    Emote,
    ErrorOut,
    Kicked,
    LeaderRow,
    LeftRoom,
    Lobby,
    MatchOver,
    MatchSummary,
    RecordOut,
    ReplayOut,
    ResultOut,
    RoomMessage,
    RoomOut,
    RoomSettingsPatch,
    RoomSummary,
    SeatOut,
    ServerMessage,
    SessionOut,
    State,
    TableSeat,
    TournamentOver,
    TournamentTable,
    Update,
    Welcome,
)
from younuo.client.reconnect import Reconnect, Verdict
from younuo.client.rest import Rest
from younuo.client.runbot import Choice, Decide, Host, Observe, run_bot
from younuo.client.silence import Silence

__all__ = [
    "AccountOut",
    "ActionBody",
    "Avatar",
    "Choice",
    "Client",
    "ClientError",
    "ClockOut",
    "Closed",
    "Conversation",
    "Decide",
    "Disconnected",
    "Emote",
    "ErrorOut",
    "Frames",
    "Host",
    "Kicked",
    "LeaderRow",
    "LeftRoom",
    "LevelBot",
    "Lobby",
    "Match",
    "MatchOver",
    "MatchSummary",
    "Observe",
    "Reconnect",
    "RecordOut",
    "Refused",
    "ReplayOut",
    "Rest",
    "ResultOut",
    "Revoked",
    "RoomMessage",
    "RoomOut",
    "RoomSettingsPatch",
    "RoomSummary",
    "SeatOut",
    "ServerError",
    "ServerMessage",
    "SessionOut",
    "Silence",
    "State",
    "Step",
    "Stopped",
    "TableSeat",
    "TakenOver",
    "TournamentOver",
    "TournamentTable",
    "Unreachable",
    "Update",
    "Verdict",
    "Welcome",
    "http_url",
    "run_bot",
    "ws_url",
]
