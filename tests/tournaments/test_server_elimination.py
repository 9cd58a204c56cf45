"""An elimination event run for real: created and entered through the REST API, started
by the scheduler's tick, its tables real rooms and matches on the match service (one
player connected and playing over the WebSocket, the others auto-played while away),
each table's stored result recorded once, to its champion; and the same event with the
server killed (-9) in the middle, restarted on its database, finished with nothing lost
or doubled."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.harness import Client, ServerProcess, play_until_over
from younuo.store import sqlite_url

from .serving import (
    ENV,
    admin_create,
    check_finished,
    enter_eight,
    get,
    login,
    tables_stored,
    wait_for,
)


async def _plays_on(server: ServerProcess, tid: str, me: str, stage: int) -> bool:
    """Whether ``me`` is seated at the next stage (waiting until it is formed)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        event = get(server, tid)
        later = [t for t in event["tables"] if t["stage"] > stage]
        if later or event["status"] != "running":
            return any(me in t["seats"] for t in later)
        await asyncio.sleep(0.3)
    raise TimeoutError("the next stage was not formed")


def test_an_elimination_of_eight_is_played_to_its_champion(tmp_path: Path) -> None:
    data = tmp_path / "data"
    admin_create(data, "Root")
    with ServerProcess(data, env=ENV) as server:
        root = login(server, "Root")
        tid, guests = enter_eight(server, root)
        listed = httpx.get(f"{server.http}/api/tournaments", timeout=10).json()
        assert [(e["id"], e["registered"], e["status"]) for e in listed] == [
            (tid, 8, "registration")
        ]
        me = guests[0]["account"]["id"]

        async def play() -> tuple[list[dict[str, Any]], dict[str, Any]]:
            """Pat 0 plays every table it is brought to, until it is told the event is
            over."""
            client = Client(server, guests[0])
            welcome = await client.connect()
            assert welcome is not None and welcome["room"] is None
            told = await client.expect("tournament_table", timeout=60)
            # A second connection (a reload) is brought back to the table's match.
            again = Client(server, guests[0])
            welcome = await again.connect()
            assert welcome is not None and welcome["room"] == told["room"]
            await client.close()
            played = []
            while True:
                played.append(told)
                await play_until_over(again, told["match"], timeout=120)
                if not await _plays_on(server, tid, me, told["stage"]):
                    break
                told = await again.expect("tournament_table", timeout=60)
            over = await again.expect("tournament_over", timeout=120)
            await again.close()
            return played, over

        played, over = asyncio.run(play())
        done = wait_for(server, tid, "finished")
        check_finished(server, done)
        champion = done["places"][0]
        names = {g["account"]["id"]: g["account"]["name"] for g in guests}
        assert over == {
            "type": "tournament_over",
            "tournament": tid,
            "name": "Cup",
            "status": "finished",
            "champion": champion,
            "champion_name": names[champion],
            "reason": None,
        }
        mine = [t for t in done["tables"] if me in t["seats"]]
        assert [(p["table"], p["match"]) for p in played] == [(t["id"], t["match"]) for t in mine]
        assert {p["tournament"] for p in played} == {tid}


def _kill_9_in_the_middle(data: Path, db: str | None) -> None:
    admin_create(data, "Root", db)
    server = ServerProcess(data, env=ENV, db=db)
    server.start()
    try:
        root = login(server, "Root")
        tid, guests = enter_eight(server, root)

        async def hold_a_table() -> dict[str, Any]:
            """Pat 0 is at its table and does not play: that table waits on it."""
            client = Client(server, guests[0])
            await client.connect()
            told = await client.expect("tournament_table", timeout=60)
            deadline = time.monotonic() + 60
            while not any(t["done"] for t in get(server, tid)["tables"]):
                assert time.monotonic() < deadline, "the other table did not finish"
                await asyncio.sleep(0.3)
            return told

        told = asyncio.run(hold_a_table())
        before = get(server, tid)
        assert before["status"] == "running"
        done_before = {t["id"]: t["places"] for t in before["tables"] if t["done"]}
        assert len(done_before) == 1 and told["table"] not in done_before
        server.kill9()

        server = ServerProcess(data, env=ENV, db=db)
        server.start()
        done = wait_for(server, tid, "finished")
        check_finished(server, done)
        # The table done before the crash kept its result; nothing was played twice.
        for t in done["tables"]:
            if t["id"] in done_before:
                assert t["places"] == done_before[t["id"]]
        matches, rooms = tables_stored(db or sqlite_url(data))
        assert matches == sorted(t["match"] for t in done["tables"])
        assert rooms == sorted(t["room"] for t in done["tables"])
    finally:
        server.stop()


def test_a_kill_9_in_the_middle_loses_and_doubles_nothing(tmp_path: Path) -> None:
    _kill_9_in_the_middle(tmp_path / "data", None)


def test_a_kill_9_in_the_middle_on_postgresql(tmp_path: Path) -> None:
    from store.postgres import INSTALL, fresh_database, pg_bin, postgres_server

    if pg_bin() is None:
        pytest.skip(f"PostgreSQL binaries not found: install them with `{INSTALL}`")
    with postgres_server() as admin:
        url = asyncio.run(fresh_database(admin, "t_" + uuid.uuid4().hex[:10]))
        _kill_9_in_the_middle(tmp_path / "data", url)
