"""Leases, the scan for orphaned matches, takeover and drain.

Each node renews a lease in ``nodes``; each running match has one ``owner`` node. A
node whose lease ran out (killed, cut off) has its matches taken over by the others
(:func:`younuo.store.nodes.claim`, one winner each), which rebuild them from the
database and announce them afresh; a node told to stop (SIGTERM) hands its matches to
the others first (:meth:`Leases.drain`) and tells each new owner (:class:`Adopt`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import time

from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.keys import node_channel
from younuo.server.cluster.link import Link
from younuo.server.cluster.messages import Adopt
from younuo.server.cluster.ports import Matches
from younuo.server.cluster.roster import Roster
from younuo.store import Database
from younuo.store import nodes as repo

log = logging.getLogger(__name__)

SCAN_EVERY = 1.0
"""Seconds between two looks for orphaned matches (one indexed query of the running ones)."""
TAKE_UP_AT_ONCE = 32
"""Matches a node rebuilds from the database at the same time when taking over (each
waits on a few round trips; replaying a log of hundreds of moves takes under a
millisecond)."""


class Leases:
    """This node's lease, and the matches it takes up or hands over."""

    def __init__(
        self,
        lease: float,
        db: Database,
        matches: Matches,
        roster: Roster,
        link: Link,
        inbox: Inbox,
    ) -> None:
        """``lease``: seconds a lease runs; ``db``: a small pool of its own, so that a
        renewal never queues behind a burst of moves and a busy node never looks dead."""
        self.node = link.node
        self.lease = lease
        self.beat = max(0.3, lease / 4)
        """Seconds between lease renewals and orphan scans."""
        self.db = db
        self.matches = matches
        self.roster = roster
        self.link = link
        self.db_up = False
        self.draining = False
        self._db_since: float | None = None
        """Since when (monotonic) the lease has been renewed without a failure."""
        self._task: asyncio.Task[None] | None = None
        inbox.on(Adopt, self._adopt)

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        """Renew the lease and scan, from now on (the first renewal is the node's)."""
        self._task = asyncio.create_task(self._leases(), name="cluster-leases")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            async with self.db.session() as s, s.begin():
                if self.draining and not self.matches.runtimes:
                    await repo.retire(s, self.node)

    async def renew(self) -> None:
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
                beat = time.monotonic() - renewed >= self.beat
                if beat:
                    await self.renew()
                    renewed = time.monotonic()
                if not self.db_up:
                    self.db_up, self._db_since = True, time.monotonic()
                    log.info("node %s: database reachable", self.node)
                await self._scan(full=beat)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.db_up:
                    log.warning("node %s: database unreachable: %s", self.node, exc)
                self.db_up, self._db_since = False, None
                renewed = -math.inf
            await asyncio.sleep(min(self.beat, SCAN_EVERY))

    # ------------------------------------------------------------------ taking up
    async def _scan(self, full: bool) -> None:
        """Take up orphans (their node's lease ran out) and matches handed to this node.

        Every call looks for orphans (one indexed query of the running matches); a
        ``full`` one, once a ``beat``, also reads which nodes live and which matches
        this node owns (the matches handed over here come with an :class:`Adopt`
        message; the read is for one that was lost), so that an idle node costs one
        query a second, not three. A node that has only just reached the database
        again waits out one lease first: the others may have been cut off too, and
        deserve the time to renew theirs before anyone calls them dead. Each node
        claims its share of the orphans per scan, so that the load of a dead node
        spreads over the living.
        """
        if self.draining:
            return
        if full:
            async with self.db.session() as s:
                mine = await repo.owned(s, self.node)
                alive = await repo.live(s)
            self._saw(alive)
            await asyncio.gather(*(self.take_up(m) for m in mine if m not in self.matches.runtimes))
        if self._db_since is None or time.monotonic() - self._db_since < self.lease:
            return
        async with self.db.session() as s:
            found = await repo.orphans(s)
            if not found or not self.link.redis_up:
                return
            alive = await repo.live(s)  # who shares them: as of now
        self._saw(alive)
        living = [n for n, draining in alive.items() if not draining]
        random.shuffle(found)
        share = math.ceil(len(found) / max(1, len(living)))
        async with self.db.session() as s, s.begin():
            won = await repo.claim_all(s, found[:share], self.node)
        if won:
            log.info("node %s takes over %d match(es)", self.node, len(won))
        # Rebuilt a few at a time: each reads its log and replays it, and the tables
        # of a dead node should not wait for each other one by one.
        gate = asyncio.Semaphore(TAKE_UP_AT_ONCE)

        async def take(match: str) -> None:
            async with gate:
                await self.take_up(match)

        await asyncio.gather(*(take(m) for m in won))

    def _saw(self, alive: dict[str, bool]) -> None:
        stopping = {n for n, draining in alive.items() if draining}
        self.roster.saw(set(alive), time.monotonic(), stopping)

    async def take_up(self, match: str) -> None:
        """Rebuild ``match``, which this node owns now (failures are logged: the next
        scan tries again)."""
        try:
            # Shared before it is announced: nodes that watch it asked its former owner.
            self.roster.shared.add(match)
            if await self.matches.take_up(match):
                self.roster.runs(match, self.node)
        except Exception:
            log.exception("node %s could not take up match %s", self.node, match)

    async def _adopt(self, message: Adopt) -> None:
        await self.take_up(message.match)

    # ------------------------------------------------------------------ handing over
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
            moved += await self.hand_over(match, others[i % len(others)])
        await self.link.flush()
        return moved

    async def hand_over(self, match: str, target: str) -> bool:
        """Stop running ``match`` here and make ``target`` its owner (conditionally on
        this node still owning it), then tell it (:class:`Adopt`); whether it moved.
        Requests that reach this node meanwhile are answered ``not_here`` and retried
        at the new owner; a failed claim leaves the match to the orphan scan."""
        rt = await self.matches.release(match)
        if rt is None:
            return False
        self.link.watch(match)
        try:
            async with self.db.session() as s, s.begin():
                won = await repo.claim(s, match, self.node, target)
        except Exception:
            log.exception("match %s could not be handed over to %s", match, target)
            return False
        if won:
            self.roster.runs(match, target)
            self.link.send(node_channel(target), Adopt(match=match))
        return bool(won)


__all__ = ["SCAN_EVERY", "TAKE_UP_AT_ONCE", "Leases"]
