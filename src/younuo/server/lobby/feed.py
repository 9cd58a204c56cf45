"""The lobby feed: the room list pushed to the connections that watch it (``watch_lobby``).

A connection that watches the lobby gets a ``lobby`` frame at once (the answer to its
``watch_lobby``) and then a fresh one whenever the listing it would get from
``list_rooms`` with the same filters has changed, until it says ``on: false`` or closes.

How a change travels:

- :meth:`LobbyFeed.changed` is the one entry point, and all it knows is that some room's
  summary *may* have changed. It is synchronous and cheap (it sets a flag and, at most,
  schedules one task), so the lobby calls it after every stored room change, and a
  node of a multi-node deployment can call it when another node reports a change: the
  feed never assumes the change was made in this process, it reads the listing again.
- Pushes are coalesced: after a change the feed waits :data:`GATHER` seconds (so that
  the few stores of one operation, a leave then a join, make one push), and it starts
  pushes at least :data:`INTERVAL` seconds apart. Changes that arrive while it waits
  or pushes are taken by the next push, which reads the listing as it is then: the
  newest listing wins, and a change shows within ``INTERVAL`` seconds plus the time
  of one read of the listing (under one second).
- Each push reads the listing once per distinct filter (the watchers are grouped by
  their filters) and sends it to a watcher only if the set of rooms it shows differs
  from what that watcher last got. The order alone does not count: rooms are listed
  most recently changed first, so a ready toggle reorders the list without changing
  any summary, and that is no news.

A push carries the whole listing, as ``list_rooms`` does, not a diff: the listing is
bounded (at most 200 rooms, :func:`younuo.store.rooms.listed`), a whole listing is
correct on its own whatever frames came before it (a client that reconnects or misses
a frame needs no resynchronisation), and the client already renders ``lobby`` frames.

The watch answer and the pushes are serialised by one lock: a watcher's first frame is
the answer to its ``watch_lobby``, and any change stored after that answer's listing
was read reaches it by a later push.

Call the feed from the event loop's thread (another thread: ``loop.call_soon_threadsafe(
feed.changed)``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from younuo.protocol.messages import Lobby, Mode, Ref, RoomSummary, ServerMessage, dump

log = logging.getLogger(__name__)

INTERVAL = 0.5
"""Seconds at least between the starts of two pushes (so per watcher too)."""
GATHER = 0.05
"""Seconds a push waits after the change that called for it, to take the rest of a burst."""


@dataclass(frozen=True, slots=True)
class RoomFilter:
    """The filters of ``list_rooms`` and ``watch_lobby``; None: any."""

    mode: Mode | None = None
    preset: str | None = None
    free_seats: int | None = None


Listing = Callable[[RoomFilter], Awaitable[list[RoomSummary]]]
"""How the feed reads the room list (:meth:`~younuo.server.lobby.service.Lobby.listing`)."""


class Watcher(Protocol):
    """What the feed needs of a connection.

    (A :class:`~younuo.server.realtime.connections.Connection` is one.)
    """

    @property
    def closed(self) -> bool: ...

    @property
    def account(self) -> str | None: ...

    def send(self, message: ServerMessage | str) -> None: ...


@dataclass(slots=True)
class _Watch:
    filters: RoomFilter
    seen: frozenset[RoomSummary]
    """The rooms of the last listing this watcher got (its answer or a push)."""


class LobbyFeed:
    """The connections watching the lobby, with their filters, and the coalesced pushes."""

    def __init__(
        self, listing: Listing, interval: float = INTERVAL, gather: float = GATHER
    ) -> None:
        self._listing = listing
        self.interval = interval
        self.gather = gather
        self._watching: dict[Watcher, _Watch] = {}
        self._dirty = False
        """A change came in that no push has read the listing for yet."""
        self._task: asyncio.Task[None] | None = None
        self._last: float | None = None
        """The loop time at which the last push started."""
        self._lock = asyncio.Lock()
        self.pushes = 0
        """Frames pushed since the start (not counting watch answers): for tests and stats."""

    @property
    def watchers(self) -> int:
        return len(self._watching)

    def changed(self) -> None:
        """Some room's summary may have changed, here or on another node: push soon.

        Cheap and synchronous: with nobody watching it does nothing (a new watcher reads
        the listing anyway); otherwise it marks the listing stale and makes sure one push
        task is scheduled.
        """
        if not self._watching:
            return
        self._dirty = True
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def watch(self, conn: Watcher, filters: RoomFilter, ref: Ref = None) -> None:
        """Start (or, with new filters, restart) pushes to ``conn``; send it the listing now.

        The ``lobby`` answer carries ``ref``. A failure to read the listing propagates
        (the caller turns it into an ``error``) and leaves ``conn`` as it was.
        """
        async with self._lock:
            rooms = await self._listing(filters)
            conn.send(Lobby(ref=ref, rooms=rooms))
            if not conn.closed:
                self._watching[conn] = _Watch(filters, frozenset(rooms))

    def unwatch(self, conn: Watcher) -> bool:
        """Stop pushes to ``conn`` (``on: false``, or its connection closed); whether it
        was watching."""
        return self._watching.pop(conn, None) is not None

    def accounts(self) -> set[str]:
        """The signed-in accounts watching the lobby here (presence ``lobby``)."""
        return {c.account for c in self._watching if c.account is not None and not c.closed}

    async def close(self) -> None:
        """Stop the pending push, if any (at shutdown, before the database closes)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._watching.clear()

    # ------------------------------------------------------------------ pushing
    async def _run(self) -> None:
        """Push until no change is left unread: ``gather`` after the change, and at
        least ``interval`` after the previous push started."""
        loop = asyncio.get_running_loop()
        try:
            while self._dirty and self._watching:
                wait = self.gather
                if self._last is not None:
                    wait = max(wait, self._last + self.interval - loop.time())
                await asyncio.sleep(wait)
                # Changes from here on are for the next round: this one may read the
                # listing before they are stored.
                self._dirty = False
                self._last = loop.time()
                await self._push()
        finally:
            self._task = None

    async def _push(self) -> None:
        async with self._lock:
            groups: dict[RoomFilter, list[Watcher]] = {}
            for conn, watch in list(self._watching.items()):
                if conn.closed:
                    del self._watching[conn]
                else:
                    groups.setdefault(watch.filters, []).append(conn)
            for filters, conns in groups.items():
                try:
                    rooms = await self._listing(filters)
                except Exception:
                    # The database did not answer: try again at the next interval.
                    log.exception("lobby listing for the feed failed")
                    self._dirty = True
                    continue
                seen = frozenset(rooms)
                text: str | None = None
                for conn in conns:
                    # unwatch() takes no lock: the watcher may have gone meanwhile.
                    current = self._watching.get(conn)
                    if current is None or current.seen == seen:
                        continue
                    if text is None:
                        text = dump(Lobby(rooms=rooms))
                    conn.send(text)
                    current.seen = seen
                    self.pushes += 1


__all__ = ["GATHER", "INTERVAL", "Listing", "LobbyFeed", "RoomFilter", "Watcher"]
