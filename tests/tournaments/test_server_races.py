"""A table carried out many times at once, on one node and on two sharing a database
(the tick racing a match's end, two nodes after a takeover): one room, one match, run
by one node, its people's room; all on a real SQLite store, without sockets."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import func, select

from younuo.server.lobby.service import Lobby
from younuo.server.match.ports import MatchEnded
from younuo.server.match.service import MatchService
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.routing import Router
from younuo.server.settings import Settings
from younuo.server.tournaments.ports import CarryOutHook
from younuo.server.tournaments.service import TournamentService
from younuo.server.tournaments.tables import TournamentTables, table_match_id, table_room_id
from younuo.store import Database
from younuo.store import accounts as accounts_repo
from younuo.store import rooms as rooms_repo
from younuo.store.models import Match, Room
from younuo.tournaments import Command, Format, StartTable

from .driving import NOW, START, spec


@dataclass
class Node:
    matches: MatchService
    lobby: Lobby
    tables: TournamentTables


def node(db: Database, settings: Settings) -> Node:
    hub = Hub()
    ended = MatchEnded()
    matches = MatchService(db, hub, settings, match_ended=ended)
    lobby = Lobby(db, hub, matches, Router(matches), ended)
    commands = CarryOutHook()
    service = TournamentService(db, commands)
    tables = TournamentTables(db, hub, lobby, matches, service, ended, commands)
    return Node(matches, lobby, tables)


def test_a_table_carried_out_at_once_here_and_on_another_node_starts_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> None:
        db = Database.from_url(
            f"sqlite+aiosqlite:///{tmp_path / 'y.db'}", sqlite_synchronous="normal"
        )
        await db.migrate()
        settings = Settings.load(data=tmp_path, bot_timing="none", reconnect_grace=3600)
        a, b = node(db, settings), node(db, settings)
        try:
            async with db.session() as s, s.begin():
                people = [
                    await accounts_repo.create(
                        s, f"P{i}", guest=True, outfit="red", expression="smile"
                    )
                    for i in range(4)
                ]
            issued: list[Command] = []

            async def keep(event: str, command: Command) -> None:
                issued.append(command)

            service = TournamentService(db, keep)
            s4 = spec(Format.ELIMINATION, table_min=4, table_max=4, cap=4)
            t = await service.create(s4, "boss", admin=True, now=NOW)
            for p in people:
                await service.register(t.id, p.id, 0, NOW, None)
            await service.tick(START)
            (table,) = [c for c in issued if isinstance(c, StartTable)]

            await asyncio.gather(
                a.tables.carry_out(t.id, table),
                a.tables.carry_out(t.id, table),
                b.tables.carry_out(t.id, table),
                b.tables.carry_out(t.id, table),
            )
            match_id = table_match_id(t.id, table.table_id)
            room_id = table_room_id(t.id, table.table_id)
            async with db.session() as s:
                assert await s.scalar(select(func.count()).select_from(Match)) == 1
                assert await s.scalar(select(func.count()).select_from(Room)) == 1
                assert await s.get(Match, match_id) is not None
                for p in people:
                    member = await rooms_repo.membership(s, p.id)
                    assert member is not None and member.room_id == room_id
            running = [n for n in (a, b) if match_id in n.matches.runtimes]
            # One node runs it (unless its bots have already finished it).
            assert len(running) <= 1
            # Again, later (the next tick): nothing new.
            await a.tables.carry_out(t.id, table)
            await b.tables.carry_out(t.id, table)
            async with db.session() as s:
                assert await s.scalar(select(func.count()).select_from(Match)) == 1
        finally:
            for n in (a, b):
                await n.matches.close()
            await db.close()

    with caplog.at_level(logging.INFO):
        asyncio.run(main())
    # Losing the race is not a failure: nothing was logged as one.
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
