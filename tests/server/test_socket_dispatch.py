"""The WebSocket session's dispatch table (server/realtime/session.py): every kind of
client message has exactly one handler class of its capability, and none is claimed
twice (merging the classes' tables would let a later one silently replace another's)."""

from __future__ import annotations

import typing
from typing import Any

from younuo.protocol.messages import ClientMessage, Hello, Ping
from younuo.server.realtime.chathandlers import ChatHandlers
from younuo.server.realtime.client import Handlers
from younuo.server.realtime.lobbyhandlers import LobbyHandlers
from younuo.server.realtime.playhandlers import PlayHandlers
from younuo.server.realtime.roomhandlers import RoomHandlers

HANDLER_CLASSES = (LobbyHandlers, RoomHandlers, PlayHandlers, ChatHandlers)
"""The handler classes :class:`ClientSession` merges into its table."""
SESSION_OWN = {Hello, Ping}
"""The kinds the session answers itself: signing in, and the connection's ping."""


def table_of(cls: type[Any]) -> Handlers:
    """The class's table (``handlers()`` names its bound methods and reads no state)."""
    handlers: Handlers = cls.handlers(object.__new__(cls))
    return handlers


def client_models() -> set[type]:
    """Every model a client message parses into."""
    union = typing.get_args(ClientMessage)[0]
    return set(typing.get_args(union))


def test_every_client_message_has_exactly_one_handler_class() -> None:
    claimed: dict[type, str] = {}
    for cls in HANDLER_CLASSES:
        for kind in table_of(cls):
            assert kind not in claimed, f"{kind.__name__}: {claimed[kind]} and {cls.__name__}"
            assert kind not in SESSION_OWN, f"{kind.__name__} is the session's own"
            claimed[kind] = cls.__name__
    assert set(claimed) | SESSION_OWN == client_models()


def test_each_handler_is_a_method_of_its_class() -> None:
    """A table names the methods of its own class, so that a message reaches the class
    that holds that capability's collaborators."""
    for cls in HANDLER_CLASSES:
        for kind, handler in table_of(cls).items():
            bound: Any = handler
            assert type(bound.__self__) is cls, (cls, kind)
            assert getattr(cls, bound.__name__) is bound.__func__, (cls, kind)
