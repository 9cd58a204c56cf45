"""The lobby service: rooms stored with version checks, and their members told of changes.

Every room operation goes the same way: load the room (a cached copy of its row),
apply a pure operation of :class:`~younuo.server.lobby.rooms.RoomState` to a copy, store the
copy conditional on the version read (with the memberships that changed, in one
transaction), then send the new room to its members. A conflict (another process
changed the room first) reloads and tries again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from younuo.engine import RulesError
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import (
    Avatar,
    Kicked,
    ProtocolError,
    RoomMessage,
    RoomOut,
    RoomSettingsPatch,
    RoomSummary,
)
from younuo.server.accounts.auth import level_out
from younuo.server.accounts.names import InvalidName, clean_name
from younuo.server.accounts.seatfacts import match_seat, seat_facts
from younuo.server.lobby.feed import LobbyFeed
from younuo.server.lobby.ports import RoomNews, Unshared
from younuo.server.lobby.rooms import RoomError, RoomState, Settings
from younuo.server.match.ports import MatchEnded
from younuo.server.match.service import MatchService, Runtime
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.routing import Op, Router
from younuo.social.blocks import may_seat_together
from younuo.store import Database, VersionConflict
from younuo.store import accounts as accounts_repo
from younuo.store import friends as friends_repo
from younuo.store import matches as matches_repo
from younuo.store import rooms as repo
from younuo.store.ids import new_code, new_id
from younuo.store.models import Account, Match, Room

log = logging.getLogger(__name__)
T = TypeVar("T")


def room_error(exc: RoomError, ref: Any = None) -> ProtocolError:
    return ProtocolError(exc.code, exc.message, ref, exc.details)


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
    ) -> None:
        """``match_ended``: the hook the match service calls when a match ended (the
        lobby adds its listener here); ``news``: who else hears of a stored room."""
        self.db = db
        self.hub = hub
        self.matches = matches
        self.tables = tables
        self.changed: Callable[[str, int], None] = (news or Unshared()).room_changed
        """Told of every room this node stored (a cluster tells the other nodes)."""
        self.rooms: dict[str, RoomState] = {}
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        match_ended.add(self._match_over)
        self.feed = LobbyFeed(lambda f: self.listing(f.mode, f.preset, f.free_seats))
        """The watchers of the room list: told after every stored change (``changed``)."""

    # ------------------------------------------------------------------ reading
    async def load(self, room_id: str) -> RoomState | None:
        cached = self.rooms.get(room_id)
        if cached is not None:
            return cached
        async with self.db.session() as s:
            row = await repo.get(s, room_id)
        if row is None or row.status == "closed":
            return None
        room = RoomState.from_row(row)
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
        return room.to_out(viewer, ratings, connected, level_out)

    async def listing(
        self, mode: str | None = None, preset: str | None = None, free_seats: int | None = None
    ) -> list[RoomSummary]:
        async with self.db.session() as s:
            rows = await repo.listed(s)
        out = []
        for row in rows:
            cached = self.rooms.get(row.id)
            room = cached if cached and cached.version >= row.version else RoomState.from_row(row)
            if mode is not None and room.settings.mode != mode:
                continue
            if preset is not None and room.settings.preset != preset:
                continue
            if free_seats is not None and room.free_seats() < free_seats:
                continue
            out.append(room.summary())
        return out

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
        now = time.time()
        async with self.db.session() as s, s.begin():
            await repo.insert(
                s, Room(id=room.id, version=0, created_at=now, updated_at=now, **room.to_row())
            )
            await repo.set_membership(s, account.id, room.id, "player")
        self.rooms[room.id] = room
        self._stored(room.id, room.version)
        self.hub.follow(account.id, room.id)
        await self._broadcast(room)
        return room

    async def join(
        self, account: Account, room_id: str | None, code: str | None, spectate: bool
    ) -> RoomState:
        room = await self._find(room_id, code)
        if room.is_member(account.id):
            self.hub.follow(account.id, room.id)
            if not spectate or room.seat_of(account.id) is None:
                await self._send_room(room, account.id)
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
        """The fullest open public room that fits, or a new one."""
        candidates = await self.listing(mode=mode, preset=preset, free_seats=1)
        candidates.sort(key=lambda r: (-r.taken, r.id))
        for summary in candidates:
            if summary.status != "open":
                continue
            room = await self.load(summary.id)
            if room is None or room.is_member(account.id):
                continue
            # Social play (docs/social.md): never seat someone with a player either blocks.
            seated = [account.id, *room.humans()]
            async with self.db.session() as s:
                blocks = await friends_repo.blocks_among(s, seated)
            if not may_seat_together(blocks, seated):
                continue
            try:
                return await self.join(account, room.id, None, False)
            except ProtocolError as exc:
                if exc.code in (ErrorCode.NAME_TAKEN, ErrorCode.ROOM_FULL, ErrorCode.SEAT_TAKEN):
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
        await self._leave_match(account)
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

    async def _leave_match(self, account: str) -> None:
        room = await self.room_of(account)
        if room is None or room.match_id is None:
            return
        try:
            await self.tables.request(room.match_id, Op.LEAVE, account)
        except ProtocolError as exc:
            if exc.code not in (ErrorCode.NO_MATCH,):
                log.info("leave of %s in %s refused: %s", account, room.match_id, exc.message)

    async def match_in(self, room_id: str) -> str | None:
        """The match the room is playing, if any."""
        room = await self.load(room_id)
        return room.match_id if room is not None else None

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
        if room is None or room.status == "closed":
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
            await self.change(room.id, lambda r: r.set_avatar(account.id, avatar))

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

    async def start(self, account: Account) -> str:
        """Start the room's match; its id, or ``cannot_start`` with the reasons."""
        room = await self.room_of(account.id)
        if room is None:
            raise ProtocolError(ErrorCode.NOT_IN_ROOM, "you are not in a room")
        async with self._locks[room.id]:
            for _ in range(3):
                room = await self.load(room.id)
                if room is None:
                    raise ProtocolError(ErrorCode.ROOM_NOT_FOUND, "the room is gone")
                try:
                    problems = room.start_problems(account.id)
                except RoomError as exc:
                    raise room_error(exc) from None
                if problems:
                    text = "; ".join(p["message"] for p in problems)
                    raise ProtocolError(
                        ErrorCode.CANNOT_START,
                        f"cannot start: {text}",
                        details={"reasons": problems},
                    )
                new = room.copy()
                order, teams = new.lineup(account.id)
                seats = [match_seat(s, teams is not None) for s in order]
                try:
                    rt, row = self.matches.prepare(
                        room.id, seats, new.settings.rules(), teams, new.settings.abandon
                    )
                except RulesError as exc:
                    raise ProtocolError(
                        ErrorCode.CANNOT_START,
                        exc.message,
                        details={"reasons": [{"code": "rules", "message": exc.message}]},
                    ) from None
                # A private room's match stays its players' (and moderators') to read.
                row.private = new.settings.private
                for seat in new.seats:
                    if seat is not None and seat.account == account.id:
                        seat.ready = True
                new.status = "playing"
                new.match_id = rt.id
                try:
                    async with self.db.session() as s, s.begin():
                        await matches_repo.create(s, row)
                        new.version = await repo.save(s, room.id, room.version, **new.to_row())
                except VersionConflict:
                    self.matches.unprepare(rt)
                    self.rooms.pop(room.id, None)
                    continue
                except BaseException:
                    self.matches.unprepare(rt)
                    raise
                self.rooms[room.id] = new
                self._stored(room.id, new.version)
                await self._broadcast(new)
                self.matches.launch(rt)
                return rt.id
        raise ProtocolError(ErrorCode.INTERNAL, "the room kept changing: try again")

    async def open_table(self, room: RoomState, rt: Runtime, row: Match) -> bool:
        """Store a room the server made with its match already chosen (a tournament's
        table), seat its people there and start the match; False when a room of that id
        exists already (the table was started before: nothing is done twice).

        Each person leaves the room they were in first (and, playing a match there, that
        match, as ``leave`` does): the table is where the event expects them now, and
        the room they are in is the match they reconnect to.
        """
        async with self.db.session() as s:
            if await repo.get(s, room.id) is not None:
                self.matches.unprepare(rt)
                return False
        for account in room.humans():
            current = await self.room_of(account)
            if current is not None and current.id != room.id:
                await self._leave_match(account)
                await self.change(current.id, lambda r, a=account: r.remove(a))  # type: ignore[misc]
        now = time.time()
        try:
            async with self.db.session() as s, s.begin():
                await repo.insert(
                    s, Room(id=room.id, version=0, created_at=now, updated_at=now, **room.to_row())
                )
                for account in room.humans():
                    await repo.set_membership(s, account, room.id, "player")
                await matches_repo.create(s, row)
        except IntegrityError:
            # Another process stored the same table between the check and here.
            self.matches.unprepare(rt)
            return False
        except BaseException:
            self.matches.unprepare(rt)
            raise
        self.rooms[room.id] = room
        self._stored(room.id, room.version)
        for account in room.humans():
            if self.hub.online(account):
                self.hub.follow(account, room.id)
        await self._broadcast(room)
        self.matches.launch(rt)
        return True

    async def _match_over(self, room_id: str | None, match_id: str) -> None:
        if room_id is None:
            return

        def over(r: RoomState) -> None:
            if r.match_id == match_id:
                r.match_over()

        try:
            await self.change(room_id, over)
        except ProtocolError as exc:
            log.warning("room %s after match %s: %s", room_id, match_id, exc.message)

    async def restore(self) -> None:
        """After a restart: rooms marked playing whose match is not running go back to open."""
        async with self.db.session() as s:
            rows = await repo.with_status(s, "playing")
            ended = []
            for row in rows:
                match = await matches_repo.get(s, row.match_id) if row.match_id else None
                if match is None or match.status != "running":
                    ended.append(row)
        for row in ended:
            await self._match_over(row.id, row.match_id or "")

    # ------------------------------------------------------------------ storing
    async def change(self, room_id: str, operation: Callable[[RoomState], T]) -> T:
        """Apply ``operation`` to a copy of the room, store it (version-checked), tell members."""
        async with self._locks[room_id]:
            for _ in range(3):
                room = await self.load(room_id)
                if room is None:
                    raise ProtocolError(ErrorCode.ROOM_NOT_FOUND, "no such room")
                new = room.copy()
                try:
                    result = operation(new)
                except RoomError as exc:
                    raise room_error(exc) from None
                if not new.humans() and not new.spectators and new.status != "playing":
                    new.status = "closed"
                before = _roles(room)
                after = _roles(new)
                try:
                    async with self.db.session() as s, s.begin():
                        new.version = await repo.save(s, room_id, room.version, **new.to_row())
                        for account in before.keys() - after.keys():
                            await repo.drop_membership(s, account, room_id)
                        for account, role in after.items():
                            if before.get(account) != role:
                                await repo.set_membership(s, account, room_id, role)
                except VersionConflict:
                    self.rooms.pop(room_id, None)
                    continue
                if new.status == "closed":
                    self.rooms.pop(room_id, None)
                else:
                    self.rooms[room_id] = new
                self._stored(room_id, new.version)
                for account in before.keys() - after.keys():
                    if self.hub.room_of.get(account) == room_id:
                        self.hub.follow(account, None)
                for account in after:
                    if self.hub.online(account) and self.hub.room_of.get(account) != room_id:
                        self.hub.follow(account, room_id)
                await self._broadcast(new)
                return result
        raise ProtocolError(ErrorCode.INTERNAL, "the room kept changing: try again")

    def _stored(self, room_id: str, version: int) -> None:
        """This node stored the room at ``version``: the other nodes and this node's
        lobby watchers hear of it."""
        self.changed(room_id, version)
        self.feed.changed()

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
        await self._broadcast(room)
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

    async def touch(self, room_id: str) -> None:
        """Send the room again (someone's connection came or went)."""
        room = await self.load(room_id)
        if room is not None:
            await self._broadcast(room)

    async def _broadcast(self, room: RoomState) -> None:
        if room.status == "closed":
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

    async def _send_room(self, room: RoomState, account: str, ref: Any = None) -> None:
        self.hub.send(account, RoomMessage(ref=ref, room=await self.room_out(room, account)))


def _roles(room: RoomState) -> dict[str, str]:
    roles = {account: "spectator" for account in room.spectators}
    roles.update({account: "player" for account in room.humans()})
    return roles


__all__ = ["Lobby", "room_error"]
