"""The room store: rooms loaded, changed with version checks, and sent to their members.

Every room operation goes the same way: load the room (a cached copy of its row),
apply a pure operation of :class:`~younuo.server.lobby.rooms.RoomState` to a copy, store
the copy conditional on the version read (with the memberships that changed, in one
transaction), then send the new room to its members. A conflict (another process
changed the room first) reloads and tries again. The store also hears of rooms other
nodes stored (:meth:`RoomStore.room_changed`) and answers the lobby's list.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError, RoomMessage, RoomOut, RoomSummary
from younuo.server.accounts.auth import level_out
from younuo.server.lobby.errors import RoomError
from younuo.server.lobby.feed import LobbyFeed
from younuo.server.lobby.ports import Tables
from younuo.server.lobby.rooms import RoomState, RoomStatus
from younuo.server.lobby.rows import room_from_row, room_row
from younuo.server.lobby.wire import kept_changing, room_error, room_out, room_summary
from younuo.server.realtime.connections import Hub
from younuo.store import Database, VersionConflict
from younuo.store import accounts as accounts_repo
from younuo.store import rooms as repo

T = TypeVar("T")
ATTEMPTS = 3
"""Tries at a version-checked store before giving up (``internal``)."""


class RoomStore:
    """The rooms this node holds, stored with version checks and told to their members."""

    def __init__(
        self, db: Database, hub: Hub, tables: Tables, notify: Callable[[str, int], None]
    ) -> None:
        self.db = db
        self.hub = hub
        self.tables = tables
        self.notify = notify
        """Told of every room this node stored (the lobby passes it on to the cluster)."""
        self.rooms: dict[str, RoomState] = {}
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        """One lock a room: this node changes a room one operation at a time."""
        self.feed = LobbyFeed(lambda f: self.listing(f.mode, f.preset, f.free_seats))
        """The watchers of the room list: told after every stored change (``stored``)."""

    # ------------------------------------------------------------------ reading
    async def load(self, room_id: str) -> RoomState | None:
        cached = self.rooms.get(room_id)
        if cached is not None:
            return cached
        async with self.db.session() as s:
            row = await repo.get(s, room_id)
        if row is None or row.status == RoomStatus.CLOSED:
            return None
        room = room_from_row(row)
        self.rooms[room_id] = room
        return room

    async def room_of(self, account: str) -> RoomState | None:
        """The room the account sits in or watches."""
        async with self.db.session() as s:
            member = await repo.membership(s, account)
        if member is None:
            return None
        room = await self.load(member.room_id)
        if room is None or not room.is_member(account):
            return None
        return room

    async def room_out(self, room: RoomState, viewer: str | None) -> RoomOut:
        humans = room.humans()
        async with self.db.session() as s:
            found = await accounts_repo.get_many(s, humans)
        ratings = {a: acc.rating for a, acc in found.items()}
        connected = await self.hub.peers.online(humans, self.hub)
        skills = {a: acc.skill for a, acc in found.items()}
        return room_out(room, viewer, ratings, connected, level_out, skills)

    async def listing(
        self, mode: str | None = None, preset: str | None = None, free_seats: int | None = None
    ) -> list[RoomSummary]:
        async with self.db.session() as s:
            rows = await repo.listed(s)
        rooms = []
        for row in rows:
            cached = self.rooms.get(row.id)
            rooms.append(cached if cached and cached.version >= row.version else room_from_row(row))
        # Only rooms someone can start: a room whose host is offline strands whoever
        # joins it until the host comes back or hands it on (``lobby.hosts``).
        hosts = {room.host for room in rooms if room.host is not None}
        connected = await self.hub.peers.online(hosts, self.hub)
        out = []
        for room in rooms:
            if room.host not in connected:
                continue
            if mode is not None and room.settings.mode != mode:
                continue
            if preset is not None and room.settings.preset != preset:
                continue
            if free_seats is not None and room.free_seats() < free_seats:
                continue
            out.append(room_summary(room))
        return out

    # ------------------------------------------------------------------ storing
    async def change(self, room_id: str, operation: Callable[[RoomState], T]) -> T:
        """Apply ``operation`` to a copy of the room, store it (version-checked), tell members."""
        async with self.locks[room_id]:
            for _ in range(ATTEMPTS):
                room = await self.load(room_id)
                if room is None:
                    raise ProtocolError(ErrorCode.ROOM_NOT_FOUND, "no such room")
                new = room.copy()
                try:
                    result = operation(new)
                except RoomError as exc:
                    raise room_error(exc) from None
                if not new.humans() and not new.spectators and not new.is_playing:
                    new.status = RoomStatus.CLOSED
                before = _roles(room)
                after = _roles(new)
                try:
                    async with self.db.session() as s, s.begin():
                        new.version = await repo.save(s, room_id, room.version, **room_row(new))
                        for account in before.keys() - after.keys():
                            await repo.drop_membership(s, account, room_id)
                        for account, role in after.items():
                            if before.get(account) != role:
                                await repo.set_membership(s, account, room_id, role)
                except VersionConflict:
                    self.rooms.pop(room_id, None)
                    continue
                if new.status is RoomStatus.CLOSED:
                    self.rooms.pop(room_id, None)
                else:
                    self.rooms[room_id] = new
                self.stored(room_id, new.version)
                for account in before.keys() - after.keys():
                    if self.hub.room_of.get(account) == room_id:
                        self.hub.follow(account, None)
                for account in after:
                    if self.hub.online(account) and self.hub.room_of.get(account) != room_id:
                        self.hub.follow(account, room_id)
                await self.broadcast(new)
                return result
        raise kept_changing()

    def stored(self, room_id: str, version: int) -> None:
        """This node stored the room at ``version``: the other nodes and this node's
        lobby watchers hear of it."""
        self.notify(room_id, version)
        self.feed.changed()

    # ------------------------------------------------------------------ other nodes
    async def room_changed(self, room_id: str, version: int) -> None:
        """Another node stored the room at ``version``: read it again, move this node's
        connections in or out of it as its members changed, and send it to them."""
        cached = self.rooms.get(room_id)
        if cached is not None and cached.version >= version:
            return
        self.feed.changed()  # this node's lobby watchers see it too
        self.rooms.pop(room_id, None)
        room = await self.load(room_id)
        for account in self.hub.members(room_id):
            if room is None or not room.is_member(account):
                self.hub.follow(account, None)
        if room is None:
            return
        for account in room.members():
            if self.hub.online(account) and self.hub.room_of.get(account) != room_id:
                self.hub.follow(account, room_id)
        await self.broadcast(room)
        if room.match_id is not None:
            # A match started on another node: this node's members join its fan-out.
            for account in self.hub.members(room_id):
                conn = self.hub.by_account.get(account)
                if conn is not None and room.match_id not in conn.seen:
                    await self.tables.send_state(room.match_id, account)

    async def reload_all(self) -> None:
        """Forget every cached room and send this node's members theirs again (after
        missing other nodes' news, say while Redis was away)."""
        rooms = set(self.hub.in_room)
        self.rooms.clear()
        self.feed.changed()  # rooms with no member here may have changed too
        for room_id in rooms:
            await self.room_changed(room_id, -1)

    # ------------------------------------------------------------------ telling members
    async def touch(self, room_id: str) -> None:
        """Send the room again (someone's connection came or went). The lobby's
        watchers look again too: a host who came or went shows or hides the room."""
        room = await self.load(room_id)
        if room is not None:
            self.feed.changed()
            await self.broadcast(room)

    async def broadcast(self, room: RoomState) -> None:
        """Send the room to this node's members of it (its code to members only)."""
        if room.status is RoomStatus.CLOSED:
            return
        out = await self.room_out(room, None)
        public = RoomMessage(room=out).model_dump_json()
        private: str | None = None
        for account in self.hub.members(room.id):
            if room.settings.private and room.is_member(account):
                if private is None:
                    private = RoomMessage(
                        room=out.model_copy(update={"code": room.code})
                    ).model_dump_json()
                self.hub.send(account, private)
            else:
                self.hub.send(account, public)

    async def send_room(self, room: RoomState, account: str, ref: Any = None) -> None:
        self.hub.send(account, RoomMessage(ref=ref, room=await self.room_out(room, account)))


def _roles(room: RoomState) -> dict[str, str]:
    roles = {account: "spectator" for account in room.spectators}
    roles.update({account: "player" for account in room.humans()})
    return roles


__all__ = ["ATTEMPTS", "RoomStore"]
