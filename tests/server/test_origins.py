"""Where connections come from, for the fair-play same-origin signal (issue 27): each
signed-in connection stores keyed hashes of its address and browser id (never the raw
values), old rows are purged, and the scan gives each seat its account's origin, so
two accounts at one table from one browser open a ``same_origin`` case."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from younuo.server.admin.fairplay import FairPlay
from younuo.server.admin.origins import Origins, keyed_hash
from younuo.store import Database
from younuo.store import origins as stored

from .harness import Client, ServerProcess
from .test_fairplay_queue import store_matches

SECRET = "a long random origin secret of 32+ characters"


def test_a_connection_stores_only_keyed_hashes_of_where_it_came_from(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "data", env={"YOUNUO_ORIGIN_SECRET": SECRET}) as server:

        async def main() -> None:
            for name in ("Ori", "Ona"):
                client = Client(server, server.guest(name))
                await client.connect(hello=False)
                await client.send(
                    {"type": "hello", "protocol": 1, "token": client.token, "browser": "b-1"}
                )
                assert (await client.expect("welcome"))["type"] == "welcome"
                await client.close()
            # A browser id over 64 characters is refused, and nothing is stored for it.
            client = Client(server, server.guest("Long"))
            await client.connect(hello=False)
            await client.send(
                {"type": "hello", "protocol": 1, "token": client.token, "browser": "x" * 65}
            )
            refused = await client.expect("error")
            assert refused["code"] == "bad_message", refused
            await client.close()

        asyncio.run(main())
        deadline = time.monotonic() + 10
        while True:  # written in the background, after the welcome
            db = sqlite3.connect(server.data / "younuo.db")
            rows = db.execute("SELECT address, browser FROM connection_origins").fetchall()
            db.close()
            if len(rows) == 2 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
    assert len(rows) == 2 and rows[0] == rows[1]
    assert rows[0] == (keyed_hash(SECRET, "127.0.0.1"), keyed_hash(SECRET, "b-1"))
    assert "127.0.0.1" not in rows[0] and "b-1" not in rows[0]
    assert keyed_hash("", "b-1") != rows[0][1]  # the key matters


def test_two_accounts_from_one_browser_open_a_same_origin_case_and_old_rows_go(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        db = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'o.db'}")
        await db.migrate()
        try:
            ids = await store_matches(db, 8, seed=3)
            origins = Origins(db, SECRET, 30)
            # p0 and p1 (at every table together) from one browser; the others apart.
            for player, browser in (("p0", "shared"), ("p1", "shared"), ("p2", "own-2")):
                await origins.seen(ids[player], f"10.0.0.{player[1]}", browser)
            async with db.session() as s, s.begin():  # connected before the matches
                for row in await stored.since(s, 0):
                    row.at = time.time() - 7200
            fairplay = FairPlay(db, window_days=30, max_matches=100, origins=origins)
            await fairplay.scan()
            cases = [c for c in await fairplay.queue(None, "open", 50) if c.kind == "same_origin"]
            assert [sorted(c.evidence["accounts"]) for c in cases] == [
                sorted([ids["p0"], ids["p1"]])
            ]
            (case,) = cases  # from one browser in all 8 matches; their addresses differ
            assert case.evidence["score"] == 8.0
            assert [f["topic"] for f in case.evidence["figures"]] == ["browser"]

            async with db.session() as s, s.begin():
                await stored.add(s, ids["p3"], None, None, time.time() - 40 * 86400)
            assert await origins.purge() == 1
            async with db.session() as s:
                assert len(await stored.since(s, 0)) == 3
        finally:
            await db.close()

    asyncio.run(main())
