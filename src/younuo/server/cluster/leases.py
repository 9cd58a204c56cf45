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

from redis.exceptions import RedisError

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
"""Matches a node rebuilds at the same time when taking over (their rows and logs are
read together first; each then waits on the write that marks its absent seats, and
replaying a log of hundreds of moves takes under a millisecond)."""

WAKE_AFTER = 0.05
"""Seconds after a node's lease ends that the look for its orphans is made (the
database's clock and this node's timer need not agree to the millisecond)."""


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
        self._unclaimed = False
        """Whether the last look found orphans (then the next look comes a second later)."""
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
        """Once a ``beat``, renew this node's lease and look around (:meth:`look`); in
        between, every ``SCAN_EVERY`` seconds, look for orphans only when a node seems
        gone (:meth:`suspect`). A dead node's lease ends between 3/4 of a lease and a
        lease after its last renewal, and its tables should not wait a renewal period
        more on top of that; but a node whose peers all listen has no orphans to find,
        and reading the running matches every second for nothing cost each node a
        database session a second (docs/scaling.md)."""
        renewed = -math.inf
        while True:
            try:
                wake = math.inf
                if time.monotonic() - renewed >= self.beat:
                    found = await self.look()
                    renewed = time.monotonic()
                elif await self.suspect():
                    found, wake = await self._orphans()
                else:
                    found = []
                await self._take_over(found)
                pause = min(self.beat, SCAN_EVERY, wake)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.db_up:
                    log.warning("node %s: database unreachable: %s", self.node, exc)
                self.db_up, self._db_since = False, None
                renewed = -math.inf
                pause = min(self.beat, SCAN_EVERY)
            await asyncio.sleep(pause)

    # ------------------------------------------------------------------ taking up
    def _may_claim(self) -> bool:
        """Whether this node may take orphans: not while it stops, and not until it has
        reached the database for a whole lease (the others may have been cut off too,
        and deserve the time to renew theirs before anyone calls them dead)."""
        since = self._db_since
        return not self.draining and since is not None and time.monotonic() - since >= self.lease

    async def look(self) -> list[tuple[str, str | None]]:
        """Renew the lease and read, in the same transaction, which nodes live, which
        matches this node owns (those handed over here come with an :class:`Adopt`
        message; the read is for one that was lost) and, when it may claim, the orphans;
        take up the owned matches not running here; the orphans found."""
        claiming = self._may_claim()
        async with self.db.session() as s, s.begin():
            await repo.renew(s, self.node, self.lease, draining=self.draining)
            alive = await repo.live(s)
            mine = [] if self.draining else await repo.owned(s, self.node)
            found = await repo.orphans(s) if claiming else []
        if not self.db_up:
            self.db_up, self._db_since = True, time.monotonic()
            log.info("node %s: database reachable", self.node)
        self._saw(alive)
        await self.take_up_all(mine)
        return found

    async def suspect(self) -> bool:
        """Whether to look for orphans before the next beat: the last look found some
        (a takeover under way), or a node the last beat saw living no longer listens on
        its channel (Redis drops a dead process's subscriptions at once, long before its
        lease ends; one round trip to Redis, no database session)."""
        if not self._may_claim() or not self.link.redis_up:
            return False
        if self._unclaimed:
            return True
        others = self.roster.living - {self.node}
        if not others:
            return False
        try:
            return bool(others - await self.link.listening(others))
        except RedisError:
            return False  # Redis away: no takeover until it is back (see _take_over)

    async def _orphans(self) -> tuple[list[tuple[str, str | None]], float]:
        """The orphans now, and the seconds until the next look should be made: none
        found yet, the moment the first of the other nodes' leases ends (the gone
        node's, or a living one's: a look too early costs a query, one too late keeps
        the dead node's tables waiting); else no sooner than usual (infinity)."""
        async with self.db.session() as s:
            found = await repo.orphans(s)
            if found:
                return found, math.inf
            left = await repo.lease_left(s, self.roster.living - {self.node})
        return found, math.inf if left is None else left + WAKE_AFTER

    async def _take_over(self, found: list[tuple[str, str | None]]) -> None:
        """Claim this node's share of the orphans ``found`` and take them up. Each node
        claims its share per look, so that the load of a dead node spreads over the
        living."""
        self._unclaimed = bool(found)
        if not found or not self.link.redis_up:
            return
        async with self.db.session() as s:
            alive = await repo.live(s)  # who shares them: as of now
        self._saw(alive)
        living = [n for n, draining in alive.items() if not draining]
        random.shuffle(found)
        share = math.ceil(len(found) / max(1, len(living)))
        async with self.db.session() as s, s.begin():
            won = await repo.claim_all(s, found[:share], self.node)
        if won:
            log.info("node %s takes over %d match(es)", self.node, len(won))
            await self.take_up_all(won)

    def _saw(self, alive: dict[str, bool]) -> None:
        stopping = {n for n, draining in alive.items() if draining}
        self.roster.saw(set(alive), time.monotonic(), stopping)

    async def take_up(self, match: str) -> None:
        """Rebuild ``match``, which this node owns now (failures are logged: the next
        scan tries again)."""
        await self.take_up_all([match])

    async def take_up_all(self, matches: list[str]) -> None:
        """:meth:`take_up` for many: their rows and logs read in one go, then rebuilt
        :data:`TAKE_UP_AT_ONCE` at a time (the tables of a dead node should not wait for
        each other one by one, nor each for reads of its own). Those running here
        already are left as they are: published only if another node asks about them."""
        matches = [m for m in matches if m not in self.matches.runtimes]
        if not matches:
            return
        # Shared before they are announced: nodes that watch them asked their former owner.
        self.roster.share_all(matches)
        try:
            running = await self.matches.take_up_all(matches, TAKE_UP_AT_ONCE)
        except Exception:
            log.exception("node %s could not take up %d match(es)", self.node, len(matches))
            return
        for match in running:
            self.roster.runs(match, self.node)

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
            self.roster.gone(match)
            self.roster.runs(match, target)
            self.link.send(node_channel(target), Adopt(match=match))
        return bool(won)


__all__ = ["SCAN_EVERY", "TAKE_UP_AT_ONCE", "WAKE_AFTER", "Leases"]
