"""The move writer on a real PostgreSQL (younuo.store.pgmovelog): group commit with each
move's fencing, no ping (a dead connection found by its error), prepared statements."""

from __future__ import annotations

import asyncio
import uuid

import asyncpg  # type: ignore[import-untyped]
import pytest
from sqlalchemy import event

from younuo.store import Database, NotOwner, VersionConflict, matches
from younuo.store.movelog import MatchWrite
from younuo.store.pgmovelog import WRITE_MOVES, BatchedPostgresLog, asyncpg_dsn, rounds

from .migrated import migrated, run, running_row
from .postgres import fresh_database


@pytest.fixture
def pg_url(postgres_admin: str) -> str:
    return asyncio.run(fresh_database(postgres_admin, "m_" + uuid.uuid4().hex[:12]))


def _move(match_id: str, version: int, owner: str | None = None) -> MatchWrite:
    return MatchWrite(
        match_id, version, 10.0 + version, {"turn": version}, {"n": version},
        {"type": "draw", "player": "ann"}, "player", owner=owner,
    )  # fmt: skip


async def _setup(url: str, ids: list[str], owner: str | None = None) -> Database:
    db = await migrated(url)
    async with db.session() as s, s.begin():
        for match_id in ids:
            await matches.create(s, running_row(match_id, owner))
    return db


def _log(db: Database) -> BatchedPostgresLog:
    assert isinstance(db.moves, BatchedPostgresLog)
    return db.moves


def test_postgresql_moves_go_through_the_batched_writer(pg_url: str) -> None:
    """Database.from_url gives PostgreSQL the group-commit writer, not the pool."""
    db = Database.from_url(pg_url)
    assert isinstance(db.moves, BatchedPostgresLog)
    assert asyncpg_dsn("postgresql+asyncpg://u:p@127.0.0.1:5/d") == "postgresql://u:p@127.0.0.1:5/d"
    run(db.close())


def test_moves_take_no_connection_from_the_pool(pg_url: str) -> None:
    """No pre-ping and no rollback around a move: the moves never check a connection
    out of the engine's pool (where each checkout pinged and each return rolled back);
    a change of the seats alone still goes through it."""

    async def main() -> None:
        ids = [f"mpgpool{i:06d}" for i in range(4)]
        db = await _setup(pg_url, ids)
        checkouts: list[object] = []
        event.listen(db.engine.sync_engine.pool, "checkout", lambda *a: checkouts.append(a))
        for version in range(5):
            await asyncio.gather(*(db.moves.write(_move(m, version)) for m in ids))
        assert checkouts == []
        await db.moves.write(MatchWrite(ids[0], 5, 20.0, {}, {}, seats=[{"name": "ann"}]))
        assert len(checkouts) == 1
        await db.close()

    run(main())


def test_a_batch_refuses_the_other_owners_and_stale_moves_alone(pg_url: str) -> None:
    """Moves of many matches waiting together are written together; a move whose match
    another node runs gets NotOwner, a stale one VersionConflict, each alone; neither
    leaves a row, and every other move of the batch is stored with its clocks."""

    async def main() -> None:
        ids = [f"mpg{i:010d}" for i in range(20)]
        db = await _setup(pg_url, ids, owner="node-a")
        async with db.session() as s, s.begin():
            await matches.update_fields(s, ids[3], owner="node-b")
        await db.moves.write(_move(ids[5], 0, "node-a"))
        batch = [_move(m, 1 if m == ids[5] else 0, "node-a") for m in ids]
        batch[7] = _move(ids[7], 1, "node-a")  # stale: that match is at version 0
        out = await asyncio.gather(*(db.moves.write(m) for m in batch), return_exceptions=True)
        assert isinstance(out[3], NotOwner) and out[3].owner == "node-b"
        assert isinstance(out[7], VersionConflict) and not isinstance(out[7], NotOwner)
        assert [o for i, o in enumerate(out) if i not in (3, 7)] == [{}] * 18
        async with db.session() as s:
            rows = {m: await matches.get(s, m) for m in ids}
            logs = {m: await matches.actions(s, m) for m in ids}
        versions = [rows[m].version for m in ids]  # type: ignore[union-attr]
        assert versions == [0 if i in (3, 7) else 2 if i == 5 else 1 for i in range(20)]
        assert [len(logs[m]) for m in ids] == versions
        assert rows[ids[0]].clock == {"turn": 0} and rows[ids[5]].control == {"n": 1}  # type: ignore[union-attr]
        assert logs[ids[5]][1].action == {"type": "draw", "player": "ann"}
        assert logs[ids[5]][1].source == "player" and logs[ids[5]][1].at == 11.0
        await db.close()

    run(main())


