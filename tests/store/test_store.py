"""The store on SQLite and on a real PostgreSQL: migrations, conditional writes, accounts."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from younuo.store import Database, NameTaken, VersionConflict, accounts, matches, rooms
from younuo.store.models import Base, Match, Result, Room


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def _db(url: str) -> Database:
    db = Database.from_url(url, sqlite_synchronous="normal")
    await db.migrate()
    return db


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
        db = await _db(db_url)
        await db.migrate()

        def diff(conn: Connection) -> list[Any]:
            return list(compare_metadata(MigrationContext.configure(conn), Base.metadata))

        async with db.engine.connect() as conn:
            found = await conn.run_sync(diff)
        await db.close()
        return found

    assert run(main()) == []


def test_append_is_conditional_on_the_version(db_url: str) -> None:
    """ARCHITECTURE step 4: the action goes in and the version goes up only from the
    version read; a second writer at the same version gets VersionConflict."""

    async def main() -> None:
        db = await _db(db_url)
        async with db.session() as s, s.begin():
            await matches.create(s, _match())
        async with db.session() as s, s.begin():
            assert (
                await matches.append(
                    s, "mtest00000001", 0, {"type": "draw", "player": "ann"}, "player", 1.0
                )
                == 1
            )
        with pytest.raises(VersionConflict):
            async with db.session() as s, s.begin():
                await matches.append(
                    s, "mtest00000001", 0, {"type": "pass", "player": "ann"}, "player", 2.0
                )
        async with db.session() as s, s.begin():
            await matches.append(
                s,
                "mtest00000001",
                1,
                {"type": "pass", "player": "ann"},
                "player",
                3.0,
                clock={"turn_player": "bob"},
            )
        async with db.session() as s:
            log = await matches.actions(s, "mtest00000001")
            row = await matches.get(s, "mtest00000001")
        assert [a.seq for a in log] == [0, 1] and [a.action["type"] for a in log] == [
            "draw",
            "pass",
        ]
        assert row is not None and row.version == 2 and row.clock == {"turn_player": "bob"}
        await db.close()

    run(main())


def test_two_processes_racing_for_one_move_have_one_winner(db_url: str) -> None:
    """Two servers (two engines on one database) write the same version at once: exactly
    one move is stored."""

    async def main() -> list[str]:
        first = await _db(db_url)
        second = Database.from_url(db_url, sqlite_synchronous="normal")
        async with first.session() as s, s.begin():
            await matches.create(s, _match())

        async def write(db: Database, who: str) -> str:
            try:
                async with db.session() as s, s.begin():
                    await matches.append(
                        s, "mtest00000001", 0, {"type": "draw", "player": who}, "player", 1.0
                    )
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


def test_registered_names_are_unique_guests_may_share(db_url: str) -> None:
    """Accounts: a registered name is unique case-insensitively; guests may share names;
    a guest registering keeps its account (and rating)."""

    async def main() -> None:
        db = await _db(db_url)
        async with db.session() as s, s.begin():
            a = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")
            await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")
            await accounts.create(
                s, "Bob", guest=False, outfit="red", expression="smile", password_hash="h"
            )
        with pytest.raises(NameTaken):
            async with db.session() as s, s.begin():
                await accounts.create(
                    s, "BOB", guest=False, outfit="red", expression="smile", password_hash="h"
                )
        async with db.session() as s, s.begin():
            assert await accounts.add_rating(s, a.id, 42) == 42
            guest = await accounts.get(s, a.id)
            assert guest is not None
            await accounts.register(s, guest, "Annie", "hash")
        async with db.session() as s:
            found = await accounts.by_name(s, "annie")
            assert found is not None and found.id == a.id and found.rating == 42
            board = await accounts.leaderboard(s, 10)
            assert board[0].id == a.id
        await db.close()

    run(main())


def test_sessions_expire_and_are_stored_hashed(db_url: str) -> None:
    async def main() -> None:
        db = await _db(db_url)
        now = time.time()
        async with db.session() as s, s.begin():
            a = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")
            await accounts.add_session(s, "live" * 16, a.id, now + 60)
            await accounts.add_session(s, "dead" * 16, a.id, now - 1)
        async with db.session() as s, s.begin():
            live = await accounts.session_account(s, "live" * 16, now)
            assert live is not None and live.id == a.id
            assert await accounts.session_account(s, "dead" * 16, now) is None
            assert await accounts.purge_sessions(s, now) == 1
        await db.close()

    run(main())


def test_rooms_are_saved_with_a_version_check_and_memberships(db_url: str) -> None:
    async def main() -> None:
        db = await _db(db_url)
        now = time.time()
        async with db.session() as s, s.begin():
            a = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")
            await rooms.insert(
                s,
                Room(
                    id="rtest0000001",
                    name="T",
                    status="open",
                    private=True,
                    code="ABC234",
                    host_id=a.id,
                    settings={},
                    seats={"seats": [], "spectators": []},
                    match_id=None,
                    version=0,
                    created_at=now,
                    updated_at=now,
                ),
            )
            await rooms.set_membership(s, a.id, "rtest0000001", "player")
        async with db.session() as s, s.begin():
            assert await rooms.save(s, "rtest0000001", 0, name="T2") == 1
        with pytest.raises(VersionConflict):
            async with db.session() as s, s.begin():
                await rooms.save(s, "rtest0000001", 0, name="T3")
        async with db.session() as s:
            room = await rooms.by_code(s, "abc234")
            member = await rooms.membership(s, a.id)
            assert room is not None and room.name == "T2" and room.version == 1
            assert member is not None and member.room_id == "rtest0000001"
            assert await rooms.listed(s) == []  # private rooms are not listed
        await db.close()

    run(main())


def test_results_and_history(db_url: str) -> None:
    async def main() -> None:
        db = await _db(db_url)
        async with db.session() as s, s.begin():
            a = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")
            await matches.create(s, _match())
            await matches.add_results(
                s,
                [
                    Result(
                        match_id="mtest00000001",
                        name="ann",
                        account_id=a.id,
                        bot_level=None,
                        score=30,
                        winner=True,
                        left=False,
                        rating_change=35,
                        breakdown={"score": 30, "penalty": 0, "compensation": 0, "bonus": 5},
                        rating_after=35,
                        ended_at=time.time(),
                    )
                ],
            )
            await matches.update_fields(s, "mtest00000001", status="over")
        async with db.session() as s:
            history = await matches.history(s, a.id, 10)
            assert [(m.id, r.rating_change) for m, r in history] == [("mtest00000001", 35)]
            assert await matches.running(s) == []
        await db.close()

    run(main())


def test_group_commit_of_many_matches_skips_only_the_stale_move(db_url: str) -> None:
    """ARCHITECTURE step 4 through the move log (group commit on SQLite): moves of many
    matches written at once are all stored with their clocks and seat states; a move at
    a version that moved on is refused alone (VersionConflict); a match's last move
    stores its results and ratings in the same batch."""
    from younuo.store.movelog import MoveWrite

    async def main() -> None:
        db = await _db(db_url)
        ids = [f"mgroup{i:07d}" for i in range(30)]
        async with db.session() as s, s.begin():
            for match_id in ids:
                await matches.create(s, _match(match_id))
            account = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")

        def move(match_id: str, version: int, **values: Any) -> MoveWrite:
            values = values or {"clock": {"turn_player": "bob"}, "control": {"n": version}}
            action = {"type": "draw", "player": "ann"}
            return MoveWrite(match_id, version, action, "player", 1.0 + version, values)

        first = await asyncio.gather(*(db.moves.write(move(m, 0)) for m in ids))
        assert first == [{}] * len(ids)
        last = move(ids[1], 1, status="over", winner="ann")
        last.results = [
            {"match_id": ids[1], "name": "ann", "account_id": account.id, "bot_level": None,
             "score": 50, "winner": True, "left": False, "rating_change": 50,
             "breakdown": {"score": 50}, "ended_at": 2.0}
        ]  # fmt: skip
        last.ratings = {account.id: 50}
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
