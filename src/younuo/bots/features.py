"""The observation of a learning agent: its player view as a fixed-size vector.

Every number is in ``[0, 1]`` and comes from the view alone (plus the cards the agent
has selected for a multi-card play), so an agent sees what a person in its seat sees.
Seats are counted from the agent (0 = itself, 1 = the next clockwise, ...), so the
same policy serves every seat. Layout, in order (:data:`SIZE` numbers):

- own hand: count of each of the 59 card kinds (/4); cards selected so far (/4);
- top card (one-hot, 59); color in force (4); the drawn card held (59);
- the discard pile: count of each card kind (/8), public knowledge;
- per relative seat (10 x 7): hand size (/20), in the round, called UNO, to move,
  owns the top card, exposed to a catch, score (/500);
- direction, pending penalty (/20), its kind (+2, +4), phase (turn, color, drawn),
  challenge open to me, my turn, draw pile size (/216), players (/10), holding one
  card, holding two;
- the rules (21 flags): stacking (4), jump-in (3), multi-play (3), last card (3),
  seven-zero, draw-and-play, force play, draw until playable, no bluff, forced
  stacking, party deck, two-player reverse.

Requires numpy (the ``rl`` dependency group).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from younuo.bots.actionspace import CARD_KINDS, KIND, MAX_SEATS
from younuo.engine import COLORS, Card, Phase, PlayerView, Rank

K = len(CARD_KINDS)
SEAT_FEATURES = 7
_HAND = 0
_SELECTED = _HAND + K
_TOP = _SELECTED + K
_COLOR = _TOP + K
_DRAWN = _COLOR + 4
_DISCARD = _DRAWN + K
_SEATS = _DISCARD + K
_TABLE = _SEATS + MAX_SEATS * SEAT_FEATURES
_RULES = _TABLE + 13
SIZE = _RULES + 21
"""Length of an observation vector."""

# In the order of the features (a trained policy's weights depend on it), so not PHASES.
_PHASES: Final[tuple[Phase, ...]] = ("turn", "choose_color", "drawn")
_STACKING = ("none", "same", "progressive", "any")
_JUMP = ("off", "numbers", "all")
_MULTI = ("off", "identical", "same_rank")
_LAST = ("any", "no_action_wild", "number_only")

Vector = npt.NDArray[np.float32]


def encode(view: PlayerView, selection: Sequence[Card] = ()) -> Vector:
    """The observation vector of ``view`` (see the module docstring)."""
    x = np.zeros(SIZE, dtype=np.float32)
    me = view.seat
    assert me is not None, "a learning agent sits at the table (no spectator view)"
    for card in view.hand:
        x[_HAND + KIND[card]] += 0.25
    for card in selection:
        x[_SELECTED + KIND[card]] += 0.25
    if view.top is not None:
        x[_TOP + KIND[view.top]] = 1.0
    if view.color is not None:
        x[_COLOR + COLORS.index(view.color)] = 1.0
    if view.drawn is not None:
        x[_DRAWN + KIND[view.drawn]] = 1.0
    for card in view.discard_pile:
        x[_DISCARD + KIND[card]] += 0.125
    n = len(view.players)
    for i in range(n):
        seat = (me + i) % n
        name = view.players[seat]
        base = _SEATS + i * SEAT_FEATURES
        x[base] = view.hand_counts[seat] / 20.0
        x[base + 1] = view.in_round[seat]
        x[base + 2] = view.called_uno[seat]
        x[base + 3] = view.current == name
        x[base + 4] = view.top_owner == name
        x[base + 5] = view.exposed == name
        x[base + 6] = view.scores[seat] / 500.0
    t = _TABLE
    x[t] = view.direction == 1
    x[t + 1] = view.pending_draw / 20.0
    x[t + 2] = view.pending_kind is Rank.DRAW_TWO
    x[t + 3] = view.pending_kind is Rank.WILD_DRAW_FOUR
    if view.phase in _PHASES:
        x[t + 4 + _PHASES.index(view.phase)] = 1.0
    x[t + 7] = view.challenge_open
    x[t + 8] = view.current == view.player
    x[t + 9] = view.pile_count / 216.0
    x[t + 10] = n / 10.0
    x[t + 11] = len(view.hand) == 1
    x[t + 12] = len(view.hand) == 2
    rules = view.rules
    r = _RULES
    x[r + _STACKING.index(rules.stacking)] = 1.0
    x[r + 4 + _JUMP.index(rules.jump_in)] = 1.0
    x[r + 7 + _MULTI.index(rules.multi_play)] = 1.0
    x[r + 10 + _LAST.index(rules.last_card)] = 1.0
    x[r + 13] = rules.seven_zero
    x[r + 14] = rules.draw_and_play
    x[r + 15] = rules.force_play
    x[r + 16] = rules.draw_until_playable
    x[r + 17] = rules.no_bluff
    x[r + 18] = rules.forced_stacking
    x[r + 19] = rules.deck == "party"
    x[r + 20] = rules.two_player_reverse == "reverse"
    np.clip(x, 0.0, 1.0, out=x)
    return x
