"""Presence: where a friend is, and whether one may join or watch them.

Presence is shown only to friends and never across a block. A friend in a room shows the
room id so the web client can offer join (a waiting room with a free seat) or watch (a
match whose room allows spectators); otherwise the room id is withheld.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Presence(StrEnum):
    """Where an account is."""

    OFFLINE = "offline"
    ONLINE = "online"  # connected, on no particular screen
    LOBBY = "lobby"
    ROOM = "room"  # seated in a room that waits for its match
    PLAYING = "playing"


@dataclass(frozen=True)
class PresenceView:
    """What a viewer sees of another account's presence."""

    state: Presence
    room_id: str | None = None
    joinable: bool = False
    watchable: bool = False


@dataclass(frozen=True)
class Whereabouts:
    """The facts about one account, as the server knows them."""

    connected: bool
    in_lobby: bool = False
    room_id: str | None = None
    playing: bool = False
    room_has_free_seat: bool = False
    room_allows_watchers: bool = False


def state_of(where: Whereabouts) -> Presence:
    """The presence value the facts amount to."""
    if not where.connected:
        return Presence.OFFLINE
    if where.room_id is not None:
        return Presence.PLAYING if where.playing else Presence.ROOM
    return Presence.LOBBY if where.in_lobby else Presence.ONLINE


def view(where: Whereabouts, *, friends: bool, blocked: bool) -> PresenceView:
    """What a viewer sees: friends see the presence, everyone else sees offline."""
    if not friends or blocked:
        return PresenceView(Presence.OFFLINE)
    state = state_of(where)
    if state in (Presence.ROOM, Presence.PLAYING):
        joinable = state is Presence.ROOM and where.room_has_free_seat
        watchable = state is Presence.PLAYING and where.room_allows_watchers
        if joinable or watchable:
            return PresenceView(state, where.room_id, joinable, watchable)
    return PresenceView(state)
