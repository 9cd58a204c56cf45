"""End to end behind a real load balancer: Debian's nginx, round-robin over three nodes,
no stickiness, in front of one PostgreSQL and one Redis. Two people and two bots play
a whole match through it while the node running the match is killed (kill -9); the
people reconnect to the same address, which nginx sends to a living node.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.harness import Client

from .deployment import (
    Deployment,
    Player,
    lost_moves,
    record_actions,
    same_history,
    two_and_two_bots,
)
from .services import NginxProxy, PostgresServer, RedisServer


@pytest.fixture(scope="module")
def behind_nginx(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Deployment, NginxProxy]]:
    with PostgresServer() as pg, RedisServer() as redis:
        url = asyncio.run(pg.fresh_database("nginx"))
        nodes = Deployment(tmp_path_factory.mktemp("nginx"), url, redis, 3)
        nodes.start()
        upstreams = [f"{n.host}:{n.port}" for n in nodes.nodes]
        try:
            with NginxProxy(upstreams) as proxy:
                yield nodes, proxy
        finally:
            nodes.stop()


def test_a_match_through_nginx_survives_a_killed_node(
    behind_nginx: tuple[Deployment, NginxProxy],
) -> None:
    nodes, proxy = behind_nginx

    async def guest(name: str) -> dict[str, Any]:
        async with httpx.AsyncClient() as http:
            reply = await http.post(f"{proxy.url}/api/auth/guest", json={"name": name})
        reply.raise_for_status()
        session: dict[str, Any] = reply.json()
        return session

    async def main() -> None:
        stamp = time.monotonic_ns() % 100_000
        people = [
            Player(Client(nodes.nodes[0], await guest(f"{who}{stamp}"), url=proxy.ws_url))
            for who in ("Ann", "Bob")
        ]
        ann, bob = (p.client for p in people)
        for client in (ann, bob):
            await client.connect()
        match = await two_and_two_bots(ann, bob)

        until = time.monotonic() + 150
        tasks = {p.name: asyncio.create_task(p.play(match, until)) for p in people}
        while max(f["version"] for f in people[1].seen(match)) < 6:
            await asyncio.sleep(0.05)
        runner = nodes.running_on(match)
        assert runner is not None
        victim = nodes.nodes[nodes.index(runner)]
        victim.kill9()

        # Whoever was connected through the killed node lost the socket: back in through
        # the same address, with the same token.
        while not all(task.done() and task.result() for task in tasks.values()):
            assert time.monotonic() < until, "the match did not end"
            for player in people:
                task = tasks[player.name]
                if player.client.closed.is_set():
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
                    player.client.unread.clear()
                    await player.client.connect()
                    state = await player.client.expect("state", 15)
                    assert state["you"] == player.name  # the seat is kept
                    tasks[player.name] = asyncio.create_task(player.play(match, until))
            await asyncio.sleep(0.1)
        finals = [await task for task in tasks.values()]
        assert all(f is not None and f["type"] == "match_over" for f in finals), finals
        assert nodes.running_on(match) is None
        assert same_history(people, match) == []
        alive = next(n for n in nodes.nodes if n.running)
        assert lost_moves(people, await record_actions(alive, match)) == []
        for client in (ann, bob):
            await client.close()

    asyncio.run(main())
