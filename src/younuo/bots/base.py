"""The bot interface: a player's view and legal actions in, one action (or nothing) out.

A bot sees exactly what a person in its seat sees, never the game itself::

    bot = make_bot("normal", seed=1)
    bot.reset("ann")                          # takes the seat; forgets everything
    bot.observe(redacted_events)              # as the seat was sent them, in order
    action = bot.choose(game.view("ann"), game.legal_actions("ann"))

``choose`` is asked whenever the seat may act: on its turn it must return one of
``legal``; at other times (a jump-in, a late UNO call, a catch may be open) it may
return ``None``: nothing now. Bots never choose ``leave``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence

from younuo.bots.memory import Memory
from younuo.bots.timing import NO_DELAY, Timing
from younuo.engine import Action, ActionType, Event, PlayerView

TURN_TYPES = frozenset(
    {
        ActionType.PLAY,
        ActionType.DRAW,
        ActionType.PASS,
        ActionType.CHOOSE_COLOR,
        ActionType.CHALLENGE,
    }
)
"""Action types that use a turn (a play out of turn is a jump-in)."""


class BotError(Exception):
    """A bot broke the interface (no action on its turn, or one not offered)."""


class Bot(ABC):
    """Base of every bot level. Subclasses implement :meth:`decide`."""

    level: str = "bot"

    def __init__(self, seed: int = 0, timing: Timing = NO_DELAY) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.timing = timing
        # Delays draw from their own generator so that asking for one never changes
        # the bot's later choices.
        self._timing_rng = random.Random(seed ^ 0x7177)
        # Forgetting UNO too, for the same reason; and a bot that never forgets
        # (simulation, NO_DELAY) never draws from it.
        self._slip_rng = random.Random(seed ^ 0x5119)
        self._forgot_uno: bool | None = None
        self.memory = Memory()
        self.name: str | None = None

    def reset(self, name: str) -> None:
        """Take the seat ``name`` (a new game, or taking over a seat): forget the past."""
        self.name = name
        self._forgot_uno = None
        self.memory.reset(name)

    def observe(self, events: Iterable[Event]) -> None:
        """Take in events as this seat was sent them (``game.redact(event, name)``)."""
        self.memory.observe(events)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        """One of ``legal`` (``leave`` is never chosen), or ``None``: nothing now.

        On the bot's turn (``view.current`` is its seat) the answer is never ``None``
        while ``legal`` offers a turn action.
        """
        if self.name is None and view.player is not None:
            self.reset(view.player)
        options = [a for a in legal if a.type is not ActionType.LEAVE]
        if self.forgets_uno(options):
            options = [a for a in options if a.type is not ActionType.UNO]
        if not options:
            return None
        return self.decide(view, options)

    def forgets_uno(self, legal: Sequence[Action]) -> bool:
        """Whether the bot forgets to call UNO this time it may (``timing.forget_uno``).

        Drawn once when a call becomes possible and kept while it stays possible (before
        the play that leaves one card, then after it until caught), so a bot that forgot
        stays silent, as a person who forgot does, instead of remembering on the next
        ask; the next chance to call is drawn afresh.
        """
        if not any(a.type is ActionType.UNO for a in legal):
            self._forgot_uno = None
            return False
        if self._forgot_uno is None:
            chance = self.timing.forget_uno
            self._forgot_uno = chance > 0 and self._slip_rng.random() < chance
        return self._forgot_uno

    @abstractmethod
    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        """The choice among ``legal`` (never empty, never ``leave``)."""

    def delay(self, action: Action, view: PlayerView) -> float:
        """Seconds a server should wait before sending ``action`` (:class:`Timing`)."""
        return self.timing.delay(action, self._timing_rng, in_turn=view.current == view.player)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def my_turn(view: PlayerView) -> bool:
    """Whether the viewer is the player to move."""
    return view.player is not None and view.current == view.player


def turn_actions(legal: Sequence[Action], view: PlayerView) -> list[Action]:
    """The actions that use the viewer's turn (empty when it is not their turn)."""
    if not my_turn(view):
        return []
    return [a for a in legal if a.type in TURN_TYPES]
