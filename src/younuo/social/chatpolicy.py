"""Who may read and post where: the chat's authorization and safety rules.

Channels are a room (its members), a table's players, a table's spectators, and a direct
line between two friends. Spectators never reach the players of a running match: they
could tell them what another hand holds (hidden information, docs/rules.md). Nothing a
channel carries is ever derived from the match state, so no message reveals a hand.

Free text is allowed only if all of these allow it: the server-wide setting, the room (its
host), and the sender's account (off by default for guests). Quick phrases are always
allowed where the channel is, because they carry no information of their own. A muted
account cannot post at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from younuo.social.errors import SocialCode, SocialError

MAX_TEXT = 200  # characters of free text


class Channel(StrEnum):
    """The kinds of chat channel."""

    ROOM = "room"  # a room before (and between) matches: all members
    TABLE_PLAYERS = "table_players"  # during a match: the seated players
    TABLE_SPECTATORS = "table_spectators"  # during a match: the spectators
    DIRECT = "direct"  # two friends


class Membership(StrEnum):
    """What a reader or sender is to a room."""

    NONE = "none"
    PLAYER = "player"
    SPECTATOR = "spectator"


@dataclass(frozen=True)
class FreeText:
    """The three switches of free text."""

    server: bool = True
    room: bool = True
    account: bool = True


def may_read(channel: Channel, member: Membership, *, match_running: bool) -> bool:
    """Whether someone with ``member`` standing in the room reads ``channel``.

    The room channel is for all members; during a match, the players' channel is for the
    players and the spectators' for the spectators. (Direct lines are checked by
    :func:`check_direct`.)
    """
    if member is Membership.NONE:
        return False
    if channel is Channel.ROOM:
        return True
    if channel is Channel.TABLE_PLAYERS:
        return member is Membership.PLAYER
    if channel is Channel.TABLE_SPECTATORS:
        return member is Membership.SPECTATOR or not match_running
    return False


def check_room_post(channel: Channel, member: Membership, *, match_running: bool) -> None:
    """Refuse a post to a room channel the sender may not post in."""
    if member is Membership.NONE:
        raise SocialError(SocialCode.NOT_MEMBER, "You are not in this room.")
    if match_running and channel is Channel.ROOM and member is Membership.SPECTATOR:
        raise SocialError(
            SocialCode.SPECTATOR_TO_PLAYERS, "Spectators cannot talk to players during a match."
        )
    if channel is Channel.TABLE_PLAYERS and member is not Membership.PLAYER:
        raise SocialError(
            SocialCode.SPECTATOR_TO_PLAYERS, "Spectators cannot talk to players during a match."
        )
    if channel is Channel.TABLE_SPECTATORS and member is not Membership.SPECTATOR:
        raise SocialError(SocialCode.NOT_MEMBER, "This channel is for the spectators.")
    if channel is Channel.DIRECT:
        raise SocialError(SocialCode.NOT_MEMBER, "Direct messages go to a friend.")


def check_direct(*, friends: bool, blocked: bool) -> None:
    """Refuse a direct message to someone who is not a friend, or across a block."""
    if blocked:
        raise SocialError(SocialCode.BLOCKED, "You cannot reach this player.")
    if not friends:
        raise SocialError(SocialCode.NOT_FRIENDS, "You can message only your friends.")


def check_sender(*, muted_until: float | None, now: float) -> None:
    """Refuse any post from a muted account."""
    if muted_until is not None and now < muted_until:
        raise SocialError(SocialCode.MUTED, "You are muted and cannot post for now.")


def check_text(text: str, switches: FreeText) -> str:
    """Refuse free text where it is off, empty or too long; returns the trimmed text."""
    if not switches.server:
        raise SocialError(SocialCode.FREE_TEXT_OFF, "Free text is off on this server.")
    if not switches.room:
        raise SocialError(SocialCode.FREE_TEXT_OFF, "The host turned free text off here.")
    if not switches.account:
        raise SocialError(SocialCode.FREE_TEXT_OFF, "Free text is off for your account.")
    trimmed = text.strip()
    if not trimmed:
        raise SocialError(SocialCode.EMPTY, "The message is empty.")
    if len(trimmed) > MAX_TEXT:
        raise SocialError(SocialCode.TOO_LONG, f"A message holds at most {MAX_TEXT} characters.")
    return trimmed


def account_free_text_default(*, guest: bool) -> bool:
    """Free text is off for guests and on for registered accounts unless they change it."""
    return not guest
