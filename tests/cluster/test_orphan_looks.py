"""How a node looks for orphaned matches (server/cluster/leases.py, docs/scaling.md):
with its lease renewal once a beat, and in between only when a peer seems gone, which
Redis tells at once when a process dies (kill -9 included)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from store.migrated import migrated, running_row
from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.keys import node_channel
from younuo.server.cluster.leases import Leases
from younuo.server.cluster.link import Link
from younuo.server.cluster.roster import Roster
from younuo.store import matches, nodes

from .services import PostgresServer, RedisServer

LEASE = 0.5
"""Seconds: the lease of these nodes (a node may claim orphans a lease after it first
reached the database)."""

PEER = """
import sys, time, redis
r = redis.Redis.from_url(sys.argv[1])
p = r.pubsub()
p.subscribe(sys.argv[2])
p.get_message(timeout=5)  # the subscription's confirmation
print("listening", flush=True)
time.sleep(120)
"""
"""A node's listener in a process of its own, to kill -9."""


@pytest.fixture(scope="module")
def services() -> Iterator[tuple[PostgresServer, RedisServer]]:
    with PostgresServer() as pg, RedisServer() as redis:
        yield pg, redis


class Runs:
    """A node's matches as the leases see them: ``runtimes`` those running here; what
    it is asked to take up is recorded (and then runs)."""

    feeds: Any = None

    def __init__(self, *running: str) -> None:
        self.runtimes: dict[str, Any] = dict.fromkeys(running)
        self.asked: list[list[str]] = []

    async def take_up_all(self, match_ids: list[str], at_once: int) -> set[str]:
        self.asked.append(match_ids)
        self.runtimes.update(dict.fromkeys(match_ids))
        return set(match_ids)

    async def release(self, match_id: str) -> None:
        return None

    def latest(self, rt: Any) -> Any:
        raise AssertionError("nothing is announced here")


def test_a_node_looks_between_beats_only_when_a_peer_stops_listening(
    services: tuple[PostgresServer, RedisServer],
) -> None:
    pg, redis = services
    peer = subprocess.Popen(
        [sys.executable, "-c", PEER, redis.url, node_channel("n1")],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert peer.stdout is not None and peer.stdout.readline().strip() == "listening"

        async def main() -> None:
            db = await migrated(await pg.fresh_database("looks_" + uuid.uuid4().hex[:8]))
            inbox = Inbox()
            link = Link(redis.url, "n0", inbox)
            link.start()
            roster = Roster("n0")
            leases = Leases(LEASE, db, Runs(), roster, link, inbox)
            try:
                async with db.session() as s, s.begin():
                    await nodes.renew(s, "n1", 60.0, draining=False)
                while not link.redis_up:
                    await asyncio.sleep(0.01)
                assert await link.listening({"n0", "n1", "n9"}) == {"n0", "n1"}
                assert await leases.look() == []
                # Just reached the database: no claim, so no look between beats either.
                assert not await leases.suspect()
                await asyncio.sleep(LEASE)
                assert await leases.look() == []  # the renewal's transaction read no orphan
                assert roster.living == {"n0", "n1"}
                # n1 listens: nothing to look for before the next beat.
                assert not await leases.suspect()
                peer.kill()
                peer.wait()
                killed = time.monotonic()
                while not await leases.suspect():
                    assert time.monotonic() - killed < 2.0, "n1's death went unnoticed"
                    await asyncio.sleep(0.05)
                assert await link.listening({"n1"}) == set()
                # Its lease still runs: the next look is set for when it ends.
                async with db.session() as s:
                    left = await nodes.lease_left(s, {"n1", "n9"})
                    assert left is not None and 50.0 < left <= 60.0
                    assert await nodes.lease_left(s, {"n9"}) is None
                # A match whose owner has no lease is found by the next beat's read.
                async with db.session() as s, s.begin():
                    await matches.create(s, running_row("m1", owner="n9"))
                assert await leases.look() == [("m1", "n9")]
            finally:
                await link.close()
                await db.close()

        asyncio.run(main())
    finally:
        peer.kill()
        peer.wait()


def test_a_look_takes_up_only_the_matches_not_running_here_and_shares_only_them(
    services: tuple[PostgresServer, RedisServer],
) -> None:
    """Every beat's look reads the matches this node owns. Those running here already
    are neither rebuilt nor added to ``shared``: their changes are published only once
    another node asks about them (with the room rule, never), not from every beat on.
    One owned here and not running (a handover whose message was lost) is taken up and
    shared: nodes watching it asked its former owner."""
    pg, redis = services

    async def main() -> None:
        db = await migrated(await pg.fresh_database("looks_" + uuid.uuid4().hex[:8]))
        inbox = Inbox()
        link = Link(redis.url, "n0", inbox)
        roster = Roster("n0")
        runs = Runs("m1")
        leases = Leases(LEASE, db, runs, roster, link, inbox)
        try:
            async with db.session() as s, s.begin():
                await matches.create(s, running_row("m1", owner="n0"))
                await matches.create(s, running_row("m2", owner="n0"))
            assert await leases.look() == []
            assert runs.asked == [["m2"]]
            assert roster.shared == {"m2"}
            assert await leases.look() == []  # the next beat: both run here
            assert runs.asked == [["m2"]]
            assert roster.shared == {"m2"}
        finally:
            await link.close()
            await db.close()

    asyncio.run(main())
