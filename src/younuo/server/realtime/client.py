"""One connection's client as the message handlers see it: its connection, its address,
its account once it said hello, and how to acknowledge or refuse what it sent."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import Ack, ProtocolError
from younuo.server.edge.limits import Refusal
from younuo.server.realtime.connections import Connection
from younuo.store.models import Account

Handlers = dict[type, Callable[[Any], Awaitable[None]]]
"""The handler of each kind of client message, by its protocol model."""


class SocketClient:
    """The connection, the client's address and (after ``hello``) its account."""

    def __init__(self, conn: Connection, host: str | None) -> None:
        self.conn = conn
        self.host = host
        self.account: Account | None = None

    @property
    def me(self) -> Account:
        """The signed-in account (a handler runs only after ``hello``)."""
        assert self.account is not None
        return self.account

    def ack(self, ref: Any) -> None:
        """Acknowledge the message of ``ref`` (a message without one gets no ``ack``)."""
        if ref is not None:
            self.conn.send(Ack(ref=ref))


def over_budget(refusal: Refusal, ref: Any, code: str = ErrorCode.RATE_LIMITED) -> ProtocolError:
    """A budget spent (a bot's messages, rooms made, wrong room codes): the error that
    says when to try again, with ``retry_after`` in its details."""
    return ProtocolError(
        code,
        f"{refusal.message}: try again in {refusal.retry_after} s",
        ref,
        {"retry_after": refusal.retry_after},
    )


__all__ = ["Handlers", "SocketClient", "over_budget"]
