"""The ``expert`` level: the hard bot's search over worlds that agree with the draws seen.

The hard bot (:mod:`younuo.bots.hard`) guesses the hidden hands from hand sizes,
known cards and the colors players seem to lack, and searches over those guesses.
Measured against ``easy`` heads-up, the same search given the true hand of its
opponent wins 86% instead of 64% (docs/bots.md): what the search lacks most is a
better guess of the hand, not more search. The expert level guesses better:

1. **reading the draws** (:mod:`younuo.bots.reading`): a player who drew instead of
   playing held no card of the color in force, none of the top card's rank and no
   wild. Each guessed hand is dealt to agree (``sample_world(..., bars)``): only
   cards it could hold, except for as many cards as were drawn since, which are
   dealt from the rest by chance;
2. **dealing without bias**: the cards skipped while dealing a hand under a bar are
   shuffled back among the rest before the other cards are dealt (the hard level
   deals them next, so the cards just drawn and the next hands get too many of them);
3. the hard level's work per decision (:data:`EXPERT_BUDGET`: more gained nothing),
   bounded by work, not time, so that a seed decides every choice (``younuo
   simulate`` reports stay the same on any machine); ``time_limit`` is there for
   whoever wants a safety net anyway.

Out of turn it plays as ``normal`` does (jump-ins, UNO, catches), as ``hard`` does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from younuo.bots.belief import sample_world
from younuo.bots.hard import HardBot
from younuo.bots.reading import Reading
from younuo.bots.timing import NO_DELAY, Timing
from younuo.engine import Card, Event, Game, PlayerView

EXPERT_BUDGET = 2000
"""Playout plies per decision, as the hard level. Three times as many (6,000, and 8
candidate plays) won 133 of 200 rounds against ``easy`` heads-up where 2,000 won 139
of the same deals (docs/bots.md): the search's estimates are biased, not just noisy."""

EXPERT_CANDIDATES = 6
"""Candidate plays searched, as the hard level."""


class ExpertBot(HardBot):
    """The hard level's search over worlds bound by what draws showed (module docstring)."""

    level = "expert"

    def __init__(
        self,
        seed: int = 0,
        timing: Timing = NO_DELAY,
        *,
        budget: int = EXPERT_BUDGET,
        max_candidates: int = EXPERT_CANDIDATES,
        time_limit: float | None = None,
        read_draws: bool = True,
        **search: float | int | None,
    ) -> None:
        """The hard bot's settings (``budget`` and the rest: :class:`HardBot`);
        ``read_draws=False`` deals worlds as the hard bot does (for measuring)."""
        super().__init__(
            seed,
            timing,
            budget=budget,
            max_candidates=max_candidates,
            time_limit=time_limit,
            **search,  # type: ignore[arg-type]
        )
        self.reading = Reading()
        self.read_draws = read_draws

    def reset(self, name: str) -> None:
        super().reset(name)
        self.reading.reset(name)

    def observe(self, events: Iterable[Event]) -> None:
        events = list(events)
        super().observe(events)
        self.reading.observe(events)

    def deal(self, view: PlayerView, unseen: Sequence[Card]) -> Game:
        bars = self.reading.bars if self.read_draws else None
        world = sample_world(view, self.memory, self.rng, unseen, bars)
        return world.game(view, seed=self.rng.getrandbits(48))
