"""The ``hard`` level: search over guessed worlds (determinized Monte Carlo).

On its turn the hard bot does not trust rules of thumb alone. For each decision:

1. the candidate actions are the turn actions (plays, draw, pass, challenge, color),
   the plays cut to the most promising by the ``normal`` level's scores, ``normal``'s
   own choice first (the *favourite*, with the hard bot's own weights,
   :data:`younuo.bots.weights.HARD`);
2. it guesses a *world*: the hidden cards dealt consistently with what it has seen
   (:mod:`younuo.bots.belief`), and builds it as a complete game
   (:func:`younuo.engine.determinize.determinize`);
3. in that world it tries every candidate, plays a few plies on with a quick policy
   (:mod:`younuo.bots.rollout`) and judges the position reached by a win-probability
   model fitted to self-play (:func:`younuo.bots.rollout.estimate`); a round that
   ends in the playout scores 1 if won, 0 if lost;
4. it repeats with fresh worlds, every candidate always facing the same worlds and
   the same playout luck (common random numbers: the comparison is paired, so far
   fewer worlds tell the candidates apart), and leaves the favourite only for a
   candidate that beats it clearly.

This is Perfect-Information Monte Carlo over determinizations, a flat
information-set Monte Carlo search: each world only uses what the bot has seen, and
averaging over worlds is what makes it an information-set search. It is bounded by
work (playout plies, so deterministic for a seed) and optionally by time.

Out of turn (jump-in, UNO, catch) the hard bot acts as ``normal`` does: those
choices are clear enough not to need a search.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from younuo.bots.belief import pile_cards, sample_world
from younuo.bots.normal import NormalBot, rank_plays
from younuo.bots.rollout import Leaf, playout
from younuo.bots.timing import NO_DELAY, Timing
from younuo.bots.weights import HARD
from younuo.engine import Action, ActionType, Card, Game, IllegalAction, PlayerView
from younuo.engine.determinize import unseen_cards

DEFAULT_HORIZON = 8
"""Plies a playout runs before the model judges it (:func:`~younuo.bots.rollout.estimate`).

Measured against ``normal`` (2 players, classic, 150-400 rounds each): playing every
round to its end won 51% (a single won-or-lost outcome is too noisy for the few
hundred playouts a 100 ms decision allows); 8 plies judged by a hand-size guess won
54-58%, and judged by the fitted model 64% (16 plies: 60%)."""


@dataclass(frozen=True, slots=True)
class Tuning:
    """Search settings: playout ``horizon`` (plies), and how clearly (``margin``, ``z``
    standard errors) a candidate must beat the favourite."""

    horizon: int
    margin: float
    z: float


TUNING = {
    2: Tuning(horizon=DEFAULT_HORIZON, margin=0.02, z=1.5),
    3: Tuning(horizon=DEFAULT_HORIZON, margin=0.015, z=1.5),
}
"""By players in the round (3 stands for 3 or more).

