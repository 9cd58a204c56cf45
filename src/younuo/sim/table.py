"""A table: who decides next, and the redacted events each seat is sent.

In a real room every player may act at any moment: the one to move plays, others may
jump in, call UNO late or catch (R-HOUSE-JUMP, R-UNO). A simulation needs one fixed
order instead, so that a seed always gives the same game. After each action:

1. every other seat that has something it may do out of turn is asked, in seat order
   starting with the player who just acted (so a late UNO call comes before a catch);
   each may answer "nothing now";
2. then the player to move acts.

The same order serves the simulator, the Gymnasium environment (one seat is the
learning agent) and the PettingZoo environment (every seat is an agent).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from younuo.bots.base import Bot, BotError
from younuo.engine import Action, ActionType, Event, EventType, Game


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat to ask: its legal actions (without ``leave``), and whether it may pass on."""

    player: str
    legal: list[Action]
    optional: bool


class Table:
    """Drives one game: :meth:`decision` names the next seat to ask, :meth:`act` answers."""

    def __init__(self, game: Game, bots: Mapping[str, Bot | None] | None = None) -> None:
        self.game = game
        self.bots: dict[str, Bot | None] = dict(bots or {})
        self.actions = 0
        self._queue: list[str] = []
        self._asked: str | None = None
        for name, bot in self.bots.items():
            if bot is not None:
                bot.reset(name)
        self._send(game.opening_events)
        self._refill(None)

    def decision(self) -> Decision | None:
        """The next seat to ask, or None when the round (or match) is over."""
        game = self.game
        if game.status != "playing":
            return None
        while self._queue:
            name = self._queue[0]
            legal = _usable(game.legal_actions(name))
            if legal:
                return Decision(name, legal, True)
            self._queue.pop(0)
        current = game.current
        assert current is not None
        return Decision(current, _usable(game.legal_actions(current)), False)

    def act(self, action: Action | None) -> tuple[Event, ...]:
        """Apply the asked seat's answer (``None``: nothing now, out of turn only)."""
        if action is None:
            if not self._queue:
                raise BotError("the player to move must act")
            self._queue.pop(0)
            return ()
        events = self.game.apply(action)
        self.actions += 1
        self._send(events)
        self._refill(action.player)
        return events

    def next_round(self) -> tuple[Event, ...]:
        """Deal the next round after ``round_over`` (``next_round``, docs/records.md, *Actions*)."""
        events = self.game.apply(Action.next_round())
        self.actions += 1
        self._send(events)
        self._refill(None)
        return events

    def _send(self, events: Sequence[Event]) -> None:
        if not events:
            return
        game = self.game
        for name, bot in self.bots.items():
            if bot is not None:
                bot.observe([game.redact(e, name) for e in events])

    def _refill(self, actor: str | None) -> None:
        players = self.game.players
        start = players.index(actor) if actor is not None else 0
        order = [players[(start + k) % len(players)] for k in range(len(players))]
        current = self.game.current
        self._queue = [name for name in order if name != current]


def _usable(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a.type is not ActionType.LEAVE]


@dataclass(slots=True)
class Outcome:
    """What one driven game gave: per seat, and for the whole table."""

    winner: str | None
    points: dict[str, int]
    turns: int
    actions: int
    rounds: int
    capped: bool
    events: dict[str, int] = field(default_factory=dict)
    decision_times: dict[str, list[float]] = field(default_factory=dict)


def drive(
    table: Table,
    *,
    unit: str = "round",
    max_actions: int = 20_000,
    timed: bool = False,
) -> Outcome:
    """Let the table's bots play one round (``unit="round"``) or the whole match.

    ``points`` is what each seat scored by the rules' scoring method (for a round: the
    scores it added). ``turns`` counts turn actions (plays in turn, draws, passes,
    colors, challenges). A game still running after ``max_actions`` stops as capped,
    with no winner. ``timed`` records each turn decision's time in seconds.
    """
    game = table.game
    before = game.scores()
    turns = 0
    rounds = 1
    counts: dict[str, int] = {}
    times: dict[str, list[float]] = {name: [] for name in game.players}
    capped = False
    while True:
        decision = table.decision()
        if decision is None:
            if game.status == "round_over" and unit == "match":
                count_events(table.next_round(), counts)
                rounds += 1
                continue
            break
        if table.actions >= max_actions:
            capped = True
            break
        bot = table.bots.get(decision.player)
        if bot is None:
            raise BotError(f"no bot sits at {decision.player}")
        view = game.view(decision.player)
        start = time.perf_counter() if timed else 0.0
        action = bot.choose(view, decision.legal)
        if timed and not decision.optional:
            times[decision.player].append(time.perf_counter() - start)
        if action is None and not decision.optional:
            raise BotError(f"{bot!r} did not act on its turn")
        if action is not None and action not in decision.legal:
            raise BotError(f"{bot!r} chose {action.to_dict()}, which was not offered")
        if action is not None and action.player == game.current and action.type in _TURN:
            turns += 1
        count_events(table.act(action), counts)
    after = game.scores()
    view = game.view(None)
    if capped:
        winner = None
    elif unit == "match":
        winner = view.match_winner
    else:
        winner = view.round_winner
    if unit == "match":
        points = after
    else:
        points = {name: after[name] - before[name] for name in game.players}
    return Outcome(
        winner=winner,
        points=points,
        turns=turns,
        actions=table.actions,
        rounds=rounds,
        capped=capped,
        events=counts,
        decision_times=times,
    )


_TURN = frozenset(
    {
        ActionType.PLAY,
        ActionType.DRAW,
        ActionType.PASS,
        ActionType.CHOOSE_COLOR,
        ActionType.CHALLENGE,
    }
)

RULE_EVENTS = (
    "challenge_guilty",
    "challenge_innocent",
    "catch",
    "false_catch",
    "false_uno",
    "uno",
    "stack",
    "bounce",
    "jump_in",
    "swap",
    "rotate",
    "discard_all",
    "multi_play",
    "reshuffle",
    "skip",
    "reverse",
)
"""The rule events counted by :func:`count_events` (and reported by ``younuo simulate``)."""

COUNTED_AS_IS: Final[frozenset[EventType]] = frozenset(
    {"bounce", "jump_in", "swap", "rotate", "reshuffle", "skip", "reverse"}
)
"""The engine's event types that are rule events of the same name (:data:`RULE_EVENTS`)."""


def count_events(events: Sequence[Event], counts: dict[str, int]) -> None:
    """Add the rule events among ``events`` to ``counts`` (see :data:`RULE_EVENTS`)."""
    share = 0
    for e in events:
        kind = e.type
        key: str | None = None
        if kind == "challenge":
            key = "challenge_guilty" if e.reason == "guilty" else "challenge_innocent"
        elif kind == "catch":
            key = "false_catch" if e.reason == "false" else "catch"
        elif kind == "uno":
            key = "false_uno" if e.reason == "false" else "uno"
        elif kind == "play":
            cards = e.cards or ()
            share = sum(c.rank.draw_amount for c in cards)
            if cards and cards[-1].rank.value == "A":
                key = "discard_all"
            elif len(cards) > 1:
                key = "multi_play"
        elif kind == "penalty":
            # A penalty larger than the card just played added to one already pending.
            if share and (e.count or 0) > share:
                key = "stack"
        elif kind in COUNTED_AS_IS:
            key = kind
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
