"""Random games checked after every action: the invariants and the scoring oracle.

:func:`play_checked` plays one random match (random players, teams and rules, from
:mod:`randomplay`) with leaves at any moment and, now and then, the match clock, and
stops at the first action after which an invariant breaks or the engine and
:class:`~scoring_oracle.ScoringOracle` disagree. The game so far is then a
:class:`Violation`: a record that ``younuo replay FILE --json`` replays to the bad state.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from invariants import deck, violations
from randomplay import random_game, random_step
from scoring_oracle import Moment, ScoringOracle, describe
from younuo.engine import Action, ActionType, Game, Record, Rules

MAX_STEPS = 20_000  # a random policy can wander; a match this long is stopped, not failed
LEAVE_RATE = 0.004  # a leave by anyone, at any moment
# Leaves and the match clock are likeliest to meet another rule when something is owed:
# a penalty, a challenge, a color to name. There, leave far more often.
LEAVE_RATE_OWED = 0.08
LEAVE_RATE_NAMING = 0.3  # the first player leaving before naming a Wild start card's color
CLOCK_RATE = 0.0005
# Knockout is one scoring method of five, and only its last two players meet R-SCORE-1:
# a fifth of the tables without teams play it, so a few hundred games reach that end.
KNOCKOUT_SHARE = 0.2


@dataclass(frozen=True)
class Violation:
    """The first broken invariant or oracle disagreement of a game, with its record."""

    seed: int
    step: int
    problems: tuple[str, ...]
    record: Record

    def write(self, directory: Path) -> Path:
        """Save the record (with the problems as its description) for ``younuo replay``."""
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"violation-{self.seed}.json"
        # A record may carry extra keys (docs/records.md): the replay ignores the description.
        data = {"description": " | ".join(self.problems), **self.record.to_dict()}
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        return path


@dataclass(frozen=True)
class Outcome:
    """How one checked game went, and on what table (for the coverage of the checks)."""

    rules: Rules
    players: int
    teams: bool
    steps: int
    finished: bool
    leaves: int
    violation: Violation | None


def _owed(game: Game) -> bool:
    view = game.view(None)
    return bool(view.pending_draw) or view.phase == "choose_color" or view.challenge is not None


def next_action(game: Game, rng: random.Random) -> Action:
    """A random legal action, or a leave by anyone (any moment), or the match clock."""
    if rng.random() < CLOCK_RATE:
        return Action.match_clock()
    owed = game.status == "playing" and _owed(game)
    rate = LEAVE_RATE_OWED if owed else LEAVE_RATE
    if owed and game.view(None).phase == "choose_color":
        rate = LEAVE_RATE_NAMING
    if rng.random() < rate:
        # While something is owed, half the leaves are by the player who owes it.
        mover = game.current
        who = mover if owed and mover is not None and rng.random() < 0.5 else None
        who = who or rng.choice(game.players)
        if Action.leave(who) in game.legal_actions(who):
            return Action.leave(who)
    return random_step(game, rng, leave_rate=0.0)


def checked_game(rng: random.Random) -> Game:
    """A random table (:func:`randomplay.random_game`), knockout more often."""
    game = random_game(rng)
    teams = game.origin()["teams"]
    if teams is None and rng.random() < KNOCKOUT_SHARE:
        rules = game.rules.replace(scoring="knockout", partner_rotation=False)
        game = Game.new(game.players, rules, seed=game.origin()["seed"])
    return game


def play_checked(seed: int, max_steps: int = MAX_STEPS) -> Outcome:
    """Play the random game of ``seed``, checking every action; stop at the first violation."""
    rng = random.Random(seed)
    game = checked_game(rng)
    full_deck = deck(game.rules, len(game.players))
    oracle = ScoringOracle(game)
    leaves = 0

    def outcome(step: int, problems: list[str] | None = None) -> Outcome:
        violation = None
        if problems:
            violation = Violation(seed, step, tuple(problems), Record.from_game(game))
        table = (game.rules, len(game.players), game.view(None).teams is not None)
        return Outcome(*table, step, game.is_over, leaves, violation)

    problems = violations(game, full_deck)
    if problems:
        return outcome(0, problems)
    before = Moment.of(game)
    for step in range(1, max_steps + 1):
        if game.is_over:
            return outcome(step - 1)
        action = next_action(game, rng)
        leaves += action.type is ActionType.LEAVE
        game.apply(action)
        view = game.view(None)
        after = Moment.of(game, view)
        problems = violations(game, full_deck, view) + oracle.check(before, action, after)
        if problems:
            return outcome(step, [describe(problems, action)])
        before = after
    return outcome(max_steps)
