"""Bad input and security over a real server: refusals, limits, Origin, malformed frames."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.typing import Origin

from younuo.protocol.messages import CLIENT_TYPES

from .harness import Client, ServerProcess
from .test_play import make_table


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(
        Path(tmp_path_factory.mktemp("refusals")),
        env={"YOUNUO_RATE_PER_SECOND": "1000", "YOUNUO_RATE_BURST": "1000"},
    ) as proc:
        yield proc


def test_host_powers_are_the_hosts_and_start_says_why_not(shared_server: ServerProcess) -> None:
    """Issue 4 (rooms): a non-host's kick, bot, option and start are refused (not_host);
    a refused start lists its reasons: too few ready, odd count, unbalanced camps."""

    async def main() -> None:
        clients, _room = await make_table(shared_server, ["Ann", "Bob", "Cat"], 0, {})
        ann, bob, cat = clients
        for message in (
            {"type": "kick", "seat": 0},
            {"type": "add_bot", "level": "easy"},
            {"type": "configure", "settings": {"options": {"jump_in": "numbers"}}},
            {"type": "start"},
            {"type": "set_camp", "seat": 0, "camp": "blue"},
        ):
            reply = await bob.request(message)
            assert reply["type"] == "error" and reply["code"] == "not_host", (message, reply)
        # 3 ready of the 5 needed.
        assert (await ann.request({"type": "configure", "settings": {"seats": 6, "needed": 5}}))[
            "type"
        ] == "ack"
        reply = await ann.request({"type": "start"})
        assert reply["code"] == "cannot_start"
        assert [r["code"] for r in reply["details"]["reasons"]] == ["too_few_ready"]
        # Team mode with 3: odd; then 4 with three in one camp: unbalanced.
        ok = await ann.request(
            {
                "type": "configure",
                "settings": {
                    "mode": "teams",
                    "needed": 2,
                    "options": {"jump_in": "numbers", "draw_and_play": True},
                },
            }
        )
        assert ok["type"] == "ack"
        room = (
            await ann.expect(
                lambda f: f.get("type") == "room" and f["room"]["settings"]["mode"] == "teams"
            )
        )["room"]
        assert room["rules"]["jump_in"] == "numbers" and room["rules"]["draw_and_play"] is True
        reply = await ann.request({"type": "start"})
        assert "odd_count" in [r["code"] for r in reply["details"]["reasons"]]
        assert (await ann.request({"type": "add_bot", "level": "normal"}))["type"] == "ack"
        room = (
            await ann.expect(
                lambda f: (
                    f.get("type") == "room" and sum(s is not None for s in f["room"]["seats"]) == 4
                )
            )
        )["room"]
        camps = {s["seat"]: s["camp"] for s in room["seats"] if s}
        red = [seat for seat, camp in camps.items() if camp == "red"]
        blue = [seat for seat, camp in camps.items() if camp == "blue"]
        assert len(red) == len(blue) == 2
        assert (await ann.request({"type": "set_camp", "seat": blue[0], "camp": "red"}))[
            "type"
        ] == "ack"
        reply = await ann.request({"type": "start"})
        assert [r["code"] for r in reply["details"]["reasons"]] == ["unbalanced_camps"]
        # The host kicks Cat: Cat is told, and is no longer seated.
        cat_seat = next(s["seat"] for s in room["seats"] if s and s["name"] == "Cat")
        assert (await ann.request({"type": "kick", "seat": cat_seat}))["type"] == "ack"
        await cat.expect("kicked")
        assert (await cat.request({"type": "ready"}))["code"] == "not_in_room"
        for c in clients:
            await c.close()

    asyncio.run(main())


def test_names_and_seats_are_checked(shared_server: ServerProcess) -> None:
    """Names: no control characters, not too long, no duplicate at one table."""
    for bad in [
        "",
        "   ",
        "a" * 21,
        "bad\u0000name",
        "rtl\u202eoverride",
        "new\nline",
        "zero\u200bwidth",
    ]:
        r = httpx.post(f"{shared_server.http}/api/auth/guest", json={"name": bad})
        assert r.status_code == 400 and r.json()["code"] == "bad_name", bad

    async def main() -> None:
        clients, room = await make_table(shared_server, ["Eve"], 1, {})
        twin = Client(shared_server, shared_server.guest("EVE"))
        await twin.connect()
        reply = await twin.request({"type": "join_room", "room": room})
        assert reply["code"] == "name_taken"
        watch = await twin.request({"type": "join_room", "room": room, "spectate": True})
        assert watch["type"] == "ack"
        for c in [*clients, twin]:
            await c.close()

    asyncio.run(main())


def test_actions_only_for_your_own_seat(shared_server: ServerProcess) -> None:
    """An action naming another seat is refused (not_your_seat); a spectator's action is
    refused (not_a_player); the server's own actions are refused (server_only); a stale
    version is refused (stale_version)."""

    async def main() -> None:
        clients, room = await make_table(shared_server, ["Fay", "Gus"], 1, {"turn_seconds": 0})
        fay, gus = clients
        watcher = Client(shared_server, shared_server.guest("Hal"))
        await watcher.connect()
        assert (await watcher.request({"type": "join_room", "room": room, "spectate": True}))[
            "type"
        ] == "ack"
        assert (await fay.request({"type": "start"}))["type"] == "ack"
        state = await gus.expect("state")
        match = state["match"]
        spectator_state = await watcher.expect("state")
        assert spectator_state["you"] is None and spectator_state["view"]["hand"] == []
        other = "Fay"
        reply = await gus.request(
            {"type": "action", "match": match, "action": {"type": "draw", "player": other}}
        )
        assert reply["code"] == "not_your_seat"
        reply = await watcher.request(
            {"type": "action", "match": match, "action": {"type": "draw"}}
        )
        assert reply["code"] == "not_a_player"
        reply = await gus.request({"type": "action", "match": match, "action": {"type": "timeout"}})
        assert reply["code"] == "server_only"
        reply = await gus.request(
            {"type": "action", "match": match, "version": 999, "action": {"type": "uno"}}
        )
        assert reply["code"] == "stale_version" and reply["details"]["version"] >= state["version"]
        reply = await gus.request(
            {"type": "action", "match": match, "action": {"type": "play", "card": "ZZ"}}
        )
        assert reply["code"] == "bad_message"
        for c in [*clients, watcher]:
            await c.close()

    asyncio.run(main())


def test_origin_is_checked_on_the_websocket(shared_server: ServerProcess) -> None:
    """A browser page from another origin cannot open the WebSocket (HTTP 403)."""

    async def main() -> None:
        with pytest.raises(websockets.InvalidStatus) as refused:
            await websockets.connect(shared_server.ws, origin=Origin("https://evil.example"))
        assert refused.value.response.status_code == 403
        ok = await websockets.connect(
            shared_server.ws, origin=Origin(f"http://127.0.0.1:{shared_server.port}")
        )
        await ok.close()

    asyncio.run(main())


def test_size_and_rate_limits(tmp_path: Path) -> None:
    """Messages over the size limit get too_large; over the rate, rate_limited; a flood
    closes the connection (1008); the server keeps serving others."""
    server = ServerProcess(tmp_path, env={"YOUNUO_RATE_PER_SECOND": "5", "YOUNUO_RATE_BURST": "5"})
    server.start()
    try:

        async def main() -> None:
            client = Client(server, server.guest("Ivy"))
            await client.connect()
            await client.send({"type": "ping", "ref": "x" * 10, "pad": "y" * 9000})
            assert (await client.expect("error"))["code"] == "too_large"
            for _ in range(10):
                await client.send({"type": "ping"})
            await client.expect(lambda f: f.get("code") == "rate_limited")
            for _ in range(200):
                if client.closed.is_set():
                    break
                with_ignored = client.send({"type": "ping"})
                try:
                    await with_ignored
                except websockets.ConnectionClosed:
                    break
            await asyncio.wait_for(client.closed.wait(), 5)
            assert client.ws.close_code == 1008
            other = Client(server, server.guest("Jay"))
            await other.connect()
            assert (await other.request({"type": "ping"}))["type"] == "pong"
            await other.close()

        asyncio.run(main())
    finally:
        server.stop()


def test_frames_over_the_size_limit_count_against_the_rate(tmp_path: Path) -> None:
    """A stream of frames just over ``max_message_bytes`` (each answered too_large) is
    rate limited like any other flood and, kept up, closes the connection (1008)."""
    env = {"YOUNUO_RATE_PER_SECOND": "5", "YOUNUO_RATE_BURST": "5"}
    with ServerProcess(tmp_path, env=env) as server:

        async def main() -> None:
            client = Client(server, server.guest("Kim"))
            await client.connect()
            big = {"type": "ping", "pad": "y" * 9000}
            for _ in range(10):
                await client.send(big)
            await client.expect(lambda f: f.get("code") == "rate_limited")
            for _ in range(200):
                try:
                    await client.send(big)
                except websockets.ConnectionClosed:
                    break
            await asyncio.wait_for(client.closed.wait(), 5)
            assert client.ws.close_code == 1008

        asyncio.run(main())


# ---------------------------------------------------------------------- hypothesis
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.sampled_from(["R5", "W+4", "red", "Ann", "m1", "play", "draw"]),
)
_json = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
_fields = st.sampled_from(
    [
        "type",
        "ref",
        "match",
        "version",
        "action",
        "room",
        "code",
        "seat",
        "settings",
        "token",
        "protocol",
        "level",
        "on",
        "ready",
        "camp",
        "avatar",
        "spectate",
    ]
)
_messages = st.one_of(
    st.builds(
        lambda kind, extra: {"type": kind, **extra},
        st.sampled_from(sorted(CLIENT_TYPES)),
        st.dictionaries(_fields, _json, max_size=4),
    ),
    st.builds(
        lambda action: {"type": "action", "match": "m", "action": action},
        st.dictionaries(
            st.sampled_from(["type", "card", "cards", "color", "target", "player"]),
            _json,
            max_size=4,
        ),
    ),
    _json,
)
_frames = st.one_of(_messages.map(json.dumps), st.text(max_size=60), st.binary(max_size=60))


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(frames=st.lists(_frames, min_size=1, max_size=12))
def test_malformed_messages_get_errors_never_a_crash(
    shared_server: ServerProcess, frames: list[Any]
) -> None:
    """Hypothesis-made messages (valid types with junk fields, junk JSON, raw bytes), sent
    before and after hello: each gets an answer, the connection stays open, the server
    stays up."""

    async def main() -> None:
        client = Client(shared_server, SESSION.setdefault("s", shared_server.guest("Hyp")))
        await client.connect(hello=False)
        for frame in frames:
            await client.send_raw(frame)
        await client.send({"type": "hello", "protocol": 1, "token": client.token, "ref": "h"})
        for frame in frames:
            await client.send_raw(frame)
        reply = await client.request({"type": "ping"}, timeout=20)
        assert reply["type"] == "pong"
        assert not client.closed.is_set()
        assert all(f["type"] != "error" or f["code"] != "internal" for f in client.frames), (
            client.frames
        )
        await client.request({"type": "leave_room"})
        await client.close()

    asyncio.run(main())
    assert httpx.get(f"{shared_server.http}/healthz").json()["ok"] is True


SESSION: dict[str, dict[str, Any]] = {}
