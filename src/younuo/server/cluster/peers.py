"""The other nodes as the hub needs them (its ``Peers``, through Redis): presence, the
lobby's watchers, shared limits, logouts and frames for connections elsewhere."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable

from redis.exceptions import RedisError

from younuo.server.cluster import buckets as sharedbuckets
from younuo.server.cluster.keys import ALL, BUCKETS, IN_LOBBY, PRESENCE, node_channel
from younuo.server.cluster.link import Link
from younuo.server.cluster.messages import Replaced, Revoke, Tell
from younuo.server.cluster.roster import Roster
from younuo.server.realtime.connections import Hub, Peers
from younuo.social.ratelimit import Bucket

_FORGET_IF_MINE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
"""


class ClusterPeers(Peers):
    """:class:`Peers` through Redis: who is connected where, across every node."""

    def __init__(self, link: Link, roster: Roster) -> None:
        self.node = link.node
        self.link = link
        self.redis = link.redis
        self.roster = roster
        self._forget = self.redis.register_script(_FORGET_IF_MINE)
        self._lobby_writes = asyncio.Lock()
        """Keeps a watch and the unwatch that follows it in order on Redis."""

    async def online(self, accounts: Iterable[str], hub: Hub) -> set[str]:
        """Which of ``accounts`` are connected to a living node (as of the last scan)."""
        wanted = list(accounts)
        here = {a for a in wanted if hub.online(a)}
        elsewhere = [a for a in wanted if a not in here]
        if not elsewhere:
            return here
        try:
            where = await self.redis.hmget(PRESENCE, elsewhere)
        except RedisError:
            return here
        living = self.roster.living
        return here | {a for a, n in zip(elsewhere, where, strict=True) if n in living}

    async def nodes_of(self, accounts: Iterable[str], hub: Hub) -> dict[str, str]:
        """The living node each of ``accounts`` is connected to (those connected)."""
        wanted = list(accounts)
        found = {a: self.node for a in wanted if hub.online(a)}
        elsewhere = [a for a in wanted if a not in found]
        if elsewhere:
            try:
                where = await self.redis.hmget(PRESENCE, elsewhere)
            except RedisError:
                return found
            living = self.roster.living
            found |= {a: n for a, n in zip(elsewhere, where, strict=True) if n in living}
        return found

    async def attached(self, account: str) -> None:
        try:
            before: str | None = await self.redis.hget(PRESENCE, account)  # type: ignore[assignment]
            await self.redis.hset(PRESENCE, account, self.node)
        except RedisError:
            return
        if before is not None and before != self.node:
            self.link.send(node_channel(before), Replaced(account=account))

    async def gone(self, account: str) -> bool:
        try:
            await self._forget(keys=[PRESENCE], args=[account, self.node])
            return await self.redis.hget(PRESENCE, account) is None
        except RedisError:
            return True

    def watching_lobby(self, account: str, on: bool) -> None:
        self.link.spawn(self._watching_lobby(account, on))

    async def _watching_lobby(self, account: str, on: bool) -> None:
        async with self._lobby_writes:
            with contextlib.suppress(RedisError):  # a resync writes them again
                if on:
                    await self.redis.hset(IN_LOBBY, account, self.node)
                else:
                    await self._forget(keys=[IN_LOBBY], args=[account, self.node])

    async def in_lobby(self, accounts: Iterable[str]) -> set[str]:
        wanted = list(accounts)
        if not wanted:
            return set()
        try:
            where = await self.redis.hmget(IN_LOBBY, wanted)
        except RedisError:
            return set()
        living = self.roster.living
        return {a for a, n in zip(wanted, where, strict=True) if n in living}

    async def spend(self, key: str, fresh: Bucket, now: float) -> tuple[bool, Bucket] | None:
        if not self.link.redis_up:
            return None
        try:
            return await sharedbuckets.spend(self.redis, BUCKETS + key, fresh, now)
        except RedisError:
            return None  # counted on this node until Redis is back

    async def refund(self, key: str, fresh: Bucket, now: float) -> bool:
        if not self.link.redis_up:
            return False
        try:
            return await sharedbuckets.refund(self.redis, BUCKETS + key, fresh, now)
        except RedisError:
            return False

    def revoke(self, token_hash: str) -> None:
        self.link.send(ALL, Revoke(token=token_hash, node=self.node))

    def tell(self, account: str, text: str) -> None:
        self.link.spawn(self._tell(account, text))

    async def _tell(self, account: str, text: str) -> None:
        with contextlib.suppress(RedisError):
            node: str | None = await self.redis.hget(PRESENCE, account)  # type: ignore[assignment]
            if node is not None and node != self.node:
                self.link.send(node_channel(node), Tell(account=account, text=text))


__all__ = ["ClusterPeers"]
