"""The ``expert`` level: a tree search over worlds that agree with the draws seen.

The hard bot (:mod:`younuo.bots.hard`) guesses the hidden hands from hand sizes,
known cards and the colors players seem to lack, and searches over those guesses.
Measured against ``easy`` heads-up, the same search given the true hand of its
opponent wins 86% instead of 64% (docs/bots.md): what the search lacks most is a
better guess of the hand, not more search. The expert level guesses better:

1. **reading the draws** (:mod:`younuo.bots.reading`): a player who drew instead of
   playing held no card of the color in force, none of the top card's rank and no
   wild. Each guessed hand is dealt to agree (``sample_world(..., bars)``): only
   cards it could hold, except for as many cards as were drawn since, which are
   dealt from the rest by chance, unless the turn ended right after the draw where
   the rules offer a playable drawn card (then that card matched nothing either);
2. **dealing without bias**: the cards skipped while dealing a hand under a bar are
   shuffled back among the rest before the other cards are dealt (the hard level
   deals them next, so the cards just drawn and the next hands get too many of them);
3. **a tree over the worlds** (:mod:`younuo.bots.ismcts`, :data:`EXPERT_TREE`):
   information-set Monte Carlo tree search over the hard level's candidates, each
   iteration a fresh world, the opponents' replies searched too, instead of the hard
   level's flat search (``tree=None`` keeps that one: :data:`EXPERT_BUDGET` plies), at
   tables of up to :data:`TREE_MAX_PLAYERS` players in the round (more: the flat one);
   bounded by work (3,000 plies), not time, so that a seed decides every choice
   (``younuo simulate`` reports stay the same on any machine); ``time_limit`` is
   there for whoever wants a safety net anyway;
4. optionally (``hand_model=``, off by default) a learned guess of the hands
   (:mod:`younuo.bots.handmodel`, fitted to simulated rounds): each hand is dealt
   with a weight per card from what its owner showed (the color they named, their
   last play, the colors they left, ...) on top of the bars. It fits the hands
   better than the bars alone and played no better (docs/bot-research.md), so the level
   does not use it; nor a learned value of the playouts' last positions
   (``leaf=``, :mod:`younuo.bots.leaf`), which predicts the winner better than the
   hard level's and also played no better.

Out of turn it plays as ``normal`` does (jump-ins, UNO, catches), as ``hard`` does.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from younuo.bots.belief import pile_cards, sample_world
from younuo.bots.handmodel import HandModel
from younuo.bots.hard import HardBot, team_of
from younuo.bots.ismcts import TreeSettings, tree_search
from younuo.bots.reading import Reading
from younuo.bots.rollout import Leaf
from younuo.bots.tells import Tells
from younuo.bots.timing import NO_DELAY, Timing
from younuo.engine import Action, Card, Event, Game, PlayerView
from younuo.engine.determinize import unseen_cards

EXPERT_BUDGET = 2000
"""Playout plies per decision, as the hard level. Three times as many (6,000, and 8
candidate plays) won 133 of 200 rounds against ``easy`` heads-up where 2,000 won 139
of the same deals (docs/bot-research.md): the search's estimates are biased, not just noisy."""

EXPERT_CANDIDATES = 6
"""Candidate plays searched, as the hard level."""

EXPERT_TREE = TreeSettings(budget=3000, depth=6, c=0.7, horizon=8)
"""The level's search (third session): a tree over the worlds
(:mod:`younuo.bots.ismcts`), 3,000 plies per decision. Against ``hard`` it won 423 of
800 rounds heads-up and 204 of 800 as one of four where the flat search
(``tree=None``) won 390 and 190 on the same deals; against ``easy`` 409 of 600
heads-up (412) and 101 of 500 as one of six (103) (docs/bot-research.md: not beyond the
noise; 1,500 and 6,000 plies played worse)."""


TREE_MAX_PLAYERS = 4
"""Players in the round up to which the tree searches; with more, the flat search does
(sixth session). With five to eight players the tree's opponents, each answering as
best for themselves, are far from how weak players play, and its 8-ply playouts reach
fewer of them: against ``easy`` and a random playable card at tables of five to eight
the flat search won 907 of 4,200 rounds where the tree won 834 of the same deals
(eight players against ``easy``: 134 of 800 against 106), at half the tree's CPU time
(docs/bot-research.md)."""


