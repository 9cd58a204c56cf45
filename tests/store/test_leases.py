"""Named leases on SQLite and PostgreSQL: one holder at a time, on the database's clock."""

from __future__ import annotations

import asyncio

from younuo.store import Database, leases


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
