"""What a table sends besides views: legal actions, emotes, the fixed deal seed, replays.

One real server, dealing every match from one seed (the ``deal_seed`` setting), and
real WebSocket clients: two players and a spectator.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from younuo.engine import Game, Rules
from younuo.engine.records import Record, replay

from .harness import Client, ServerProcess, act, play_until_over

SEED = 424242
OPTIONS = {"turn_seconds": 0, "scoring": "single"}
RULES = Rules.from_preset("classic", **OPTIONS)
SERVER_ACTIONS = ("next_round", "timeout", "match_clock")


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(
        Path(tmp_path_factory.mktemp("seeded")), env={"YOUNUO_DEAL_SEED": str(SEED)}
    ) as proc:
        yield proc


async def duel(
    server: ServerProcess,
    names: tuple[str, str],
    spectator: str | None = None,
    deltas: frozenset[str] = frozenset(),
) -> tuple[Client, Client, Client | None, dict[str, Any], dict[str, Any]]:
    """Two players (the first hosts) and maybe a spectator; the started match's states.
    Those named in ``deltas`` ask for view deltas."""
    host, guest = (Client(server, server.guest(n), n in deltas) for n in names)
    watcher = Client(server, server.guest(spectator), spectator in deltas) if spectator else None
    for client in (host, guest, watcher):
        if client is not None:
            await client.connect()
    settings = {"seats": 2, "needed": 2, "preset": "classic", "options": OPTIONS}
    assert (await host.request({"type": "create_room", "settings": settings}))["type"] == "ack"
    room = (await host.expect("room"))["room"]["id"]
    assert (await guest.request({"type": "join_room", "room": room}))["type"] == "ack"
    if watcher is not None:
        reply = await watcher.request({"type": "join_room", "room": room, "spectate": True})
        assert reply["type"] == "ack", reply
    assert (await guest.request({"type": "ready", "ready": True}))["type"] == "ack"
    assert (await host.request({"type": "start"}))["type"] == "ack"
    return host, guest, watcher, await host.expect("state"), await guest.expect("state")


def expected_legal(record: dict[str, Any]) -> list[dict[str, list[dict[str, Any]]]]:
    """For each version of the match, each player's legal actions as the protocol says."""
    parsed = Record.from_dict(record)
    game = parsed.start()

    def now() -> dict[str, list[dict[str, Any]]]:
        return {
            name: [
                {k: v for k, v in a.to_dict().items() if k != "player"}
                for a in game.legal_actions(name)
                if a.type.value not in SERVER_ACTIONS
            ]
            for name in game.players
        }

    out = [now()]
    for action in parsed.actions:
        game.apply(action)
        out.append(now())
    return out