class ExpertBot(HardBot):
    """The hard level's search over worlds bound by what draws showed (module docstring)."""

    level = "expert"

    def __init__(
        self,
        seed: int = 0,
        timing: Timing = NO_DELAY,
        *,
        budget: int | None = None,
        max_candidates: int = EXPERT_CANDIDATES,
        time_limit: float | None = None,
        read_draws: bool = True,
        hand_model: HandModel | None = None,
        soft_bars: bool = False,
        tree: TreeSettings | None = EXPERT_TREE,
        leaf: Leaf | None = None,
        **search: float | int | None,
    ) -> None:
        """``tree``: the tree search's settings (used up to :data:`TREE_MAX_PLAYERS`
        players in the round), or None for the hard bot's flat search at every table
        (its settings: ``max_candidates`` and the rest, :class:`HardBot`); ``budget``:
        plies per decision of either (left out: the tree's own, or
        :data:`EXPERT_BUDGET` for the flat search);
        ``read_draws=False`` deals worlds as the hard bot does (for measuring).
        ``hand_model``: a learned guess of the hands to deal the worlds by (the shipped
        one: :func:`younuo.bots.handmodel.shipped`); left out, the draws' bars only: the
        shipped model played no better (docs/bot-research.md). ``soft_bars``: the bars left to
        the model's weights instead of binding the deal. ``leaf``: the value of a
        playout's last position (the hard level's when left out; the learned one,
        :func:`younuo.bots.leaf.shipped`, played no better: docs/bot-research.md)."""
        super().__init__(
            seed,
            timing,
            budget=EXPERT_BUDGET if budget is None else budget,
            max_candidates=max_candidates,
            time_limit=time_limit,
            leaf=leaf,
            **search,  # type: ignore[arg-type]
        )
        self.reading = Reading()
        self.read_draws = read_draws
        self.tells = Tells()
        self.soft_bars = soft_bars
        self.hand_model = hand_model
        self.tree = tree if tree is None or budget is None else replace(tree, budget=budget)
        # The weights of the hands for the decision being searched (see turn).
        self._tilts: dict[str, dict[int, float]] | None = None

    def reset(self, name: str) -> None:
        super().reset(name)
        self.reading.reset(name)
        self.tells.reset(name)

    def observe(self, events: Iterable[Event]) -> None:
        events = list(events)
        super().observe(events)
        self.reading.observe(events)
        if self.hand_model is not None:
            self.tells.observe(events)

    def turn(self, view: PlayerView, actions: list[Action]) -> Action | None:
        """The hard bot's search, with the hands weighed once for all its worlds."""
        rules = view.rules
        self.reading.keep_option = rules.draw_and_play or rules.draw_until_playable
        self.reading.sync(view.players, view.hand_counts)
        self._tilts = self.tilts(view)
        try:
            return super().turn(view, actions)
        finally:
            self._tilts = None

    def tree_for(self, view: PlayerView) -> TreeSettings | None:
        """The tree's settings for this decision, or None for the flat search: ``tree``
        up to :data:`TREE_MAX_PLAYERS` players in the round."""
        return self.tree if sum(view.in_round) <= TREE_MAX_PLAYERS else None

    def search(self, view: PlayerView, candidates: list[Action]) -> Action:
        """The tree search over the worlds (:meth:`tree_for`), else the hard bot's."""
        settings = self.tree_for(view)
        if settings is None:
            return super().search(view, candidates)
        me = view.player
        assert me is not None
        unseen = unseen_cards(view)  # the same for every world: worked out once
        pile = pile_cards(view, self.memory, unseen)
        stop: Callable[[], bool] | None = None
        if self.time_limit is not None:
            deadline = time.perf_counter() + self.time_limit
            stop = lambda: time.perf_counter() > deadline  # noqa: E731
        result = tree_search(
            candidates,
            lambda: self.deal(view, unseen, pile),
            me,
            team_of(view),
            self.rng,
            settings,
            self.leaf,
            stop,
        )
        self.last_search = {
            "worlds": float(result.iterations),
            "plies": float(result.plies),
            "gain": 0.0,
        }
        return candidates[result.choice]

    def tilts(self, view: PlayerView) -> dict[str, dict[int, float]] | None:
        """Per other player in the round, the model's weight of each unseen card kind."""
        model = self.hand_model
        if model is None:
            return None
        pool = unseen_cards(view)
        out: dict[str, dict[int, float]] = {}
        for seat, name in enumerate(view.players):
            size = view.hand_counts[seat]
            if name == view.player or size == 0:
                continue
            # With the draws read, their bars bind the deal itself (belief.sample_world).
            bar = self.reading.bar(name) if self.read_draws and self.soft_bars else None
            out[name] = model.tilt(pool, self.tells.of(name), bar, size, view.color)
        return out

    def deal(self, view: PlayerView, unseen: Sequence[Card], pile: Counter[Card] | None) -> Game:
        bars = self.reading.bars if self.read_draws and not self.soft_bars else None
        world = sample_world(view, self.memory, self.rng, unseen, bars, self._tilts, pile)
        return world.game(view, seed=self.rng.getrandbits(48))
