"""The ``expert`` level: the hard bot's search over worlds that agree with the draws seen.

The hard bot (:mod:`younuo.bots.hard`) guesses the hidden hands from hand sizes,
known cards and the colors players seem to lack, and searches over those guesses.
Measured against ``easy`` heads-up, the same search given the true hand of its
opponent wins 86% instead of 64% (docs/bots.md): what the search lacks most is a
better guess of the hand, not more search. The expert level guesses better and
searches more:

1. **reading the draws** (:mod:`younuo.bots.reading`): a player who drew instead of
   playing held no card of the color in force, none of the top card's rank and no
   wild. Each guessed hand is made to agree (:func:`bind`): a card it could not hold
   is swapped with one of the draw pile it could, except for as many cards as were
   drawn since;
2. **more search**: a larger budget of playout plies and more candidate plays than
   the hard level (:data:`EXPERT_BUDGET`), with a time limit as a server's safety net.

Out of turn it plays as ``normal`` does (jump-ins, UNO, catches), as ``hard`` does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from younuo.bots.belief import World, sample_world
from younuo.bots.hard import HardBot
from younuo.bots.memory import Memory
from younuo.bots.reading import Reading
from younuo.bots.timing import NO_DELAY, Timing
from younuo.engine import Card, Event, Game, PlayerView

EXPERT_BUDGET = 6000
"""Playout plies per decision (the hard level: 2,000)."""

EXPERT_CANDIDATES = 8
"""Candidate plays searched (the hard level: 6)."""

EXPERT_TIME_LIMIT = 0.4
"""Seconds after which a decision stops searching (the p99 target is 0.5 s)."""


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
        time_limit: float | None = EXPERT_TIME_LIMIT,
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
        world = sample_world(view, self.memory, self.rng, unseen)
        if self.read_draws:
            world = bind(world, self.memory, self.reading, self.rng)
        return world.game(view, seed=self.rng.getrandbits(48))


def bind(world: World, memory: Memory, reading: Reading, rng: random.Random) -> World:
    """``world`` with each guessed hand made to agree with its owner's draws.

    A hand with a :class:`~younuo.bots.reading.Bar` may hold at most ``free`` cards
    the bar rules out (the cards drawn since); every other such card is swapped with
    one the bar allows, taken from a random place in the draw pile. Cards known to be
    in the hand (:class:`Memory`) stay, and so does the hand of a player whose Wild
    Draw Four the world takes for a bluff (it was dealt the color asked on purpose).
    When the pile holds too few allowed cards the rest stay as dealt.
    """
    hands = {name: list(hand) for name, hand in world.hands.items()}
    pile = list(world.pile)
    for name, hand in hands.items():
        bar = reading.bar(name)
        if bar is None or world.bluffs.get(name):
            continue
        known = memory.hands.get(name)
        keep = +known.known if known is not None else None
        odd: list[int] = []
        for i, card in enumerate(hand):
            if keep is not None and keep[card] > 0:
                keep[card] -= 1
                continue
            if not bar.allows(card):
                odd.append(i)
        excess = len(odd) - bar.free
        if excess <= 0:
            continue
        rng.shuffle(odd)
        spots = [j for j, card in enumerate(pile) if bar.allows(card)]
        rng.shuffle(spots)
        for i, j in zip(odd[:excess], spots, strict=False):
            hand[i], pile[j] = pile[j], hand[i]
    return World(hands, pile, world.bluffs)
