"""The skill rating on the wire (issue 43, item 5; docs/rating.md): a real server, two
people playing a match to its end, then ``match_over``, ``/api/me`` and the leaderboard."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import httpx

from .harness import Client, ServerProcess, act, play_until_over
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


def test_quick_match_seats_a_player_with_people_of_similar_skill(server: ServerProcess) -> None:
    """docs/rating.md, "Quick match": the open table whose people's mean skill is closest
    comes first, before a fuller table of much stronger players."""
    sessions = {name: server.guest(name) for name in ("Ann", "Bob", "Cat", "Dan", "Eve")}
    skills = {"Ann": 1600, "Bob": 1650, "Cat": 1000, "Dan": 1050, "Eve": 1580}
    db = sqlite3.connect(server.data / "younuo.db")
    with db:
        for name, session in sessions.items():
            db.execute(
                "UPDATE accounts SET skill = ? WHERE id = ?",
                (skills[name], session["account"]["id"]),
            )
    db.close()

    seen: dict[str, dict[str, Any]] = {}

    async def main() -> dict[str, str]:
        clients = {name: Client(server, session) for name, session in sessions.items()}
        for client in clients.values():
            await client.connect()
        rooms: dict[str, str] = {}

        async def quick(name: str) -> None:
            reply = await clients[name].request({"type": "quick_match", "preset": "classic"})
            assert reply["type"] == "ack", reply
            seen[name] = (await clients[name].expect("room"))["room"]
            rooms[name] = seen[name]["id"]

        await quick("Ann")
        await quick("Bob")  # joins Ann's: the only open table
        made = await clients["Cat"].request(
            {"type": "create_room", "settings": {"preset": "classic", "name": "Cat's"}}
        )
        assert made["type"] == "ack", made
        rooms["Cat"] = (await clients["Cat"].expect("room"))["room"]["id"]
        await quick("Dan")  # Cat's table (1000), not the fuller one of 1625
        await quick("Eve")  # Ann's table (1625), now the one as full as Cat's
        for client in clients.values():
            await client.close()
        return rooms

    rooms = asyncio.run(main())
    assert rooms["Bob"] == rooms["Ann"] != rooms["Cat"]
    assert rooms["Dan"] == rooms["Cat"]
    assert rooms["Eve"] == rooms["Ann"]
    # The room shows each person's skill beside the level.
    shown = {s["name"]: s["skill"] for s in seen["Dan"]["seats"] if s is not None}
    assert shown == {"Cat": 1000, "Dan": 1050}
