"""What the lobby needs of others, as small Protocols.

The deployment tells the other nodes that a room changed (:class:`RoomNews`), given to
:class:`~younuo.server.lobby.service.Lobby`'s constructor: :class:`Unshared` for one
process (the default), the cluster's (``ClusterNews``, which publishes the room's new
version on the common channel) for a node of several.

The match service (``younuo.server.match.service``) prepares, launches and drops
matches (:class:`Matches`); the router (``younuo.server.realtime.routing``) reaches a
match wherever it runs (:class:`Tables`). The lobby's store and starts are typed by
these, not by those classes.
"""

from __future__ import annotations

from typing import Any, Protocol

from younuo.engine import Rules
from younuo.server.match.service import Runtime
from younuo.server.realtime.routing import Op
from younuo.server.seats.seat import Seat
from younuo.store.models import Match


class RoomNews(Protocol):
    """Who else must hear of a room this node stored."""

    def room_changed(self, room: str, version: int) -> None:
        """This node stored version ``version`` of ``room``."""
        ...


class Unshared:
    """One process: nobody else holds rooms."""

    def room_changed(self, room: str, version: int) -> None:
        return None


class Matches(Protocol):
    """The match service as the lobby uses it: a match prepared, then launched once
    stored, or dropped when it was not."""

    def prepare(
        self,
        room_id: str,
        seats: list[Seat],
        rules: Rules,
        teams: list[list[str]] | None,
        abandon: str,
    ) -> tuple[Runtime, Match]: ...

    def unprepare(self, rt: Runtime) -> None: ...

    def launch(self, rt: Runtime) -> None: ...


class Tables(Protocol):
    """The running matches, on this node or another (``Router``)."""

    async def request(self, match_id: str, op: Op, account: str, **args: Any) -> Any: ...

    async def send_state(self, match_id: str, account: str, ref: Any = None) -> bool: ...

    async def plays(self, match_id: str | None, account: str) -> bool: ...


__all__ = ["Matches", "RoomNews", "Tables", "Unshared"]
