"""The host hand-over: who holds a room when its host has been gone for the reconnect grace.

A room whose host is offline strands everyone in it: nobody else may start, change the
settings or add a bot. So when the host's connection has been gone for the reconnect
grace (``Settings.reconnect_grace``, the time a dropped player keeps a seat), the room
passes to the person who has sat at it longest among those connected: the order of
:attr:`RoomState.arrivals <younuo.server.lobby.rooms.RoomState.arrivals>` (who sat
down when, kept with the room), then, for people seated before that order was kept,
the seat order. With nobody seated and connected, a connected spectator takes it (the
one who came first); with nobody connected at all the room closes, unless a match is
running (the match's own away and abandon rules decide that one, and the room is
looked at again when a member's grace runs out after it).

Pure: who is connected is given (``connected``), the caller asks the presence of
every node for it. ``lobby.hosts`` runs these rules on a timer.
"""

from __future__ import annotations

from enum import StrEnum

from younuo.server.lobby.rooms import RoomState


class HandOver(StrEnum):
    """What :func:`hand_over` did to a room."""

    KEPT = "kept"
    """The host is connected (or nobody may take over during a match): nothing changed."""
    HANDED = "handed"
    """The host changed to :func:`successor`."""
    CLOSED = "closed"
    """Nobody was connected: everyone was taken out, so the room closes when stored."""


def seniority(room: RoomState) -> list[str]:
    """The seated people, longest seated first (``RoomState.seniority``)."""
    return room.seniority()


def successor(room: RoomState, connected: set[str]) -> str | None:
    """Who takes the room from an offline host: the longest-seated connected person,
    else the first connected spectator, else None."""
    for account in [*seniority(room), *room.spectators]:
        if account != room.host and account in connected:
            return account
    return None


def hand_over(room: RoomState, connected: set[str]) -> HandOver:
    """Pass the room on if its host is not among ``connected`` (their grace is over).

    Changes ``room`` in place (a copy, as every store operation): a new host, or, when
    nobody is connected and no match runs, everyone taken out so that the store closes
    the room.
    """
    if room.host is not None and room.host in connected:
        return HandOver.KEPT
    heir = successor(room, connected)
    if heir is not None:
        room.host = heir
        return HandOver.HANDED
    if room.is_playing:
        return HandOver.KEPT
    for account in list(room.members()):
        room.remove(account)
    room.host = None
    return HandOver.CLOSED


__all__ = ["HandOver", "hand_over", "seniority", "successor"]
