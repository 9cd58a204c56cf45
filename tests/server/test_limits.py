"""Limits by client address and by account (issue 24): no client can slow the others.

The server under test is strict (low limits, environment below); each test speaks from
its own loopback addresses (127.0.0.N: Linux routes all of 127/8 to the loopback), so
that one test's strikes and bans never reach another's.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import statistics
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from younuo.server.edge.limits import CLOSE_ABUSE, CLOSE_TOO_MANY, Buckets, address_key

from .harness import Client, ServerProcess

STRICT = {
    "YOUNUO_AUTH_PER_MINUTE": "6",
    "YOUNUO_AUTH_BURST": "3",
    "YOUNUO_LOGIN_PER_MINUTE": "6",
    "YOUNUO_LOGIN_BURST": "2",
    "YOUNUO_WS_PER_ADDRESS": "3",
    "YOUNUO_ABUSE_STRIKES": "3",
    "YOUNUO_BAN_SECONDS": "60",
    "YOUNUO_MAX_FRAME_BYTES": "16384",
    "YOUNUO_RATE_PER_SECOND": "5",
    "YOUNUO_RATE_BURST": "5",
}


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(Path(tmp_path_factory.mktemp("limits")), env=STRICT) as proc:
        yield proc


def post(server: ServerProcess, source: str, path: str, body: dict[str, Any]) -> httpx.Response:
    """A REST call from the loopback address ``source``."""
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(transport=transport, timeout=30) as client:
        return client.post(server.http + path, json=body)


def guest(server: ServerProcess, source: str, name: str) -> dict[str, Any]:
    r = post(server, source, "/api/auth/guest", {"name": name})
    r.raise_for_status()
    session: dict[str, Any] = r.json()
    return session


def assert_rate_limited(r: httpx.Response, most: int) -> None:
    """429 with ``Retry-After`` (whole seconds, at most ``most``) and the error body."""
    assert r.status_code == 429, r.text
    assert 1 <= int(r.headers["retry-after"]) <= most
    body = r.json()
    assert body["type"] == "error" and body["code"] == "rate_limited"
    assert body["message"] and body["ref"] is None


async def connect(server: ServerProcess, source: str, **kwargs: Any) -> Any:
    return await websockets.connect(server.ws, local_addr=(source, 0), **kwargs)


async def closed_with(ws: Any, timeout: float = 10.0) -> int:
    """The close code the server sent, once the connection is closed."""
    with pytest.raises(websockets.ConnectionClosed):
        async with asyncio.timeout(timeout):
            while True:
                await ws.recv()
    code = ws.close_code
    assert code is not None
    return int(code)


def test_logins_and_sign_ups_are_limited_per_address(strict: ServerProcess) -> None:
    """Guest, register and login share one budget per address (burst 3, one each 10 s):
    past it each gets 429 with Retry-After and the error body; another address is not
    held up."""
    for i in range(3):
        assert post(strict, "127.0.0.2", "/api/auth/guest", {"name": f"Ada{i}"}).status_code == 200
    assert_rate_limited(post(strict, "127.0.0.2", "/api/auth/guest", {"name": "Ada9"}), 10)
    credentials = {"name": "Adele", "password": "long enough pw"}
    assert_rate_limited(post(strict, "127.0.0.2", "/api/auth/register", credentials), 10)
    assert_rate_limited(post(strict, "127.0.0.2", "/api/auth/login", credentials), 10)
    assert post(strict, "127.0.0.3", "/api/auth/register", credentials).status_code == 200
    assert post(strict, "127.0.0.3", "/api/auth/login", credentials).status_code == 200


def test_logins_are_limited_per_account_name(strict: ServerProcess) -> None:
    """Login and register attempts on one name (any case) share a budget (burst 2) over
    every address: past it, 429 even with the right password; other names go on."""
    credentials = {"name": "Vera", "password": "vera's password"}
    assert post(strict, "127.0.0.4", "/api/auth/register", credentials).status_code == 200
    wrong = {"name": "Vera", "password": "not the password"}
    assert post(strict, "127.0.0.5", "/api/auth/login", wrong).status_code == 401
    assert_rate_limited(post(strict, "127.0.0.6", "/api/auth/login", credentials), 10)
    shouted = {"name": "VERA", "password": "vera's password"}
    assert_rate_limited(post(strict, "127.0.0.7", "/api/auth/login", shouted), 10)
    other = {"name": "Walt", "password": "walt's password"}
    assert post(strict, "127.0.0.7", "/api/auth/register", other).status_code == 200


def test_password_checks_do_not_stop_the_event_loop(server: ServerProcess) -> None:
    """While 30 wrong-password logins are being checked (argon2, ~0.2 s of CPU each),
    a WebSocket ping is still answered at once: hashing runs in its own threads."""

    async def main() -> None:
        client = Client(server, server.guest("Pia"))
        await client.connect()
        wrong = {"name": "Nobody", "password": "wrong password"}
        async with httpx.AsyncClient(timeout=60) as http:
            logins = [
                asyncio.create_task(http.post(server.http + "/api/auth/login", json=wrong))
                for _ in range(30)
            ]
            await asyncio.sleep(0.2)  # the checks are under way
            times: list[float] = []
            while sum(not task.done() for task in logins) >= 5:
                start = time.perf_counter()
                assert (await client.request({"type": "ping"}))["type"] == "pong"
                times.append(time.perf_counter() - start)
                await asyncio.sleep(0.02)
            answers = await asyncio.gather(*logins)
        assert [r.status_code for r in answers] == [401] * 30
        # In the loop, each ping would wait for at least the check under way (~0.2 s).
        assert len(times) >= 10, times
        assert statistics.median(times) < 0.05, times
        assert max(times) < 0.5, times
        await client.close()

    asyncio.run(main())


def test_connections_are_capped_per_address(strict: ServerProcess) -> None:
    """The fourth open connection from one address is closed at once with 4029; other
    addresses connect; once one of the three closes, the address may connect again."""

    async def main() -> None:
        open_ = [await connect(strict, "127.0.0.10") for _ in range(3)]
        extra = await connect(strict, "127.0.0.10")
        assert await closed_with(extra) == CLOSE_TOO_MANY
        assert "connections per address" in extra.close_reason
        other = Client(strict, guest(strict, "127.0.0.11", "Otto"))
        await other.connect(local_addr=("127.0.0.11", 0))
        assert (await other.request({"type": "ping"}))["type"] == "pong"
        await other.close()
        await open_.pop().close()
        for _ in range(50):  # the server notices the close
            again = await connect(strict, "127.0.0.10")
            await again.send('{"type": "ping"}')
            try:
                async with asyncio.timeout(2):
                    reply = await again.recv()
            except websockets.ConnectionClosed:
                assert again.close_code == CLOSE_TOO_MANY
                await asyncio.sleep(0.05)
                continue
            assert "not_authenticated" in str(reply)
            await again.close()
            break
        else:
            raise AssertionError("the address stayed at its cap after a close")
        for ws in open_:
            await ws.close()

    asyncio.run(main())


def _handshake(port: int, source: str) -> socket.socket:
    """A raw WebSocket connection (the upgrade done by hand), for frames no client sends."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    key = "dGhlIHNhbXBsZSBub25jZQ=="
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        assert chunk, answer
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def test_an_oversized_frame_is_refused_from_its_header(strict: ServerProcess) -> None:
    """A frame over max_frame_bytes closes the connection with 1009 as soon as its header
    is in: here a header announcing 1 GiB and no payload at all gets its close at once."""
    sock = _handshake(strict.port, "127.0.0.20")
    try:
        header = bytes([0x81, 0x80 | 127]) + struct.pack("!Q", 1 << 30) + os.urandom(4)
        sock.sendall(header)
        close = sock.recv(64)
        assert close[0] == 0x88, close  # a close frame, with its code
        assert struct.unpack("!H", close[2:4])[0] == 1009
    finally:
        sock.close()

    async def main() -> None:
        ws = await connect(strict, "127.0.0.21", max_size=2**22)
        await ws.send("x" * 20_000)
        assert await closed_with(ws) == 1009

    asyncio.run(main())


