"""Small builders for bot scenarios: a table from a compact text setup, and play-outs.

``scene("ann: R5 W+4 | bob: W G7", start="R3", pile="G1 B2", rules="younuo")`` is
``Game.from_setup`` with the players in the order given; ``pile`` is top first.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from younuo.bots import Bot
from younuo.engine import CHOICES, Action, ActionType, Card, Event, Game, Rules, parse_cards


def scene(
    hands: str,
    start: str,
    pile: str = "",
    rules: str = "classic",
    first: str | None = None,
    direction: int = 1,
    **options: Any,
) -> Game:
    by_name: dict[str, list[Card]] = {}
    for part in hands.split("|"):
        name, _, cards = part.partition(":")
        by_name[name.strip()] = parse_cards(cards.split())
    return Game.from_setup(
        list(by_name),
        Rules.from_preset(rules, **options),
        hands=by_name,
        start=Card.parse(start),
        pile=parse_cards(pile.split()),
        first=first,
        direction=direction,
    )


_SEEN: dict[int, list[Event]] = {}


def act(game: Game, action: Action) -> tuple[Event, ...]:
    """Apply ``action``, keeping its events for the bots asked later (see :func:`ask`)."""
    events = game.apply(action)
    _SEEN.setdefault(id(game), []).extend(events)
    return events


def ask(bot: Bot, game: Game, name: str) -> Action | None:
    """What ``bot`` sitting at ``name`` chooses now, having seen every event so far."""
    bot.reset(name)
    bot.observe([game.redact(e, name) for e in game.opening_events])
    bot.observe([game.redact(e, name) for e in _SEEN.get(id(game), [])])
    return bot.choose(game.view(name), game.legal_actions(name))


def random_positions(
    rules: Rules, players: int, games: int, seed: int = 0, max_steps: int = 400
) -> Iterator[Game]:
    """Positions along random games (a random legal non-leave action each step)."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    for g in range(games):
        game = Game.new(names, rules, seed=seed * 1000 + g)
        for _ in range(max_steps):
            if game.status != "playing":
                break
            yield game
            name = rng.choice(names) if rng.random() < 0.2 else game.current
            assert name is not None
            legal = [a for a in game.legal_actions(name) if a.type is not ActionType.LEAVE]
            if not legal:
                continue
            plays = [a for a in legal if a.type is ActionType.PLAY]
            game.apply(rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal))


def random_round(seed: int) -> Game:
    """A round of 2 to 6 players (teams at times) on a rule set drawn at random
    (:func:`random_rules`), dealt from ``seed``; the players are ``p0``, ``p1``, ...

    One round with every option drawn, for bots that search (``tests/randomplay.py``
    draws whole matches of up to 10 players, too long for a searching bot)."""
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4, 4, 6))
    teams = players % 2 == 0 and players >= 4 and rng.random() < 0.5
    rules = random_rules(rng, players, teams)
    names = [f"p{i}" for i in range(players)]
    return Game.new(names, rules, seed=seed, teams=[names[0::2], names[1::2]] if teams else None)


def random_rules(rng: random.Random, players: int, teams: bool) -> Rules:
    """A rule set drawn from every option the engine has (R-*), one round."""
    options: dict[str, Any] = {"partner_rotation": teams and players == 4 and rng.random() < 0.5}
    for key, spec in CHOICES.items():
        if key in options or key in ("target", "turn_seconds", "match_seconds", "scoring", "decks"):
            continue
        if spec is bool:
            options[key] = rng.random() < 0.5
        elif spec is int:
            options[key] = rng.choice((0, 2))
        else:
            assert isinstance(spec, tuple)
            options[key] = rng.choice(spec)
    options["scoring"] = "single"
    preset = rng.choice(("classic", "younuo", "party"))
    return Rules.from_preset(preset, **options)
