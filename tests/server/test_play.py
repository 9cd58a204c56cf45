"""A real server and real WebSocket clients: a whole match, reconnects, the frame audit."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx

from .harness import Client, ServerProcess, act, play_until_over


async def make_table(
    server: ServerProcess, names: list[str], bots: int, options: dict[str, Any]
) -> tuple[list[Client], str]:
    """People at one table (the first hosts) with ``bots`` bots, all ready; the room id."""
    clients = [Client(server, server.guest(name)) for name in names]
    for client in clients:
        await client.connect()
    host = clients[0]
    reply = await host.request(
        {
            "type": "create_room",
            "settings": {
                "name": "Test table",
                "seats": len(names) + bots,
                "needed": len(names) + bots,
                "options": options,
            },
        }
    )
    assert reply["type"] == "ack", reply
    room = (await host.expect("room"))["room"]
    for _ in range(bots):
        assert (await host.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
    for client in clients[1:]:
        reply = await client.request({"type": "join_room", "room": room["id"]})
        assert reply["type"] == "ack", reply
    for client in clients:
        assert (await client.request({"type": "ready", "ready": True}))["type"] == "ack"
    return clients, room["id"]


def hidden_cards_seen(frame: dict[str, Any], me: str, players: list[str]) -> list[str]:
    """Every place in ``frame`` where a card of another player shows (should be none)."""
    problems: list[str] = []
    view = frame.get("view")
    if view is not None:
        if view.get("player") not in (me, None):
            problems.append(f"view of {view.get('player')}")
        if view.get("player") is None and view.get("hand"):
            problems.append("a hand in a public view")
        if view.get("drawn") is not None and view.get("current") != me:
            problems.append("someone else's drawn card")
    for event in frame.get("events", []):
        kind = event["type"]
        if kind == "draw" and event.get("player") != me and event.get("cards") is not None:
            problems.append(f"{event['player']}'s drawn cards")
        if kind in ("deal", "swap", "rotate"):
            for name, cards in (event.get("hands") or {}).items():
                if name != me and cards is not None and kind == "deal":
                    problems.append(f"{name}'s dealt hand")
        if kind == "reveal" and event.get("target") != me and event.get("cards") is not None:
            problems.append("a challenge reveal meant for another")
    return problems


def test_four_clients_and_two_bots_play_a_match_to_its_end(server: ServerProcess) -> None:
    """Issue 4: four people and two bots play a match (scoring single) to ``match_over``;
    no frame any client received holds another player's card; the record replays."""

    async def main() -> tuple[list[Client], dict[str, Any]]:
        clients, _room = await make_table(
            server, ["Ann", "Bob", "Cat", "Dan"], 2, {"scoring": "single", "turn_seconds": 0}
        )
        host = clients[0]
        assert (await host.request({"type": "start"}))["type"] == "ack"
        states = [await c.expect("state") for c in clients]
        match = states[0]["match"]
        assert all(
            s["version"] == 0 and s["you"] == c.name for s, c in zip(states, clients, strict=True)
        )
        for client, state in zip(clients, states, strict=True):
            await act(client, state)
        overs = await asyncio.gather(*(play_until_over(c, match) for c in clients))
        for c in clients:
            await c.close()
        return clients, overs[0]

    clients, over = asyncio.run(main())
    assert over["status"] == "over" and over["winner"] is not None
    names = [r["name"] for r in over["results"]]
    assert len(names) == 6 and {"Ann", "Bob", "Cat", "Dan"} <= set(names)
    for client in clients:
        for frame in client.frames:
            assert not hidden_cards_seen(frame, client.name, names), (client.name, frame)
        # The audit had something to look at: others' draws arrived, with their cards hidden.
        others_draws = [
            e
            for f in client.frames
            for e in f.get("events", [])
            if e["type"] == "draw" and e.get("player") != client.name
        ]
        assert others_draws and all(e.get("cards") is None for e in others_draws)
        own_deal = next(
            e for f in client.frames for e in f.get("events", []) if e["type"] == "deal"
        )
        assert own_deal["hands"][client.name] is not None
    # The ended match's record is complete and its final state is the winner's.
    record = httpx.get(f"{server.http}/api/matches/{over['match']}/record").json()
    assert record["complete"] is True and record["record"]["seed"] is not None
    from younuo.engine.records import Record, replay

    result = replay(Record.from_dict(record["record"]))
    assert result.ok and result.state["match_winner"] == over["winner"]
    history = httpx.get(f"{server.http}/api/accounts/{clients[0].account}/matches").json()
    assert history and history[0]["id"] == over["match"]
    json.dumps(over)


def test_quick_match_seats_people_at_the_fullest_open_table(server: ServerProcess) -> None:
    """Lobby: quick match joins an open public room that fits, else creates one."""

    async def main() -> None:
        first = Client(server, server.guest("Kim"))
        second = Client(server, server.guest("Lee"))
        await first.connect()
        await second.connect()
        assert (await first.request({"type": "quick_match", "preset": "classic"}))["type"] == "ack"
        room = (await first.expect("room"))["room"]
        assert room["settings"]["preset"] == "classic"
        assert (await second.request({"type": "quick_match", "preset": "classic"}))["type"] == "ack"
        joined = (await second.expect("room"))["room"]
        assert joined["id"] == room["id"]
        listed = httpx.get(f"{server.http}/api/rooms", params={"preset": "classic"}).json()
        assert [r["id"] for r in listed] == [room["id"]] and listed[0]["taken"] == 2
        # The listing tells the room's pace: the classic preset's clock and target.
        assert (listed[0]["turn_seconds"], listed[0]["target"]) == (30, 500)
        for c in (first, second):
            await c.close()

    asyncio.run(main())
