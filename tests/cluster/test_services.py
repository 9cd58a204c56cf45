"""The multi-node tests' services do what those tests rely on, with the real binaries.

Redis and PostgreSQL come back on the same URL after a restart; nginx spreads requests
and WebSockets over two real ``younuo serve`` nodes (127.0.0.1 and 127.0.0.2, each with
its own SQLite database, so that an account tells which node made it) and skips a
killed one.
"""

from __future__ import annotations

import asyncio
import socket
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
import redis
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from server.harness import Client, ServerProcess
from younuo.protocol.messages import PROTOCOL_VERSION

from .services import NginxProxy, PostgresServer, RedisServer

# Seconds a node may take to answer /healthz. It needs about 5 s of CPU to start (most of
# it imports): two at once on a 2-core machine already busy with other tests took over
# the harness's default 30 s.
NODE_START = 120.0


def refuses(host: str, port: int) -> bool:
    """Whether nothing listens on ``host:port`` (a stopped service)."""
    try:
        with socket.create_connection((host, port), timeout=1):
            return False
    except ConnectionRefusedError:
        return True


# --------------------------------------------------------------------------- Redis
def test_redis_restart_keeps_the_url_and_a_client_reconnects() -> None:
    with RedisServer() as server:
        url = server.url
        assert url == f"redis://127.0.0.1:{server.port}/0"
        client = redis.Redis.from_url(url)
        try:
            assert client.set("greeting", "hello")
            assert client.get("greeting") == b"hello"
            server.stop()
            assert refuses("127.0.0.1", server.port)
            server.start()
            assert server.url == url
            # The same client, over a new connection; the key is gone (no persistence).
            assert client.ping()
            assert client.get("greeting") is None
            assert client.set("greeting", "again")
            server.restart()
            assert client.get("greeting") is None
        finally:
            client.close()


def test_redis_comes_back_after_a_kill() -> None:
    with RedisServer() as server:
        client = redis.Redis.from_url(server.url)
        try:
            assert client.ping()
            server.kill()
            assert refuses("127.0.0.1", server.port)
            server.start()
            assert client.set("after", "crash")
            assert client.get("after") == b"crash"
        finally:
            client.close()


# --------------------------------------------------------------------------- PostgreSQL
def test_postgres_stop_and_start_keep_the_url_and_the_data() -> None:
    async def write(url: str) -> None:
        engine = create_async_engine(url)
        try:
            async with engine.begin() as conn:
                await conn.execute(text("CREATE TABLE seen (name text)"))
                await conn.execute(text("INSERT INTO seen VALUES ('Ann')"))
        finally:
            await engine.dispose()

    async def read(url: str) -> list[str]:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(text("SELECT name FROM seen"))
                return [str(row[0]) for row in rows]
        finally:
            await engine.dispose()

    with PostgresServer() as server:
        admin = server.admin_url
        assert admin == f"postgresql+asyncpg://postgres@127.0.0.1:{server.port}/postgres"
        url = asyncio.run(server.fresh_database("t_" + uuid.uuid4().hex[:12]))
        asyncio.run(write(url))
        server.stop()
        assert refuses("127.0.0.1", server.port)
        server.start()
        assert server.admin_url == admin
        assert asyncio.run(read(url)) == ["Ann"]
        server.restart()
        assert asyncio.run(read(url)) == ["Ann"]


# --------------------------------------------------------------------------- nginx
@pytest.fixture(scope="module")
def started_nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    """Two servers on two loopback addresses, each with its own SQLite database.

    Shared by the module's tests: a server takes seconds to start.
    """
    root = tmp_path_factory.mktemp("nodes")
    both = [
        ServerProcess(root / "a", host="127.0.0.1"),
        ServerProcess(root / "b", host="127.0.0.2"),
    ]
    try:
        # Side by side: each spends seconds importing and migrating its database.
        with ThreadPoolExecutor(len(both)) as pool:
            for started in [pool.submit(node.start, NODE_START) for node in both]:
                started.result()
        yield both
    finally:
        for node in both:
            node.stop()


@pytest.fixture
def nodes(started_nodes: list[ServerProcess]) -> list[ServerProcess]:
    """The two servers, each running: one that an earlier test killed is started again
    (on its port and database)."""
    for node in started_nodes:
        if node.proc is None or node.proc.poll() is not None:
            node.start(NODE_START)
    return started_nodes


