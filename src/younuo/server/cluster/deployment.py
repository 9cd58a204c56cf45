"""The cluster as the match service and the lobby see it (their ports, for a node of several).

:class:`ClusterDeployment` is the match service's
:class:`~younuo.server.match.ports.Deployment`: every write fenced by this node's id,
every committed change delivered here and published on the match's channel, changes
refused while Redis is down, presence across the nodes. It also hears the changes the
other nodes publish on the channels this node watches. :class:`ClusterNews` is the
lobby's :class:`~younuo.server.lobby.ports.RoomNews`.
"""

from __future__ import annotations

from collections.abc import Iterable

from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.keys import ALL, match_channel, unavailable
from younuo.server.cluster.link import Link
from younuo.server.cluster.messages import RoomChanged
from younuo.server.cluster.peers import ClusterPeers
from younuo.server.cluster.placement import Openings
from younuo.server.cluster.roster import Roster
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.feed import Committed, Feeds, Kind


class ClusterDeployment:
    """The match service's view of the deployment, with several nodes."""

    def __init__(
        self,
        link: Link,
        roster: Roster,
        feeds: Feeds,
        peers: ClusterPeers,
        hub: Hub,
        inbox: Inbox,
        openings: Openings,
    ) -> None:
        """``openings`` hears each match that opens here (the placement listens)."""
        self.link = link
        self.openings = openings
        self.roster = roster
        self.feeds = feeds
        self.peers = peers
        self.hub = hub
        inbox.on_change(self.heard)

    @property
    def node(self) -> str:
        return self.link.node

    def announce(self, change: Committed) -> None:
        """A change this node committed: to its own connections, and to the others."""
        change.node = self.node
        self.feeds.deliver(change)
        if change.match in self.roster.shared:  # else no other node asked about it
            self.link.queue(match_channel(change.match), change.to_wire())
        if change.kind is Kind.OVER:
            self._over(change.match)
        elif change.opening:
            self.openings.tell(change)

    def heard(self, change: Committed) -> None:
        """A change another node committed, on a channel this node watches."""
        if change.node == self.node:
            return
        if change.node is not None:
            self.roster.runs(change.match, change.node)
        self.feeds.deliver(change)
        if change.kind is Kind.OVER:
            self._over(change.match)
        elif not self.feeds.recipients(change):
            # Nobody here follows it any more (a socket that moved to the match's node,
            # a spectator gone): stop listening, and its runner stops publishing once a
            # change reaches nobody. Whoever asks here again subscribes again.
            self.feeds.forget(change.match)
            self.link.unwatch(change.match)
            self.roster.runs(change.match, None)

    def _over(self, match: str) -> None:
        self.link.unwatch(match)
        self.roster.gone(match)

    async def presence(self, accounts: Iterable[str]) -> set[str]:
        return await self.peers.online(accounts, self.hub)  # the living as of the last scan

    def ready(self) -> None:
        if not self.link.redis_up:
            raise unavailable("the servers cannot reach each other (Redis is down)")

    def lost(self, match: str, owner: str | None) -> None:
        self.roster.gone(match)  # no longer run here: nothing of it is published from here
        if owner is not None:
            self.roster.runs(match, owner)
        self.link.watch(match)


class ClusterNews:
    """The lobby's news of a stored room, published to every node."""

    def __init__(self, link: Link) -> None:
        self.link = link

    def room_changed(self, room: str, version: int) -> None:
        self.link.send(ALL, RoomChanged(room=room, version=version, node=self.link.node))


__all__ = ["ClusterDeployment", "ClusterNews"]
