"""The client's messages about the lobby: the list of open rooms, once or as pushes."""

from __future__ import annotations

from younuo.protocol.messages import ListRooms, WatchLobby
from younuo.protocol.messages import Lobby as LobbyMessage
from younuo.server.lobby.feed import RoomFilter
from younuo.server.lobby.service import Lobby
from younuo.server.realtime.client import Handlers, SocketClient
from younuo.server.realtime.connections import Hub


class LobbyHandlers:
    """``list_rooms`` and ``watch_lobby``; a watcher shows in its friends' presence."""

    def __init__(self, client: SocketClient, lobby: Lobby, hub: Hub) -> None:
        self.client = client
        self.lobby = lobby
        self.hub = hub

    def handlers(self) -> Handlers:
        """The handler of each message kind this class serves."""
        return {ListRooms: self.list_rooms, WatchLobby: self.watch_lobby}

    async def list_rooms(self, m: ListRooms) -> None:
        rooms = await self.lobby.listing(m.mode, m.preset, m.free_seats)
        self.client.conn.send(LobbyMessage(ref=m.ref, rooms=rooms))

    async def watch_lobby(self, m: WatchLobby) -> None:
        if m.on:  # answered by the listing now, then pushes (server/lobby/feed.py)
            await self.lobby.feed.watch(
                self.client.conn, RoomFilter(m.mode, m.preset, m.free_seats), m.ref
            )
            if self.client.account is not None:  # friends see them in the lobby
                self.hub.peers.watching_lobby(self.client.account.id, True)
        else:
            self.unwatch()
            self.client.ack(m.ref)

    def unwatch(self) -> None:
        """Stop the lobby's pushes to this connection, and its presence ``lobby``
        unless the account's newer connection here watches it too."""
        account = self.client.account
        if not self.lobby.feed.unwatch(self.client.conn) or account is None:
            return
        if account.id not in self.lobby.feed.accounts():
            self.hub.peers.watching_lobby(account.id, False)


__all__ = ["LobbyHandlers"]
