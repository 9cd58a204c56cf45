"""The match's fixed sets of values, as enums: what the package compares.

Each is a :class:`~enum.StrEnum` whose values are the strings stored in the database
(``matches.status``, ``matches.seats``, ``matches.control``, ``match_actions.source``)
and sent on the wire, so a member equals the string it was read back as.
"""

from __future__ import annotations

from enum import StrEnum


class MatchStatus(StrEnum):
    """A match's status (``matches.status``), and what the node holding it knows of it."""

    RUNNING = "running"
    OVER = "over"
    """Played to its end: a match winner (R-SCORE), or the match clock ran out (R-TIME)."""
    ABANDONED = "abandoned"
    """Every person left, or the match could not be restored."""
    MOVED = "moved"
    """Run by another node now (a takeover, a drain): never stored, only held."""
    GONE = "gone"
    """No longer in the database (a reload found no row): never stored, only held."""


class SeatKind(StrEnum):
    """Who sits in a seat (``matches.seats[].kind``)."""

    HUMAN = "human"
    BOT = "bot"


class Source(StrEnum):
    """Who sent an action (stored with it in the log)."""

    PLAYER = "player"
    BOT = "bot"
    AUTOPLAY = "autoplay"
    SERVER = "server"


class Abandon(StrEnum):
    """What happens to a seat whose reconnect grace ran out (the room's ``abandon``)."""

    LEAVE = "leave"
    """R-LEAVE: the player has left the match."""
    BOT = "bot"
    """The player has left, and a bot keeps the seat to the end."""


class Lapse(StrEnum):
    """Which of a dropped seat's times has passed (:func:`~.core.grace_ended`)."""

    TAKEOVER = "takeover"
    """The bot's takeover: a bot plays the seat from now, the grace goes on."""
    GRACE = "grace"
    """The reconnect grace itself: the player is gone (:class:`Abandon`)."""


class Deadline(StrEnum):
    """The clock field (:class:`~.clocks.Clock`) that made a server action due."""

    MATCH = "match_deadline"
    NEXT_ROUND = "next_round_at"
    TURN = "turn_deadline"


__all__ = ["Abandon", "Deadline", "Lapse", "MatchStatus", "SeatKind", "Source"]
