"""What this node knows of the others: which are alive, who runs which match, and
which of its own matches another node may be watching.

The lease scan (:mod:`younuo.server.cluster.leases`) writes it; presence and
forwarding read it. The first two facts are hints as of the last look: the database
decides.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, KeysView
from time import monotonic

SILENT_FOR = 1.0
"""Seconds a node that did not listen to a request is taken as gone without asking it again."""


class Roster:
    """The living nodes as of the last scan, and the last known owner of matches."""

    def __init__(self, node: str) -> None:
        self.node = node
        self.living: set[str] = {node}
        """The nodes whose lease ran at the last scan."""
        self.scanned = -math.inf
        """When (monotonic) ``living`` was last read."""
        self.draining: set[str] = set()
        """Of ``living``, the nodes stopping (handing their matches away) at the last scan."""
        self.silent: dict[str, float] = {}
        """Node -> when (monotonic) a request to it found nobody listening (kill -9, a
        crash: Redis drops its subscription at once, long before its lease ends)."""
        self.owners: dict[str, str] = {}
        """Match -> the node last seen running it (a hint; the database decides)."""
        self._shared_at: dict[str, float] = {}
        """Match of :attr:`shared` -> when (monotonic) it last joined."""

    def saw(self, living: set[str], at: float, draining: set[str] | None = None) -> None:
        """A scan at ``at`` found these nodes' leases running (``draining``: of them,
        those stopping)."""
        self.living = living
        self.scanned = at
        self.draining = draining or set()

    def heard(self, node: str) -> None:
        """``node`` just sent a message: it is alive, whatever the last scan found.

        A node that joined after this node's last scan is not in ``living`` until the
        next one; without this, the presence of its players would read as offline
        meanwhile (the lobby would hide the rooms they host, and no later push would
        show them). A node that dies after it is heard is dropped by the next scan.
        """
        self.living.add(node)
        self.silent.pop(node, None)

    def unheard(self, node: str) -> None:
        """A request to ``node`` found nobody listening on its channel."""
        self.silent[node] = monotonic()

    def is_silent(self, node: str) -> bool:
        """Whether a request to ``node`` found nobody listening in the last
        :data:`SILENT_FOR` seconds: then the requests for its matches are answered
        ``unavailable`` at once, without a database read or a publish each (after a
        node dies, every seat of its tables reconnects elsewhere and asks for its
        state; a thousand of them would queue for the database while the matches are
        being taken over)."""
        since = self.silent.get(node)
        return since is not None and monotonic() - since < SILENT_FOR

    @property
    def shared(self) -> KeysView[str]:
        """Matches run here whose changes another node may want: published on the
        match's channel. A match started here joins it when another node first asks
        about it (its connections then get a ``state`` through that request and the
        changes after it from the channel); a match taken up here joins it at once
        (nodes watching it asked its former owner). With the room rule most matches
        are asked about by nobody else, and nothing of them is published. A match
        leaves it when it ends or runs on another node (:meth:`gone`), or when a
        change of it published reached nobody (the nodes that asked stopped
        listening); on a node that no longer runs it, it is never read. Change it with
        :meth:`share` and :meth:`share_all`."""
        return self._shared_at.keys()

    def share(self, match: str) -> None:
        """Publish ``match``'s changes from now on (another node asks about it)."""
        self._shared_at[match] = monotonic()

    def share_all(self, matches: Iterable[str]) -> None:
        for match in matches:
            self.share(match)

    def nobody_heard(self, match: str, queued: float) -> None:
        """A change of ``match`` queued at ``queued`` (monotonic) reached no listener:
        stop publishing it, unless a node asked about it since (it subscribed before
        asking, perhaps after that change went out, and wants the changes from now)."""
        if self._shared_at.get(match, math.inf) < queued:
            del self._shared_at[match]

    def runs(self, match: str, node: str | None) -> None:
        """``node`` runs ``match`` (None: nobody known).

        ``shared`` is left as it is: it matters only while the match runs here, and
        neither a change of another node's heard late (published before it handed the
        match here) nor a request answered "not here" by the node that has just handed
        it here (asked before the handover; the owner is then unknown until the
        database is read again) may stop this node publishing the match it now runs.
        """
        if node is None:
            self.owners.pop(match, None)
        else:
            self.owners[match] = node

    def gone(self, match: str) -> None:
        """``match`` ended, or no longer runs here (handed to another node, or taken
        up by one that found its lease run out): nothing more of it is published from
        here, and its owner is unknown until :meth:`runs` says."""
        self.owners.pop(match, None)
        self._shared_at.pop(match, None)


__all__ = ["SILENT_FOR", "Roster"]
