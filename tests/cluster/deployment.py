"""A deployment of several nodes for the tests: one PostgreSQL, one Redis, N nodes.

Each node is a real ``younuo serve`` on its own loopback address (127.0.0.2, .3, ...,
as if on separate machines) with ``--db`` and ``--redis``; :class:`Deployment` starts
them in parallel (a node needs seconds of CPU to start) and restarts, kills or stops
any of them. :class:`Player` plays from the ``legal`` actions a frame carries and keeps
what the audits need: every ``state``/``update`` it saw and every action acknowledged
with the version it was sent at.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import websockets

from server.harness import Client, ServerProcess

from .services import PostgresServer, RedisServer

NODE_START = 120.0
"""Seconds a node may take to answer /healthz (tests/cluster/test_services.py)."""


class Deployment:
    """``count`` nodes sharing one PostgreSQL database and one Redis."""

    def __init__(
        self,
        root: Path,
        db: str,
        redis: RedisServer,
        count: int,
        env: dict[str, str] | None = None,
    ) -> None:
        self.db = db
        self.redis = redis
        self.env = {"YOUNUO_MATCH_LEASE": "2", **(env or {})}
        self.nodes = [
            ServerProcess(
                root / f"n{i}",
                env=self.env,
                db=db,
                host=f"127.0.0.{i + 2}",
                extra_args=["--redis", redis.url, "--node-id", f"n{i}"],
            )
            for i in range(count)
        ]

    def start(self, *which: int) -> None:
        """Start the given nodes (all by default) at the same time."""
        chosen = [self.nodes[i] for i in which] if which else self.nodes
        with ThreadPoolExecutor(len(chosen)) as pool:
            for done in [pool.submit(n.start, NODE_START) for n in chosen]:
                done.result()

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def health(self, i: int) -> dict[str, Any]:
        reply = httpx.get(self.nodes[i].http + "/healthz", timeout=10)
        body: dict[str, Any] = reply.json()
        return body

    def running_on(self, match: str) -> str | None:
        """The node running ``match``, as ``GET /api/matches/{id}`` names it."""
        for node in self.nodes:
            if node.running:
                reply = httpx.get(f"{node.http}/api/matches/{match}", timeout=10)
                name: str | None = reply.json()["node"]
                return name
        return None

    def index(self, node_id: str) -> int:
        return int(node_id.removeprefix("n"))


class Player:
    """A person at the table through one node, playing from ``legal``."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.acked: list[tuple[int, dict[str, Any]]] = []
        """(version the action was sent at, the action) for every acknowledged move."""
        self.errors: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        """The newest ``state`` or ``update`` read."""
        self.rng = random.Random(client.name)

    @property
    def name(self) -> str:
        return self.client.name

    def seen(self, match: str) -> list[dict[str, Any]]:
        """Every ``state`` and ``update`` of ``match`` received, in order."""
        return [
            f
            for f in self.client.frames
            if f.get("type") in ("state", "update") and f.get("match") == match
        ]

    async def play(self, match: str, until: float) -> dict[str, Any] | None:
        """Play until ``match_over`` (that frame) or the monotonic time ``until``.

        The newest frame is kept between calls: a player paused and started again
        acts on it (their action may have been refused while a service was down).
        """
        while time.monotonic() < until:
            if self.client.closed.is_set() and not self.client.pending():
                return None  # the connection is gone: the caller reconnects
            try:
                frame = await self.client.next_frame(min(1.0, until - time.monotonic()))
            except TimeoutError:
                if self.last is not None:  # nothing new for a second: try again
                    await self._act(match, self.last)  # (refused as unavailable?)
                continue
            kind = frame.get("type")
            if kind == "match_over" and frame.get("match") == match:
                return frame
            if kind in ("state", "update") and frame.get("match") == match:
                self.last = frame
            if self.last is None or self.client.pending():
                continue
            await self._act(match, self.last)
        return None

    async def _act(self, match: str, frame: dict[str, Any]) -> None:
        # Leaving is always legal, and ends the test's match for this player: never.
        legal = [a for a in frame.get("legal") or [] if a["type"] != "leave"]
        if not legal or frame["view"].get("status") != "playing":
            return
        plays = [a for a in legal if a["type"] == "play"]
        action = self.rng.choice(plays) if plays else legal[0]
        version = frame["version"]
        message = {"type": "action", "match": match, "version": version, "action": action}
        try:
            reply = await self.client.request(message, timeout=15)
        except (TimeoutError, websockets.ConnectionClosed):
            return
        if reply["type"] == "ack":
            self.acked.append((version, action))
        else:
            self.errors.append(reply)


async def two_and_two_bots(host: Client, guest: Client) -> str:
    """``host`` makes a room of two people and two easy bots, ``guest`` joins, the match
    starts; its id, once both have its first ``state``."""
    reply = await host.request({"type": "create_room", "settings": {"seats": 4, "needed": 2}})
    assert reply["type"] == "ack", reply
    room = (await host.expect("room"))["room"]["id"]
    for _ in range(2):
        assert (await host.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
    assert (await guest.request({"type": "join_room", "room": room}))["type"] == "ack"
    assert (await guest.request({"type": "ready", "ready": True}))["type"] == "ack"
    assert (await host.request({"type": "start"}))["type"] == "ack"
    match: str = (await host.expect("state"))["match"]
    await guest.expect("state", 15)
    return match


def versions_in_order(frames: list[dict[str, Any]]) -> list[str]:
    """What is wrong with a connection's sequence of states and updates: an update must
    follow the version before it; a state may start anywhere but never goes back."""
    problems: list[str] = []
    last: int | None = None
    for frame in frames:
        version = frame["version"]
        if frame["type"] == "update":
            if last is None:
                problems.append(f"update {version} before any state")
            elif version != last + 1:
                problems.append(f"update {version} after version {last}")
        elif last is not None and version < last:
            problems.append(f"state {version} after version {last}")
        last = version
    return problems


def same_history(players: list[Player], match: str) -> list[str]:
    """Versions at which two connections saw different public events (a fork)."""
    seen: dict[int, tuple[Any, ...]] = {}
    problems = []
    for player in players:
        for frame in player.seen(match):
            if frame["type"] != "update":
                continue
            events = tuple((e["type"], e.get("player")) for e in frame["events"])
            before = seen.setdefault(frame["version"], events)
            if before != events:
                problems.append(f"version {frame['version']}: {before} vs {events}")
    return problems


async def record_actions(node: ServerProcess, match: str) -> list[dict[str, Any]]:
    async with httpx.AsyncClient() as http:
        reply = await http.get(f"{node.http}/api/matches/{match}/record", timeout=10)
    actions: list[dict[str, Any]] = reply.json()["record"]["actions"]
    return actions


def lost_moves(players: list[Player], actions: list[dict[str, Any]]) -> list[str]:
    """Acknowledged moves missing from the match's stored log at their version."""
    problems = []
    for player in players:
        for version, action in player.acked:
            stored = actions[version] if version < len(actions) else None
            body = {k: v for k, v in (stored or {}).items() if k != "player"}
            if stored is None or stored.get("player") != player.name or body != action:
                problems.append(f"{player.name} at {version}: {action} vs {stored}")
    return problems


__all__ = [
    "NODE_START",
    "Deployment",
    "Player",
    "PostgresServer",
    "RedisServer",
    "lost_moves",
    "record_actions",
    "same_history",
    "two_and_two_bots",
    "versions_in_order",
]