def test_repeated_oversized_frames_ban_the_address(strict: ServerProcess) -> None:
    """Three strikes (oversized frames) close the address's other connections with 4003
    and refuse its new ones; another address plays on."""

    async def main() -> None:
        bystander = Client(strict, guest(strict, "127.0.0.30", "Bea"))
        await bystander.connect(local_addr=("127.0.0.30", 0))
        for _ in range(3):
            ws = await connect(strict, "127.0.0.30", max_size=2**22)
            await ws.send("x" * 20_000)
            assert await closed_with(ws) == 1009
        await asyncio.wait_for(bystander.closed.wait(), 10)
        assert bystander.ws.close_code == CLOSE_ABUSE
        # Its new connections are dropped as they arrive, HTTP ones too.
        with pytest.raises((websockets.InvalidHandshake, OSError)):
            await connect(strict, "127.0.0.30")
        with pytest.raises(httpx.TransportError):
            post(strict, "127.0.0.30", "/api/auth/guest", {"name": "Bea"})
        other = Client(strict, guest(strict, "127.0.0.31", "Cid"))
        await other.connect(local_addr=("127.0.0.31", 0))
        assert (await other.request({"type": "ping"}))["type"] == "pong"
        await other.close()

    asyncio.run(main())


def test_repeated_floods_ban_the_address(strict: ServerProcess) -> None:
    """A connection closed for flooding (1008) is a strike too: the third bans."""

    async def main() -> None:
        for _ in range(3):
            ws = await connect(strict, "127.0.0.40")
            with contextlib.suppress(websockets.ConnectionClosed):
                for _ in range(500):
                    await ws.send('{"type": "ping"}')
            assert await closed_with(ws) == 1008
        with pytest.raises((websockets.InvalidHandshake, OSError)):
            await connect(strict, "127.0.0.40")

    asyncio.run(main())


