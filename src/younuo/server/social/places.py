"""Where a chat message is: what an account is to a room, the channel a message goes to
when its sender names none, and the stored place of a direct line (pure)."""

from __future__ import annotations

from younuo.server.lobby.rooms import RoomState
from younuo.social.chatpolicy import Channel, Membership


def membership(room: RoomState, account: str) -> Membership:
    """What ``account`` is to ``room``: a seated player, a spectator, or nothing."""
    if room.seat_of(account) is not None:
        return Membership.PLAYER
    if account in room.spectators:
        return Membership.SPECTATOR
    return Membership.NONE


def default_channel(member: Membership, *, match_running: bool) -> Channel:
    """Where a message goes when the sender names no channel: the room between matches,
    the sender's own side of the table during one (so spectators never reach players)."""
    if not match_running:
        return Channel.ROOM
    return Channel.TABLE_SPECTATORS if member is Membership.SPECTATOR else Channel.TABLE_PLAYERS


def direct_place(a: str, b: str) -> str:
    """The stored place of the direct line between ``a`` and ``b`` (either order)."""
    low, high = sorted((a, b))
    return f"d:{low}:{high}"


__all__ = ["default_channel", "direct_place", "membership"]