@pytest.fixture
def proxy(nodes: list[ServerProcess]) -> Iterator[NginxProxy]:
    """nginx in front of both, started anew for each test, so that none inherits
    another's round-robin turn or failure marks."""
    with NginxProxy([f"{node.host}:{node.port}" for node in nodes]) as nginx:
        yield nginx


def owner(nodes: list[ServerProcess], token: str) -> ServerProcess:
    """The one node that knows ``token`` (the one that made the session)."""
    knows = [
        node
        for node in nodes
        if httpx.get(
            node.http + "/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=10
        ).status_code
        == 200
    ]
    assert len(knows) == 1, [node.host for node in knows]
    return knows[0]


def guest_through(proxy: NginxProxy, name: str) -> dict[str, Any]:
    r = httpx.post(proxy.url + "/api/auth/guest", json={"name": name}, timeout=10)
    r.raise_for_status()
    session: dict[str, Any] = r.json()
    return session


async def hello_through(
    proxy: NginxProxy, nodes: list[ServerProcess], sessions: list[dict[str, Any]]
) -> tuple[Client, ServerProcess]:
    """A WebSocket through nginx, welcomed by whichever node it reached; that node.

    ``sessions[i]`` is known to ``nodes[i]`` only: a node refuses the others' tokens
    with ``bad_token`` and keeps the socket open, so the hellos are tried in turn.
    """
    client = Client(nodes[0], sessions[0], url=proxy.ws_url)
    await client.connect(hello=False)
    for node, session in zip(nodes, sessions, strict=True):
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "token": session["token"]}
        reply = await client.request(hello)
        if reply["type"] == "welcome":
            assert reply["account"]["id"] == session["account"]["id"]
            return client, node
        assert reply["code"] == "bad_token", reply
    raise AssertionError("no node welcomed any of the sessions")


def test_nginx_takes_turns_between_nodes_for_requests_and_websockets(
    nodes: list[ServerProcess], proxy: NginxProxy
) -> None:
    health = httpx.get(proxy.url + "/healthz", timeout=10)
    assert health.status_code == 200 and health.json()["ok"] is True
    # Plain round-robin: consecutive requests alternate, whichever node comes first.
    owners = [owner(nodes, guest_through(proxy, f"G{i}")["token"]) for i in range(4)]
    assert owners[0] is not owners[1]
    assert owners == [owners[0], owners[1], owners[0], owners[1]]

    sessions = [node.guest(name) for node, name in zip(nodes, ["Ann", "Bob"], strict=True)]

    async def main() -> list[ServerProcess]:
        first, reached_first = await hello_through(proxy, nodes, sessions)
        second, reached_second = await hello_through(proxy, nodes, sessions)
        # Both sockets stay up through nginx and answer.
        for client in (first, second):
            assert (await client.request({"type": "ping"}))["type"] == "pong"
        await first.close()
        await second.close()
        return [reached_first, reached_second]

    reached = asyncio.run(main())
    assert {node.host for node in reached} == {"127.0.0.1", "127.0.0.2"}


def test_nginx_skips_a_killed_node_and_drops_its_websockets(
    nodes: list[ServerProcess], proxy: NginxProxy
) -> None:
    alive, doomed = nodes
    sessions = [node.guest(name) for node, name in zip(nodes, ["Cat", "Dan"], strict=True)]

    async def main() -> None:
        one, reached_one = await hello_through(proxy, nodes, sessions)
        two, reached_two = await hello_through(proxy, nodes, sessions)
        on_doomed = one if reached_one is doomed else two
        on_alive = two if on_doomed is one else one
        assert {reached_one.host, reached_two.host} == {alive.host, doomed.host}
        doomed.kill9()
        # nginx closes the client's side of a socket whose node died.
        await asyncio.wait_for(on_doomed.closed.wait(), 5)
        assert (await on_alive.request({"type": "ping"}))["type"] == "pong"
        # New sockets all reach the living node: its session is welcomed at once.
        for _ in range(3):
            client, reached = await hello_through(proxy, [alive], sessions[:1])
            assert reached is alive
            await client.close()
        await on_alive.close()

    asyncio.run(main())
    # Requests too, POSTs included: a refused connect is retried on the next node.
    for i in range(4):
        assert owner([alive], guest_through(proxy, f"K{i}")["token"]) is alive
