"""The client's messages during a match: an action, autoplay on or off, and a fresh
state (``sync``); the node that runs the match checks the seat (server/realtime/routing.py)."""

from __future__ import annotations

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import Autoplay, PlayAction, ProtocolError, Sync
from younuo.server.lobby.service import Lobby
from younuo.server.realtime.client import Handlers, SocketClient
from younuo.server.realtime.routing import Op, Router


class PlayHandlers:
    """The match messages of one connection, routed to the match's node."""

    def __init__(self, client: SocketClient, lobby: Lobby, tables: Router) -> None:
        self.client = client
        self.lobby = lobby
        self.tables = tables

    def handlers(self) -> Handlers:
        """The handler of each message kind this class serves."""
        return {PlayAction: self.action, Autoplay: self.autoplay, Sync: self.sync}

    async def action(self, m: PlayAction) -> None:
        me = self.client.me
        body = m.action.model_dump(exclude_none=True)
        await self.tables.request(m.match, Op.PLAY, me.id, body=body, version=m.version)
        self.client.ack(m.ref)
        if body.get("type") == "leave":
            await self.lobby.leave(me)

    async def autoplay(self, m: Autoplay) -> None:
        match = await self._my_match()
        await self.tables.request(match, Op.AUTOPLAY, self.client.me.id, on=m.on)
        self.client.ack(m.ref)

    async def sync(self, m: Sync) -> None:
        me = self.client.me
        room = await self.lobby.room_of(me.id)
        match = room.match_id if room is not None else None
        if match is None or not await self.tables.send_state(match, me.id, ref=m.ref):
            raise ProtocolError(ErrorCode.NO_MATCH, "no running match to sync", m.ref)

    async def _my_match(self) -> str:
        """The running match of the account's room (whose node checks the seat)."""
        room = await self.lobby.room_of(self.client.me.id)
        if room is None or room.match_id is None:
            raise ProtocolError(ErrorCode.NO_MATCH, "you play in no running match")
        return room.match_id


__all__ = ["PlayHandlers"]
