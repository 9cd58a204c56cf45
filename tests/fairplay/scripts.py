"""Records written move by move, for the fair-play tests: a scene, the actions, the stored dict.

``scripted("ann: RS R5 | bob: B1 B2", "R3", ["ann play R5"])`` deals the hands in the
order given (that is the seating), applies each action (``player type [card|color|target]``)
and returns the record as the server stores it. An illegal action raises at once, so a
script is always a real game.
"""

from __future__ import annotations

from typing import Any

from younuo.engine import Action, ActionType, Card, Color, Game, Record, Rules, parse_cards
from younuo.fairplay import SeatFacts, StoredMatch


def scripted(
    hands: str,
    start: str,
    moves: list[str],
    *,
    pile: str = "",
    first: str | None = None,
    direction: int = 1,
    rules: str = "classic",
    teams: list[list[str]] | None = None,
    **options: Any,
) -> dict[str, Any]:
    by_name: dict[str, list[Card]] = {}
    for part in hands.split("|"):
        name, _, cards = part.partition(":")
        by_name[name.strip()] = parse_cards(cards.split())
    game = Game.from_setup(
        list(by_name),
        Rules.from_preset(rules, **options),
        hands=by_name,
        start=Card.parse(start),
        pile=parse_cards(pile.split()),
        first=first,
        direction=direction,
        teams=teams,
    )
    for move in moves:
        game.apply(action(move))
    return Record.from_game(game).to_dict()


def action(text: str) -> Action:
    """``"ann play W green"``, ``"bob catch ann"``, ``"cat draw"`` as an action."""
    player, kind, *rest = text.split()
    kind_type = ActionType(kind)
    if kind_type is ActionType.PLAY:
        color = Color.parse(rest[1]) if len(rest) > 1 else None
        return Action.play(player, Card.parse(rest[0]), color=color)
    if kind_type is ActionType.CATCH:
        return Action.catch(player, rest[0])
    if kind_type is ActionType.CHOOSE_COLOR:
        return Action.choose_color(player, Color.parse(rest[0]))
    return Action(kind_type, player)


def stored(
    match_id: str, record: dict[str, Any], period: int = 0, **facts: SeatFacts
) -> StoredMatch:
    """A stored match whose seats are accounts named as their players, unless ``facts`` say."""
    seats = tuple(facts.get(name, SeatFacts(name, name)) for name in record["players"])
    return StoredMatch(match_id, record, seats, period)
