"""Outside bots rebuilt for measuring: the published baseline and best rule-of-thumb bot.

Issue 42 sets the expert's targets from an open project's figures (UnoAI, a UNO rules
engine in F# with eight bots, 10 million simulated rounds per table): its best bot,
"MixBot2", wins 68.8% of heads-up rounds and 24.2% as one of six against bots that play
a random playable card. Comparing those with our bots against ``easy`` compares unlike
opponents: ``easy`` names the color it holds most, which alone wins it 56% of heads-up
rounds against a random playable card (docs/bot-research.md). So both outside bots are rebuilt
here from the project's description of them, to measure ours against the same opponents:

- :class:`PlayableBot`, the outside baseline ("RandomBot" there): a playable card at
  random, else a draw; a drawn card that can be played is played; a random color;
- :class:`RankingBot`, the outside best ("MixBot2", its win-rate settings): the card of
  the best kind (below), then of a color it holds most of, then the one the next player
  is least likely to answer; wilds held back while other cards remain.

They are not levels: the server offers only :data:`younuo.bots.registry.LEVELS`; the
simulator and benchmarks name them ``reference:playable`` and ``reference:ranking``
(:data:`REFERENCES`). Rebuilt from a description, not from the code: on the outside
project's rules (the same as issue 42's, :data:`ISSUE_RULES` in
``benchmarks/bot_strength.py``) ``RankingBot`` against ``PlayableBot`` wins 68.0% heads-up
and 24.7% as one of six here (8,000 and 6,000 rounds, seed 1), against the published
68.8% and 24.2%.

Out of turn both only call UNO; neither challenges (the outside rules have no
challenge). Rules the outside project lacks (stacking, several cards at once, 7-0, party
cards) get the plainest reading: a play of several cards counts as its last card, a swap
goes to the smallest hand, Discard All ranks as a number and Wild Bounce as a wild.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Sequence
from enum import IntEnum

from younuo.bots.base import Bot, turn_actions
from younuo.bots.normal import next_seat
from younuo.bots.rollout import color_counts
from younuo.engine import COLORS, Action, ActionType, Card, Color, PlayerView, Rank
from younuo.engine.determinize import unseen_cards
from younuo.engine.legality import matches


class Kind(IntEnum):
    """The card kinds the outside bot ranks (a Reverse heads-up is a Skip)."""

    NUMBER = 0
    REVERSE = 1
    SKIP = 2
    DRAW_TWO = 3
    WILD = 4
    WILD_DRAW_FOUR = 5


_KINDS = {
    Rank.SKIP: Kind.SKIP,
    Rank.REVERSE: Kind.REVERSE,
    Rank.DRAW_TWO: Kind.DRAW_TWO,
    Rank.WILD: Kind.WILD,
    Rank.WILD_BOUNCE: Kind.WILD,
    Rank.WILD_DRAW_FOUR: Kind.WILD_DRAW_FOUR,
}

RANKS: dict[Kind, int] = {
    Kind.DRAW_TWO: 6,
    Kind.SKIP: 5,
    Kind.NUMBER: 4,
    Kind.REVERSE: 3,
    Kind.WILD_DRAW_FOUR: 2,
    Kind.WILD: 1,
}
"""Higher plays first: Draw Two, Skip, a number, Reverse, Wild Draw Four, Wild."""

END_RANKS: dict[Kind, int] = {
    Kind.DRAW_TWO: 6,
    Kind.WILD_DRAW_FOUR: 5,
    Kind.SKIP: 4,
    Kind.REVERSE: 3,
    Kind.NUMBER: 2,
    Kind.WILD: 1,
}
"""The ranking while the next player holds one card: hitting cards first."""

HOLD_UNTIL: dict[Kind, int] = {Kind.WILD: 2, Kind.WILD_DRAW_FOUR: 4}
"""A wild is played only once the hand holds this many colored cards or fewer (not while
the next player holds one card); with nothing else to play, the bot draws instead."""

DRAWN_WILD_UNTIL = 2
"""A drawn wild is played only from a hand of this many cards or fewer (else kept)."""

COLOR_SLACK = 1
"""A wild may name any color held within this many cards of the color held most."""

_AGAIN = frozenset({Kind.SKIP, Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR})
"""Kinds after which, heads-up, the player moves again."""


def kind(card: Card, heads_up: bool) -> Kind:
    """The card's kind for ranking; a Reverse with two players is a Skip (R-TURN-3)."""
    found = _KINDS.get(card.rank, Kind.NUMBER)
    if found is Kind.REVERSE and heads_up:
        return Kind.SKIP
    return found


