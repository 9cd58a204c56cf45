"""This node's link to the others: publishing to Redis, and listening to it.

Messages go out through a queue (:meth:`Link.send`, :meth:`Link.queue`) that one task
publishes in order, as many as wait in one round trip; while Redis is away the queue
keeps the newest ``OUTBOX`` and the others resynchronise once it is back. One task
listens on this node's channel, the common one and the channels of the matches this
node watches; what it hears goes to the :class:`~younuo.server.cluster.inbox.Inbox`.
After a lost connection it subscribes again and tells the inbox (``on_reconnect``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.keys import ALL, MATCHES, match_channel, node_channel
from younuo.server.cluster.messages import Message, UnknownMessage, decode, encode
from younuo.server.realtime.feed import Committed
from younuo.store.errors import is_outage

log = logging.getLogger(__name__)

OUTBOX = 20_000
"""Announcements queued for Redis at most (more: the oldest are dropped; the other
nodes resynchronise when Redis is back)."""


class Link:
    """Redis for one node: the outbox and its publisher, the listener and its channels."""

    def __init__(
        self,
        url: str,
        node: str,
        inbox: Inbox,
        unheard: Callable[[str, float], None] = lambda match, queued: None,
    ) -> None:
        """``unheard`` is told (match, when it was queued) of a change published on a
        match's channel that reached no listener (the roster stops publishing it)."""
        self.node = node
        self.inbox = inbox
        self.redis = Redis.from_url(
            url, socket_connect_timeout=1.0, socket_timeout=3.0, decode_responses=True
        )
        self._sub_client = Redis.from_url(url, socket_connect_timeout=1.0, decode_responses=True)
        self.redis_up = False
        self.watching: set[str] = set()
        """Matches whose channel this node listens to (it has connections watching)."""
        self._outbox: asyncio.Queue[tuple[str, str, float]] = asyncio.Queue(OUTBOX)
        self.unheard = unheard
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Future[Any]] = set()
        self._pubsub: Any = None

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._listen(), name="cluster-listen"),
            asyncio.create_task(self._publish(), name="cluster-publish"),
        ]

    async def close(self) -> None:
        """Stop listening and publishing, and end the work begun for messages heard
        (a takeover's reads, say): before the node closes its database, so that no
        session is left holding a connection the pool no longer knows."""
        work = [*self._tasks, *self._background]
        for task in work:
            task.cancel()
        for task in work:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for client in (self.redis, self._sub_client):
            with contextlib.suppress(Exception):
                await client.aclose()

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run ``work`` in the background, holding on to its task until it is done."""
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # ------------------------------------------------------------------ sending
    def send(self, channel: str, message: Message) -> None:
        self.queue(channel, encode(message))

    def queue(self, channel: str, text: str) -> None:
        if self._outbox.full():
            self._outbox.get_nowait()  # Redis is away: the others resynchronise later
        self._outbox.put_nowait((channel, text, time.monotonic()))

    async def send_now(self, node: str, message: Message) -> int:
        """Publish ``message`` to ``node`` past the queue: how many listeners heard it."""
        heard: int = await self.redis.publish(node_channel(node), encode(message))
        return heard

    async def listening(self, nodes: Iterable[str]) -> set[str]:
        """Of ``nodes``, those listening on their channel now (one round trip to Redis:
        a process that died, even by kill -9, is dropped from its channels at once)."""
        channels = {node_channel(node): node for node in nodes}
        if not channels:
            return set()
        counts = await self.redis.pubsub_numsub(*channels)
        # decode_responses: the names come back as str (bytes only in redis-py's types).
        return {channels[str(channel)] for channel, count in counts if count > 0}

    async def _publish(self) -> None:
        """Send queued messages in order, as many as are waiting in one round trip."""
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            heard: list[Any] = []
            while True:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, text, _ in batch:
                            pipe.publish(channel, text)
                        heard = await pipe.execute()
                    break
                except RedisError:
                    await asyncio.sleep(0.2)
                    if not self.redis_up:
                        break  # dropped: everyone resynchronises once Redis is back
            # A match's channel nobody listens to any more: its runner may stop publishing.
            for (channel, _, queued), listeners in zip(batch, heard, strict=False):
                if listeners == 0 and channel.startswith(MATCHES):
                    self.unheard(channel.removeprefix(MATCHES), queued)

    async def flush(self, timeout: float = 2.0) -> None:
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
                channels += [match_channel(m) for m in self.watching]
                await self._pubsub.subscribe(*channels)
                was_down = not self.redis_up
                self.redis_up = True
                if was_down:
                    log.info("node %s: Redis reachable", self.node)
                    for work in self.inbox.reconnected():
                        self.spawn(work)
                # listen() reads each message as it comes, without get_message's timeout
                # machinery on every one; a lost connection raises out of it.
                async for message in self._pubsub.listen():
                    self.dispatch(message["channel"], message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.redis_up:
                    log.warning("node %s: Redis unreachable: %s", self.node, exc)
                self.redis_up = False
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()
                await asyncio.sleep(0.3)

    def dispatch(self, channel: str, data: str) -> None:
        """Hand what was heard on ``channel`` to the inbox; a message this node does not
        understand is logged and dropped, never raised into the listener."""
        try:
            if channel.startswith(MATCHES):
                self.inbox.changed(Committed.from_wire(data))
                return
            message = decode(data)
        except UnknownMessage as exc:
            log.warning("node %s: refused a message on %s: %s", self.node, channel, exc)
            return
        except Exception:
            log.exception("node %s: bad message on %s", self.node, channel)
            return
        try:
            work = self.inbox.handle(message)
        except Exception:
            log.exception("node %s: %s failed", self.node, type(message).__name__)
            return
        if work is not None:  # a reply only wakes a waiting call: no task for it
            self.spawn(self._guarded(work, message))

    async def _guarded(self, work: Awaitable[None], message: Message) -> None:
        try:
            await work
        except Exception as exc:
            kind = type(message).__name__
            if is_outage(exc):
                log.warning("node %s: %s not handled, the database is away", self.node, kind)
            else:
                log.exception("node %s: %s failed", self.node, kind)

    # ------------------------------------------------------------------ watching
    def watch(self, match: str) -> None:
        """Listen to ``match``'s channel (soon: the subscription is sent in a task)."""
        if match not in self.watching:
            self.watching.add(match)
            if self._pubsub is not None and self.redis_up:
                self.spawn(self._subscribe(match))

    async def _subscribe(self, match: str) -> None:
        with contextlib.suppress(Exception):
            await self._pubsub.subscribe(match_channel(match))

    def unwatch(self, match: str) -> None:
        if match in self.watching:
            self.watching.discard(match)
            if self._pubsub is not None and self.redis_up:
                self.spawn(self._unsubscribe(match))

    async def _unsubscribe(self, match: str) -> None:
        with contextlib.suppress(Exception):
            await self._pubsub.unsubscribe(match_channel(match))


__all__ = ["OUTBOX", "Link"]
