"""Bots think off the event loop: a slow bot at one table never holds up another table."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from .harness import Client, ServerProcess, act

SLOW = 2.0
"""Seconds of CPU each decision of the slow ``hard`` bot takes (tests/server/slow_bots.py).
Two, not one: a move on the fast table once took 0.42 s on a loaded CI machine (a
scheduler job's write queued before it), past a bound of 0.4 s that only has to tell a
bot on the event loop (a whole decision's stall) from one off it."""


async def in_step(clients: tuple[Client, ...], match: str, after: int) -> dict[str, Any]:
    """Each client's newest table frame past ``after``, all at the same version."""
    frames = {c.name: await newest(c, match, after) for c in clients}
    top = max(f["version"] for f in frames.values())
    for c in clients:
        if frames[c.name]["version"] < top:
            frames[c.name] = await newest(c, match, top - 1)
    return frames


async def newest(client: Client, match: str, after: int) -> dict[str, Any]:
    """The newest table frame of ``match`` past version ``after`` (waiting for one)."""
    frame = await client.expect(
        lambda f: f.get("type") in ("state", "update") and f.get("match") == match
        and f["version"] > after,
        timeout=5,
    )  # fmt: skip
    while client.pending():
        more = await client.next_frame(1)
        if more.get("type") in ("state", "update") and more.get("match") == match:
            frame = more
    return frame


def test_a_slow_bot_does_not_delay_another_tables_updates(tmp_path: Path) -> None:
    """Table A: Ann on auto-play against a bot that computes for a whole second per
    decision. Table B: Cat and Dan play meanwhile: every move of theirs reaches both
    of them in a fraction of that second, while table A's bot goes on playing."""
    launcher = [sys.executable, str(Path(__file__).with_name("slow_bots.py"))]
    server = ServerProcess(
        tmp_path / "data", env={"SLOW_BOT_SECONDS": str(SLOW)}, launcher=launcher
    )
    server.start()

    async def main() -> tuple[list[float], int]:
        ann = Client(server, server.guest("Ann"))
        cat, dan = Client(server, server.guest("Cat")), Client(server, server.guest("Dan"))
        for client in (ann, cat, dan):
            await client.connect()
        slow_table = {"seats": 2, "needed": 2, "options": {"turn_seconds": 0}}
        assert (await ann.request({"type": "create_room", "settings": slow_table}))["type"] == "ack"
        assert (await ann.request({"type": "add_bot", "level": "hard"}))["type"] == "ack"
        assert (await ann.request({"type": "start"}))["type"] == "ack"
        assert (await ann.request({"type": "autoplay", "on": True}))["type"] == "ack"

        # Played to a target out of reach: at the fast pace of the test's players a match
        # to 500 can end within the 2.5 * SLOW seconds measured (CI saw one wait in vain).
        fast_table = {"seats": 2, "needed": 2, "options": {"turn_seconds": 0, "target": 1_000_000}}
        assert (await cat.request({"type": "create_room", "settings": fast_table}))["type"] == "ack"
        room = (await cat.expect("room"))["room"]["id"]
        assert (await dan.request({"type": "join_room", "room": room}))["type"] == "ack"
        assert (await dan.request({"type": "ready", "ready": True}))["type"] == "ack"
        assert (await cat.request({"type": "start"}))["type"] == "ack"
        frames = {c.name: await c.expect("state") for c in (cat, dan)}
        match = frames["Cat"]["match"]

        latencies: list[float] = []
        deadline = time.monotonic() + 2.5 * SLOW
        while time.monotonic() < deadline:
            view = frames["Cat"]["view"]
            mover = next((c for c in (cat, dan) if view["current"] == c.name), None)
            version = max(f["version"] for f in frames.values())
            if view["status"] == "match_over":
                break
            if mover is None or view["status"] != "playing":
                frames = await in_step((cat, dan), match, version)
                continue
            start = time.perf_counter()
            await act(mover, frames[mover.name])
            frames = await in_step((cat, dan), match, version)
            latencies.append(time.perf_counter() - start)
        bot_moves = sum(
            1
            for f in ann.frames
            if f.get("type") == "update"
            for e in f["events"]
            if e.get("player") == "Bot Mimi" and e["type"] in ("play", "draw")
        )
        for client in (ann, cat, dan):
            await client.close()
        return latencies, bot_moves

    try:
        latencies, bot_moves = asyncio.run(main())
    finally:
        server.stop()
    assert bot_moves >= 1, "the slow bot played meanwhile"
    assert len(latencies) >= 10
    # On the event loop, one decision of the slow bot would stop every table for SLOW s.
    assert max(latencies) < 0.4 * SLOW, sorted(latencies)[-5:]
