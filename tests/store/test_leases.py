"""Named leases on SQLite and PostgreSQL: one holder at a time, on the database's clock."""

from __future__ import annotations

import asyncio
import time

from sqlalchemy import select

from younuo.store import Database, leases, nodes
from younuo.store.models import Match


async def _scenario(url: str) -> list[object]:
    db = Database.from_url(url, sqlite_synchronous="normal")
    await db.migrate()
    seen: list[object] = []

    async def hold(node: str, seconds: float) -> bool:
        async with db.session() as s, s.begin():
            return await leases.hold(s, "scheduler", node, seconds)

    async def holder() -> str | None:
        async with db.session() as s:
            return await leases.holder_of(s, "scheduler")

    try:
        seen += [await holder(), await hold("a", 0.5), await hold("b", 5), await holder()]
        seen.append(await hold("a", 0.5))  # a renews its own
        await asyncio.sleep(0.8)  # a's lease runs out: b takes it
        seen += [await holder(), await hold("b", 5), await hold("a", 5), await holder()]
        async with db.session() as s, s.begin():
            await leases.release(s, "scheduler", "a")  # not a's: nothing happens
        seen.append(await holder())
        async with db.session() as s, s.begin():
            await leases.release(s, "scheduler", "b")
        seen += [await holder(), await hold("a", 5)]
    finally:
        await db.close()
    return seen


def test_one_holder_at_a_time(db_url: str) -> None:
    assert asyncio.run(_scenario(db_url)) == [
        None, True, False, "a", True,
        None, True, False, "b",
        "b",
        None, True,
    ]  # fmt: skip


def _running(match_id: str, owner: str | None, status: str = "running") -> Match:
    now = time.time()
    return Match(
        id=match_id, room_id=None, status=status, rules={"preset": "younuo"},
        players=["ann", "bob"], teams=None, seed=7, setup=None, seats=[],
        control={"abandon": "leave", "seats": {}}, clock={}, version=0, owner=owner,
        created_at=now, updated_at=now,
    )  # fmt: skip


async def _claims(url: str) -> tuple[list[str], dict[str, str | None]]:
    db = Database.from_url(url, sqlite_synchronous="normal")
    await db.migrate()
    try:
        async with db.session() as s, s.begin():
            s.add_all([
                _running("m1", "dead"), _running("m2", "dead"), _running("m3", None),
                _running("m4", "other"),  # taken by another node since it was found
                _running("m5", "dead", status="over"),  # ended meanwhile
            ])  # fmt: skip
        found: list[tuple[str, str | None]] = [
            ("m1", "dead"),
            ("m2", "dead"),
            ("m3", None),
            ("m4", "dead"),
            ("m5", "dead"),
        ]
        async with db.session() as s, s.begin():
            won = await nodes.claim_all(s, found, "me")
        async with db.session() as s:
            owners = {m.id: m.owner for m in await s.scalars(select(Match))}
    finally:
        await db.close()
    return sorted(won), owners


def test_a_takeover_claims_its_share_in_one_statement_per_old_owner(db_url: str) -> None:
    """claim_all wins the matches still running and still owned by the node found dead
    (or by nobody), as claim does one by one, and leaves the others alone."""
    won, owners = asyncio.run(_claims(db_url))
    assert won == ["m1", "m2", "m3"]
    assert owners == {"m1": "me", "m2": "me", "m3": "me", "m4": "other", "m5": "dead"}
