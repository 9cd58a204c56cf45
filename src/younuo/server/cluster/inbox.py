"""Who handles what a node hears from the others: the typed hook of the cluster.

The :class:`~younuo.server.cluster.link.Link` is built first (the match service needs it
to announce), the parts that handle what it hears later (they need the match service,
the hub, the lobby). The composition root passes one :class:`Inbox` to all of them:
each part adds its own handlers inside its own constructor, so nothing is assigned to
another object after it is built, and the wiring shows where the parts are built.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from younuo.server.cluster.messages import Message
from younuo.server.realtime.feed import Committed

M = TypeVar("M", bound=Message)

Handler = Callable[[M], Awaitable[None] | None]
"""Handles one kind of message: at once (returns None) or in a task (an awaitable)."""


class Inbox:
    """Handlers of messages by kind, of matches' committed changes, and of Redis coming back."""

    def __init__(self) -> None:
        self._handlers: dict[type[Any], Callable[[Any], Awaitable[None] | None]] = {}
        self._changes: list[Callable[[Committed], None]] = []
        self._back: list[Callable[[], Awaitable[None]]] = []

    def on(self, kind: type[M], handler: Handler[M]) -> None:
        """``handler`` handles every message of ``kind`` (one handler per kind)."""
        if kind in self._handlers:
            raise ValueError(f"{kind.__name__} has a handler already")
        self._handlers[kind] = handler

    def on_change(self, handler: Callable[[Committed], None]) -> None:
        """``handler`` is told of every change heard on a watched match's channel."""
        self._changes.append(handler)

    def on_reconnect(self, handler: Callable[[], Awaitable[None]]) -> None:
        """``handler`` runs (in a task) each time Redis is reachable again."""
        self._back.append(handler)

    def handle(self, message: Message) -> Awaitable[None] | None:
        """Hand ``message`` to its handler (None when nobody handles its kind)."""
        handler = self._handlers.get(type(message))
        return handler(message) if handler is not None else None

    def changed(self, change: Committed) -> None:
        for handler in self._changes:
            handler(change)

    def reconnected(self) -> list[Awaitable[None]]:
        return [handler() for handler in self._back]


__all__ = ["Handler", "Inbox"]
