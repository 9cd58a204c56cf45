"""Connections: who is online, which room they follow, and sending to them.

Each connection has its own outbound queue and one writer task that sends what the
queue holds, so that one slow phone never holds up the table: fan-out only queues,
never waits on a socket. (The writer takes every frame queued by the time it runs in
one go: a fan-out costs each connection one wake-up of its writer, not one per frame.)
A client whose queue overflows (``send_queue`` frames) is disconnected; it comes back
with ``hello`` and a full ``state``. One account has at most one live connection: a
newer one (a second tab, a reconnect after a network change) takes over and the older
is told so. Logging out closes the connections opened with that token.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Iterable

from starlette.websockets import WebSocket

from younuo.protocol.messages import Replaced, ServerMessage, dump
from younuo.social.ratelimit import Bucket

log = logging.getLogger(__name__)

CLOSE_REPLACED = 4001
"""Close code for a connection another one of the same account took over."""
CLOSE_REVOKED = 4002
"""Close code for a connection whose session token was revoked (logged out)."""
REVOKED_MEMORY = 60.0
"""Seconds a revoked token is remembered (far longer than one ``hello`` takes)."""
CLOSE_SLOW = 4008
"""Close code for a client that did not read its frames fast enough."""


class RateLimit:
    """A token bucket: ``rate`` messages a second with bursts of ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "strikes", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.strikes = 0.0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        # Strikes fade at the allowed rate too: only sustained abuse accumulates.
        self.strikes = max(0.0, self.strikes - (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.strikes += 1.0
        return False

    @property
    def abusive(self) -> bool:
        """Refused messages keep coming at well over the rate (three times the burst)."""
        return self.strikes > 3 * self.burst


class Connection:
    """One WebSocket with its send queue."""

    def __init__(self, ws: WebSocket, queue_size: int, rate: float, burst: int) -> None:
        self.ws = ws
        self.account: str | None = None
        self.token_hash: str | None = None
        """The hash of the session token the connection said ``hello`` with."""
        self.limit = RateLimit(rate, burst)
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(queue_size)
        """Frames for the writer; None: close the socket."""
        self._writer = asyncio.create_task(self._write())
        self.closed = False
        self.close_code: int | None = None
        self._closer: asyncio.Task[None] | None = None
        self.deltas = False
        """The client asked for view deltas in ``update`` (``hello``)."""
        self.seen: dict[str, tuple[str | None, int]] = {}
        """By match: the seat whose view this connection last got, and at which version."""

    def send(self, message: ServerMessage | str) -> None:
        """Queue a frame; never waits. A client too slow to keep up is dropped."""
        if self.closed:
            return
        text = message if isinstance(message, str) else dump(message)
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("dropping slow client %s", self.account)
            self.close(CLOSE_SLOW)

    def close(self, code: int = 1000) -> None:
        """Send what is queued, then close."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait(None)
        if self._queue.full():
            # No room for the close marker: stop writing and close straight away.
            self._writer.cancel()
            self._closer = asyncio.create_task(self._close_now(code))

    async def _close_now(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code)

    async def _write(self) -> None:
        """The writer task: send the queued frames in order, then close when told."""
        queue = self._queue
        send = self.ws.send_text
        try:
            while True:
                # get() returns at once while frames are queued: only an empty queue waits.
                text = await queue.get()
                if text is None:
                    await self.ws.close(self.close_code or 1000)
                    return
                await send(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket went away: the reader notices and cleans up
            self.closed = True

    async def stop(self) -> None:
        """The reader is done: let the writer flush what is queued (briefly), then stop it."""
        if not self.closed:
            self.close()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError, Exception):
            await asyncio.wait_for(asyncio.shield(self._writer), 1.0)
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer


class Peers:
    """The other nodes, as the hub needs them: with one process there are none, and
    these do nothing (:class:`younuo.server.cluster.peers.ClusterPeers` is the real one)."""

    async def attached(self, account: str) -> None:
        """``account`` connected here: a connection of it on another node is replaced."""

    async def gone(self, account: str) -> bool:
        """``account``'s connection here closed: whether it has none on any node now."""
        return True

    async def online(self, accounts: Iterable[str], hub: Hub) -> set[str]:
        """Which of ``accounts`` are connected, here or on another node."""
        return {a for a in accounts if hub.online(a)}

    def watching_lobby(self, account: str, on: bool) -> None:
        """``account``'s connection here started (``on``) or stopped watching the lobby."""

    async def in_lobby(self, accounts: Iterable[str]) -> set[str]:
        """Which of ``accounts`` watch the lobby on another node."""
        return set()

    async def spend(self, key: str, fresh: Bucket, now: float) -> tuple[bool, Bucket] | None:
        """Spend a token of the bucket ``key`` that every node shares (``fresh`` when it
        has none yet): whether it was there, and the bucket after; None when there is no
        shared store (one process, or Redis unreachable), so the caller counts on this
        node alone."""
        return None

    async def refund(self, key: str, fresh: Bucket, now: float) -> bool:
        """Give a token back to the shared bucket ``key`` (a spend that did not count);
        False when there is no shared store, so the caller gives it back on this node."""
        return False

    def revoke(self, token_hash: str) -> None:
        """A logout: the other nodes close the connections of that token too."""

    def tell(self, account: str, text: str) -> None:
        """Send a frame to ``account``'s connection on another node, if it has one."""


class Hub:
    """Every live connection, by account, and the rooms they follow."""

    def __init__(self, peers: Peers | None = None) -> None:
        """``peers``: the other nodes (default: none, one process)."""
        self.peers = peers if peers is not None else Peers()
        self.by_account: dict[str, Connection] = {}
        self.room_of: dict[str, str] = {}
        self.in_room: dict[str, set[str]] = defaultdict(set)
        self._revoked: dict[str, float] = {}
        """Recently revoked token hashes, with when (see :meth:`revoked`)."""

    def attach(self, account: str, conn: Connection) -> None:
        """Make ``conn`` the account's connection; an older one is told and closed."""
        old = self.by_account.get(account)
        conn.account = account
        self.by_account[account] = conn
        if old is not None and old is not conn:
            old.send(Replaced())
            old.close(CLOSE_REPLACED)

    def detach(self, account: str, conn: Connection) -> bool:
        """Forget ``conn``; whether it was the account's live connection."""
        if self.by_account.get(account) is conn:
            del self.by_account[account]
            return True
        return False

    def revoke(self, token_hash: str) -> int:
        """Close every connection opened with the session token of ``token_hash`` (a
        logout): a revoked token keeps no socket working. How many were closed."""
        now = time.monotonic()
        self._revoked = {h: t for h, t in self._revoked.items() if now - t < REVOKED_MEMORY}
        self._revoked[token_hash] = now
        found = [c for c in self.by_account.values() if c.token_hash == token_hash]
        for conn in found:
            conn.close(CLOSE_REVOKED)
        return len(found)

    def revoke_everywhere(self, token_hash: str) -> None:
        """:meth:`revoke` here and on every other node."""
        self.revoke(token_hash)
        self.peers.revoke(token_hash)

    def revoked(self, token_hash: str) -> bool:
        """The token was revoked in the last ``REVOKED_MEMORY`` seconds.

        A ``hello`` checks its token in the database, then attaches: a logout that lands
        between the two finds no connection to close, so ``hello`` asks here before it
        attaches (no await between the two).
        """
        at = self._revoked.get(token_hash)
        return at is not None and time.monotonic() - at < REVOKED_MEMORY

    def online(self, account: str) -> bool:
        return account in self.by_account

    def follow(self, account: str, room: str | None) -> None:
        """Record the room the account sits in or watches (None: none)."""
        old = self.room_of.pop(account, None)
        if old is not None:
            self.in_room[old].discard(account)
            if not self.in_room[old]:
                del self.in_room[old]
        if room is not None:
            self.room_of[account] = room
            self.in_room[room].add(account)

    def members(self, room: str) -> set[str]:
        return set(self.in_room.get(room, ()))

    def send(self, account: str, message: ServerMessage | str) -> None:
        conn = self.by_account.get(account)
        if conn is not None:
            conn.send(message)

    def tell(self, account: str, message: ServerMessage | str) -> None:
        """Send to ``account`` wherever it is connected (here or on another node)."""
        if account in self.by_account:
            self.send(account, message)
        else:
            self.peers.tell(account, message if isinstance(message, str) else dump(message))

    @property
    def count(self) -> int:
        return len(self.by_account)


__all__ = [
    "CLOSE_REPLACED",
    "CLOSE_REVOKED",
    "CLOSE_SLOW",
    "Connection",
    "Hub",
    "Peers",
    "RateLimit",
]
