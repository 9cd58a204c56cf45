"""Bot levels by name: ``make_bot("normal", seed=3)``.

Levels: ``random``, ``easy``, ``normal``, ``hard``, ``expert``; and ``policy:FILE`` for a policy
trained with the reinforcement-learning interface (needs the ``rl`` dependency group,
see ``examples/train_policy.py``).

``reference:playable`` and ``reference:ranking`` are an outside project's baseline and
best rule-of-thumb bot, rebuilt to measure the levels against (:mod:`younuo.bots.reference`,
docs/bots.md); like the colluder below they are not levels.

``colluder:PARTNER`` makes the cheat that the fair-play detector is measured on
(:mod:`younuo.bots.colluder`, docs/fairplay.md). It is deliberately not a level:
:data:`LEVELS` (what the server offers and accepts for a room's bots) and
:func:`level_names` leave it out, and it exists only with a partner's name.
"""

from __future__ import annotations

from collections.abc import Callable

from younuo.bots.base import Bot
from younuo.bots.colluder import ColluderBot
from younuo.bots.expert import ExpertBot
from younuo.bots.hard import HardBot
from younuo.bots.normal import NormalBot
from younuo.bots.reference import PlayableBot, RankingBot
from younuo.bots.simple import EasyBot, RandomBot
from younuo.bots.timing import NO_DELAY, Timing, human_timing

LEVELS: dict[str, Callable[[int, Timing], Bot]] = {
    "random": lambda seed, timing: RandomBot(seed, timing),
    "easy": lambda seed, timing: EasyBot(seed, timing),
    "normal": lambda seed, timing: NormalBot(seed, timing),
    "hard": lambda seed, timing: HardBot(seed, timing),
    "expert": lambda seed, timing: ExpertBot(seed, timing),
}
"""The built-in levels, weakest first."""

POLICY_PREFIX = "policy:"

REFERENCES: dict[str, Callable[[int, Timing], Bot]] = {
    "reference:playable": lambda seed, timing: PlayableBot(seed, timing),
    "reference:ranking": lambda seed, timing: RankingBot(seed, timing),
}
"""Outside bots rebuilt for measuring (:mod:`younuo.bots.reference`): not offered as levels."""

COLLUDER_PREFIX = "colluder:"
"""``colluder:PARTNER``: a ``normal`` bot that favours the player named ``PARTNER``."""


def level_names() -> tuple[str, ...]:
    return (*LEVELS, POLICY_PREFIX + "FILE")


def make_bot(level: str, seed: int = 0, timing: Timing | str | None = None) -> Bot:
    """A bot of ``level`` with its own seeded generator.

    ``timing``: a :class:`Timing`, ``"human"`` for the level's human-like delays, or
    None for none (simulation). Unknown levels raise :class:`ValueError`.
    """
    base = level.split(":", 1)[0]
    if level.startswith(COLLUDER_PREFIX):
        base = "normal"  # a normal bot that favours its partner: it waits (and forgets) as one
    if timing == "human":
        timing = human_timing(base)
    elif timing is None:
        timing = NO_DELAY
    elif not isinstance(timing, Timing):
        raise ValueError(f"timing must be a Timing, 'human' or None, not {timing!r}")
    if level.startswith(POLICY_PREFIX):
        try:
            from younuo.bots.policy import PolicyBot  # needs numpy (the rl group)
        except ImportError:
            raise ValueError(
                "policy bots need numpy: install the rl dependency group (uv sync --group rl)"
            ) from None
        return PolicyBot.load(level[len(POLICY_PREFIX) :], seed=seed, timing=timing)
    if level.startswith(COLLUDER_PREFIX):
        partner = level[len(COLLUDER_PREFIX) :]
        if not partner:
            raise ValueError("a colluder needs its partner's name: colluder:PARTNER")
        return ColluderBot(partner, seed=seed, timing=timing)
    factory = LEVELS.get(level) or REFERENCES.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(level_names())}")
    return factory(seed, timing)
