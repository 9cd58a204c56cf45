"""A report's evidence: only what the reporter could have read (issue 38, item 5).

A report names a room; the shell attaches the reported player's messages there. Those
messages may include only what the reporter could read: messages posted while the
reporter was in the room (a *stay*, from arriving to leaving or changing role), on a
channel the reporter's role of that stay reads (the players' table channel to players
only; the spectators' channel to spectators only: a spectators' message posted between
matches, which players also read, is left out rather than guessed), and not since a
block between the two stands (a block keeps each one's messages from the other; a block
lifted since is not known, and counts for nothing). A report naming a
room the reporter never stayed in is refused, with the answer of a room that does not
exist, so that a report tells the reporter nothing about a room they never saw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from younuo.social.chatpolicy import Channel, Membership, may_read
from younuo.social.errors import SocialCode, SocialError


@dataclass(frozen=True, slots=True)
class Stay:
    """One stay of the reporter in the room: as ``role`` from ``since`` to ``until``
    (None: still there)."""

    role: Membership
    since: float
    until: float | None = None

    def covers(self, at: float) -> bool:
        """Whether the reporter was there, in this role, at ``at``."""
        return self.since <= at and (self.until is None or at <= self.until)


@dataclass(frozen=True, slots=True)
class Said:
    """A stored message of the reported player in the room: its channel and time."""

    id: int
    channel: Channel
    at: float


def check_stayed(stays: Sequence[Stay]) -> None:
    """Refuse a report naming a room the reporter never stayed in."""
    if not stays:
        raise SocialError(
            SocialCode.NOT_MEMBER,
            "You were never in this room: a report holds only what you could see there.",
        )


def seen(stays: Sequence[Stay], said: Said, blocked_since: float | None = None) -> bool:
    """Whether the reporter could read ``said``: there at the time, in a role that reads
    its channel (during a match, the strictest reading: see the module's doc), and no
    block between them standing yet."""
    if blocked_since is not None and said.at >= blocked_since:
        return False
    return any(
        stay.covers(said.at) and may_read(said.channel, stay.role, match_running=True)
        for stay in stays
    )


def visible(
    stays: Sequence[Stay],
    messages: Iterable[Said],
    limit: int,
    blocked_since: float | None = None,
) -> list[int]:
    """The ids of the newest ``limit`` of ``messages`` (newest first, as stored) that the
    reporter could read, newest first (``blocked_since``: see :func:`seen`)."""
    out: list[int] = []
    for said in messages:
        if len(out) >= limit:
            break
        if seen(stays, said, blocked_since):
            out.append(said.id)
    return out


__all__ = ["Said", "Stay", "check_stayed", "seen", "visible"]
