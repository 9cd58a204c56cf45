"""bots.actionspace: one number (or ADD...PLAY sequence) for every legal action of every option."""

from __future__ import annotations

from collections import Counter

import pytest

from younuo.bots import actionspace as space
from younuo.engine import Action, ActionType, Card, Game, Rules

from .scenes import random_positions, scene

OPTIONS = [
    Rules.from_preset("classic"),
    Rules.from_preset("party", multi_play="same_rank"),
    Rules.from_preset("younuo", multi_play="identical", jump_in="numbers", decks=2),
    Rules.from_preset("classic", seven_zero=True, stacking="any", jump_in="all"),
]


def _reachable(game: Game, name: str) -> dict[Action, list[int]]:
    """Every engine action the numbers can make, with the numbers that make it."""
    view = game.view(name)
    legal = [a for a in game.legal_actions(name) if a.type is not ActionType.LEAVE]
    found: dict[Action, list[int]] = {}

    def walk(selection: list[Card], path: list[int]) -> None:
        for number, action in space.options(view, legal, selection).items():
            if space.ADD <= number < space.DRAW:
                card = space.CARD_KINDS[number - space.ADD]
                walk([*selection, card], [*path, number])
            elif action is not None:
                assert action not in found or len(found[action]) == len(path) + 1
                found.setdefault(action, [*path, number])

    walk([], [])
    return found


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: str(sorted(r.changes().items())))
def test_every_legal_action_has_a_number_sequence(rules: Rules) -> None:
    """The fixed space covers every legal action (leave aside) of every option, each once."""
    multi = 0
    for game in random_positions(rules.replace(scoring="single"), 4, games=4, seed=2):
        for name in game.players:
            legal = [a for a in game.legal_actions(name) if a.type is not ActionType.LEAVE]
            found = _reachable(game, name)
            assert set(found) == set(legal)
            multi += sum(1 for a in legal if len(a.played) > 1)
            for numbers in found.values():
                assert all(0 <= n < space.SIZE for n in numbers)
    if rules.multi_play != "off":
        assert multi > 0


def test_numbers_are_relative_to_the_seat() -> None:
    """R-HOUSE-70 targets and catches count seats from the agent: 1 is the next seat."""
    game = scene("ann: R7 B1 B2 | bob: G1 G2 | cat: Y1 Y2", start="R3", seven_zero=True)
    view = game.view("ann")
    opts = space.options(view, game.legal_actions("ann"))
    to_bob = space.PLAY_SEVEN + 9 * 0 + 0  # red 7, one seat on
    to_cat = space.PLAY_SEVEN + 9 * 0 + 1
    assert opts[to_bob] == Action.play("ann", Card.parse("R7"), target="bob")
    assert opts[to_cat] == Action.play("ann", Card.parse("R7"), target="cat")
    assert space.describe(to_cat) == "play R7 swapping with seat +2"


def test_noop_is_offered_out_of_turn_only() -> None:
    game = scene("ann: G5 R1 R2 | bob: B1 B2 B3 | cat: G5 Y2 Y3", start="G3", jump_in="numbers")
    game.apply(Action.play("ann", Card.parse("G5")))
    cat = space.options(game.view("cat"), game.legal_actions("cat"))
    assert space.NOOP in cat and space.PLAY + space.KIND[Card.parse("G5")] in cat
    bob = space.options(game.view("bob"), game.legal_actions("bob"))
    assert space.NOOP not in bob and space.DRAW in bob


def test_layout_and_names() -> None:
    assert space.SIZE == 181
    assert len(space.CARD_KINDS) == len(set(space.CARD_KINDS)) == 59
    names = [space.describe(n) for n in range(space.SIZE)]
    assert len(set(names)) == space.SIZE
    assert Counter(n.split()[0] for n in names)["select"] == 59
    with pytest.raises(ValueError):
        space.describe(space.SIZE)
