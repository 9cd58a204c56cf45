"""The four ways a player can favour another at the table, and the situations told apart in each.

Each channel is a kind of decision where a player (the *actor*) chose, towards one
other player (the *target*), between an act and its omission:

- :attr:`Channel.SPARE`: on its turn, holding a Skip, Reverse, Draw Two or Wild Draw
  Four it could play and something else it could do, did it play the action card on
  the next player (the target)? Sparing is the omission.
- :attr:`Channel.FEED`: when it named a colour (a wild, or a Wild start card), was it
  the colour the target last showed this round (the colour in force after the
  target's last play or naming)? Feeding is the act.
- :attr:`Channel.CATCH`: while the target held one card without calling UNO and the
  actor could catch it (R-UNO-2), did it? Letting it go is the omission.
- :attr:`Channel.CHALLENGE`: facing the target's Wild Draw Four with a challenge
  offered (R-DRAW4-2), did it challenge? Accepting it is the omission.

Whether an act is likely depends on the situation more than on who the target is: a
player hits a next player about to go out far more readily than one holding seven
cards. So every decision is filed under a *stratum*, a small number for the features
of the situation that an honest player weighs (for SPARE: the target's cards, whether
someone else is close to going out, whether a non-hitting play existed, whether a
penalty was pending, whether the only hits were wilds), and the actor's acts towards
the target are compared with its acts towards others only within a stratum
(:mod:`younuo.fairplay.favour`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Channel(StrEnum):
    """A kind of decision in which one player may favour another."""

    SPARE = "spare"
    FEED = "feed"
    CATCH = "catch"
    CHALLENGE = "challenge"

    @property
    def favour_sign(self) -> int:
        """+1 when the act favours the target (feeding), -1 when its omission does."""
        return 1 if self is Channel.FEED else -1


Stratum = tuple[Channel, int]
"""A channel and the number of the situation within it."""


def spare_stratum(
    target_cards: int, others_close: bool, other_play: bool, pending: bool, wild_only: bool
) -> Stratum:
    """The situation of a SPARE decision.

    ``target_cards``: the next player's hand (1, 2, 3, 4 or more); ``others_close``:
    another opponent holds three cards or fewer; ``other_play``: a play that hits
    nobody was legal too; ``pending``: a penalty was pending (the hits were stacks);
    ``wild_only``: every hitting play was a Wild Draw Four.
    """
    bucket = min(max(target_cards, 1), 4) - 1
    index = (((bucket * 2 + others_close) * 2 + other_play) * 2 + pending) * 2 + wild_only
    return (Channel.SPARE, index)


class Position(StrEnum):
    """Where a target sat relative to the actor, in the direction of play."""

    NEXT = "next"
    PREVIOUS = "previous"
    ACROSS = "across"


_POSITIONS: Final = tuple(Position)


def feed_stratum(position: Position) -> Stratum:
    """The situation of a FEED decision: the target's position (next, previous, across).

    Position matters: a player who plays a wild because it cannot follow the colour its
    previous player set rarely names that colour back.
    """
    return (Channel.FEED, _POSITIONS.index(position))


def catch_stratum(offset: int) -> Stratum:
    """The situation of a CATCH decision: seats from the target to the actor (1, 2, 3+).

    The seat after a player who forgot to call is the first to react at a table that
    asks in seat order, and often the first in a race.
    """
    return (Channel.CATCH, min(max(offset, 1), 3) - 1)


def challenge_stratum(accused_cards: int, two_players: bool) -> Stratum:
    """The situation of a CHALLENGE decision: the accused's hand (1-2, 3-4, 5-6, 7+), two players.

    A bluff is likelier from a big hand (it more probably held the colour asked), and a
    won challenge is worth more with two players.
    """
    bucket = min((max(accused_cards, 1) - 1) // 2, 3)
    return (Channel.CHALLENGE, bucket * 2 + two_players)


__all__ = [
    "Channel",
    "Position",
    "Stratum",
    "catch_stratum",
    "challenge_stratum",
    "feed_stratum",
    "spare_stratum",
]
