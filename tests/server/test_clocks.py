"""R-TIME over a real server: the turn clock, two timeouts put a player on auto-play."""

from __future__ import annotations

import asyncio

import httpx

from .harness import ServerProcess
from .test_play import make_table


def test_r_time_two_timeouts_put_a_player_on_autoplay_until_switched_off(
    server: ServerProcess,
) -> None:
    """R-TIME: a player who lets the turn clock run out twice in a row is put on
    auto-play (a bot acts for them, source ``autoplay``); ``autoplay off`` gives the
    seat back. The deadlines are sent in ``clock``."""

    async def main() -> str:
        clients, _room = await make_table(
            server, ["Ann"], 1, {"turn_seconds": 1, "scoring": "single"}
        )
        ann = clients[0]
        assert (await ann.request({"type": "start"}))["type"] == "ack"
        state = await ann.expect("state")
        clock = state["clock"]
        if clock["turn_player"] is not None:
            assert clock["turn_deadline"] - state["server_time"] <= 1.01
        on = await ann.expect(
            lambda f: (
                f.get("type") in ("state", "update")
                and any(s["name"] == "Ann" and s["autoplay"] for s in f["table"])
            ),
            timeout=15,
        )
        timeouts = [
            e
            for f in ann.frames
            if f.get("type") == "update"
            for e in f["events"]
            if e["type"] == "timeout"
        ]
        assert len(timeouts) >= 2 and all(e["player"] == "Ann" for e in timeouts)
        assert (await ann.request({"type": "autoplay", "on": False}))["type"] == "ack"
        off = await ann.expect(
            lambda f: f.get("type") == "state" and not any(s["autoplay"] for s in f["table"])
        )
        assert off["match"] == on["match"]
        await ann.close()
        return str(on["match"])

    match = asyncio.run(main())
    record = httpx.get(f"{server.http}/api/matches/{match}/record").json()["record"]
    assert sum(1 for a in record["actions"] if a["type"] == "timeout") >= 2
