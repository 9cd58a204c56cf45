"""Small builders for rule-by-rule tests: a table from a compact text setup.

::

    game = table("ann: R5 W+4 | bob: W G7 | cat: B1", start="R3", pile="G1 B2",
                 rules="younuo", stacking="same", first="bob")
    codes(game.hand("ann"))          # "R5 W+4"
    game.apply(play("bob", "G7"))

The hands string lists players in seat order (``name: card card ...`` separated by
``|``); ``pile`` is the draw pile top first. ``rules`` is a :class:`Rules` or a
preset name, and keyword options are set over it. Outcomes in the tests are worked
out by hand from docs/rules.md; these helpers only save typing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from younuo.engine import (
    Action,
    Card,
    Color,
    Event,
    EventType,
    Game,
    GameStatus,
    IllegalAction,
    Rules,
    parse_cards,
)

COLOR_BY_NAME = {c.value: c for c in Color} | {c.code: c for c in Color}


def cards(text: str | Iterable[str]) -> list[Card]:
    """``"R5 W+4"`` (or a list of codes) as cards."""
    items = text.split() if isinstance(text, str) else list(text)
    return parse_cards(items)


def codes(hand: Iterable[Card]) -> str:
    """A hand (or any cards) as one space-separated string of codes, in order."""
    return " ".join(card.code for card in hand)


def color(name: str | Color | None) -> Color | None:
    """``"red"``, ``"R"`` or a :class:`Color` as a :class:`Color`."""
    if name is None or isinstance(name, Color):
        return name
    return COLOR_BY_NAME[name]


def make_rules(rules: Rules | str | None = None, **options: Any) -> Rules:
    """A :class:`Rules` from a preset name (default ``classic``) or rules, with options over it."""
    if isinstance(rules, Rules):
        return rules.replace(**options) if options else rules
    return Rules.from_preset(rules or "classic", **options)


def parse_hands(text: str) -> dict[str, list[Card]]:
    """``"ann: R5 W+4 | bob: W G7"`` as ``{"ann": [R5, W+4], "bob": [W, G7]}`` (seat order kept)."""
    hands: dict[str, list[Card]] = {}
    for part in text.split("|"):
        name, _, hand = part.partition(":")
        hands[name.strip()] = cards(hand)
    return hands


def table(
    hands: str,
    start: str,
    pile: str | Sequence[str] = "",
    rules: Rules | str | None = None,
    first: str | None = None,
    direction: int = 1,
    seed: int | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    **options: Any,
) -> Game:
    """A game from an explicit setup (``Game.from_setup``), players in the order of ``hands``."""
    by_name: dict[str, Sequence[Card]] = dict(parse_hands(hands))
    return Game.from_setup(
        list(by_name),
        make_rules(rules, **options),
        hands=by_name,
        start=Card.parse(start),
        pile=cards(pile),
        first=first,
        direction=direction,
        seed=seed,
        teams=teams,
    )


def play(
    player: str,
    card: str,
    color_: str | Color | None = None,
    target: str | None = None,
) -> Action:
    """A play action from codes: ``play("ann", "W", "red")``; several codes make a multi-play."""
    played = cards(card)
    chosen = color(color_)
    if len(played) == 1:
        return Action.play(player, played[0], color=chosen, target=target)
    return Action.play(player, played, color=chosen, target=target)


def events_of(events: Iterable[Event], kind: EventType) -> list[Event]:
    """The events of one type, in order."""
    return [e for e in events if e.type == kind]


def types(events: Iterable[Event]) -> list[EventType]:
    """The event types, in order."""
    return [e.type for e in events]


def status(game: Game) -> GameStatus:
    """``game.status``, read afresh: after ``assert game.status == "round_over"`` mypy keeps
    the property narrowed to that value across the actions that change it."""
    return game.status


def everything(game: Game) -> tuple[Any, ...]:
    """Snapshot, every view (a spectator's too) and legal actions: what refusals keep."""
    views = tuple(game.view(name) for name in game.players)
    legal = tuple(tuple(game.legal_actions(name)) for name in game.players)
    return (game.snapshot(), views, game.view(None), legal, len(game.history))


def refused(game: Game, action: Action, code: str | None = None) -> IllegalAction:
    """Assert ``action`` is refused (with ``code`` if given) and that nothing changed."""
    before = everything(game)
    try:
        game.apply(action)
    except IllegalAction as error:
        assert everything(game) == before, f"refused {action} changed the game"
        if code is not None:
            assert error.code == code, f"refused with {error.code!r}, expected {code!r}"
        return error
    raise AssertionError(f"{action} was accepted, expected a refusal ({code})")
