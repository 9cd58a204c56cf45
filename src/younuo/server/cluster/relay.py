"""What the other nodes tell this one about its connections and rooms, and the
resynchronisation after Redis came back.

- :class:`Replaced`: the account connected on another node; its connection here is
  told and closed. :class:`Tell`: a frame for a connection here. :class:`Revoke`: a
  logout elsewhere closes the token's connections here too. :class:`RoomChanged`: the
  lobby reads the room again.
- Redis back: presence written again, a fresh ``state`` of every match watched here,
  every match run here announced afresh, the rooms read again (announcements may
  have been missed meanwhile).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from redis.exceptions import RedisError

from younuo.protocol.messages import ProtocolError
from younuo.protocol.messages import Replaced as ReplacedOut
from younuo.server.cluster.inbox import Inbox
from younuo.server.cluster.keys import IN_LOBBY, PRESENCE
from younuo.server.cluster.link import Link
from younuo.server.cluster.messages import Replaced, Revoke, RoomChanged, Tell
from younuo.server.cluster.ports import Desk, Matches, Rooms
from younuo.server.cluster.roster import Roster
from younuo.server.realtime.connections import CLOSE_REPLACED, Hub
from younuo.server.realtime.feed import Committed


class Relay:
    """This node's connections and rooms, as the other nodes change them."""

    def __init__(
        self,
        hub: Hub,
        lobby: Rooms,
        matches: Matches,
        desk: Desk,
        announce: Callable[[Committed], None],
        roster: Roster,
        link: Link,
        inbox: Inbox,
    ) -> None:
        """``desk`` sends a watched match's ``state`` (a router that forwards);
        ``announce`` is the match service's (every match run here, told again);
        ``roster`` hears that a node which changed a room is alive."""
        self.node = link.node
        self.hub = hub
        self.lobby = lobby
        self.matches = matches
        self.desk = desk
        self.announce = announce
        self.roster = roster
        self.link = link
        inbox.on(Replaced, self._replaced)
        inbox.on(Tell, self._tell)
        inbox.on(Revoke, self._revoke)
        inbox.on(RoomChanged, self._room)
        inbox.on_reconnect(self.resync)

    async def _replaced(self, m: Replaced) -> None:
        conn = self.hub.by_account.get(m.account)
        if conn is not None:
            conn.send(ReplacedOut())
            conn.close(CLOSE_REPLACED)

    async def _tell(self, m: Tell) -> None:
        self.hub.send(m.account, m.text)

    async def _revoke(self, m: Revoke) -> None:
        if m.node != self.node:
            self.hub.revoke(m.token)

    async def _room(self, m: RoomChanged) -> None:
        if m.node != self.node:
            # Its host is on that node: the listing must not count them offline.
            self.roster.heard(m.node)
            await self.lobby.room_changed(m.room, m.version)

    async def resync(self) -> None:
        """After Redis came back: a fresh ``state`` of every watched match here, and the
        rooms again (announcements may have been missed meanwhile)."""
        redis = self.link.redis
        with contextlib.suppress(RedisError):  # Redis may have lost them: say them again
            here = {account: self.node for account in self.hub.by_account}
            if here:
                await redis.hset(PRESENCE, mapping=here)  # type: ignore[arg-type]
            lobby = {account: self.node for account in self.lobby.feed.accounts()}
            if lobby:
                await redis.hset(IN_LOBBY, mapping=lobby)  # type: ignore[arg-type]
        feeds = self.matches.feeds
        for match in list(self.link.watching):
            latest = feeds.latest.get(match)
            if latest is None or match in self.matches.runtimes:
                continue
            feeds.forget(match)
            for account, _ in feeds.recipients(latest):
                with contextlib.suppress(ProtocolError):
                    await self.desk.send_state(match, account)
        for rt in list(self.matches.runtimes.values()):
            self.announce(self.matches.latest(rt))
        await self.lobby.reload_all()


__all__ = ["Relay"]
