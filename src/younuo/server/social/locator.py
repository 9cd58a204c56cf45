"""Where accounts are, for their friends' presence: connected or not, watching the lobby,
in which room and whether it plays, on this node or another."""

from __future__ import annotations

from younuo.server.realtime.connections import Hub
from younuo.server.social.ports import Rooms
from younuo.social import presence


class Locator:
    """The whereabouts of accounts, from the hub (who is connected, here or elsewhere)
    and the lobby (their rooms, who watches the lobby)."""

    def __init__(self, hub: Hub, rooms: Rooms) -> None:
        self.hub = hub
        self.rooms = rooms

    async def whereabouts(self, accounts: list[str]) -> dict[str, presence.Whereabouts]:
        """Each of ``accounts``' whereabouts, as the pure presence rules read them."""
        connected = await self.hub.peers.online(accounts, self.hub)
        lobby = self.rooms.feed.accounts()
        lobby |= await self.hub.peers.in_lobby(a for a in accounts if a not in lobby)
        out: dict[str, presence.Whereabouts] = {}
        for account in accounts:
            room = await self.rooms.room_of(account) if account in connected else None
            if room is None:
                out[account] = presence.Whereabouts(
                    connected=account in connected, in_lobby=account in lobby
                )
                continue
            public = not room.settings.private
            out[account] = presence.Whereabouts(
                connected=True,
                room_id=room.id,
                playing=room.is_playing,
                room_has_free_seat=public and room.free_seats() > 0,
                room_allows_watchers=public,
            )
        return out


__all__ = ["Locator"]
