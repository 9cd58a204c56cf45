"""Connections: who is online, which room they follow, and sending to them.

Each connection has its own outbound queue and writer task, so that one slow phone
never holds up the table: fan-out never waits on a socket. A frame for a connection
with nothing queued goes to its socket at once (the usual case: handing every frame to
a task cost more than writing it); only a socket that pushes back makes frames queue.
A client whose queue overflows (``send_queue`` frames) is disconnected; it comes back
with ``hello`` and a full ``state``. One account has at most one live connection: a
newer one (a second tab, a reconnect after a network change) takes over and the older
is told so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Coroutine
from typing import Any

from starlette.websockets import WebSocket

from younuo.server.protocol import Replaced, ServerMessage, dump

log = logging.getLogger(__name__)

CLOSE_REPLACED = 4001
"""Close code for a connection another one of the same account took over."""
CLOSE_SLOW = 4008
"""Close code for a client that did not read its frames fast enough."""

_RESUME = object()
"""Queued for the writer: finish the send that stopped on a full socket (``_stalled``)."""


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
        self.limit = RateLimit(rate, burst)
        self._queue: asyncio.Queue[str | object | None] = asyncio.Queue(queue_size)
        self._writing = False
        """The writer task has taken a frame and may not have sent it yet."""
        self._stalled: tuple[Coroutine[Any, Any, None], Any] | None = None
        """A send that stopped on a full socket, and what it waits for."""
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
        if not self._writing and self._stalled is None and self._queue.empty():
            self._send_now(text)
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("dropping slow client %s", self.account)
            self.close(CLOSE_SLOW)

    def _send_now(self, text: str) -> None:
        """Write ``text`` to the socket here, nothing being ahead of it.

        The socket's send only stops (yields) when the transport pushes back; then the
        writer task finishes it, and later frames queue behind it.
        """
        send = self.ws.send_text(text)
        try:
            waiting = send.send(None)
        except StopIteration:
            return
        except Exception:  # the socket went away: the reader notices and cleans up
            self.closed = True
            return
        self._stalled = (send, waiting)
        self._queue.put_nowait(_RESUME)  # the queue was empty

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
        try:
            while True:
                self._writing = False
                text = await self._queue.get()
                self._writing = True
                if text is None:
                    await self.ws.close(self.close_code or 1000)
                    return
                if text is _RESUME:
                    assert self._stalled is not None
                    await _finish(*self._stalled)
                    self._stalled = None
                else:
                    assert isinstance(text, str)
                    await self.ws.send_text(text)
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


async def _finish(send: Coroutine[Any, Any, None], waiting: Any) -> None:
    """Run ``send``, started outside any task, to its end: it now waits for ``waiting``.

    What a task does for a coroutine it steps: wait for what it yielded, then resume it
    (with the exception, if that failed).
    """
    while True:
        try:
            if waiting is None:
                await asyncio.sleep(0)  # a bare yield: just let the loop run once
            else:
                # As a task would: take the future's "yielded by await" mark off, or
                # awaiting it again here refuses ("await wasn't used with future").
                waiting._asyncio_future_blocking = False
                await waiting
        except asyncio.CancelledError:
            send.close()
            raise
        except Exception as exc:
            try:
                waiting = send.throw(exc)
            except StopIteration:
                return
            continue
        try:
            waiting = send.send(None)
        except StopIteration:
            return


class Hub:
    """Every live connection, by account, and the rooms they follow."""

    def __init__(self) -> None:
        self.by_account: dict[str, Connection] = {}
        self.room_of: dict[str, str] = {}
        self.in_room: dict[str, set[str]] = defaultdict(set)

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

    def broadcast(self, room: str, message: ServerMessage | str) -> None:
        text = message if isinstance(message, str) else dump(message)
        for account in self.in_room.get(room, ()):
            self.send(account, text)

    @property
    def count(self) -> int:
        return len(self.by_account)


__all__ = ["CLOSE_REPLACED", "CLOSE_SLOW", "Connection", "Hub", "RateLimit"]