def no_answer_chance(pool: Sequence[Card], hand_size: int, top: Card, color: Color | None) -> float:
    """The chance that ``hand_size`` cards dealt at random from ``pool`` hold none that
    matches ``top`` in ``color`` (drawing without replacement)."""
    total = len(pool)
    fitting = sum(1 for card in pool if matches(card, top, color))
    size = min(hand_size, total)
    return math.comb(total - fitting, size) / math.comb(total, size)


class _OutsideBot(Bot):
    """UNO whenever it may be called; otherwise only its own turn (:meth:`turn`)."""

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        uno = next((a for a in legal if a.type is ActionType.UNO), None)
        if uno is not None:
            return uno
        turn = turn_actions(legal, view)
        return self.turn(view, turn) if turn else None

    @abstractmethod
    def turn(self, view: PlayerView, turn: list[Action]) -> Action:
        """The choice among the turn actions offered (never empty)."""


class PlayableBot(_OutsideBot):
    """A playable card at random, else a draw (the outside baseline, module docstring)."""

    level = "reference:playable"

    def turn(self, view: PlayerView, turn: list[Action]) -> Action:
        for kind_ in (ActionType.PLAY, ActionType.CHOOSE_COLOR):
            options = [a for a in turn if a.type is kind_]
            if options:
                return self.rng.choice(options)
        return _fallback(turn)


class RankingBot(_OutsideBot):
    """The outside project's best rule-of-thumb bot, rebuilt (module docstring)."""

    level = "reference:ranking"

    def turn(self, view: PlayerView, turn: list[Action]) -> Action:
        plays = [a for a in turn if a.type is ActionType.PLAY]
        if view.drawn is not None:
            chosen = self._drawn(view, plays)
        else:
            # Wilds are held back only when a draw is the way out (force_play may forbid it).
            hold = any(a.type is ActionType.DRAW for a in turn)
            chosen = self._play(view, plays, hold)
        return chosen if chosen is not None else _fallback(turn, self._color(view.hand))

    def _drawn(self, view: PlayerView, plays: list[Action]) -> Action | None:
        """After a draw: play the drawn card, unless a wild from a hand of three or more."""
        color = self._color(view.hand)
        for action in plays:
            card = action.played[-1]
            if card.color is None and (
                len(view.hand) > DRAWN_WILD_UNTIL or action.color is not color
            ):
                continue
            return action
        return None

    def _play(self, view: PlayerView, plays: list[Action], hold: bool) -> Action | None:
        """The best-ranked play (allowed by :data:`HOLD_UNTIL` when ``hold``); None: draw."""
        heads_up = sum(view.in_round) == 2
        hand = view.hand
        seat = view.seat
        assert seat is not None  # a turn is a seated player's
        nxt = next_seat(view, seat)
        endgame = view.hand_counts[nxt] == 1
        ranks = END_RANKS if endgame else RANKS
        counts = color_counts(hand)
        most = max(counts.values())
        colored = sum(1 for card in hand if card.color is not None)
        pool: list[Card] | None = None
        best: Action | None = None
        best_key: tuple[float, ...] = (-math.inf,)
        for action in plays:
            card = action.played[-1]
            if len(action.played) == len(hand):
                return action  # goes out
            card_kind = kind(card, heads_up)
            limit = HOLD_UNTIL.get(card_kind)
            if hold and limit is not None and not endgame and colored > limit:
                continue
            color = action.color if card.color is None else card.color
            slack = COLOR_SLACK if card.color is None else 0
            # Only colors held count (any color when none is): naming an absent color
            # for a lower chance of an answer lost 3.4 rounds in a hundred (8,000 rounds).
            liked = color is not None and (counts[color] >= max(most - slack, 1) or most == 0)
            if heads_up and card_kind in _AGAIN:
                rest = list(hand)
                for played in action.played:
                    rest.remove(played)
                unanswered = float(any(matches(c, card, color) for c in rest))
            else:
                if pool is None:
                    pool = unseen_cards(view)
                unanswered = no_answer_chance(pool, view.hand_counts[nxt], card, color)
            smallest = -view.hand_counts[view.players.index(action.target)] if action.target else 0
            key = (ranks[card_kind], liked, unanswered, smallest, self.rng.random())
            if key > best_key:
                best, best_key = action, key
        return best

    def _color(self, hand: Sequence[Card]) -> Color:
        """The color held most (ties at random)."""
        counts = color_counts(hand)
        return max(COLORS, key=lambda c: (counts[c], self.rng.random()))


def _fallback(turn: list[Action], color: Color | None = None) -> Action:
    """No play chosen: name ``color`` (or the first offered), else draw (which also takes a
    Wild Draw Four unchallenged), else pass, else the first action offered."""
    for action_type in (ActionType.CHOOSE_COLOR, ActionType.DRAW, ActionType.PASS):
        options = [a for a in turn if a.type is action_type]
        if options:
            return next((a for a in options if a.color is color), options[0])
    return turn[0]
