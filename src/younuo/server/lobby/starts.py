"""Matches begun and ended from rooms: the host's start, a tournament's table, the end.

:class:`MatchStarts` prepares a room's match with the match service, stores it together
with the room's new state (one transaction, version-checked) and only then launches
it; a match's end brings its room back to the preparation screen; after a restart,
rooms whose match no longer runs are opened again.
"""

from __future__ import annotations

import logging

from sqlalchemy.exc import IntegrityError

from younuo.engine import RulesError
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError
from younuo.server.lobby.errors import RoomError
from younuo.server.lobby.ports import Matches, Tables
from younuo.server.lobby.readiness import StartBlock, StartProblem
from younuo.server.lobby.rooms import RoomState, RoomStatus
from younuo.server.lobby.rows import new_row, room_row
from younuo.server.lobby.store import ATTEMPTS, RoomStore
from younuo.server.lobby.wire import cannot_start, kept_changing, room_error
from younuo.server.match.service import Runtime
from younuo.server.realtime.routing import Op
from younuo.server.seats.seat import match_seat
from younuo.store import VersionConflict
from younuo.store import matches as matches_repo
from younuo.store import rooms as repo
from younuo.store.models import Match

log = logging.getLogger(__name__)


class MatchStarts:
    """Starts rooms' matches and brings rooms back when their match ends."""

    def __init__(self, store: RoomStore, matches: Matches, tables: Tables) -> None:
        self.store = store
        self.matches = matches
        self.tables = tables

    async def start(self, room: RoomState, actor: str) -> str:
        """Start ``room``'s match as ``actor``; its id, or ``cannot_start`` with the reasons."""
        store = self.store
        async with store.locks[room.id]:
            for _ in range(ATTEMPTS):
                found = await store.load(room.id)
                if found is None:
                    raise ProtocolError(ErrorCode.ROOM_NOT_FOUND, "the room is gone")
                room = found
                try:
                    problems = room.start_problems(actor)
                except RoomError as exc:
                    raise room_error(exc) from None
                if problems:
                    raise cannot_start(problems)
                new = room.copy()
                order, teams = new.lineup(actor)
                seats = [match_seat(s, teams is not None) for s in order]
                try:
                    rt, row = self.matches.prepare(
                        room.id, seats, new.settings.rules(), teams, new.settings.abandon
                    )
                except RulesError as exc:
                    problem = StartProblem(StartBlock.RULES, exc.message)
                    raise cannot_start([problem], exc.message) from None
                # A private room's match stays its players' (and moderators') to read.
                row.private = new.settings.private
                new.started(actor, rt.id)
                try:
                    async with store.db.session() as s, s.begin():
                        await matches_repo.create(s, row)
                        new.version = await repo.save(s, room.id, room.version, **room_row(new))
                except VersionConflict:
                    self.matches.unprepare(rt)
                    store.rooms.pop(room.id, None)
                    continue
                except BaseException:
                    self.matches.unprepare(rt)
                    raise
                store.rooms[room.id] = new
                store.stored(room.id, new.version)
                await store.broadcast(new)
                self.matches.launch(rt)
                return rt.id
        raise kept_changing()

    async def open_table(self, room: RoomState, rt: Runtime, row: Match) -> bool:
        """Store a room the server made with its match already chosen (a tournament's
        table), seat its people there and start the match; False when a room of that id
        exists already (the table was started before: nothing is done twice).

        Each person leaves the room they were in first (and, playing a match there, that
        match, as ``leave`` does): the table is where the event expects them now, and
        the room they are in is the match they reconnect to.
        """
        store = self.store
        async with store.db.session() as s:
            if await repo.get(s, room.id) is not None:
                self.matches.unprepare(rt)
                return False
        for account in room.humans():
            current = await store.room_of(account)
            if current is not None and current.id != room.id:
                await self.leave_match(account)
                await store.change(current.id, lambda r, a=account: r.remove(a))  # type: ignore[misc]
        try:
            async with store.db.session() as s, s.begin():
                await repo.insert(s, new_row(room))
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
        store.rooms[room.id] = room
        store.stored(room.id, room.version)
        for account in room.humans():
            if store.hub.online(account):
                store.hub.follow(account, room.id)
        await store.broadcast(room)
        self.matches.launch(rt)
        return True

    async def leave_match(self, account: str) -> None:
        """R-LEAVE in the match of the account's room, if it plays one there."""
        room = await self.store.room_of(account)
        if room is None or room.match_id is None:
            return
        try:
            await self.tables.request(room.match_id, Op.LEAVE, account)
        except ProtocolError as exc:
            if exc.code not in (ErrorCode.NO_MATCH,):
                log.info("leave of %s in %s refused: %s", account, room.match_id, exc.message)

    async def match_over(self, room_id: str | None, match_id: str) -> None:
        """The room's match ended: back to the preparation screen."""
        if room_id is None:
            return

        def over(r: RoomState) -> None:
            if r.match_id == match_id:
                r.match_over()

        try:
            await self.store.change(room_id, over)
        except ProtocolError as exc:
            log.warning("room %s after match %s: %s", room_id, match_id, exc.message)

    async def restore(self) -> None:
        """After a restart: rooms marked playing whose match is not running go back to open."""
        async with self.store.db.session() as s:
            rows = await repo.with_status(s, RoomStatus.PLAYING)
            ended = []
            for row in rows:
                match = await matches_repo.get(s, row.match_id) if row.match_id else None
                if match is None or match.status != "running":
                    ended.append(row)
        for row in ended:
            await self.match_over(row.id, row.match_id or "")


__all__ = ["MatchStarts"]
