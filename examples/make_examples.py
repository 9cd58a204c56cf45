"""Regenerate the example game records, one full match per preset.

Each match is dealt from a fixed seed and played to the end by :func:`choose`, a
simple fixed policy (no randomness), then saved with ``Record.from_game``::

    uv run python examples/make_examples.py

rewrites ``examples/classic.json``, ``examples/younuo.json`` and ``examples/party.json``.
``tests/test_records.py`` checks the committed files equal this script's output, so
rerun it after a rules change that alters these games. (``setup-example.json`` is
written by hand and not touched here.)
"""

from __future__ import annotations

from pathlib import Path

from younuo.engine import COLORS, Action, ActionType, Card, Color, Game, Rules
from younuo.engine.records import Record

HERE = Path(__file__).resolve().parent
PLAYERS = ("ann", "bob", "cat", "dan")
# preset -> seed of its example match.
SEEDS = {"classic": 1, "younuo": 2, "party": 3}
FORGETFUL = "cat"
"""This player never calls UNO, so that the examples show catches too."""
CLOCK_AFTER = 300
"""Under a preset with a match clock (party) the clock runs out after this many actions."""
LIMIT = 20_000


def choose(game: Game) -> Action:
    """The next action at this table: one fixed policy, whoever acts.

    In order: deal the next round; catch a player who did not call UNO (the next
    seat does it); jump in (the first seat that can); call UNO on one's turn; then
    the current player's move: name the color held most, challenge a Wild Draw Four
    when holding an even number of cards, play the first playable non-wild card in
    hand order (a wild last; a 7 swaps with the smallest hand), else draw, else pass.
    """
    if game.status == "round_over":
        return Action.next_round()
    view = game.view(None)
    if view.exposed is not None:
        catcher = _next_in_round(game, view.exposed)
        return Action.catch(catcher, view.exposed)
    current = game.current
    assert current is not None
    for name in game.players:
        if name == current:
            continue
        legal = game.legal_actions(name)
        jumps = [a for a in legal if a.type is ActionType.PLAY]
        if jumps:
            if Action.uno(name) in legal and name != FORGETFUL:
                return Action.uno(name)
            return _best_play(game, name, jumps)
    legal = game.legal_actions(current)
    if Action.uno(current) in legal and current != FORGETFUL:
        return Action.uno(current)
    kinds = {a.type for a in legal}
    hand = game.hand(current)
    if ActionType.CHOOSE_COLOR in kinds:
        return Action.choose_color(current, _most_held(hand))
    if ActionType.CHALLENGE in kinds and len(hand) % 2 == 0:
        return Action.challenge(current)
    plays = [a for a in legal if a.type is ActionType.PLAY]
    if plays:
        return _best_play(game, current, plays)
    for kind in (ActionType.DRAW, ActionType.PASS):
        if kind in kinds:
            return Action(kind, current)
    raise RuntimeError(f"no move for {current}: {legal}")


def _best_play(game: Game, name: str, plays: list[Action]) -> Action:
    hand = list(game.hand(name))
    first = min(plays, key=lambda a: (a.played[0].is_wild, hand.index(a.played[0])))
    same = [a for a in plays if a.played == first.played]
    rest = list(hand)
    for card in first.played:
        rest.remove(card)
    color = _most_held(rest)
    targets = [a for a in same if a.color in (None, color)]
    return min(targets, key=lambda a: _hand_size(game, a.target))


def _hand_size(game: Game, name: str | None) -> tuple[int, int]:
    if name is None:
        return (0, 0)
    return (len(game.hand(name)), game.players.index(name))


def _most_held(hand: list[Card] | tuple[Card, ...]) -> Color:
    held = [card.color for card in hand]
    return max(COLORS, key=held.count)


def _next_in_round(game: Game, name: str) -> str:
    view = game.view(None)
    seat = game.players.index(name)
    n = len(game.players)
    for step in range(1, n):
        other = (seat + step) % n
        if view.in_round[other]:
            return game.players[other]
    raise RuntimeError("nobody left to catch")


def play_match(preset: str, seed: int) -> Game:
    """The example match of ``preset``, played to its end."""
    rules = Rules.from_preset(preset)
    game = Game.new(PLAYERS, rules, seed=seed)
    while not game.is_over:
        if rules.match_seconds and len(game.history) >= CLOCK_AFTER:
            game.apply(Action.match_clock())
            continue
        if len(game.history) > LIMIT:
            raise RuntimeError(f"{preset}: no end after {LIMIT} actions")
        game.apply(choose(game))
    return game


def render() -> dict[str, str]:
    """File name -> JSON text of every generated example."""
    return {
        f"{preset}.json": Record.from_game(play_match(preset, seed)).to_json()
        for preset, seed in SEEDS.items()
    }


def main() -> None:
    for name, text in render().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print(f"wrote examples/{name}")


if __name__ == "__main__":
    main()
