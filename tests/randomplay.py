"""Random games with random options, shared by the property and soak tests."""

from __future__ import annotations

import random
from typing import Any

from younuo.engine import CHOICES, Action, ActionType, Game, Rules

# Integer options drawn from a few meaningful values rather than their whole range.
INT_VALUES: dict[str, tuple[int, ...]] = {
    "uno_penalty": (0, 2, 4),
    "false_uno_penalty": (0, 2),
    "false_catch_penalty": (0, 2),
    "target": (50, 200, 500),
    "turn_seconds": (10, 30),
    "match_seconds": (0, 180),
}


def random_rules(rng: random.Random, players: int, teams: bool, preset: str | None = None) -> Rules:
    """``preset`` (default: a random one) with a random subset of options set over it,
    valid for the table."""
    options: dict[str, Any] = {}
    for name, spec in CHOICES.items():
        if rng.random() < 0.5:
            continue
        if spec is bool:
            options[name] = rng.random() < 0.5
        elif spec is int:
            options[name] = rng.choice(INT_VALUES[name])
        else:
            assert isinstance(spec, tuple)
            options[name] = rng.choice(spec)
    if options.get("partner_rotation") and (players != 4 or teams):
        options["partner_rotation"] = False
    if teams and options.get("scoring") == "knockout":
        options["scoring"] = "cumulative"
    return Rules.from_preset(preset or rng.choice(["classic", "younuo", "party"]), **options)


def random_game(rng: random.Random, players: int | None = None, preset: str | None = None) -> Game:
    n = players if players is not None else rng.randint(2, 10)
    teams = n % 2 == 0 and rng.random() < 0.25
    rules = random_rules(rng, n, teams, preset)
    names = [f"p{i}" for i in range(n)]
    team_lists = [names[0::2], names[1::2]] if teams and not rules.partner_rotation else None
    if rules.partner_rotation:
        team_lists = None
    return Game.new(names, rules, seed=rng.randrange(2**32), teams=team_lists)


def random_step(game: Game, rng: random.Random, leave_rate: float = 0.002) -> Action:
    """A random legal action: mostly the player to move, sometimes anybody's option."""
    players = list(game.players)
    mover = game.current
    who = mover if mover is not None and rng.random() < 0.8 else rng.choice(players)
    if rng.random() < leave_rate and Action.leave(who) in game.legal_actions(who):
        return Action.leave(who)
    if game.current is not None and rng.random() < 0.01:
        return Action.timeout(game.current)
    choices = [a for a in game.legal_actions(who) if a.type is not ActionType.LEAVE]
    if not choices:
        for name in players:
            choices += [a for a in game.legal_actions(name) if a.type is not ActionType.LEAVE]
    return rng.choice(choices)
