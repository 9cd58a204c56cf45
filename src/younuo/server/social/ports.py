"""What social play needs of the lobby, as a small protocol (the lobby package's
:class:`~younuo.server.lobby.service.Lobby` is the one that serves it)."""

from __future__ import annotations

from typing import Protocol

from younuo.server.lobby.rooms import RoomState


class LobbyWatchers(Protocol):
    """Who watches the lobby on this node."""

    def accounts(self) -> set[str]:
        """The signed-in accounts watching the lobby here (presence ``lobby``)."""
        ...


class Rooms(Protocol):
    """The rooms as social play reads them: by id, by member, and the lobby's watchers."""

    @property
    def feed(self) -> LobbyWatchers: ...

    async def load(self, room_id: str) -> RoomState | None:
        """The room of that id, if there is one."""
        ...

    async def room_of(self, account: str) -> RoomState | None:
        """The room ``account`` is in (seated or watching), if any."""
        ...


__all__ = ["LobbyWatchers", "Rooms"]
