"""The weights of the ``normal`` level's play score, kept together to be tuned by simulation.

:func:`younuo.bots.normal.play_score` adds up what a play is worth in "cards shed"
units: :attr:`Weights.card` per card it sheds, plus or minus the other lines below.
``normal`` plays with :data:`NORMAL`; the ``hard`` level's *favourite* (the move its
search keeps unless a rival clearly beats it) uses :data:`HARD`. docs/bot-research.md ("Where
the 4-player gap is") has what tuning them by simulation gave.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Weights:
    """The general lines of :func:`~younuo.bots.normal.play_score` (higher score: better).

    The action-card lines (Skip, Reverse, Draw Two, Wild Draw Four, Wild Bounce, 7-0)
    keep their constants in ``play_score``: tuning has not reached them yet.
    """

    card: float = 10.0
    """Per card shed."""
    color: float = 3.0
    """Per card left of the color in force after the play (a color we can follow)."""
    void: float = 4.0
    """Naming with a wild a color the next player seems to lack."""
    shed_points: float = 0.2
    """Per card point shed while an opponent holds two cards or fewer."""
    wild: float = 8.0
    """Cost of spending a wild while the hand stays bigger than two."""
    hold_action: float = 3.0
    """Cost of an action card while nobody is near winning (3+ players)."""
    draw: float = -12.0
    """Draw rather than play when the best play scores below this."""
    pass_: float = -6.0
    """Pass rather than play (after a draw) when the best play scores below this."""


NORMAL = Weights()
"""The ``normal`` level's weights."""

HARD = replace(NORMAL, wild=24.0)
"""The ``hard`` level's favourite keeps wilds longer than ``normal`` (24 against 8).
Keeping a wild was the search's most frequent and most rewarding departure from
``normal``'s choice. Measured as the favourite of the search against three ``normal``
(800 paired 4-player rounds): younuo 35.7% against 34.4% with 8 (+17 rounds won, -6),
classic 30.6% either way."""