def test_legal_actions_in_every_frame_fixed_deal_seed_and_the_replay(
    seeded: ServerProcess,
) -> None:
    """Issue 4/5: every ``state``/``update`` sent to a seat carries that seat's legal
    actions, exactly the engine's; a spectator gets none and no hand; ``deal_seed``
    deals every match from one seed; the replay is refused while the match runs and
    afterwards gives every step with every hand."""

    async def main() -> tuple[list[Client], dict[str, Any], dict[str, Any]]:
        ann, bob, cy, ann_state, bob_state = await duel(seeded, ("Ann", "Bob"), "Cy")
        assert cy is not None
        match = ann_state["match"]
        # The deal is the engine's deal of the fixed seed, for both players.
        planned = Game.new(["Ann", "Bob"], RULES, seed=SEED)
        for state, name in ((ann_state, "Ann"), (bob_state, "Bob")):
            assert state["view"]["hand"] == [str(c) for c in planned.view(name).hand]
            assert state["legal"], "a player always has some legal action (leave, at least)"
        watched = await cy.expect("state")
        assert watched["you"] is None and watched["view"]["hand"] == []
        assert watched.get("legal") is None
        # The replay shows every hand: refused while the match runs.
        running = httpx.get(f"{seeded.http}/api/matches/{match}/replay")
        assert running.status_code == 409 and running.json()["code"] == "match_running"
        for client, state in ((ann, ann_state), (bob, bob_state)):
            await act(client, state)
        overs = await asyncio.gather(play_until_over(ann, match), play_until_over(bob, match))
        await cy.expect("match_over")
        # The room is open again: a second match is dealt from the same seed.
        assert (await bob.request({"type": "ready", "ready": True}))["type"] == "ack"
        assert (await ann.request({"type": "start"}))["type"] == "ack"
        second = await ann.expect(lambda f: f.get("type") == "state" and f["match"] != match)
        assert second["view"]["hand"] == ann_state["view"]["hand"]
        for client in (ann, bob, cy):
            await client.close()
        return [ann, bob, cy], overs[0], second

    (ann, bob, cy), over, _second = asyncio.run(main())
    match = over["match"]
    record = httpx.get(f"{seeded.http}/api/matches/{match}/record").json()["record"]
    assert record["seed"] == SEED
    legal = expected_legal(record)
    checked = 0
    for client in (ann, bob):
        for frame in client.frames:
            if frame.get("type") not in ("state", "update") or frame["match"] != match:
                continue
            assert frame["legal"] == legal[frame["version"]][client.name], frame["version"]
            hand = list(frame["view"]["hand"])
            for action in frame["legal"]:
                for card in action.get("cards") or [action.get("card")] * ("card" in action):
                    assert card in hand, (client.name, card, hand)  # only one's own cards
            checked += 1
    assert checked > 20
    assert any(
        a["type"] == "play" for f in ann.frames if f.get("match") == match for a in f["legal"] or []
    )
    watched = [f for f in cy.frames if f.get("type") in ("state", "update")]
    assert watched and all(f.get("legal") is None and not f["view"]["hand"] for f in watched)

    # The replay: the deal, then one step per action, nothing hidden.
    answer = httpx.get(f"{seeded.http}/api/matches/{match}/replay")
    assert answer.status_code == 200
    steps = answer.json()["steps"]
    assert answer.json()["error"] is None
    assert len(steps) == len(record["actions"]) + 1
    assert steps[0]["action"] is None
    assert {e["type"] for e in steps[0]["events"]} >= {"deal"}
    assert all(len(hand) == 7 for hand in steps[0]["state"]["hands"].values())
    assert [s["action"] for s in steps[1:]] == record["actions"]
    final = replay(Record.from_dict(record))
    assert steps[-1]["state"] == final.state
    assert steps[-1]["state"]["match_winner"] == over["winner"]
    draws = [e for s in steps for e in s["events"] if e["type"] == "draw"]
    assert {e["player"] for e in draws} == {"Ann", "Bob"}
    assert all(e.get("cards") for e in draws)  # every drawn card shows in a replay
    for before, after in itertools.pairwise(steps):
        action = after["action"]
        if action["type"] == "play" and "card" in action:
            hand_before = list(before["state"]["hands"][action["player"]])
            hand_before.remove(action["card"])
            assert after["state"]["hands"][action["player"]] == hand_before or (
                after["state"]["status"] != "playing"
            )
    assert httpx.get(f"{seeded.http}/api/matches/nope/replay").status_code == 404


