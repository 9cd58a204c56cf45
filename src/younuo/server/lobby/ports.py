"""What the lobby needs of the deployment: telling the other nodes that a room changed.

Given to :class:`~younuo.server.lobby.service.Lobby`'s constructor: :class:`Unshared`
for one process (the default), the cluster's (``ClusterNews``, which publishes the
room's new version on the common channel) for a node of several.
"""

from __future__ import annotations

from typing import Protocol


class RoomNews(Protocol):
    """Who else must hear of a room this node stored."""

    def room_changed(self, room: str, version: int) -> None:
        """This node stored version ``version`` of ``room``."""
        ...


class Unshared:
    """One process: nobody else holds rooms."""

    def room_changed(self, room: str, version: int) -> None:
        return None


__all__ = ["RoomNews", "Unshared"]
