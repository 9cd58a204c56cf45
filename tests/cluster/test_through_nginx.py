"""End to end behind a real load balancer: Debian's nginx over three nodes, configured
as docs/deploy.md says (tests/cluster/balancer.py reads it from there), in front of one
PostgreSQL and one Redis. Its rule hashes the ``room`` argument of ``/ws`` and spreads
everything else round-robin.

- Four players of the client library, who follow the room rule, end with their sockets
  on the node that runs their match, and none of their moves is forwarded.
- Two people and two bots play a whole match through it while the node running the
  match is killed (kill -9); the people reconnect to the same address, which nginx
  sends to a living node, and the forwarding carries the moves where needed.

The first also checks that no change of their match is published on Redis: no other
node asked about it (docs/scaling.md, "Routing").
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import httpx
import pytest
import redis

from server.harness import Client
from younuo.client import Client as LibraryClient
from younuo.client import RoomSettingsPatch, ServerError
from younuo.client.match import Match

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


def forwarded(nodes: Deployment) -> dict[str, int]:
    """The forwarding counts of every running node, summed (``/healthz``)."""
    total = {"sent": 0, "moves": 0, "served": 0}
    for i, node in enumerate(nodes.nodes):
        if node.running:
            for key, value in nodes.health(i)["forwarded"].items():
                total[key] += value
    return total


def moved_on(client: LibraryClient, seen: Match | None) -> Callable[[], bool]:
    """Whether the client's picture of the match is another than ``seen``."""
    return lambda: client.match is not seen


def publishes(nodes: Deployment) -> int:
    """How many ``PUBLISH`` commands Redis has run (every node's messages and changes)."""
    client = redis.Redis.from_url(nodes.redis.url)
    try:
        stats: dict[str, Any] = client.info("commandstats")
    finally:
        client.close()
    return int(stats.get("cmdstat_publish", {}).get("calls", 0))


def has_match(client: LibraryClient) -> bool:
    return client.match is not None


async def play_until(client: LibraryClient, version: int, until: float) -> None:
    """Act whenever it is the seat's turn until the match reaches ``version``."""
    while time.monotonic() < until:
        picture = client.match
        if (picture is not None and picture.version >= version) or client.over is not None:
            return
        if picture is not None and picture.my_turn and picture.legal:
            legal = [a for a in picture.legal if a["type"] != "leave"]
            with contextlib.suppress(ServerError):  # a stale version: the next frame tells
                await client.act(dict(legal[0]))
        with contextlib.suppress(TimeoutError):
            await client.until(moved_on(client, picture), 1.0)
    raise AssertionError(f"{client.account} did not see version {version}")


def test_players_who_follow_the_room_rule_play_on_their_matchs_node_unforwarded(
    behind_nginx: tuple[Deployment, NginxProxy],
) -> None:
    """Their REST calls and first sockets spread round-robin over the three nodes; once
    in the room each socket moves to ``/ws?room=ID``, which nginx hashes to one node:
    the host's start makes the match there, and its moves never cross nodes."""
    nodes, proxy = behind_nginx

    async def guest(name: str) -> str:
        async with httpx.AsyncClient() as http:
            reply = await http.post(f"{proxy.url}/api/auth/guest", json={"name": name})
        reply.raise_for_status()
        token: str = reply.json()["token"]
        return token

    async def main() -> None:
        stamp = time.monotonic_ns() % 100_000
        tokens = [await guest(f"{who}{stamp}") for who in ("Una", "Vic", "Wen", "Xia")]
        players = [LibraryClient(proxy.ws_url, token) for token in tokens]
        for player in players:
            await player.connect()
        first_nodes = {h["node"] for h in map(nodes.health, range(3)) if h["connections"]}
        assert len(first_nodes) > 1  # round-robin: the sockets started on several nodes
        host, *others = players
        settings = RoomSettingsPatch(seats=4, needed=4, options={"scoring": "single"})
        room = await host.create_room(settings)
        for player in others:
            await player.join_room(room.id)
            await player.ready()
        assert all(p.route == room.id and p.moves == 1 for p in players)
        await host.start()
        # Each waits on its own frames: a client wakes only for what it reads, so one
        # that has its state and hears nothing more must not wait for the others'.
        for player in players:
            await player.until(partial(has_match, player), 15)
        match = host.match.id if host.match else ""
        runner = nodes.running_on(match)
        assert runner is not None
        # Every socket is on the node that runs the match (the left ones are closed).
        for _ in range(50):
            counts = {h["node"]: h["connections"] for h in map(nodes.health, range(3))}
            if counts[runner] == 4 and sum(counts.values()) == 4:
                break
            await asyncio.sleep(0.1)
        assert counts[runner] == 4 and sum(counts.values()) == 4, (runner, counts)
        before = forwarded(nodes)
        start = host.match.version if host.match else 0
        until = time.monotonic() + 60
        # A node whose socket left as the match began may have asked for its state; it
        # stops listening at the next change it hears for nobody, and the runner stops
        # publishing at the next change that reaches nobody.
        await asyncio.gather(*(play_until(p, start + 4, until) for p in players))
        published = publishes(nodes)
        await asyncio.gather(*(play_until(p, start + 12, until) for p in players))
        after = forwarded(nodes)
        assert after == before, (before, after)  # not one request crossed nodes
        # Nor one change: no other node follows the match, so nothing is published.
        assert publishes(nodes) == published
        for player in players:
            with contextlib.suppress(ServerError):
                await player.leave_room()
            await player.close()

    asyncio.run(main())


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
