"""The link's life (server/cluster/link.py): closing it ends what it started, the
listener, the publisher and the work begun for messages heard."""

from __future__ import annotations

import asyncio

from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.link import Link

from .services import RedisServer


def test_closing_the_link_ends_the_work_begun_for_messages(redis: RedisServer) -> None:
    """A handler still running when the node stops (a takeover reading its matches as
    a drain ends) is cancelled and awaited by ``close``, so that its database session
    is given back before the node closes its pool (else the pool's garbage collector
    logs an ERROR for each connection it finds still out)."""

    async def main() -> None:
        link = Link(redis.url, "n0", Inbox())
        link.start()
        began, ended = asyncio.Event(), asyncio.Event()

        async def handler() -> None:
            began.set()
            try:
                await asyncio.sleep(60)
            finally:
                ended.set()

        link.spawn(handler())
        await began.wait()
        await asyncio.wait_for(link.close(), 5)
        assert ended.is_set()

    asyncio.run(main())