def test_two_moves_of_one_match_in_one_batch_are_written_in_order(pg_url: str) -> None:
    """A batch holding versions 0 and 1 of one match writes both (the second statement
    sees the first); a third at version 0 again is refused."""
    split = rounds([_move("a", 0), _move("b", 0), _move("a", 1)])
    assert [[(m.match_id, m.version) for m in r] for r in split] == [
        [("a", 0), ("b", 0)],
        [("a", 1)],
    ]

    async def main() -> None:
        db = await _setup(pg_url, ["mpgtwice00001"])
        moves = [_move("mpgtwice00001", v) for v in (0, 1, 0)]
        out = await asyncio.gather(*(db.moves.write(m) for m in moves), return_exceptions=True)
        assert out[:2] == [{}, {}] and isinstance(out[2], VersionConflict)
        async with db.session() as s:
            log = await matches.actions(s, "mpgtwice00001")
        assert [a.seq for a in log] == [0, 1]
        await db.close()

    run(main())


def test_a_terminated_writer_connection_loses_no_move(pg_url: str, postgres_admin: str) -> None:
    """No ping: when an administrator terminates the writer's backend between two moves
    (pg_terminate_backend), the next move finds it by its error, is written on a fresh
    connection, and every move accepted before is in the log."""

    async def main() -> None:
        ids = [f"mpgkill{i:06d}" for i in range(5)]
        db = await _setup(pg_url, ids)
        log = _log(db)
        await asyncio.gather(*(db.moves.write(_move(m, 0)) for m in ids))
        pid = await log.backend_pid()
        admin = await asyncpg.connect(asyncpg_dsn(postgres_admin))
        try:
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid) is True
        finally:
            await admin.close()
        out = await asyncio.gather(*(db.moves.write(_move(m, 1)) for m in ids))
        assert out == [{}] * 5
        assert await log.backend_pid() != pid
        async with db.session() as s:
            lens = [len(await matches.actions(s, m)) for m in ids]
        assert lens == [2] * 5
        await db.close()

    run(main())


def test_a_move_committed_before_its_connection_died_is_not_refused(pg_url: str) -> None:
    """The second try after a dead connection recognises a move whose statement had
    committed (its action row is there, same number and time): written, not stale. A
    move of another time at that number is still refused."""

    async def main() -> None:
        db = await _setup(pg_url, ["mpglanded0001"])
        log = _log(db)
        move = _move("mpglanded0001", 0)
        await db.moves.write(move)
        assert await log._try([move], retry=True) == [{}]
        other = MatchWrite("mpglanded0001", 0, 99.0, {}, {}, {"type": "draw"})
        (refused,) = await log._try([other], retry=True)
        assert isinstance(refused, VersionConflict)
        await db.close()

    run(main())


def test_the_move_statement_is_prepared_once_and_never_planned_again(pg_url: str) -> None:
    """Ten batches on one connection: PostgreSQL holds the statement prepared once, and
    counts ten executions of its generic plan and no custom plan."""

    async def main() -> None:
        ids = [f"mpgplan{i:06d}" for i in range(3)]
        db = await _setup(pg_url, ids)
        for version in range(10):
            await asyncio.gather(*(db.moves.write(_move(m, version)) for m in ids))
        found = [p for p in await _log(db).prepared() if p[0] == WRITE_MOVES]
        assert found == [(WRITE_MOVES, 10, 0)]
        await db.close()

    run(main())


def test_one_database_used_from_two_event_loops_writes_from_both(pg_url: str) -> None:
    """The writer's connection belongs to the loop that opened it: a Database used again
    from a new event loop (as the CLI's commands and the tests do) opens a fresh one."""
    db = run(_setup(pg_url, ["mpgloops00001"]))
    assert run(db.moves.write(_move("mpgloops00001", 0))) == {}
    assert run(db.moves.write(_move("mpgloops00001", 1))) == {}

    async def count() -> int:
        await db.moves.close()
        await db.engine.dispose(close=False)  # the pool's connections are the first loop's
        conn = await asyncpg.connect(asyncpg_dsn(pg_url))
        try:
            sql = "SELECT count(*) FROM match_actions WHERE match_id = $1"
            return int(await conn.fetchval(sql, "mpgloops00001"))
        finally:
            await conn.close()

    assert run(count()) == 2


def test_closing_waits_for_the_batch_being_written(pg_url: str) -> None:
    """A move taken by the writer when the database is closed (a node shutting down) is
    answered and stored, not dropped with the writer task."""

    async def main() -> None:
        db = await _setup(pg_url, ["mpgclose00001"])
        pending = asyncio.ensure_future(db.moves.write(_move("mpgclose00001", 0)))
        await asyncio.sleep(0)  # queued; the writer takes it while close() waits
        await db.moves.close()
        assert pending.done() and pending.result() == {}
        async with db.session() as s:
            assert len(await matches.actions(s, "mpgclose00001")) == 1
        await db.close()

    run(main())
