"""The lobby service: what people do with rooms (create, join, quick match, leave, host
powers, start), on top of the room store.

:class:`Lobby` is the face the sockets, the REST routes, the cluster, the social and
tournament services use. It keeps no room state of its own: the rooms are the
store's (``lobby.store``: load, change with version checks, tell members), a match's
start and end are ``lobby.starts``', and the rules of a room are the pure
``lobby.rooms``. See docs/architecture.md for how the lobby's modules divide the work.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TypeVar

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import (
    Avatar,
    Kicked,
    ProtocolError,
    RoomOut,
    RoomSettingsPatch,
    RoomSummary,
)
from younuo.server.accounts.names import InvalidName, clean_name
from younuo.server.accounts.seatfacts import seat_facts
from younuo.server.lobby.errors import RoomError
from younuo.server.lobby.hosts import HostWatch
from younuo.server.lobby.ports import RoomNews, Unshared
from younuo.server.lobby.rooms import RoomState, RoomStatus
from younuo.server.lobby.rows import new_row
from younuo.server.lobby.settings import Settings
from younuo.server.lobby.starts import MatchStarts
from younuo.server.lobby.store import RoomStore
from younuo.server.lobby.wire import room_error
from younuo.server.match.ports import MatchEnded
from younuo.server.match.service import MatchService, Runtime
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.routing import Op, Router
from younuo.social.blocks import may_seat_together
from younuo.social.skill import OpenTable, seating_order
from younuo.store import Database
from younuo.store import accounts as accounts_repo
from younuo.store import friends as friends_repo
from younuo.store import rooms as repo
from younuo.store.ids import new_code, new_id
from younuo.store.models import Account, Match

T = TypeVar("T")
QUICK_MATCH_SKIPS = (ErrorCode.NAME_TAKEN, ErrorCode.ROOM_FULL, ErrorCode.SEAT_TAKEN)
"""A quick match tries the next room when joining one is refused for these."""


class Lobby:
    """Rooms: create, join, quick match, leave, host powers, start."""

    def __init__(
        self,
        db: Database,
        hub: Hub,
        matches: MatchService,
        tables: Router,
        match_ended: MatchEnded,
        news: RoomNews | None = None,
        grace: float = 60.0,
    ) -> None:
        """``match_ended``: the hook the match service calls when a match ended (the
        lobby adds its listener here); ``news``: who else hears of a stored room;
        ``grace``: seconds a gone host keeps the room (``Settings.reconnect_grace``)."""
        self.db = db
        self.hub = hub
        self.matches = matches
        self.tables = tables
        self.changed: Callable[[str, int], None] = (news or Unshared()).room_changed
        """Told of every room this node stored (a cluster tells the other nodes)."""
        self.store = RoomStore(db, hub, tables, self.changed)
        self.starts = MatchStarts(self.store, matches, tables)
        self.rooms = self.store.rooms
        self.hosts = HostWatch(
            grace, self.store.load, self.store.change, lambda a: hub.peers.online(a, hub)
        )
        """Hands a room on when its host stays gone for the grace (``lobby.hosts``)."""
        match_ended.add(self._match_over)
        self.feed = self.store.feed
        """The watchers of the room list: told after every stored change (``changed``)."""

    # ------------------------------------------------------------------ the store's
    async def load(self, room_id: str) -> RoomState | None:
        return await self.store.load(room_id)

    async def room_of(self, account: str) -> RoomState | None:
        """The room the account sits in or watches."""
        return await self.store.room_of(account)

    async def room_out(self, room: RoomState, viewer: str | None) -> RoomOut:
        return await self.store.room_out(room, viewer)

    async def listing(
        self, mode: str | None = None, preset: str | None = None, free_seats: int | None = None
    ) -> list[RoomSummary]:
        return await self.store.listing(mode, preset, free_seats)

    async def change(self, room_id: str, operation: Callable[[RoomState], T]) -> T:
        """Apply ``operation`` to a copy of the room, store it (version-checked), tell members."""
        return await self.store.change(room_id, operation)

    async def room_changed(self, room_id: str, version: int) -> None:
        """Another node stored the room at ``version`` (``RoomStore.room_changed``)."""
        await self.store.room_changed(room_id, version)

    async def reload_all(self) -> None:
        """Forget every cached room and send this node's members theirs again."""
        await self.store.reload_all()

    async def touch(self, room_id: str) -> None:
        """Send the room again (someone's connection came or went)."""
        await self.store.touch(room_id)

    def went_away(self, account: str, room_id: str) -> None:
        """``account``, a member of the room, has no connection left on any node: if
        they host it and stay gone for the grace, it passes on (``lobby.hosts``)."""
        self.hosts.went_away(account, room_id)

    async def match_in(self, room_id: str) -> str | None:
        """The match the room is playing, if any."""
        room = await self.load(room_id)
        return room.match_id if room is not None else None

    # ------------------------------------------------------------------ joining
    async def create(self, account: Account, patch: RoomSettingsPatch) -> RoomState:
        await self._leave_current(account)
        try:
            settings = Settings(name=clean_name(f"{account.name}'s table"[:40], 40)).patched(patch)
        except InvalidName:
            settings = Settings(name="Table").patched(patch)
        except RoomError as exc:
            raise room_error(exc) from None
        room = RoomState(
            id=new_id("r"),
            settings=settings,
            host=account.id,
            seats=[None] * settings.seats,
            code=new_code() if settings.private else None,
        )
        try:
            room.sit(account.id, seat_facts(account))
        except RoomError as exc:
            raise room_error(exc) from None
        async with self.db.session() as s, s.begin():
            await repo.insert(s, new_row(room))
            await repo.set_membership(s, account.id, room.id, "player")
        self.rooms[room.id] = room
        self.store.stored(room.id, room.version)
        self.hub.follow(account.id, room.id)
        await self.store.broadcast(room)
        return room

    async def join(
        self, account: Account, room_id: str | None, code: str | None, spectate: bool
    ) -> RoomState:
        room = await self._find(room_id, code)
        if room.is_member(account.id):
            self.hub.follow(account.id, room.id)
            if not spectate or room.seat_of(account.id) is None:
                await self.store.send_room(room, account.id)
                return room
        await self._leave_current(account, keep=room.id)

        def sit(r: RoomState) -> None:
            if spectate:
                r.watch(account.id)
            else:
                r.sit(account.id, seat_facts(account))

        await self.change(room.id, sit)
        self.hub.follow(account.id, room.id)
        return self.rooms.get(room.id) or room

    async def quick_match(
        self, account: Account, preset: str | None, mode: str | None
    ) -> RoomState:
        """The open public room that fits whose people's skill is closest to the
        player's, the fullest of those first (younuo.social.skill.seating_order), or a
        new one."""
        candidates = await self.listing(mode=mode, preset=preset, free_seats=1)
        open_rooms: dict[str, tuple[RoomState, int]] = {}
        for summary in candidates:
            if summary.status != RoomStatus.OPEN:
                continue
            found = await self.load(summary.id)
            if found is not None and not found.is_member(account.id):
                open_rooms[found.id] = (found, summary.taken)
        people = [h for room, _ in open_rooms.values() for h in room.humans()]
        async with self.db.session() as s:
            rated = await accounts_repo.get_many(s, people)
        tables = [
            OpenTable(rid, taken, tuple(rated[h].skill for h in room.humans() if h in rated))
            for rid, (room, taken) in open_rooms.items()
        ]
        for rid in seating_order(account.skill, tables):
            room = open_rooms[rid][0]
            # Social play (docs/social.md): never seat someone with a player either blocks.
            seated = [account.id, *room.humans()]
            async with self.db.session() as s:
                blocks = await friends_repo.blocks_among(s, seated)
            if not may_seat_together(blocks, seated):
                continue
            try:
                return await self.join(account, room.id, None, False)
            except ProtocolError as exc:
                if exc.code in QUICK_MATCH_SKIPS:
                    continue
                raise
        patch = RoomSettingsPatch(preset=preset, mode=mode)  # type: ignore[arg-type]
        return await self.create(account, patch)

    async def leave(self, account: Account) -> str | None:
        """Leave the current room (R-LEAVE first when playing in its match); its id."""
        return await self.take_out(account.id)

    async def take_out(self, account: str) -> str | None:
        """Take ``account`` out of its room as one who leaves (R-LEAVE first when it
        plays the room's match), connected or not: a player's ``leave``, and a
        sanction's (``server/admin/sanctions.py``). The room's id, None when in none."""
        room = await self.room_of(account)
        if room is None:
            self.hub.follow(account, None)
            return None
        await self.starts.leave_match(account)
        await self.change(room.id, lambda r: r.remove(account))
        self.hub.follow(account, None)
        return room.id

    async def _leave_current(self, account: Account, keep: str | None = None) -> None:
        room = await self.room_of(account.id)
        if room is not None and room.id != keep:
            if await self.tables.plays(room.match_id, account.id):
                raise ProtocolError(
                    ErrorCode.ALREADY_IN_ROOM,
                    "you are playing a match: leave it before joining another room",
                )
            await self.change(room.id, lambda r: r.remove(account.id))
            self.hub.follow(account.id, None)

    async def _find(self, room_id: str | None, code: str | None) -> RoomState:
        room: RoomState | None = None
        if room_id is not None:
            room = await self.load(room_id)
            if room is not None and room.settings.private and room.code != (code or "").upper():
                # A private room is joined by its code only, not by a guessed id.
                room = None
        elif code is not None:
            async with self.db.session() as s:
                row = await repo.by_code(s, code)
            room = None if row is None else await self.load(row.id)
        if room is None or room.status is RoomStatus.CLOSED:
            raise ProtocolError(ErrorCode.ROOM_NOT_FOUND, "no such room (or the code is wrong)")
        return room

    # ------------------------------------------------------------------ in the room
    async def act(self, account: Account, operation: Callable[[RoomState], T]) -> T:
        """Apply an operation to the account's room."""
        room = await self.room_of(account.id)
        if room is None:
            raise ProtocolError(ErrorCode.NOT_IN_ROOM, "you are not in a room")
        return await self.change(room.id, operation)

    async def set_avatar(self, account: Account, avatar: Avatar) -> None:
        """The account's avatar, on its seat in the room and, during a match, at the table."""
        async with self.db.session() as s, s.begin():
            found = await accounts_repo.get(s, account.id)
            if found is not None:
                found.outfit, found.expression = avatar.outfit, avatar.expression
        account.outfit, account.expression = avatar.outfit, avatar.expression
        room = await self.room_of(account.id)
        if room is not None and room.match_id is not None:
            # At a running match the new expression is an emote: the table hears of it first.
            with contextlib.suppress(ProtocolError):
                await self.tables.request(
                    room.match_id, Op.EMOTE, account.id, avatar=avatar.model_dump()
                )
        if room is not None and room.seat_of(account.id) is not None:
            await self.change(
                room.id, lambda r: r.set_avatar(account.id, avatar.outfit, avatar.expression)
            )

    async def kick(self, account: Account, seat: int) -> None:
        room = await self.room_of(account.id)
        kicked = await self.act(account, lambda r: r.kick(account.id, seat))
        if kicked.account is not None:
            async with self.db.session() as s, s.begin():
                await repo.drop_membership(s, kicked.account)
            self.hub.follow(kicked.account, None)
            self.hub.tell(kicked.account, Kicked(room=room.id if room else ""))

    async def configure(self, account: Account, patch: RoomSettingsPatch) -> None:
        def apply(r: RoomState) -> None:
            r.configure(account.id, patch)
            if r.settings.private and r.code is None:
                r.code = new_code()
            elif not r.settings.private:
                r.code = None

        await self.act(account, apply)

    # ------------------------------------------------------------------ matches
    async def start(self, account: Account) -> str:
        """Start the room's match; its id, or ``cannot_start`` with the reasons."""
        room = await self.room_of(account.id)
        if room is None:
            raise ProtocolError(ErrorCode.NOT_IN_ROOM, "you are not in a room")
        return await self.starts.start(room, account.id)

    async def open_table(self, room: RoomState, rt: Runtime, row: Match) -> bool:
        """Store a tournament table's room with its match and start it
        (``MatchStarts.open_table``); False when it was started before."""
        return await self.starts.open_table(room, rt, row)

    async def _match_over(self, room_id: str | None, match_id: str) -> None:
        await self.starts.match_over(room_id, match_id)

    async def restore(self) -> None:
        """After a restart: rooms marked playing whose match is not running go back to open."""
        await self.starts.restore()


__all__ = ["Lobby", "room_error"]
