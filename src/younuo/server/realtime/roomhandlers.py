"""The client's messages about a room: making, joining (by id or private code), quick
match, leaving, and what a member does in it before a match (seats, ready, camps, bots,
settings, kicks, start). Each is acknowledged; the room's new state reaches every member
through the lobby."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import (
    AddBot,
    Configure,
    CreateRoom,
    JoinRoom,
    Kick,
    LeaveRoom,
    LeftRoom,
    ProtocolError,
    QuickMatch,
    Ready,
    RemoveBot,
    SetAvatar,
    SetCamp,
    StandUp,
    Start,
    TakeSeat,
)
from younuo.server.accounts.seatfacts import seat_facts
from younuo.server.edge.limits import Write, WriteLimits
from younuo.server.lobby.codeguesses import CodeGuesses
from younuo.server.lobby.rooms import RoomState
from younuo.server.lobby.service import Lobby
from younuo.server.realtime.client import Handlers, SocketClient, over_budget
from younuo.server.realtime.routing import Router


class RoomHandlers:
    """The room messages of one connection, over the lobby and the match router."""

    def __init__(
        self,
        client: SocketClient,
        lobby: Lobby,
        tables: Router,
        write_limits: WriteLimits | None,
        code_guesses: CodeGuesses | None,
    ) -> None:
        self.client = client
        self.lobby = lobby
        self.tables = tables
        self.write_limits = write_limits
        self.code_guesses = code_guesses

    def handlers(self) -> Handlers:
        """The handler of each message kind this class serves."""
        return {
            CreateRoom: self.create_room,
            JoinRoom: self.join_room,
            QuickMatch: self.quick_match,
            LeaveRoom: self.leave_room,
            TakeSeat: self.take_seat,
            StandUp: self.stand_up,
            Ready: self.ready,
            SetAvatar: self.avatar,
            Kick: self.kick,
            SetCamp: self.set_camp,
            Configure: self.configure,
            AddBot: self.add_bot,
            RemoveBot: self.remove_bot,
            Start: self.start,
        }

    async def create_room(self, m: CreateRoom) -> None:
        # The same budget as POST /api/rooms: leaving and creating again is no way round.
        me = self.client.me
        refusal = (
            None if self.write_limits is None else await self.write_limits.check(me, Write.ROOMS)
        )
        if refusal is not None:
            raise over_budget(refusal, m.ref, ErrorCode.TOO_MANY_WRITES)
        await self.lobby.create(me, m.settings)
        self.client.ack(m.ref)

    async def join_room(self, m: JoinRoom) -> None:
        if m.room is None and m.code is None:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "give the room's id or its code", m.ref)
        me = self.client.me
        if m.code is None or self.code_guesses is None:
            room = await self.lobby.join(me, m.room, m.code, m.spectate)
        else:
            room = await self._join_by_code(m, self.code_guesses)
        self.client.ack(m.ref)
        if room.match_id is not None:
            await self.tables.send_state(room.match_id, me.id)

    async def _join_by_code(self, m: JoinRoom, guesses: CodeGuesses) -> RoomState:
        """A join naming a code spends the budget of wrong codes (server/lobby/codeguesses.py);
        any answer but ``room_not_found`` means the code was right and costs nothing."""
        me, host = self.client.me, self.client.host
        refusal = await guesses.attempt(me.id, host)
        if refusal is not None:
            raise over_budget(refusal, m.ref)
        try:
            room = await self.lobby.join(me, m.room, m.code, m.spectate)
        except ProtocolError as exc:
            if exc.code != ErrorCode.ROOM_NOT_FOUND:
                await guesses.right(me.id, host)
            raise
        await guesses.right(me.id, host)
        return room

    async def quick_match(self, m: QuickMatch) -> None:
        await self.lobby.quick_match(self.client.me, m.preset, m.mode)
        self.client.ack(m.ref)

    async def leave_room(self, m: LeaveRoom) -> None:
        room = await self.lobby.leave(self.client.me)
        if room is None:
            raise ProtocolError(ErrorCode.NOT_IN_ROOM, "you are not in a room", m.ref)
        self.client.conn.send(LeftRoom(ref=m.ref, room=room))

    async def _act(self, ref: Any, change: Callable[[RoomState, str], object]) -> None:
        """Apply ``change`` (given the room and the caller's id) to the caller's room,
        then acknowledge the message of ``ref``."""
        me = self.client.me
        await self.lobby.act(me, lambda room: change(room, me.id))
        self.client.ack(ref)

    async def take_seat(self, m: TakeSeat) -> None:
        facts = seat_facts(self.client.me)
        await self._act(m.ref, lambda room, me: room.take_seat(me, facts, m.seat))

    async def stand_up(self, m: StandUp) -> None:
        await self._act(m.ref, lambda room, me: room.stand_up(me))

    async def ready(self, m: Ready) -> None:
        await self._act(m.ref, lambda room, me: room.set_ready(me, m.ready))

    async def avatar(self, m: SetAvatar) -> None:
        await self.lobby.set_avatar(self.client.me, m.avatar)
        self.client.ack(m.ref)

    async def kick(self, m: Kick) -> None:
        await self.lobby.kick(self.client.me, m.seat)
        self.client.ack(m.ref)

    async def set_camp(self, m: SetCamp) -> None:
        await self._act(m.ref, lambda room, me: room.set_camp(me, m.seat, m.camp))

    async def configure(self, m: Configure) -> None:
        await self.lobby.configure(self.client.me, m.settings)
        self.client.ack(m.ref)

    async def add_bot(self, m: AddBot) -> None:
        await self._act(m.ref, lambda room, me: room.add_bot(me, m.level, m.seat))

    async def remove_bot(self, m: RemoveBot) -> None:
        await self._act(m.ref, lambda room, me: room.remove_bot(me, m.seat))

    async def start(self, m: Start) -> None:
        await self.lobby.start(self.client.me)
        self.client.ack(m.ref)


__all__ = ["RoomHandlers"]