def test_a_ban_behind_a_proxy_is_by_the_forwarded_address(strict: ServerProcess) -> None:
    """From a proxy (127.0.0.1, trusted for X-Forwarded-For) the strikes count against
    the client's address: its new connections are closed with 4003 and a reason, while
    the proxy's other clients connect."""

    async def main() -> None:
        banned = {"X-Forwarded-For": "203.0.113.50"}
        for _ in range(3):
            ws = await connect(strict, "127.0.0.1", additional_headers=banned, max_size=2**22)
            await ws.send("x" * 20_000)
            assert await closed_with(ws) == 1009
        late = await connect(strict, "127.0.0.1", additional_headers=banned)
        assert await closed_with(late) == CLOSE_ABUSE
        assert "banned" in late.close_reason
        fine = await connect(
            strict, "127.0.0.1", additional_headers={"X-Forwarded-For": "203.0.113.51"}
        )
        await fine.send('{"type": "ping"}')
        assert "not_authenticated" in str(await fine.recv())
        await fine.close()

    asyncio.run(main())


def test_limit_tables_forget_idle_entries_and_stay_bounded() -> None:
    """An address's bucket once full again is dropped (it would act as a new one), and
    no more than ``capacity`` are kept however many addresses come by."""
    many = Buckets(rate=1.0, burst=5, capacity=100)
    for i in range(1000):
        assert many.take(f"10.0.{i // 256}.{i % 256}") == 0.0
    assert len(many) == 100
    quick = Buckets(rate=1000.0, burst=1, capacity=100)  # full again after 1 ms
    for i in range(50):
        quick.take(f"10.1.0.{i}")
    assert quick.take("10.1.0.0") > 0  # taken twice in a row: refused, with a wait
    time.sleep(0.01)
    quick.take("10.2.0.0")
    assert len(quick) == 1


def test_ipv6_addresses_count_by_their_64_network() -> None:
    assert address_key("2001:db8:1:2:3:4:5:6") == address_key("2001:db8:1:2:ffff::1")
    assert address_key("2001:db8:1:2::1") != address_key("2001:db8:1:3::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("192.0.2.7") == "192.0.2.7"
