"""Several nodes on one PostgreSQL and one Redis: this node's part, started and stopped.

With ``redis`` set, ``younuo serve`` is one node among several (docs/scaling.md):

- **Truth** is PostgreSQL. Each node renews a lease in ``nodes``; each running match
  has one ``owner`` node, the only one that applies its moves: every change it writes
  is fenced by ``owner`` (:class:`~younuo.store.movelog.MatchWrite`), so two nodes
  never both apply a move, whatever the clocks or the network do.
- **Presence, routing and fan-out** go through Redis: a hash of which node each
  account is connected to (:mod:`~younuo.server.cluster.peers`); a channel per node for
  requests about the matches it runs (:mod:`~younuo.server.cluster.forwarding`); a
  channel per match for its committed changes, which every node watching it delivers
  to its own connections (:mod:`~younuo.server.cluster.deployment`); one channel for
  all nodes (a room changed, a session was logged out: :mod:`~younuo.server.cluster.relay`).
  The messages are one dataclass per kind (:mod:`~younuo.server.cluster.messages`),
  sent and heard by the :mod:`~younuo.server.cluster.link`.
- **Failover**: a node whose lease ran out (killed, cut off) has its matches taken
  over by the others, which rebuild them from the database and announce them afresh;
  a node told to stop (SIGTERM) hands its matches to the others first
  (:mod:`~younuo.server.cluster.leases`).
- **Redis down**: changes are refused as ``unavailable`` (play pauses, nothing
  acknowledged is lost); once it is back every node subscribes again and sends its
  connections a fresh ``state`` of every match they watch.

The parts are built by the composition root (:mod:`younuo.server.compose`);
:class:`ClusterNode` only starts and stops them.
"""

from __future__ import annotations

import asyncio

from younuo.server.cluster.forwarding import Forwarded
from younuo.server.cluster.leases import Leases
from younuo.server.cluster.link import Link
from younuo.store import Database


class ClusterNode:
    """Start, drain and stop this node's part in a deployment of several."""

    def __init__(self, link: Link, leases: Leases, db: Database, forwarded: Forwarded) -> None:
        """``db``: the leases' own small pool, closed with the node; ``forwarded``: the
        forwarding's counts, shown by ``/healthz``."""
        self.link = link
        self.leases = leases
        self.db = db
        self.forwarded = forwarded

    @property
    def node(self) -> str:
        return self.link.node

    @property
    def redis_up(self) -> bool:
        return self.link.redis_up

    async def start(self) -> None:
        """Join: renew the lease, listen on Redis, and from now on take up orphans."""
        try:
            await self.leases.renew()
        except Exception as exc:
            raise RuntimeError(f"node {self.node} cannot reach the database: {exc}") from exc
        self.link.start()
        self.leases.start()
        for _ in range(50):  # at most 5 s for Redis, else start and keep trying
            if self.link.redis_up:
                break
            await asyncio.sleep(0.1)

    async def drain(self) -> int:
        """A graceful stop: hand every match to the other nodes (how many were)."""
        return await self.leases.drain()

    async def close(self) -> None:
        await self.leases.close()
        await self.link.close()
        await self.db.close()


__all__ = ["ClusterNode"]