With 3+ players a lead of 1 standard error used to be trusted (a move changes the win
chance less there). But the favourite faces up to six challengers at once, and with
z = 1 one of them clears the bar by luck alone about half of the time, so the bar is
now the 2-player one. Measured against three ``normal`` (2,500 paired 4-player rounds,
classic and younuo): 31.5% with this setting (and budget 2,000), 30.6% with z = 1.0
and margin 0.01: within the noise. z = 2 and z = 3 did no better (docs/bots.md)."""

DEFAULT_BUDGET = 2000
"""Playout plies per decision. Raised from 1,500 when the engine got compiled (about 2x
the playouts per second): a median of 15-20 ms and a 99th percentile under 80 ms on
this machine with both cores busy."""


class HardBot(NormalBot):
    """Determinized Monte Carlo search on its own turn; ``normal`` play out of turn."""

    level = "hard"
    weights = HARD

    def __init__(
        self,
        seed: int = 0,
        timing: Timing = NO_DELAY,
        *,
        budget: int = DEFAULT_BUDGET,
        min_worlds: int = 8,
        max_worlds: int = 256,
        time_limit: float | None = None,
        max_candidates: int = 6,
        max_plies: int | None = None,
        margin: float | None = None,
        z: float | None = None,
        leaf: Leaf | None = None,
    ) -> None:
        """``budget``: playout plies per decision (the work, and so the time, it takes);
        at least ``min_worlds`` and at most ``max_worlds`` guessed worlds.
        ``time_limit``: seconds, stop early past it (a server's safety net; it makes the
        choices depend on the machine's speed). ``max_plies``: the playout horizon;
        ``margin`` and ``z``: how clearly a candidate must beat the favourite (see
        :meth:`search`). Left out, these three come from :data:`TUNING` by the number
        of players in the round. ``leaf``: the value of a playout's last position
        (the 7-feature :func:`~younuo.bots.rollout.estimate` when left out).
        """
        super().__init__(seed, timing)
        self.budget = budget
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.margin = margin
        self.z = z
        self.time_limit = time_limit
        self.max_candidates = max_candidates
        self.max_plies = max_plies
        self.leaf = leaf
        self.last_search: dict[str, float] = {}

    def turn(self, view: PlayerView, actions: list[Action]) -> Action | None:
        """Search on its own turn (``normal`` decides everything else, in ``decide``)."""
        candidates = self.candidates(view, actions)
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        return self.search(view, candidates)

    def candidates(self, view: PlayerView, actions: Sequence[Action]) -> list[Action]:
        """The turn actions worth searching, the ``normal`` level's favourite first."""
        plays = [a for a in actions if a.type is ActionType.PLAY]
        others = [a for a in actions if a.type is not ActionType.PLAY]
        ranked = [a for _, a in rank_plays(view, self.memory, plays, self.weights)]
        favourite = super().turn(view, list(actions))
        kept: list[Action] = []
        seen_cards: dict[tuple[object, ...], int] = {}
        for action in ranked:
            # At most two ways (color named, swap target) of putting down the same cards.
            key = tuple(sorted(c.code for c in action.played))
            if seen_cards.get(key, 0) >= 2:
                continue
            seen_cards[key] = seen_cards.get(key, 0) + 1
            kept.append(action)
            if len(kept) >= self.max_candidates:
                break
        out = kept + others
        if favourite is not None and favourite in out:
            out.remove(favourite)
            out.insert(0, favourite)
        return out

    def search(self, view: PlayerView, candidates: list[Action]) -> Action:
        """The best candidate over guessed worlds; the favourite (first) unless beaten clearly.

        Each world scores every candidate, so the candidates are compared in pairs. A
        challenger replaces the favourite only when its mean gain is above ``margin``
        and ``z`` standard errors: a noisy lead is not worth leaving good play for.
        """
        me = view.player
        assert me is not None
        team = team_of(view)
        tuned = TUNING[min(sum(view.in_round), 3)]
        horizon = tuned.horizon if self.max_plies is None else self.max_plies
        margin = tuned.margin if self.margin is None else self.margin
        z = tuned.z if self.z is None else self.z
        k = len(candidates)
        scores: list[list[float]] = [[] for _ in range(k)]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        plies = 0
        worlds = 0
        unseen = unseen_cards(view)  # the same for every world: worked out once
        pile = pile_cards(view, self.memory, unseen)
        while worlds < self.max_worlds and (worlds < self.min_worlds or plies < self.budget):
            base = self.deal(view, unseen, pile)
            luck = self.rng.getrandbits(48)
            row: list[float] = []
            for action in candidates:
                game = base.copy()
                try:
                    game.apply(action)
                except IllegalAction:
                    row.append(-1.0)  # cannot happen for a turn action: never pick it
                    continue
                value, used = playout(game, me, random.Random(luck), horizon, team, self.leaf)
                row.append(value)
                plies += used + 1
            for i, value in enumerate(row):
                scores[i].append(value)
            worlds += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        best, best_gain = clear_winner(scores, margin, z)
        self.last_search = {"worlds": float(worlds), "plies": float(plies), "gain": best_gain}
        return candidates[best]

    def deal(self, view: PlayerView, unseen: Sequence[Card], pile: Counter[Card] | None) -> Game:
        """One guessed world as a complete game (:func:`~younuo.bots.belief.sample_world`)."""
        world = sample_world(view, self.memory, self.rng, unseen, pile=pile)
        return world.game(view, seed=self.rng.getrandbits(48))


def clear_winner(scores: Sequence[Sequence[float]], margin: float, z: float) -> tuple[int, float]:
    """The candidate to play and its mean gain over the favourite (``scores[0]``).

    ``scores[i][w]``: candidate ``i``'s value in world ``w`` (paired: every candidate
    saw the same worlds). A challenger wins only if its mean paired gain is above
    ``margin`` and above ``z`` standard errors; among those, the largest gain. Else
    the favourite (0, gain 0.0).
    """
    best, best_gain = 0, 0.0
    for i in range(1, len(scores)):
        diffs = [a - b for a, b in zip(scores[i], scores[0], strict=True)]
        gain = sum(diffs) / len(diffs)
        if gain > margin and gain > z * _stderr(diffs) and gain > best_gain:
            best, best_gain = i, gain
    return best, best_gain


def _stderr(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return float("inf")
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(var / n)


def team_of(view: PlayerView) -> frozenset[str] | None:
    """The seat's side under teams (R-TEAM), or None when every player plays alone."""
    if view.teams is None or view.seat is None:
        return None
    side = view.teams[view.seat]
    return frozenset(p for p, t in zip(view.players, view.teams, strict=True) if t == side)
