"""An ordinary match's deal key (docs/security.md, "Threat model"): 128 bits from the
operating system for every match, stored beside the match; shown to nobody (players,
spectators, the REST API, the log) while the match runs; in its record once it has
ended, where it replays the match. A server's fixed ``deal_seed`` still deals with
SplitMix64, as before."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from younuo.engine import Game, Rules
from younuo.engine.records import Record, replay
from younuo.server.match.kinds import SeatKind
from younuo.server.match.service import MatchService, SeatInfo, fresh_deal_key
from younuo.server.realtime.connections import Hub
from younuo.server.settings import Settings as ServerSettings
from younuo.store import Database
from younuo.store import matches as repo

from .harness import Client, ServerProcess, act, play_until_over
from .test_play import make_table

KEY = re.compile(r"[0-9a-f]{32}")
RULES = Rules.from_preset("younuo", turn_seconds=0, scoring="single")
SEATS = [SeatInfo(name=n, kind=SeatKind.HUMAN, account=f"a{n}") for n in ("ann", "bob", "cat")]


async def _service(tmp_path: Path, **settings: Any) -> tuple[MatchService, Database]:
    db = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'y.db'}", sqlite_synchronous="normal")
    await db.migrate()
    config = ServerSettings.load(data=tmp_path, bot_timing="none", **settings)
    return MatchService(db, Hub(), config), db


def test_every_match_is_dealt_from_a_fresh_128_bit_key_that_its_stored_row_replays(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        service, db = await _service(tmp_path)
        try:
            keys = []
            for i in range(3):
                rt, row = service.prepare(f"r{i}", SEATS, RULES, None, "leave")
                assert row.seed is None and row.deal_key is not None
                assert KEY.fullmatch(row.deal_key)
                keys.append(row.deal_key)
                async with db.session() as s, s.begin():
                    await repo.create(s, row)
                async with db.session() as s:
                    stored = await repo.get(s, rt.id)
                assert stored is not None and repo.seed_of(stored) == row.deal_key
                # The stored row is the match's recipe: it deals the same game again.
                record = repo.record_of(stored, [])
                assert record["generator"] == "blake2b" and record["seed"] == row.deal_key
                again = Record.from_dict(record).start()
                assert again.snapshot() == rt.game.snapshot()
            assert len(set(keys)) == 3
        finally:
            await service.close()
            await db.close()

    asyncio.run(main())


def test_fresh_keys_are_128_bits_and_all_differ() -> None:
    keys = {fresh_deal_key() for _ in range(2000)}
    assert len(keys) == 2000 and all(KEY.fullmatch(k) for k in keys)
    # Every bit varies (a narrower source, e.g. 53 bits, would leave the top fixed).
    values = [int(k, 16) for k in keys]
    assert all(any(v >> bit & 1 for v in values) for bit in range(128))
    assert all(not all(v >> bit & 1 for v in values) for bit in range(128))


def test_a_fixed_deal_seed_still_deals_with_splitmix64(tmp_path: Path) -> None:
    async def main() -> None:
        service, db = await _service(tmp_path, deal_seed=77)
        try:
            rt, row = service.prepare("r", SEATS, RULES, None, "leave")
            assert row.seed == 77 and row.deal_key is None
            assert "generator" not in repo.record_of(row, [])
            plain = Game.new([s.name for s in SEATS], RULES, seed=77)
            assert rt.game.snapshot() == plain.snapshot()
        finally:
            await service.close()
            await db.close()

    asyncio.run(main())


@pytest.fixture
def talkative(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server that logs everything (debug), so that no line of its log goes unread."""
    with ServerProcess(tmp_path / "data", env={"YOUNUO_LOG_LEVEL": "debug"}) as proc:
        yield proc


def test_a_running_matchs_key_is_shown_to_nobody_and_its_ended_record_has_it(
    talkative: ServerProcess,
) -> None:
    """Two people, a bot and a spectator: every frame any of them got, every REST answer
    about the match while it ran and the server's log (at debug) hold no trace of the
    key; once the match is over its record carries the key and replays to its end."""
    server = talkative
    base = f"{server.http}/api/matches"

    async def main() -> tuple[list[Client], str, list[str], dict[str, Any]]:
        clients, room = await make_table(
            server, ["Ann", "Bob"], 1, {"scoring": "single", "turn_seconds": 0}
        )
        watcher = Client(server, server.guest("Sue"))
        await watcher.connect()
        joined = await watcher.request({"type": "join_room", "room": room, "spectate": True})
        assert joined["type"] == "ack", joined
        assert (await clients[0].request({"type": "start"}))["type"] == "ack"
        states = [await c.expect("state") for c in clients]
        match = states[0]["match"]
        answers = []
        async with httpx.AsyncClient(timeout=10) as http:
            running = await http.get(f"{base}/{match}/record")
            answers.append(running.text)
            body = running.json()
            assert body["complete"] is False
            assert body["record"]["seed"] is None and body["record"]["setup"] is None
            assert "generator" not in body["record"]
            replay_answer = await http.get(f"{base}/{match}/replay")
            assert replay_answer.status_code == 409
            answers += [replay_answer.text, (await http.get(f"{base}/{match}")).text]
        for client, state in zip(clients, states, strict=True):
            await act(client, state)
        overs = await asyncio.gather(*(play_until_over(c, match) for c in clients))
        await watcher.expect(lambda f: f.get("type") == "match_over", timeout=60)
        for c in [*clients, watcher]:
            await c.close()
        return [*clients, watcher], match, answers, overs[0]

    everyone, match, answers, over = asyncio.run(main())
    ended = httpx.get(f"{base}/{match}/record", timeout=10).json()
    assert ended["complete"] is True
    record = ended["record"]
    assert record["generator"] == "blake2b" and KEY.fullmatch(record["seed"])
    key = record["seed"]
    replayed = replay(Record.from_dict(record))
    assert replayed.ok and replayed.state["status"] == "match_over"
    assert replayed.state["match_winner"] == over["winner"]
    watcher = everyone[-1]
    assert any(f.get("type") in ("state", "update") for f in watcher.frames)
    seen = [json.dumps(f) for c in everyone for f in c.frames] + answers
    assert not [text for text in seen if key in text]
    log = server.log.read_text()
    assert f"/api/matches/{match}/record" in log  # the log was written at debug
    assert key not in log
