"""Pure scoring rules: round points, the scores a round adds, and tie-breaks (R-SCORE, R-TEAM).

Functions here take plain numbers and lists, so they are tested without a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from younuo.engine.cards import Card, hand_points


def round_points(hands: Sequence[Sequence[Card]], losers: Sequence[int]) -> int:
    """R-SCORE-2: the card points left in the losers' hands."""
    return sum(hand_points(tuple(hands[i])) for i in losers)


def tie_key(seat: int, hand: Sequence[Card]) -> tuple[int, int, int]:
    """R-SCORE-4 order among equal scores: fewer cards, then fewer points, then earlier seat."""
    return (len(hand), hand_points(tuple(hand)), seat)


def best_seat(
    seats: Sequence[int],
    scores: Sequence[int],
    hands: Sequence[Sequence[Card]],
    lowest_wins: bool,
) -> int:
    """The match winner among ``seats`` by score, ties broken by :func:`tie_key`."""
    sign = 1 if lowest_wins else -1
    return min(seats, key=lambda i: (sign * scores[i], *tie_key(i, hands[i])))


def lowest_wins(scoring: str) -> bool:
    """Whether the lowest total wins the match under this scoring method."""
    return scoring in ("negative", "elimination")


PARTNER_ROUNDS: Final = 4
PARTNER_PAIRINGS: Final[tuple[tuple[int, int, int, int], ...]] = (
    (0, 1, 0, 1),  # seats 1+3 against 2+4
    (0, 0, 1, 1),  # seats 1+2 against 3+4
    (0, 1, 1, 0),  # seats 1+4 against 2+3
)


def partner_teams(round_number: int) -> tuple[int, int, int, int]:
    """R-TEAM partner rotation: each of the 3 pairings of 4 players plays 4 rounds."""
    index = min((round_number - 1) // PARTNER_ROUNDS, len(PARTNER_PAIRINGS) - 1)
    return PARTNER_PAIRINGS[index]


def partner_rotation_rounds() -> int:
    """Rounds in a partner-rotation match (12)."""
    return PARTNER_ROUNDS * len(PARTNER_PAIRINGS)
