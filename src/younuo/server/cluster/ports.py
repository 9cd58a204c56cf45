"""What the cluster's parts need of the services of this node, as small Protocols.

The concrete classes live in other packages (the match service, the router, the lobby);
the cluster sees only what it uses of them.
"""

from __future__ import annotations

from typing import Any, Protocol

from younuo.server.lobby.feed import LobbyFeed
from younuo.server.match.service import Runtime
from younuo.server.realtime.feed import Committed, Feeds
from younuo.server.realtime.routing import Op


class Matches(Protocol):
    """The matches this node runs (:class:`~younuo.server.match.service.MatchService`)."""

    runtimes: dict[str, Runtime]
    feeds: Feeds

    async def take_up_all(self, match_ids: list[str], at_once: int) -> set[str]:
        """Rebuild matches this node now owns from their rows and logs, read together;
        those running here."""
        ...

    async def release(self, match_id: str) -> Runtime | None:
        """Stop running a match here (a drain hands it to another node)."""
        ...

    def latest(self, rt: Runtime) -> Committed:
        """The match's newest change, as announced."""
        ...


class Desk(Protocol):
    """Where a request about a match is served (:class:`~younuo.server.realtime.routing.Router`)."""

    async def handle(self, match_id: str, op: Op, account: str, args: dict[str, Any]) -> Any:
        """Serve ``op`` on this node, which runs the match."""
        ...

    async def send_state(self, match_id: str, account: str, ref: Any = None) -> bool:
        """Send ``account`` the match's full table on this node's connection."""
        ...


class Rooms(Protocol):
    """The lobby of this node (:class:`~younuo.server.lobby.service.Lobby`)."""

    feed: LobbyFeed

    async def room_changed(self, room_id: str, version: int) -> None:
        """Another node stored version ``version`` of the room."""
        ...

    async def reload_all(self) -> None:
        """Read every cached room again (announcements may have been missed)."""
        ...


__all__ = ["Desk", "Matches", "Rooms"]
