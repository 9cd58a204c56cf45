"""Privacy in a real SQLite and PostgreSQL database (issue 38, item 5): stays in rooms written
with the memberships, reports' evidence emptied once past its retention, and an account's
erasure (what goes, what other accounts keep)."""

from __future__ import annotations

import itertools
import time

from alembic import command
from sqlalchemy import Connection, func, select, text

from younuo.social import friendship
from younuo.store import Database, chat, erasure, friends, notices, reports, rooms, visits
from younuo.store import accounts as accounts_repo
from younuo.store.database import alembic_config
from younuo.store.models import ChatMessage, Match, MatchAction, Notice, Result, Room

from .migrated import migrated, run


def _room(room_id: str) -> Room:
    return Room(id=room_id, name=room_id, status="open", private=False, code=None,
                host_id=None, settings={}, seats={}, match_id=None, version=0,
                created_at=0.0, updated_at=0.0)  # fmt: skip


def test_stays_follow_the_memberships_and_go_with_the_chat(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            amy = await accounts_repo.create(s, "Amy", guest=True, outfit="red", expression="smile")
            for room in ("r1", "r2"):
                await rooms.insert(s, _room(room))
            await rooms.set_membership(s, amy.id, "r1", "spectator")
            await rooms.set_membership(s, amy.id, "r1", "spectator")  # the same: no new stay
            await rooms.set_membership(s, amy.id, "r1", "player")  # a new role: a new stay
            await rooms.set_membership(s, amy.id, "r2", "player")  # another room
            await rooms.drop_membership(s, amy.id, "r2")
        async with db.session() as s:
            stays = await visits.of_account(s, amy.id)
        assert [(v.room_id, v.role) for v in stays] == [
            ("r1", "spectator"), ("r1", "player"), ("r2", "player"),
        ]  # fmt: skip
        ends = [v.until for v in stays]
        for earlier, later in itertools.pairwise(stays):
            assert earlier.until is not None and earlier.until <= later.since
        last = ends[-1]
        assert last is not None
        async with db.session() as s, s.begin():
            assert await visits.purge_before(s, last + 1) == 3
        await db.close()

    run(main())


def test_evidence_is_emptied_once_past_its_retention(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            first = {"room": "r1", "note": "n", "messages": [1]}
            second = {"room": "r2", "note": "m", "messages": [2]}
            old = await reports.add(
                s,
                reporter="a1",
                reported="b1",
                reason="abuse",
                source="chat",
                match_id=None,
                evidence=first,
                at=100.0,
            )
            fresh = await reports.add(
                s,
                reporter="a1",
                reported="b1",
                reason="abuse",
                source="chat",
                match_id=None,
                evidence=second,
                at=100.0,
            )
            fresh.status, fresh.decided_at = "dismissed", 500.0  # decided later: kept longer
        async with db.session() as s, s.begin():
            assert await reports.purge_evidence(s, 300.0, at=301.0) == 1
        async with db.session() as s, s.begin():
            assert await reports.purge_evidence(s, 300.0, at=302.0) == 0  # once only
            emptied, kept = await reports.get(s, old.id), await reports.get(s, fresh.id)
            assert emptied is not None and emptied.evidence == {"room": "r1", "purged_at": 301.0}
            assert kept is not None and kept.evidence["messages"] == [2]
        await db.close()

    run(main())


def test_erasure_deletes_the_accounts_own_and_renames_it_in_others_matches(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            amy = await accounts_repo.create(s, "Amy", guest=True, outfit="red", expression="smile")
            bob = await accounts_repo.create(s, "Bob", guest=True, outfit="red", expression="smile")
            cat = await accounts_repo.create(s, "Cat", guest=True, outfit="red", expression="smile")
            await friends.put_link(s, friendship.request(None, amy.id, bob.id, blocked=False),
                                   at=1.0)  # fmt: skip
            await notices.add(s, bob.id, "friend_request", {"account": amy.id, "name": "Amy"},
                              at=1.0)  # fmt: skip
            await notices.add(s, bob.id, "friend_request", {"account": cat.id, "name": "Cat"},
                              at=1.0)  # fmt: skip
            low, high = sorted((amy.id, bob.id))
            await chat.post(s, channel="room", place="r1", sender_id=amy.id, at=1.0, text="x")
            await chat.post(s, channel="direct", place=f"d:{low}:{high}", sender_id=bob.id,
                            at=2.0, text="to Amy")  # fmt: skip
            await chat.post(s, channel="room", place="r1", sender_id=bob.id, at=3.0, text="y")
            seats = [{"name": "Amy", "account": amy.id}, {"name": "Bob", "account": bob.id}]
            s.add(Match(id="m1", room_id="r1", status="over", rules={"preset": "classic"},
                        players=["Amy", "Bob"], teams=None, seed=5, setup=None, seats=seats,
                        control={"abandon": "bot", "seats": {"Amy": {}, "Bob": {}}},
                        clock={}, version=1, winner="Amy", final={"match_winner": "Amy"},
                        created_at=1.0, updated_at=2.0, ended_at=2.0))  # fmt: skip
            await s.flush()
            s.add(MatchAction(match_id="m1", seq=0, action={"type": "draw", "player": "Amy"},
                              source="player", at=1.5))  # fmt: skip
            for name, account in (("Amy", amy.id), ("Bob", bob.id)):
                s.add(Result(match_id="m1", name=name, account_id=account, bot_level=None,
                             score=0, winner=name == "Amy", left=False, rating_change=0,
                             breakdown={}, rating_after=None, ended_at=2.0))  # fmt: skip
            await s.flush()
        async with db.session() as s, s.begin():
            assert await erasure.erase(s, amy.id) == 1
        async with db.session() as s:
            assert await accounts_repo.get(s, amy.id) is None
            assert await accounts_repo.get(s, bob.id) is not None
            assert await friends.links_of(s, bob.id) == []
            left = [n.payload["account"] for n in await s.scalars(select(Notice))]
            assert left == [cat.id]
            texts = [m.text for m in await s.scalars(select(ChatMessage))]
            assert texts == ["y"]  # Amy's words and the direct line with her are gone
            match = await s.get(Match, "m1")
            assert match is not None and "Amy" not in match.players and "Bob" in match.players
            [new] = [p for p in match.players if p != "Bob"]
            assert match.winner == new and match.final == {"match_winner": new}
            assert match.seats[0] == {"name": new, "account": None}
            action = await s.scalar(select(MatchAction.action))
            assert action == {"type": "draw", "player": new}
            names = {r.name: r.account_id for r in await s.scalars(select(Result))}
            assert names == {new: None, "Bob": bob.id}
            assert await s.scalar(select(func.count()).select_from(Result)) == 2
        await db.close()

    run(main())


def test_the_migration_makes_private_rooms_earlier_matches_private(db_url: str) -> None:
    """Matches stored before migration 0013 in a room that is private become private; a
    public room's, and a tournament table's (``m1…``), stay public. Members of rooms at
    the upgrade get an open stay from then on."""

    def to(connection: Connection, revision: str) -> None:
        command.upgrade(alembic_config(connection), revision)

    async def main() -> None:
        db = Database.from_url(db_url, sqlite_synchronous="normal")
        async with db.engine.begin() as conn:
            await conn.run_sync(to, "0012")
            for room, private in (("r-secret", True), ("r-open", False), ("r1table", True)):
                await conn.execute(
                    text(
                        "INSERT INTO rooms (id, name, status, private, settings, seats, version,"
                        " created_at, updated_at) VALUES (:id, 'x', 'closed', :private, '{}',"
                        " '{}', 0, 0, 0)"
                    ),
                    {"id": room, "private": private},
                )
            for match, room in (("mSECRET", "r-secret"), ("mOPEN", "r-open"),
                                ("m1table", "r1table")):  # fmt: skip
                await conn.execute(
                    text(
                        "INSERT INTO matches (id, room_id, status, rules, players, seats,"
                        " control, clock, version, created_at, updated_at) VALUES (:id, :room,"
                        " 'over', '{}', '[]', '[]', '{}', '{}', 0, 0, 0)"
                    ),
                    {"id": match, "room": room},
                )
            await conn.execute(
                text(
                    "INSERT INTO accounts (id, name, name_key, guest, rating, outfit,"
                    " expression, created_at) VALUES ('a-sits', 'Sits', 'sits', true, 0,"
                    " 'red', 'smile', 0)"
                )
            )
            await conn.execute(
                text(
                    "INSERT INTO memberships (account_id, room_id, role)"
                    " VALUES ('a-sits', 'r-open', 'spectator')"
                )
            )
        before = time.time()
        await db.migrate()
        async with db.session() as s:
            flags = {m.id: m.private for m in await s.scalars(select(Match))}
            stays = await visits.of_account(s, "a-sits")
        assert flags == {"mSECRET": True, "mOPEN": False, "m1table": False}
        # Whoever is in a room at the upgrade is there from then on (for reports).
        assert [(v.room_id, v.role, v.until) for v in stays] == [("r-open", "spectator", None)]
        assert stays[0].since >= before - 1
        await db.close()

    run(main())