def test_an_expression_changed_at_the_table_reaches_everyone_as_an_emote(
    seeded: ServerProcess,
) -> None:
    """Issue 5: expressions double as emotes: Dee's new expression during the match
    reaches Eve and the spectator at once (``emote``), and the table (in every later
    ``update`` and ``state``) keeps it."""

    async def main() -> None:
        dee, eve, fay, dee_state, _ = await duel(seeded, ("Dee", "Eve"), "Fay")
        assert fay is not None
        match = dee_state["match"]
        before = {s["name"]: s["avatar"] for s in dee_state["table"]}
        assert before["Dee"]["expression"] != "wink"
        avatar = {"outfit": "purple", "expression": "wink"}
        reply = await dee.request({"type": "avatar", "avatar": avatar})
        assert reply["type"] == "ack", reply
        for client in (eve, fay, dee):
            emote = await client.expect("emote")
            assert emote == {"type": "emote", "match": match, "player": "Dee", "avatar": avatar}
        # The room shows it too, and the table keeps it: a fresh state and the next update.
        synced = await eve.request({"type": "sync"})
        assert {s["name"]: s["avatar"] for s in synced["table"]}["Dee"] == avatar
        assert {s["name"]: s["avatar"] for s in synced["table"]}["Eve"] == before["Eve"]
        for client in (dee, eve):
            await act(client, await client.request({"type": "sync"}))  # the one to move does
        update = await fay.expect("update")
        assert {s["name"]: s["avatar"] for s in update["table"]}["Dee"] == avatar
        # Someone who only watches is not at the table: no emote for their new face.
        assert (await fay.request({"type": "avatar", "avatar": avatar}))["type"] == "ack"
        await eve.request({"type": "ping"})
        assert not [f for f in eve.frames if f.get("type") == "emote" and f["player"] == "Fay"]
        for client in (dee, eve, fay):
            await client.close()

    asyncio.run(main())


def test_view_deltas_rebuild_exactly_the_engines_views(seeded: ServerProcess) -> None:
    """``hello`` with ``deltas``: each ``update`` holds only the view's changed fields;
    applied in order they give, at every version, exactly the engine's view of the
    seat (and the public view for a spectator), as the full views of the clients that
    did not ask for deltas do; the frames are much smaller."""

    async def main() -> tuple[list[Client], str]:
        gus, hal, ivy, gus_state, hal_state = await duel(
            seeded, ("Gus", "Hal"), "Ivy", deltas=frozenset({"Gus", "Ivy"})
        )
        assert ivy is not None
        match = gus_state["match"]
        for client, state in ((gus, gus_state), (hal, hal_state)):
            await act(client, state)
        await asyncio.gather(play_until_over(gus, match), play_until_over(hal, match))
        await ivy.expect("match_over")
        for client in (gus, hal, ivy):
            await client.close()
        return [gus, hal, ivy], match

    (gus, hal, ivy), match = asyncio.run(main())
    record = httpx.get(f"{seeded.http}/api/matches/{match}/record").json()["record"]
    parsed = Record.from_dict(record)
    game = parsed.start()
    expected = [{n: game.view(n).to_dict() for n in (None, "Gus", "Hal")}]
    for action in parsed.actions:
        game.apply(action)
        expected.append({n: game.view(n).to_dict() for n in (None, "Gus", "Hal")})
    sizes: dict[str, list[int]] = {"Gus": [], "Hal": []}
    for client, seat in ((gus, "Gus"), (hal, "Hal"), (ivy, None)):
        view: dict[str, Any] = {}
        updates = 0
        for frame in client.frames:
            if frame.get("type") not in ("state", "update") or frame["match"] != match:
                continue
            if frame["type"] == "update":
                updates += 1
                assert frame["delta"] is client.deltas or frame["delta"] is False
                if seat is not None:
                    sizes[seat].append(len(json.dumps(frame["view"])))
            view = {**view, **frame["view"]} if frame.get("delta") else frame["view"]
            assert view == expected[frame["version"]][seat], (client.name, frame["version"])
        assert updates > 20
    assert all(f["delta"] for f in gus.frames if f.get("type") == "update")
    assert not any(f["delta"] for f in hal.frames if f.get("type") == "update")
    assert all("rules" not in f["view"] for f in gus.frames if f.get("type") == "update")
    assert sum(sizes["Gus"]) * 3 < sum(sizes["Hal"])


def test_no_per_message_compression_unless_the_setting_says_so(seeded: ServerProcess) -> None:
    """``ws_compression`` is off by default: a client offering permessage-deflate (as
    browsers do) is answered without it, so frames cost no compression CPU."""
    import websockets

    async def main() -> str | None:
        async with websockets.connect(seeded.ws, compression="deflate") as ws:
            assert ws.response is not None
            offered: str | None = ws.response.headers.get("Sec-WebSocket-Extensions")
            return offered

    assert asyncio.run(main()) is None
