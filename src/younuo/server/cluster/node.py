"""Several nodes on one PostgreSQL and one Redis: leases, routing, fan-out, failover.

With ``redis`` set, ``younuo serve`` is one node among several (docs/scaling.md):

- **Truth** is PostgreSQL. Each node renews a lease in ``nodes``; each running match
  has one ``owner`` node, the only one that applies its moves: every change it writes
  is fenced by ``owner`` (:class:`~younuo.store.movelog.MatchWrite`), so two nodes
  never both apply a move, whatever the clocks or the network do.
- **Presence, routing and fan-out** go through Redis: a hash of which node each
  account is connected to; a channel per node for requests about the matches it runs
  (a move sent to another node is forwarded here, and its answer or error goes back);
  a channel per match for its committed changes, which every node watching it
  delivers to its own connections (:mod:`younuo.server.realtime.feed`); one channel for all
  nodes (a room changed, a session was logged out).
- **Failover**: a node whose lease ran out (killed, cut off) has its matches taken
  over by the others (:func:`younuo.store.nodes.claim`, one winner each), which
  rebuild them from the database and announce them afresh; a node told to stop
  (SIGTERM) hands its matches to the others first (:meth:`Cluster.drain`).
- **Redis down**: changes are refused as ``unavailable`` (play pauses, nothing
  acknowledged is lost); once it is back every node subscribes again and sends its
  connections a fresh ``state`` of every match they watch.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import secrets
import time
from collections.abc import Iterable
from typing import Any

from pydantic_core import from_json, to_json
from redis.asyncio import Redis
from redis.exceptions import RedisError

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError, Replaced
from younuo.server.cluster import buckets as sharedbuckets
from younuo.server.lobby.service import Lobby
from younuo.server.match.service import MatchService
from younuo.server.realtime.connections import CLOSE_REPLACED, Hub, Peers
from younuo.server.realtime.feed import Committed, Kind
from younuo.server.realtime.routing import Op, Router
from younuo.server.settings import Settings
from younuo.social.ratelimit import Bucket
from younuo.store import Database
from younuo.store import nodes as repo
from younuo.store.errors import is_outage

log = logging.getLogger(__name__)

PREFIX = "younuo:"
ALL = PREFIX + "all"
"""The channel every node hears: rooms changed, sessions revoked."""
PRESENCE = PREFIX + "presence"
"""Hash: account -> the node its connection is on."""
IN_LOBBY = PREFIX + "in-lobby"
"""Hash: account -> the node on which its connection watches the lobby (presence ``lobby``)."""
BUCKETS = PREFIX + "bucket:"
"""Hashes ``bucket:KEY`` (``tokens``, ``at``): token buckets every node spends from."""
FORWARD_START = 5.0
"""Seconds a forwarded request may wait for the node running the match to start on it."""
FORWARD_TIMEOUT = FORWARD_START + 5.0
"""Seconds a forwarded request waits for its answer: longer than a started request takes
(a move waits out a catch grace, then one write), so that an answer of ``unavailable``
after it means the request was never started."""
SCAN_EVERY = 1.0
"""Seconds between two looks for orphaned matches (one indexed query of the running ones)."""
TAKE_UP_AT_ONCE = 8
"""Matches a node rebuilds from the database at the same time when taking over."""
NOT_HERE = "not_here"
"""The answer of a node asked about a match it does not run (between nodes only)."""
OUTBOX = 20_000
"""Announcements queued for Redis at most (more: the oldest are dropped; the other
nodes resynchronise when Redis is back)."""

_FORGET_IF_MINE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
"""


def _dumps(message: dict[str, Any]) -> str:
    """A message between nodes (trusted: no client's bytes are in it unchecked)."""
    return to_json(message).decode()


def node_channel(node: str) -> str:
    return f"{PREFIX}node:{node}"


def match_channel(match: str) -> str:
    return f"{PREFIX}match:{match}"


def unavailable(why: str) -> ProtocolError:
    return ProtocolError(ErrorCode.UNAVAILABLE, f"{why}: play pauses, retry in a moment")


class _NotHere(Exception):
    """The node asked does not run the match (any more)."""


