"""Which matches a node publishes (server/cluster/deployment.py with its roster): a
match that stops running here leaves ``shared`` (docs/scaling.md, *Routing*)."""

from __future__ import annotations

import asyncio

from younuo.server.cluster.deployment import ClusterDeployment
from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.link import Link
from younuo.server.cluster.peers import ClusterPeers
from younuo.server.cluster.placement import Openings
from younuo.server.cluster.roster import Roster
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.feed import Feeds

from .services import RedisServer


def test_a_match_lost_to_another_node_is_no_longer_published_here(redis: RedisServer) -> None:
    """Another node took up a match held here (its lease had run out): this node
    watches it from now on, names the new owner, and publishes nothing more of it;
    a match it still runs stays published."""

    async def main() -> None:
        inbox = Inbox()
        link = Link(redis.url, "n0", inbox)
        roster = Roster("n0")
        hub = Hub()
        deployment = ClusterDeployment(
            link, roster, Feeds(hub), ClusterPeers(link, roster), hub, inbox, Openings()
        )
        roster.share_all({"m1", "m2"})
        deployment.lost("m1", "n1")
        assert roster.shared == {"m2"}
        assert roster.owners == {"m1": "n1"}
        assert "m1" in link.watching
        await link.close()

    asyncio.run(main())
