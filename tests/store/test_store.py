"""The store on SQLite and on a real PostgreSQL: migrations, conditional writes, accounts."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from younuo.store import Database, NotOwner, VersionConflict, accounts, matches
from younuo.store.models import Base, Match
from younuo.store.movelog import MatchEnd, MatchWrite

from .migrated import migrated, run


def _match(match_id: str = "mtest00000001") -> Match:
    now = time.time()
    return Match(
        id=match_id,
        room_id=None,
        status="running",
        rules={"preset": "younuo"},
        players=["ann", "bob"],
        teams=None,
        seed=7,
        setup=None,
        seats=[],
        control={"abandon": "leave", "seats": {}},
        clock={},
        version=0,
        created_at=now,
        updated_at=now,
    )


def test_migrations_build_exactly_the_models_and_run_twice(db_url: str) -> None:
    """Alembic migrations (applied at start) give the schema of ``store.models``; a second
    run is a no-op."""

    async def main() -> list[Any]:
        db = await migrated(db_url)
        await db.migrate()

        def diff(conn: Connection) -> list[Any]:
            return list(compare_metadata(MigrationContext.configure(conn), Base.metadata))

        async with db.engine.connect() as conn:
            found = await conn.run_sync(diff)
        await db.close()
        return found

    assert run(main()) == []


def _write(version: int, player: str = "ann", **fields: Any) -> MatchWrite:
    """A move of the test match at ``version``."""
    fields.setdefault("clock", {})
    fields.setdefault("control", {})
    return MatchWrite(
        "mtest00000001", version, 1.0 + version, action={"type": "draw", "player": player},
        source="player", **fields,
    )  # fmt: skip


def test_a_write_is_conditional_on_the_version(db_url: str) -> None:
    """ARCHITECTURE step 4: the action goes in and the version goes up only from the
    version read; a second writer at the same version gets VersionConflict. A change of
    the seats alone keeps the version, under the same check."""

    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            await matches.create(s, _match())
        assert await db.moves.write(_write(0)) == {}
        with pytest.raises(VersionConflict):
            await db.moves.write(_write(0, "bob"))
        await db.moves.write(_write(1, clock={"turn_player": "bob"}))
        seats = MatchWrite("mtest00000001", 2, 4.0, clock={"x": 1}, control={"seats": {}})
        await db.moves.write(seats)
        with pytest.raises(VersionConflict):
            await db.moves.write(MatchWrite("mtest00000001", 1, 5.0, clock={}, control={}))
        async with db.session() as s:
            log = await matches.actions(s, "mtest00000001")
            row = await matches.get(s, "mtest00000001")
        assert [a.seq for a in log] == [0, 1]
        assert [a.action["player"] for a in log] == ["ann", "ann"]
        assert row is not None and row.version == 2 and row.clock == {"x": 1}
        assert row.control == {"seats": {}}
        await db.close()

    run(main())


def test_a_write_is_conditional_on_the_owner(db_url: str) -> None:
    """docs/scaling.md: a node that no longer runs a match writes nothing to it
    (NotOwner names the node that does); the owning node's write goes in."""

    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            await matches.create(s, _match())
            await matches.update_fields(s, "mtest00000001", owner="node-b")
        with pytest.raises(NotOwner) as refused:
            await db.moves.write(_write(0, owner="node-a"))
        assert refused.value.owner == "node-b"
        await db.moves.write(_write(0, owner="node-b"))
        async with db.session() as s:
            row = await matches.get(s, "mtest00000001")
        assert row is not None and row.version == 1
        await db.close()

    run(main())


def test_two_processes_racing_for_one_move_have_one_winner(db_url: str) -> None:
    """Two servers (two engines on one database) write the same version at once: exactly
    one move is stored."""

    async def main() -> list[str]:
        first = await migrated(db_url)
        second = Database.from_url(db_url, sqlite_synchronous="normal")
        async with first.session() as s, s.begin():
            await matches.create(s, _match())

        async def write(db: Database, who: str) -> str:
            try:
                await db.moves.write(_write(0, who))
                return "won"
            except VersionConflict:
                return "lost"
            except Exception as exc:  # SQLite may refuse the second writer outright
                return "lost" if "locked" in str(exc) or "UNIQUE" in str(exc) else f"error {exc}"

        outcome = await asyncio.gather(write(first, "ann"), write(second, "bob"))
        async with first.session() as s:
            log = await matches.actions(s, "mtest00000001")
        assert len(log) == 1
        await first.close()
        await second.close()
        return sorted(outcome)

    assert run(main()) == ["lost", "won"]


def test_group_commit_of_many_matches_skips_only_the_stale_move(db_url: str) -> None:
    """ARCHITECTURE step 4 through the move log (group commit on SQLite): moves of many
    matches written at once are all stored with their clocks and seat states; a move at
    a version that moved on is refused alone (VersionConflict); a match's last move
    stores its results and ratings in the same batch."""

    async def main() -> None:
        db = await migrated(db_url)
        ids = [f"mgroup{i:07d}" for i in range(30)]
        async with db.session() as s, s.begin():
            for match_id in ids:
                await matches.create(s, _match(match_id))
            account = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")

        def move(match_id: str, version: int, end: MatchEnd | None = None) -> MatchWrite:
            action = {"type": "draw", "player": "ann"}
            clock, control = {"turn_player": "bob"}, {"n": version}
            return MatchWrite(match_id, version, 1.0 + version, clock, control, action, end=end)

        first = await asyncio.gather(*(db.moves.write(move(m, 0)) for m in ids))
        assert first == [{}] * len(ids)
        result = {"match_id": ids[1], "name": "ann", "account_id": account.id,
                  "bot_level": None, "score": 50, "winner": True, "left": False,
                  "rating_change": 50, "breakdown": {"score": 50}, "ended_at": 2.0}  # fmt: skip
        end = MatchEnd("over", {"match_winner": "ann"}, "ann", (result,), {account.id: 50})
        last = move(ids[1], 1, end)
        second = await asyncio.gather(
            db.moves.write(move(ids[0], 1)),
            db.moves.write(last),
            db.moves.write(move(ids[2], 0)),  # stale: that match is at version 1
            db.moves.write(move(ids[3], 1)),
            return_exceptions=True,
        )
        assert second[0] == {} and second[3] == {}
        assert second[1] == {account.id: 50}
        assert isinstance(second[2], VersionConflict)
        async with db.session() as s:
            rows = {m: await matches.get(s, m) for m in ids[:4]}
            logs = {m: await matches.actions(s, m) for m in ids[:4]}
            results = await matches.results(s, ids[1])
        assert [rows[m].version for m in ids[:4]] == [2, 2, 1, 2]  # type: ignore[union-attr]
        assert rows[ids[0]].control == {"n": 1}  # type: ignore[union-attr]
        assert rows[ids[0]].clock == {"turn_player": "bob"}  # type: ignore[union-attr]
        over = rows[ids[1]]
        assert over is not None and over.status == "over" and over.winner == "ann"
        assert [len(logs[m]) for m in ids[:4]] == [2, 2, 1, 2]
        assert logs[ids[0]][1].action == {"type": "draw", "player": "ann"}
        assert [r.rating_after for r in results] == [50]
        await db.close()

    run(main())
