"""The skill rating on the wire (issue 43, item 5; docs/rating.md): a real server, two
people playing a match to its end, then ``match_over``, ``/api/me`` and the leaderboard."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from .harness import ServerProcess, act, play_until_over
from .test_play import make_table


def test_a_match_moves_the_winners_skill_up_and_the_losers_down(server: ServerProcess) -> None:
    async def main() -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
        clients, _room = await make_table(
            server, ["Ann", "Bob"], 0, {"scoring": "single", "turn_seconds": 0}
        )
        fresh = httpx.get(
            f"{server.http}/api/me", headers={"Authorization": f"Bearer {clients[0].token}"}
        ).json()
        assert fresh["skill"] == 1000  # a new account
        assert (await clients[0].request({"type": "start"}))["type"] == "ack"
        states = [await c.expect("state") for c in clients]
        for client, state in zip(clients, states, strict=True):
            await act(client, state)
        match = states[0]["match"]
        overs = await asyncio.gather(*(play_until_over(c, match) for c in clients))
        for c in clients:
            await c.close()
        return (
            overs[0],
            {c.name: c.token for c in clients},
            {c.name: c.account for c in clients},
        )

    over, tokens, ids = asyncio.run(main())
    assert over["status"] == "over"
    results = {r["name"]: r for r in over["results"]}
    winner = next(n for n, r in results.items() if r["winner"])
    loser = next(n for n in results if n != winner)
    assert results[winner]["skill_change"] > 0 > results[loser]["skill_change"]
    for r in results.values():
        assert r["skill"] == 1000 + r["skill_change"]
    for name, token in tokens.items():
        me = httpx.get(f"{server.http}/api/me", headers={"Authorization": f"Bearer {token}"})
        assert me.json()["skill"] == results[name]["skill"]
    board = httpx.get(f"{server.http}/api/leaderboard").json()
    ours = [row for row in board if row["account"] in ids.values()]
    assert [row["account"] for row in ours] == [ids[winner], ids[loser]]
    assert [row["skill"] for row in ours] == [results[winner]["skill"], results[loser]["skill"]]
