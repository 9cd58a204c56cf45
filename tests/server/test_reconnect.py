"""Dropping and coming back: reconnect within the grace, a second tab, a crash (kill -9)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from younuo.engine.records import Record, replay

from .harness import Client, ServerProcess, act, play_until_over
from .test_play import make_table


async def _play_to_version(
    clients: list[Client], match: str, version: int, timeout: float = 30.0
) -> int:
    """Every client plays its turns until some client has seen ``version``; the highest seen."""
    seen = 0
    done = asyncio.Event()

    async def run(client: Client) -> None:
        nonlocal seen
        # Start from the newest table this client has seen (even one already read).
        last = next(
            (
                f
                for f in reversed(client.frames)
                if f.get("type") in ("state", "update") and f["match"] == match
            ),
            None,
        )
        if last is not None and not client.pending():
            await act(client, last)
        while not done.is_set():
            try:
                frame = await client.next_frame(0.2)
            except TimeoutError:
                continue
            if frame.get("type") in ("state", "update") and frame["match"] == match:
                seen = max(seen, frame["version"])
                last = frame
                if seen >= version:
                    done.set()
                    return
            if last is not None and not client.pending():
                await act(client, last)

    await asyncio.wait_for(asyncio.gather(*(run(c) for c in clients)), timeout)
    return seen


def test_reconnect_mid_game_gets_the_seat_and_full_view_back(server: ServerProcess) -> None:
    """Issue 4: a player drops mid-game; a bot plays the seat (``away``); the same token
    brings back ``welcome``, the room and a ``state`` with the player's own hand; the
    match then goes on to its end."""

    async def main() -> None:
        clients, room = await make_table(
            server, ["Ann", "Bob"], 1, {"scoring": "single", "turn_seconds": 0}
        )
        ann, bob = clients
        assert (await ann.request({"type": "start"}))["type"] == "ack"
        match = (await ann.expect("state"))["match"]
        await _play_to_version([ann, bob], match, 4)
        await bob.close()
        # Ann sees Bob away (a bot plays for him meanwhile).
        await ann.expect(
            lambda f: (
                f.get("type") in ("state", "update")
                and any(s["name"] == "Bob" and s["away"] for s in f["table"])
            )
        )
        back = Client(server, bob.session)
        welcome = await back.connect()
        assert welcome is not None and welcome["room"] == room
        state = await back.expect("state")
        assert state["match"] == match and state["you"] == "Bob"
        assert (
            state["view"]["player"] == "Bob"
            and len(state["view"]["hand"])
            == state["view"]["hand_counts"][state["view"]["players"].index("Bob")]
        )
        assert not next(s for s in state["table"] if s["name"] == "Bob")["away"]
        ann.unread.clear()
        await act(ann, (await ann.expect(lambda f: f.get("type") in ("state", "update"))))
        await act(back, state)
        overs = await asyncio.gather(play_until_over(ann, match), play_until_over(back, match))
        assert overs[0]["status"] == "over"
        for c in (ann, back):
            await c.close()

    asyncio.run(main())


def test_second_tab_takes_over_the_connection(server: ServerProcess) -> None:
    """Issue 4: the same token from a second tab takes over; the first is told and closed."""

    async def main() -> None:
        session = server.guest("Ann")
        first, second = Client(server, session), Client(server, session)
        await first.connect()
        await second.connect()
        await first.expect("replaced")
        await asyncio.wait_for(first.closed.wait(), 5)
        assert first.ws.close_code == 4001
        assert (await second.request({"type": "ping"}))["type"] == "pong"
        await second.close()

    asyncio.run(main())


def test_kill_9_mid_match_and_restart_loses_nothing(tmp_path: Path) -> None:
    """Issue 4: the server is SIGKILLed mid-match; restarted on the same data, it
    restores the match from its record: every action a client saw is in the log, the
    clients reconnect with their tokens, get the full view and play on to the end."""
    server = ServerProcess(tmp_path / "data", env={"YOUNUO_AWAY_TAKEOVER": "60"})
    server.start()
    try:

        async def before() -> tuple[list[dict[str, Any]], str, int, dict[str, dict[int, Any]]]:
            clients, _room = await make_table(
                server, ["Ann", "Bob", "Cat"], 1, {"scoring": "single", "turn_seconds": 0}
            )
            assert (await clients[0].request({"type": "start"}))["type"] == "ack"
            match = (await clients[0].expect("state"))["match"]
            seen = await _play_to_version(clients, match, 8)
            server.kill9()
            frames = {
                c.name: {f["version"]: f["events"] for f in c.frames if f.get("type") == "update"}
                for c in clients
            }
            for c in clients:
                await asyncio.wait_for(c.closed.wait(), 5)
            return [c.session for c in clients], match, seen, frames

        sessions, match, seen, sent = asyncio.run(before())
        assert seen >= 8 and all(sent.values())
        server.start()  # same port, same data directory

        async def after() -> None:
            record = httpx.get(f"{server.http}/api/matches/{match}/record").json()
            assert record["complete"] is False and record["record"]["seed"] is None
            assert len(record["record"]["actions"]) >= seen
            clients = [Client(server, s) for s in sessions]
            states = []
            for c in clients:
                await c.connect()
                states.append(await c.expect("state"))
            assert all(s["match"] == match and s["version"] >= seen for s in states)
            for c, s in zip(clients, states, strict=True):
                assert s["view"]["player"] == c.name
                await act(c, s)
            overs = await asyncio.gather(*(play_until_over(c, match) for c in clients))
            assert overs[0]["status"] == "over"
            for c in clients:
                await c.close()

        asyncio.run(after())
        final = httpx.get(f"{server.http}/api/matches/{match}/record").json()
        assert final["complete"] is True
        record = Record.from_dict(final["record"])
        result = replay(record)
        assert result.ok and result.state["status"] == "match_over"
        # Nothing accepted before the crash was lost or changed: the first actions of
        # the record give, to each client, exactly the events it was sent then.
        game = record.start()
        for version, action in enumerate(record.actions[:seen], start=1):
            events = game.apply(action)
            for name, frames in sent.items():
                if version in frames:
                    assert frames[version] == [game.redact(e, name).to_dict() for e in events]
    finally:
        server.stop()
