"""A new match goes to the node where most of its players are connected.

With the balancer's room rule (docs/deploy.md, "Several nodes") every seat of a room
sits on one node, and the host's ``start`` reaches that node, which then runs the
match: nothing is forwarded. A match can still start elsewhere: a host whose client
does not follow the rule (or had not moved yet), a tournament's table started by the
node that runs the event, a balancer whose node set just changed. Then every move of
the seats would cross nodes for the whole match. So once a match has opened here,
:class:`Placement` looks up where its players are connected (presence, in Redis) and
hands it to the node holding most of them (:meth:`Leases.hand_over
<younuo.server.cluster.leases.Leases.hand_over>`, as a drain does), unless this node
holds as many. Spectators do not count: they only read.

:func:`preferred` is the rule alone; :class:`Openings` is the typed hook through which
the match service's deployment tells that a match opened here.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable, Mapping, Set

from younuo.server.cluster.leases import Leases
from younuo.server.cluster.link import Link
from younuo.server.cluster.peers import ClusterPeers
from younuo.server.cluster.roster import Roster
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.feed import Committed

log = logging.getLogger(__name__)


def preferred(here: str, where: Mapping[str, str], stopping: Set[str] = frozenset()) -> str | None:
    """The node a match should move to, given the node each connected player is on
    (``where``: account -> node), or None to stay ``here``: stay unless another node
    holds strictly more of them (a tie keeps the match where it is, so that it never
    moves back and forth); among several such nodes, the first by name. Players on a
    node that is ``stopping`` (draining) do not count: it would only hand it on."""
    counts = Counter(node for node in where.values() if node not in stopping)
    if not counts:
        return None
    most = max(counts.values())
    if counts.get(here, 0) >= most:
        return None
    return min(node for node, count in counts.items() if count == most)


class Openings:
    """The hook "a match opened on this node": the deployment tells it, listeners
    (the placement) add themselves in their own constructor."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[Committed], None]] = []

    def on(self, listener: Callable[[Committed], None]) -> None:
        self._listeners.append(listener)

    def tell(self, change: Committed) -> None:
        for listener in self._listeners:
            listener(change)


class Placement:
    """Moves a match that opened here to the node of most of its players."""

    def __init__(
        self,
        link: Link,
        peers: ClusterPeers,
        hub: Hub,
        leases: Leases,
        roster: Roster,
        openings: Openings,
    ) -> None:
        """``roster``: the nodes stopping, which are never given a match."""
        self.node = link.node
        self.link = link
        self.roster = roster
        self.peers = peers
        self.hub = hub
        self.leases = leases
        self.moved = 0
        """Matches this node handed over because their players were elsewhere."""
        self._tasks: set[asyncio.Task[str | None]] = set()
        openings.on(self._opened)

    def _opened(self, change: Committed) -> None:
        task = asyncio.get_running_loop().create_task(
            self.place(change.match, list(change.players))
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def place(self, match: str, accounts: list[str]) -> str | None:
        """Hand ``match`` to the node of most of ``accounts`` if that is not this one;
        the node it went to (None: it stays)."""
        if self.leases.draining or not self.link.redis_up or not accounts:
            return None
        where = await self.peers.nodes_of(accounts, self.hub)
        target = preferred(self.node, where, self.roster.draining)
        if target is None:
            return None
        if not await self.leases.hand_over(match, target):
            return None
        self.moved += 1
        log.info(
            "node %s: match %s goes to %s, where most of its players are", self.node, match, target
        )
        return target


__all__ = ["Openings", "Placement", "preferred"]
