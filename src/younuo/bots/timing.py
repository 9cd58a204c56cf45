"""Human-like timing for bots: how long a bot waits before it acts, and how often it
forgets to call UNO.

The engine has no clock and bots decide at once; a server that seats a bot at a
table of people uses these delays so that the bot does not play, call UNO or catch
faster than any person could. Simulation uses :data:`NO_DELAY`.

Delays are drawn uniformly from a ``(low, high)`` range in seconds, from the bot's
own seeded generator, so a seeded bot waits the same way every time. The easier
levels also forget to call UNO now and then (``forget_uno``), as beginners do, so
that the people at their table get to catch them (R-UNO-2); the bot draws that
from a generator of its own too (:class:`younuo.bots.base.Bot`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from younuo.engine import Action, ActionType

Span = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Timing:
    """Reaction delays of one bot, in seconds.

    ``think``: before a turn action (play, draw, pass, color, challenge).
    ``uno_call``: before calling UNO. ``catch``: before catching a player who did not
    call. ``jump_in``: before playing out of turn (R-HOUSE-JUMP). ``forget_uno``: the
    chance (0 to 1) that the bot does not call UNO at all when it goes down to one
    card, drawn once per time it may call (R-UNO-1).
    """

    think: Span = (0.0, 0.0)
    uno_call: Span = (0.0, 0.0)
    catch: Span = (0.0, 0.0)
    jump_in: Span = (0.0, 0.0)
    forget_uno: float = 0.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.forget_uno <= 1.0:
            raise ValueError(f"forget_uno is a probability, not {self.forget_uno!r}")

    def delay(self, action: Action, rng: random.Random, *, in_turn: bool = True) -> float:
        """Seconds to wait before sending ``action`` (``in_turn``: it is the bot's turn)."""
        if action.type is ActionType.UNO:
            span = self.uno_call
        elif action.type is ActionType.CATCH:
            span = self.catch
        elif action.type is ActionType.PLAY and not in_turn:
            span = self.jump_in
        else:
            span = self.think
        low, high = span
        if high <= low:
            return max(0.0, low)
        return rng.uniform(low, high)

    @property
    def is_zero(self) -> bool:
        return all(high <= 0 for _, high in (self.think, self.uno_call, self.catch, self.jump_in))


NO_DELAY = Timing()
"""No waiting at all: simulation, training and tests."""

HUMAN: dict[str, Timing] = {
    # A beginner thinks a little longer and reacts slowly; a strong player is quick
    # to call and to catch. The numbers are plausible human reaction times, chosen to
    # keep a 10-15 s turn clock (R-TIME) comfortable. Forgetting UNO: often for a
    # beginner, now and then for an average player, never for a strong one, so that
    # a person at the table gets to report the easier bots (docs/bots.md, *Timing*).
    "random": Timing(
        think=(0.8, 2.0), uno_call=(0.6, 2.5), catch=(1.5, 4.0), jump_in=(1.0, 2.5), forget_uno=0.3
    ),
    "easy": Timing(
        think=(1.0, 3.0), uno_call=(0.8, 3.0), catch=(1.5, 4.0), jump_in=(1.0, 3.0), forget_uno=0.3
    ),
    "normal": Timing(
        think=(0.8, 2.5), uno_call=(0.4, 1.5), catch=(0.8, 2.5), jump_in=(0.6, 1.8), forget_uno=0.1
    ),
    "hard": Timing(think=(0.6, 2.0), uno_call=(0.3, 1.0), catch=(0.5, 1.5), jump_in=(0.4, 1.2)),
    # The expert's search takes up to ~0.4 s of the think time itself (docs/bots.md).
    "expert": Timing(think=(0.5, 1.8), uno_call=(0.3, 1.0), catch=(0.4, 1.2), jump_in=(0.4, 1.0)),
}
"""Human-like timing by bot level, for a server that seats bots among people."""

OTHER_LEVELS = Timing(think=(0.8, 2.5), uno_call=(0.4, 1.5), catch=(0.8, 2.5), jump_in=(0.6, 1.8))
"""A level without its own timing (a trained policy): ``normal``'s delays, and it never
forgets UNO (a level of unknown strength is not made to look like a beginner)."""


def human_timing(level: str) -> Timing:
    """The human-like timing of a level (:data:`OTHER_LEVELS` for one without its own)."""
    return HUMAN.get(level, OTHER_LEVELS)
