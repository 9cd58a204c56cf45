"""What the match service needs of the deployment it runs in, and of who hears a match end.

:class:`Deployment` is given to :class:`~younuo.server.match.service.MatchService`'s
constructor: :class:`SingleNode` for one process (the default), the cluster's
(:class:`~younuo.server.cluster.deployment.ClusterDeployment`) for a node of several.
:class:`MatchEnded` is the typed hook to which the services that go on after a match
(the lobby's room, a tournament's table) add their listeners in their own constructors.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

from younuo.server.realtime.connections import Hub
from younuo.server.realtime.feed import Committed, Feeds

MatchOverHook = Callable[[str | None, str], Awaitable[None]]
"""Told ``(room_id, match_id)`` once a match ended and its end is stored."""


class Deployment(Protocol):
    """The deployment as the match service sees it."""

    @property
    def node(self) -> str | None:
        """This node's id when several share the database (every write is fenced by it)."""
        ...

    def announce(self, change: Committed) -> None:
        """A change this node committed: to the connections that watch the match."""
        ...

    async def presence(self, accounts: Iterable[str]) -> set[str]:
        """Which of ``accounts`` are connected (to any node)."""
        ...

    def ready(self) -> None:
        """Raise ProtocolError ``unavailable`` when changes cannot be announced now."""
        ...

    def lost(self, match: str, owner: str | None) -> None:
        """Another node (``owner``, when known) turned out to run a match held here."""
        ...


class SingleNode:
    """One process: the node has no id, changes go to this node's feeds, always ready."""

    node: str | None = None

    def __init__(self, feeds: Feeds, hub: Hub) -> None:
        self.feeds = feeds
        self.hub = hub

    def announce(self, change: Committed) -> None:
        self.feeds.deliver(change)

    async def presence(self, accounts: Iterable[str]) -> set[str]:
        return {a for a in accounts if self.hub.online(a)}

    def ready(self) -> None:
        return None

    def lost(self, match: str, owner: str | None) -> None:
        return None  # one process: nobody else runs matches


class MatchEnded:
    """The listeners of "a match ended", called in the order they were added."""

    def __init__(self) -> None:
        self._listeners: list[MatchOverHook] = []

    def add(self, listener: MatchOverHook) -> None:
        self._listeners.append(listener)

    @property
    def listeners(self) -> tuple[MatchOverHook, ...]:
        return tuple(self._listeners)

    async def __call__(self, room_id: str | None, match_id: str) -> None:
        for listener in self._listeners:
            await listener(room_id, match_id)


__all__ = ["Deployment", "MatchEnded", "MatchOverHook", "SingleNode"]
