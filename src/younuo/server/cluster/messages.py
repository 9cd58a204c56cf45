"""The messages between nodes: one frozen dataclass per kind, and their one codec.

Every message a node sends another over Redis (on a node's channel or the common
one) is one of :data:`Message`; :func:`encode` and :func:`decode` are the only places
that turn them into JSON and back. A committed change of a match is not among them:
it travels on the match's channel as :meth:`Committed.to_wire
<younuo.server.realtime.feed.Committed.to_wire>`.

What a node does not understand (an unknown kind, a missing field: a newer node
during an upgrade, say) is refused by :func:`decode` with :class:`UnknownMessage`,
which the listener logs and drops: one bad message never stops a node's listening.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any

from pydantic_core import from_json, to_json


class MessageKind(StrEnum):
    """The ``kind`` of a message between nodes."""

    REQUEST = "request"
    REPLY = "reply"
    ADOPT = "adopt"
    REPLACED = "replaced"
    TELL = "tell"
    REVOKE = "revoke"
    ROOM = "room"


@dataclass(frozen=True, slots=True)
class Request:
    """A request about a match, sent to the node that runs it (``Router.handle`` there)."""

    id: str
    """The call's id: its :class:`Reply` carries it back."""
    sender: str
    """The node that waits for the reply."""
    match: str
    op: str
    account: str
    args: dict[str, Any]
    until: float
    """Epoch seconds past which the node running the match refuses to start on it."""


@dataclass(frozen=True, slots=True)
class Failure:
    """Why a forwarded request failed: an error code (or ``not_here``) and its words."""

    code: str
    message: str
    details: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    """The answer to a :class:`Request`: its result, or its error."""

    id: str
    result: Any = None
    error: Failure | None = None


@dataclass(frozen=True, slots=True)
class Adopt:
    """Take up ``match``: a draining node handed it to this one."""

    match: str


@dataclass(frozen=True, slots=True)
class Replaced:
    """``account`` connected on another node: its connection here is replaced."""

    account: str


@dataclass(frozen=True, slots=True)
class Tell:
    """Send the frame ``text`` to ``account``'s connection on this node."""

    account: str
    text: str


@dataclass(frozen=True, slots=True)
class Revoke:
    """A logout on ``node``: close the connections opened with the token of ``token``."""

    token: str
    node: str


@dataclass(frozen=True, slots=True)
class RoomChanged:
    """``node`` stored version ``version`` of ``room``."""

    room: str
    version: int
    node: str


Message = Request | Reply | Adopt | Replaced | Tell | Revoke | RoomChanged
"""Every message between nodes."""

KINDS: dict[MessageKind, type[Message]] = {
    MessageKind.REQUEST: Request,
    MessageKind.REPLY: Reply,
    MessageKind.ADOPT: Adopt,
    MessageKind.REPLACED: Replaced,
    MessageKind.TELL: Tell,
    MessageKind.REVOKE: Revoke,
    MessageKind.ROOM: RoomChanged,
}
_KIND_OF = {cls: kind for kind, cls in KINDS.items()}
# The request's sender is ``from`` on the wire (a Python keyword as a field name).
_WIRE_NAMES = {"sender": "from"}


class UnknownMessage(ValueError):
    """A message this node does not understand (refused, logged, never handled)."""


def kind_of(message: Message) -> MessageKind:
    return _KIND_OF[type(message)]


def encode(message: Message) -> str:
    """The JSON text of ``message`` (trusted: no client's bytes are in it unchecked)."""
    body = {_WIRE_NAMES.get(k, k): v for k, v in asdict(message).items()}
    if isinstance(message, Reply):
        # Only what is there: a reply carries a result or an error, never both.
        body = {k: v for k, v in body.items() if v is not None or k == "result"}
        if message.error is not None:
            del body["result"]
    return to_json({"kind": kind_of(message).value, **body}).decode()


def decode(text: str | bytes) -> Message:
    """The message of ``text``; :class:`UnknownMessage` when it is none this node knows."""
    try:
        raw = from_json(text)
    except ValueError as exc:
        raise UnknownMessage(f"not JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise UnknownMessage("not an object")
    try:
        cls = KINDS[MessageKind(str(raw.get("kind")))]
    except ValueError:
        raise UnknownMessage(f"unknown kind {raw.get('kind')!r}") from None
    values: dict[str, Any] = {}
    for f in fields(cls):
        name = _WIRE_NAMES.get(f.name, f.name)
        if name in raw:
            values[f.name] = raw[name]
    try:
        if cls is Reply and values.get("error") is not None:
            values["error"] = Failure(**values["error"])
        return cls(**values)
    except TypeError as exc:
        raise UnknownMessage(f"bad {cls.__name__}: {exc}") from None


__all__ = [
    "KINDS",
    "Adopt",
    "Failure",
    "Message",
    "MessageKind",
    "Replaced",
    "Reply",
    "Request",
    "Revoke",
    "RoomChanged",
    "Tell",
    "UnknownMessage",
    "decode",
    "encode",
    "kind_of",
]
