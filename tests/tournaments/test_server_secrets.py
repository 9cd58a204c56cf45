"""An event's secrets on the server (docs/security.md, "Threat model"): the scheduler
starts every event with two fresh 128-bit secrets; on a real server nothing public (the
event as anyone, a registrant or an admin reads it, the listing, the tables' matches and
records, a player's frames, the log) holds them, nor the key of a table still playing;
a table's key shows in its record once its match is over, and it is that table's alone."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

import httpx

from server.harness import Client, ServerProcess
from younuo.server.tournaments.service import TournamentService
from younuo.server.tournaments.tables import table_match_id
from younuo.store import Database, sqlite_url
from younuo.store import matches as matches_repo
from younuo.store import tournaments as stored
from younuo.tournaments import Command, EventSecrets, Format, StartTable, Tournament
from younuo.tournaments.seeds import keyed, table_deal

from .driving import NOW, START, spec
from .serving import ENV, admin_create, bearer, enter_eight, login, wait_for

KEY = re.compile(r"[0-9a-f]{32}")


def test_the_tick_starts_every_event_with_fresh_128_bit_secrets(tmp_path: Path) -> None:
    async def main() -> None:
        db = Database.from_url(sqlite_url(tmp_path), sqlite_synchronous="normal")
        await db.migrate()
        issued: list[tuple[str, Command]] = []

        async def carry_out(event: str, command: Command) -> None:
            issued.append((event, command))

        try:
            service = TournamentService(db, carry_out)
            ids = []
            for _ in range(3):
                t = await service.create(spec(Format.LEAGUE), "boss", admin=True, now=NOW)
                for i in range(4):
                    await service.register(t.id, f"p{i}", 1500, NOW, None)
                ids.append(t.id)
            await service.tick(START)
            drawn = []
            for tid in ids:
                started = await service.get(tid)
                assert started is not None and isinstance(started.seed, EventSecrets)
                secrets = started.seed
                assert KEY.fullmatch(secrets.deals) and KEY.fullmatch(secrets.seats)
                drawn += [secrets.deals, secrets.seats]
                starts = [c for e, c in issued if e == tid and isinstance(c, StartTable)]
                assert starts
                for command in starts:
                    assert command.seed == table_deal(secrets, command.table_id)
                    assert isinstance(command.seed, str) and KEY.fullmatch(command.seed)
            assert len(set(drawn)) == len(drawn) == 6
        finally:
            await db.close()

    asyncio.run(main())


def _stored(url: str, tid: str) -> tuple[Tournament, dict[str, Any]]:
    """The event's stored value, and each of its tables' match rows as (status, key)."""

    async def read() -> tuple[Tournament, dict[str, Any]]:
        db = Database.from_url(url)
        try:
            async with db.session() as s:
                row = await stored.get(s, tid)
                assert row is not None
                t = Tournament.from_dict(row.value)
                found: dict[str, Any] = {}
                for table in (x for stage in t.stages for x in stage.tables):
                    match = await matches_repo.get(s, table_match_id(t.id, table.id))
                    if match is not None:
                        found[table.id] = (match.status, matches_repo.seed_of(match))
                return t, found
        finally:
            await db.close()

    return asyncio.run(read())


def test_nothing_public_about_a_running_event_holds_its_secrets(tmp_path: Path) -> None:
    """Pat 0 is connected and never plays (no turn clock): its table keeps running while
    the other, played for its absent people, ends."""
    data = tmp_path / "data"
    admin_create(data, "Root")
    env = {**ENV, "YOUNUO_LOG_LEVEL": "debug"}
    with ServerProcess(data, env=env) as server:
        root = login(server, "Root")
        tid, guests = enter_eight(server, root, options={"scoring": "single", "turn_seconds": 0})

        async def sit() -> tuple[Client, dict[str, Any]]:
            client = Client(server, guests[0])
            await client.connect()
            told = await client.expect("tournament_table", timeout=60)
            return client, told

        async def main() -> tuple[list[str], dict[str, Any], str]:
            client, told = await sit()
            event = wait_for(server, tid, "running")
            other = next(t for t in event["tables"] if t["match"] != told["match"])
            deadline = time.monotonic() + 120
            async with httpx.AsyncClient(timeout=10) as http:
                base = f"{server.http}/api"
                while (await http.get(f"{base}/matches/{other['match']}")).json()[
                    "status"
                ] == "running":
                    assert time.monotonic() < deadline, "the other table did not end"
                    await asyncio.sleep(0.5)
                answers = [
                    (await http.get(f"{base}/tournaments/{tid}")).text,
                    (await http.get(f"{base}/tournaments/{tid}", headers=bearer(root))).text,
                    (await http.get(f"{base}/tournaments/{tid}", headers=bearer(guests[0]))).text,
                    (await http.get(f"{base}/tournaments")).text,
                ]
                records = {}
                for table in event["tables"]:
                    for path in ("", "/record"):
                        answer = await http.get(f"{base}/matches/{table['match']}{path}")
                        answers.append(answer.text)
                    records[table["id"]] = answer.json()
            await client.close()
            answers += [json.dumps(f) for f in client.frames]
            return answers, records, told["table"]

        answers, records, mine = asyncio.run(main())
        t, matches = _stored(sqlite_url(data), tid)
        log = server.log.read_text()
    assert isinstance(t.seed, EventSecrets) and t.status.value == "running"
    secrets = [t.seed.deals, t.seed.seats]
    tables = {x.id: x for stage in t.stages for x in stage.tables}
    assert set(records) == set(tables) and len(tables) == 2
    for table in tables.values():
        assert table.seed == keyed(t.seed.deals, "deal", table.id)
        status, key = matches[table.id]
        assert key == table.seed  # the match is dealt from its table's key
        record = records[table.id]
        if table.id == mine:
            assert status == "running" and record["complete"] is False
            assert record["record"]["seed"] is None and "generator" not in record["record"]
        else:
            assert status == "over" and record["complete"] is True
            assert record["record"]["seed"] == key
            assert record["record"]["generator"] == "blake2b"
    running_key = tables[mine].seed
    assert isinstance(running_key, str)
    hidden = [*secrets, running_key]
    assert not [(h, a[:200]) for h in hidden for a in answers if h in a]
    assert f"/api/tournaments/{tid}" in log  # the log was written at debug
    assert not [h for h in hidden if h in log]