class Cluster(Peers):
    """This node's part in a deployment of several (see the module docstring)."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        hub: Hub,
        matches: MatchService,
        tables: Router,
        lobby: Lobby,
    ) -> None:
        assert settings.redis is not None
        self.node = settings.node_name
        self.lease = settings.match_lease
        self.beat = max(0.3, self.lease / 4)
        """Seconds between lease renewals and orphan scans."""
        # Leases and scans on their own small pool: a renewal must never queue behind
        # a burst of moves for a connection, or a busy node would look dead.
        self.db = Database.from_url(settings.database_url, pool_size=2)
        self.hub = hub
        self.matches = matches
        self.tables = tables
        self.lobby = lobby
        self.redis = Redis.from_url(
            settings.redis, socket_connect_timeout=1.0, socket_timeout=3.0, decode_responses=True
        )
        self._sub_client = Redis.from_url(
            settings.redis, socket_connect_timeout=1.0, decode_responses=True
        )
        self.redis_up = False
        self.db_up = False
        self.draining = False
        self._db_since: float | None = None
        """Since when (monotonic) the lease has been renewed without a failure."""
        self._living: set[str] = {self.node}
        """The nodes whose lease ran at the last scan."""
        self._scanned = -math.inf
        """When (monotonic) ``_living`` was last read."""
        self._owners: dict[str, str] = {}
        """Match -> the node last seen running it (a hint; the database decides)."""
        self._watching: set[str] = set()
        """Matches whose channel this node listens to (it has connections watching)."""
        self._calls: dict[str, asyncio.Future[Any]] = {}
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue(OUTBOX)
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Future[Any]] = set()
        self._pubsub: Any = None
        self._forget = self.redis.register_script(_FORGET_IF_MINE)
        self._lobby_writes = asyncio.Lock()
        """Keeps a watch and the unwatch that follows it in order on Redis."""
        hub.peers = self
        matches.node = self.node
        matches.announce = self.announce
        matches.presence = self._presence
        matches.ready = self.ready
        matches.on_lost = self._lost
        tables.forward = self.forward
        lobby.changed = self.room_changed

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        """Join: renew the lease, listen on Redis, and from now on take up orphans."""
        try:
            await self._renew()
        except Exception as exc:
            raise RuntimeError(f"node {self.node} cannot reach the database: {exc}") from exc
        self._tasks = [
            asyncio.create_task(self._listen(), name="cluster-listen"),
            asyncio.create_task(self._publish(), name="cluster-publish"),
            asyncio.create_task(self._leases(), name="cluster-leases"),
        ]
        for _ in range(50):  # at most 5 s for Redis, else start and keep trying
            if self.redis_up:
                break
            await asyncio.sleep(0.1)

    async def drain(self) -> int:
        """A graceful stop: hand every match this node runs to another node, then tell
        them; how many were handed over. Connections are closed afterwards (1012)."""
        self.draining = True
        try:
            async with self.db.session() as s, s.begin():
                await repo.renew(s, self.node, self.lease, draining=True)
                others = [n for n, d in (await repo.live(s)).items() if not d and n != self.node]
        except Exception:
            log.exception("drain: the database did not answer; matches are left to the lease")
            return 0
        if not others:
            log.warning("drain: no other node is up; the matches wait for a restart")
            return 0
        moved = 0
        for i, match in enumerate(list(self.matches.runtimes)):
            target = others[i % len(others)]
            rt = await self.matches.release(match)
            if rt is None:
                continue
            self._watch_soon(match)
            try:
                async with self.db.session() as s, s.begin():
                    won = await repo.claim(s, match, self.node, target)
            except Exception:
                log.exception("drain: match %s could not be handed over", match)
                continue
            if won:
                moved += 1
                self._owners[match] = target
                self._send(node_channel(target), {"kind": "adopt", "match": match})
        await self._flush()
        return moved

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            async with self.db.session() as s, s.begin():
                if self.draining and not self.matches.runtimes:
                    await repo.retire(s, self.node)
        for client in (self.redis, self._sub_client):
            with contextlib.suppress(Exception):
                await client.aclose()
        await self.db.close()

    def _spawn(self, work: Any) -> None:
        """Run ``work`` in the background, holding on to its task until it is done."""
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # ------------------------------------------------------------------ leases
    async def _renew(self) -> None:
        async with self.db.session() as s, s.begin():
            await repo.renew(s, self.node, self.lease, draining=self.draining)

    async def _leases(self) -> None:
        """Renew this node's lease every ``beat``, and look for matches nobody runs
        every ``SCAN_EVERY`` seconds: a dead node's lease ends between 3/4 of a lease
        and a lease after its last renewal, and its tables should not wait a renewal
        period more on top of that."""
        renewed = -math.inf
        while True:
            try:
                if time.monotonic() - renewed >= self.beat:
                    await self._renew()
                    renewed = time.monotonic()
                if not self.db_up:
                    self.db_up, self._db_since = True, time.monotonic()
                    log.info("node %s: database reachable", self.node)
                await self._scan()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.db_up:
                    log.warning("node %s: database unreachable: %s", self.node, exc)
                self.db_up, self._db_since = False, None
                renewed = -math.inf
            await asyncio.sleep(min(self.beat, SCAN_EVERY))

    async def _scan(self) -> None:
        """Take up orphans (their node's lease ran out) and matches handed to this node.

        A node that has only just reached the database again waits out one lease
        first: the others may have been cut off too, and deserve the time to renew
        theirs before anyone calls them dead. Each node claims its share of the
        orphans per scan, so that the load of a dead node spreads over the living.
        """
        if self.draining:
            return
        async with self.db.session() as s:
            mine = await repo.owned(s, self.node)
            alive = await repo.live(s)
        self._living = set(alive)
        self._scanned = time.monotonic()
        await asyncio.gather(*(self._take_up(m) for m in mine if m not in self.matches.runtimes))
        if self._db_since is None or time.monotonic() - self._db_since < self.lease:
            return
        async with self.db.session() as s:
            found = await repo.orphans(s)
        living = [n for n, draining in alive.items() if not draining]
        if not found or not self.redis_up:
            return
        random.shuffle(found)
        share = math.ceil(len(found) / max(1, len(living)))
        async with self.db.session() as s, s.begin():
            won = [m for m, old in found[:share] if await repo.claim(s, m, old, self.node)]
        if won:
            log.info("node %s takes over %d match(es)", self.node, len(won))
        # Rebuilt a few at a time: each reads its log and replays it, and the tables
        # of a dead node should not wait for each other one by one.
        gate = asyncio.Semaphore(TAKE_UP_AT_ONCE)

        async def take(match: str) -> None:
            async with gate:
                await self._take_up(match)

        await asyncio.gather(*(take(m) for m in won))

    async def _take_up(self, match: str) -> None:
        try:
            if await self.matches.take_up(match):
                self._owners[match] = self.node
        except Exception:
            log.exception("node %s could not take up match %s", self.node, match)

    def _lost(self, match: str, owner: str | None) -> None:
        if owner is not None:
            self._owners[match] = owner
        self._watch_soon(match)

    # ------------------------------------------------------------------ presence
    async def online(self, accounts: Iterable[str], hub: Hub | None = None) -> set[str]:
        """Which of ``accounts`` are connected to a living node."""
        wanted = [a for a in accounts]
        here = {a for a in wanted if self.hub.online(a)}
        elsewhere = [a for a in wanted if a not in here]
        if not elsewhere:
            return here
        try:
            where = await self.redis.hmget(PRESENCE, elsewhere)
        except RedisError:
            return here
        return here | {a for a, n in zip(elsewhere, where, strict=True) if n in self._living}

    async def _presence(self, accounts: Iterable[str]) -> set[str]:
        return await self.online(accounts)  # the living nodes as of the last scan

    async def attached(self, account: str) -> None:
        try:
            before: str | None = await self.redis.hget(PRESENCE, account)  # type: ignore[assignment]
            await self.redis.hset(PRESENCE, account, self.node)
        except RedisError:
            return
        if before is not None and before != self.node:
            self._send(node_channel(before), {"kind": "replaced", "account": account})

    async def gone(self, account: str) -> bool:
        try:
            await self._forget(keys=[PRESENCE], args=[account, self.node])
            return await self.redis.hget(PRESENCE, account) is None
        except RedisError:
            return True

    def watching_lobby(self, account: str, on: bool) -> None:
        self._spawn(self._watching_lobby(account, on))

    async def _watching_lobby(self, account: str, on: bool) -> None:
        async with self._lobby_writes:
            with contextlib.suppress(RedisError):  # _resync writes them again
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
        return {a for a, n in zip(wanted, where, strict=True) if n in self._living}

    async def spend(self, key: str, fresh: Bucket, now: float) -> tuple[bool, Bucket] | None:
        if not self.redis_up:
            return None
        try:
            return await sharedbuckets.spend(self.redis, BUCKETS + key, fresh, now)
        except RedisError:
            return None  # counted on this node until Redis is back

    async def refund(self, key: str, fresh: Bucket, now: float) -> bool:
        if not self.redis_up:
            return False
        try:
            return await sharedbuckets.refund(self.redis, BUCKETS + key, fresh, now)
        except RedisError:
            return False

    def revoke(self, token_hash: str) -> None:
        self._send(ALL, {"kind": "revoke", "token": token_hash, "node": self.node})

    def tell(self, account: str, text: str) -> None:
        self._spawn(self._tell(account, text))

    async def _tell(self, account: str, text: str) -> None:
        with contextlib.suppress(RedisError):
            node: str | None = await self.redis.hget(PRESENCE, account)  # type: ignore[assignment]
            if node is not None and node != self.node:
                self._send(node_channel(node), {"kind": "tell", "account": account, "text": text})

    def room_changed(self, room: str, version: int) -> None:
        self._send(ALL, {"kind": "room", "room": room, "version": version, "node": self.node})

    # ------------------------------------------------------------------ announcing
    def ready(self) -> None:
        if not self.redis_up:
            raise unavailable("the servers cannot reach each other (Redis is down)")

    def announce(self, change: Committed) -> None:
        """A change this node committed: to its own connections, and to the others."""
        change.node = self.node
        self.matches.feeds.deliver(change)
        self._queue(match_channel(change.match), change.to_wire())
        if change.kind is Kind.OVER:
            self._unwatch(change.match)
            self._owners.pop(change.match, None)

    def _send(self, channel: str, message: dict[str, Any]) -> None:
        self._queue(channel, _dumps(message))

    def _queue(self, channel: str, text: str) -> None:
        if self._outbox.full():
            self._outbox.get_nowait()  # Redis is away: the others resynchronise later
        self._outbox.put_nowait((channel, text))

    async def _publish(self) -> None:
        """Send queued messages in order, as many as are waiting in one round trip."""
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            while True:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, text in batch:
                            pipe.publish(channel, text)
                        await pipe.execute()
                    break
                except RedisError:
                    await asyncio.sleep(0.2)
                    if not self.redis_up:
                        break  # dropped: everyone resynchronises once Redis is back

    async def _flush(self, timeout: float = 2.0) -> None:
        deadline = time.monotonic() + timeout
        while not self._outbox.empty() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ listening
    async def _listen(self) -> None:
        """Hear this node's channel, the common one and the watched matches' channels;
        after a lost connection, subscribe again and resynchronise."""
        while True:
            try:
                self._pubsub = self._sub_client.pubsub(ignore_subscribe_messages=True)
                channels = [node_channel(self.node), ALL]
                channels += [match_channel(m) for m in self._watching]
                await self._pubsub.subscribe(*channels)
                was_down = not self.redis_up
                self.redis_up = True
                if was_down:
                    log.info("node %s: Redis reachable", self.node)
                    self._spawn(self._resync())
                # listen() reads each message as it comes, without get_message's timeout
                # machinery on every one; a lost connection raises out of it.
                async for message in self._pubsub.listen():
                    self._dispatch(message["channel"], message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.redis_up:
                    log.warning("node %s: Redis unreachable: %s", self.node, exc)
                self.redis_up = False
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()
                await asyncio.sleep(0.3)

    def _dispatch(self, channel: str, data: str) -> None:
        try:
            if channel.startswith(PREFIX + "match:"):
                change = Committed.from_wire(data)
                if change.node != self.node:
                    if change.node is not None:
                        self._owners[change.match] = change.node
                    self.matches.feeds.deliver(change)
                    if change.kind is Kind.OVER:
                        self._unwatch(change.match)
                        self._owners.pop(change.match, None)
                return
            message = from_json(data)
            if message.get("kind") == "reply":
                self._reply(message)  # no task for what only wakes a waiting call
            else:
                self._spawn(self._handle(message))
        except Exception:
            log.exception("node %s: bad message on %s", self.node, channel)

    def _reply(self, m: dict[str, Any]) -> None:
        future = self._calls.pop(m["id"], None)
        if future is not None and not future.done():
            future.set_result(m)

    async def _handle(self, m: dict[str, Any]) -> None:
        try:
            await self._handle_one(m)
        except Exception as exc:
            if is_outage(exc):
                log.warning(
                    "node %s: %s not handled, the database is away", self.node, m.get("kind")
                )
            else:
                log.exception("node %s: %s failed", self.node, m.get("kind"))

    async def _handle_one(self, m: dict[str, Any]) -> None:
        kind = m.get("kind")
        if kind == "request":
            await self._serve(m)
        elif kind == "adopt":
            await self._take_up(m["match"])
        elif kind == "replaced":
            conn = self.hub.by_account.get(m["account"])
            if conn is not None:
                conn.send(Replaced())
                conn.close(CLOSE_REPLACED)
        elif kind == "tell":
            self.hub.send(m["account"], m["text"])
        elif kind == "revoke" and m.get("node") != self.node:
            self.hub.revoke(m["token"])
        elif kind == "room" and m.get("node") != self.node:
            await self.lobby.room_changed(m["room"], m["version"])

    async def _resync(self) -> None:
        """After Redis came back: a fresh ``state`` of every watched match here, and the
        rooms again (announcements may have been missed meanwhile)."""
        with contextlib.suppress(RedisError):  # Redis may have lost them: say them again
            here = {account: self.node for account in self.hub.by_account}
            if here:
                await self.redis.hset(PRESENCE, mapping=here)  # type: ignore[arg-type]
            lobby = {account: self.node for account in self.lobby.feed.accounts()}
            if lobby:
                await self.redis.hset(IN_LOBBY, mapping=lobby)  # type: ignore[arg-type]
        feeds = self.matches.feeds
        for match in list(self._watching):
            latest = feeds.latest.get(match)
            if latest is None or match in self.matches.runtimes:
                continue
            feeds.forget(match)
            for account, _ in feeds.recipients(latest):
                with contextlib.suppress(ProtocolError):
                    await self.tables.send_state(match, account)
        for rt in list(self.matches.runtimes.values()):
            self.announce(self.matches.latest(rt))
        await self.lobby.reload_all()

    # ------------------------------------------------------------------ watching
    def _watch_soon(self, match: str) -> None:
        if match not in self._watching:
            self._watching.add(match)
            if self._pubsub is not None and self.redis_up:
                self._spawn(self._subscribe(match))

    async def _subscribe(self, match: str) -> None:
        with contextlib.suppress(Exception):
            await self._pubsub.subscribe(match_channel(match))

    def _unwatch(self, match: str) -> None:
        if match in self._watching:
            self._watching.discard(match)
            if self._pubsub is not None and self.redis_up:
                self._spawn(self._unsubscribe(match))

    async def _unsubscribe(self, match: str) -> None:
        with contextlib.suppress(Exception):
            await self._pubsub.unsubscribe(match_channel(match))

    # ------------------------------------------------------------------ requests
    async def forward(self, match: str, op: Op, account: str, args: dict[str, Any]) -> Any:
        """Serve a request about ``match`` on the node that runs it."""
        if op is Op.STATE:
            self._watch_soon(match)
            await asyncio.sleep(0)  # the subscription goes out before the request
        for attempt in range(3):
            owner = await self._owner(match, fresh=attempt > 0)
            if owner == self.node:
                if match not in self.matches.runtimes:
                    await self._take_up(match)
                if match in self.matches.runtimes:
                    return await self.tables.handle(match, op, account, args)
                raise unavailable("the match is being taken up")
            if owner is None:
                raise unavailable("the match is between servers")
            try:
                return await self._call(owner, match, op, account, args)
            except _NotHere:
                self._owners.pop(match, None)
                await asyncio.sleep(0.2 * attempt)
        raise unavailable("the match is moving to another server")

    async def _owner(self, match: str, fresh: bool) -> str | None:
        if not fresh and match in self._owners:
            return self._owners[match]
        try:
            async with self.db.session() as s:
                found = await repo.owner_of(s, match)
        except Exception:
            raise unavailable("the database did not answer") from None
        if found is None or found[1] != "running":
            raise ProtocolError(ErrorCode.NO_MATCH, "no such running match")
        owner = found[0]
        if owner is not None:
            self._owners[match] = owner
        return owner

    async def _call(self, node: str, match: str, op: Op, account: str, args: dict[str, Any]) -> Any:
        self.ready()
        call = secrets.token_hex(8)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[call] = future
        request = {
            "kind": "request",
            "id": call,
            "from": self.node,
            "match": match,
            "op": op.value,
            "account": account,
            "args": args,
            # Past this the node running the match refuses to start on the request: an
            # answer of unavailable here then surely means nothing was made.
            "until": time.time() + FORWARD_START,
        }
        try:
            heard = await self.redis.publish(node_channel(node), _dumps(request))
            if not heard:
                raise _NotHere  # that node is not listening: gone, or restarting
            reply = await self._answer(future, node)
        except TimeoutError:
            raise unavailable("the server running the match did not answer") from None
        except RedisError:
            raise unavailable("the servers cannot reach each other (Redis)") from None
        finally:
            self._calls.pop(call, None)
        error = reply.get("error")
        if error is None:
            return reply.get("result")
        if error["code"] == NOT_HERE:
            raise _NotHere
        raise ProtocolError(error["code"], error["message"], details=error.get("details"))

    async def _answer(self, future: asyncio.Future[Any], node: str) -> dict[str, Any]:
        """The reply to a call to ``node``, or ``_NotHere`` once a scan begun after the
        call finds its lease run out: a node killed after it heard the request never
        answers, and the caller should not wait out ``FORWARD_TIMEOUT`` for it. Nothing
        more is made by a node past its lease, so the request may go to the new owner."""
        asked = time.monotonic()
        deadline = asked + FORWARD_TIMEOUT
        while (left := deadline - time.monotonic()) > 0:
            try:
                reply: dict[str, Any] = await asyncio.wait_for(
                    asyncio.shield(future), min(left, SCAN_EVERY / 2)
                )
                return reply
            except TimeoutError:
                if self._scanned > asked and node not in self._living:
                    raise _NotHere from None
        raise TimeoutError

    async def _serve(self, m: dict[str, Any]) -> None:
        """A request from another node about a match this node runs."""
        reply: dict[str, Any] = {"kind": "reply", "id": m["id"]}
        match = m["match"]
        try:
            if time.time() > m["until"]:
                raise unavailable("the request waited too long to be served")
            if match not in self.matches.runtimes:
                raise _NotHere
            reply["result"] = await self.tables.handle(match, Op(m["op"]), m["account"], m["args"])
        except _NotHere:
            reply["error"] = {"code": NOT_HERE, "message": "not run here"}
        except ProtocolError as exc:
            reply["error"] = {"code": exc.code, "message": exc.message, "details": exc.details}
        except Exception as exc:
            if is_outage(exc):
                reply["error"] = {
                    "code": ErrorCode.UNAVAILABLE,
                    "message": "the database did not answer",
                }
            else:
                log.exception("node %s: request %s on %s failed", self.node, m.get("op"), match)
                reply["error"] = {
                    "code": ErrorCode.INTERNAL,
                    "message": "the server failed on this request",
                }
        self._send(node_channel(m["from"]), reply)


__all__ = ["Cluster", "match_channel", "node_channel"]
