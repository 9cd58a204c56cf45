"""The ``hard`` level: search over guessed worlds (determinized Monte Carlo).

On its turn the hard bot does not trust rules of thumb alone. For each decision:

1. the candidate actions are the turn actions (plays, draw, pass, challenge, color),
   the plays cut to the most promising by the ``normal`` level's scores;
2. it guesses a *world*: the hidden cards dealt consistently with what it has seen
   (:mod:`younuo.bots.belief`), and builds it as a complete game
   (:func:`younuo.engine.determinize.determinize`);
3. in that world it tries every candidate and plays the round out with a quick
   policy (:mod:`younuo.bots.rollout`), scoring 1 for a round won, 0 for one lost;
4. it repeats with fresh worlds, every candidate always facing the same worlds and
   the same playout luck (common random numbers: the comparison is paired, so far
   fewer worlds tell the candidates apart), and plays the best average.

This is Perfect-Information Monte Carlo over determinizations, a flat
information-set Monte Carlo search: each world only uses what the bot has seen, and
averaging over worlds is what makes it an information-set search. It is bounded by
a number of worlds (deterministic for a seed) and optionally by time.

Out of turn (jump-in, UNO, catch) the hard bot acts as ``normal`` does: those
choices are clear enough not to need a search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from younuo.bots.base import my_turn, turn_actions
from younuo.bots.belief import sample_world
from younuo.bots.normal import NormalBot, free_action, rank_plays
from younuo.bots.rollout import playout
from younuo.bots.timing import NO_DELAY, Timing
from younuo.engine import Action, ActionType, IllegalAction, PlayerView

DEFAULT_HORIZON = 8
"""Plies a playout runs before the hand sizes judge it (:func:`~younuo.bots.rollout.estimate`).

Measured against ``normal`` (2 players, classic): short playouts judged by hand sizes
beat playing every round to its end, whose single won-or-lost outcome is too noisy
for the few worlds a 100 ms decision allows."""

DEFAULT_BUDGET = 1500
"""Playout plies per decision: about 60 ms on the reference machine (2 cores)."""


class HardBot(NormalBot):
    """Determinized Monte Carlo search on its own turn; ``normal`` play out of turn."""

    level = "hard"

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
        max_plies: int = DEFAULT_HORIZON,
        margin: float = 0.02,
        z: float = 1.5,
    ) -> None:
        """``budget``: playout plies per decision (the work, and so the time, it takes);
        at least ``min_worlds`` and at most ``max_worlds`` guessed worlds.
        ``time_limit``: seconds, stop early past it (a server's safety net; it makes the
        choices depend on the machine's speed). ``margin`` and ``z``: how clearly a
        candidate must beat the favourite (see :meth:`search`).
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
        self.last_search: dict[str, float] = {}

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        quick = free_action(legal)
        if quick is not None:
            return quick
        if not my_turn(view):
            return self.jump_in(view, legal)
        actions = turn_actions(legal, view)
        candidates = self.candidates(view, actions)
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        return self.search(view, candidates)

    def candidates(self, view: PlayerView, actions: Sequence[Action]) -> list[Action]:
        """The turn actions worth searching, the ``normal`` level's favourite first."""
        plays = [a for a in actions if a.type is ActionType.PLAY]
        others = [a for a in actions if a.type is not ActionType.PLAY]
        ranked = [a for _, a in rank_plays(view, self.memory, plays)]
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
        team = _team(view)
        k = len(candidates)
        scores: list[list[float]] = [[] for _ in range(k)]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        plies = 0
        worlds = 0
        while worlds < self.max_worlds and (worlds < self.min_worlds or plies < self.budget):
            world = sample_world(view, self.memory, self.rng)
            base = world.game(view, seed=self.rng.getrandbits(48))
            luck = self.rng.getrandbits(48)
            row: list[float] = []
            for action in candidates:
                game = base.copy()
                try:
                    game.apply(action)
                except IllegalAction:
                    row.append(-1.0)  # cannot happen for a turn action: never pick it
                    continue
                value, used = playout(game, me, random.Random(luck), self.max_plies, team)
                row.append(value)
                plies += used + 1
            for i, value in enumerate(row):
                scores[i].append(value)
            worlds += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        best, best_gain = 0, 0.0
        for i in range(1, k):
            diffs = [a - b for a, b in zip(scores[i], scores[0], strict=True)]
            gain = sum(diffs) / len(diffs)
            spread = _stderr(diffs)
            if gain > self.margin and gain > self.z * spread and gain > best_gain:
                best, best_gain = i, gain
        self.last_search = {"worlds": float(worlds), "plies": float(plies), "gain": best_gain}
        return candidates[best]


def _stderr(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return float("inf")
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(var / n)


def _team(view: PlayerView) -> frozenset[str] | None:
    if view.teams is None or view.seat is None:
        return None
    side = view.teams[view.seat]
    return frozenset(p for p, t in zip(view.players, view.teams, strict=True) if t == side)
