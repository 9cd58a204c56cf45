"""Card lookups by index (younuo.engine.hands) agree with ``==``, the legal plays built
on them list each distinct card once, in the order of the hand, and ``apply`` finds the
actor's seat as ``players.index`` did.

Cards made with ``Card(color, rank)`` are equal to, but not the same object as, the
shared cards of ``Card.parse`` and the decks: the index lookups must find them all the
same, as ``in``, ``list.remove`` and ``dict.fromkeys`` did (docs/engine.md).
"""

from __future__ import annotations

import pytest

from younuo.engine import Action, ActionType, Card, Color, Game, Rank, Rules
from younuo.engine.hands import holds, position, remove

from .helpers import cards, codes, refused, table


def fresh(code: str) -> Card:
    """A card equal to ``Card.parse(code)`` but a distinct object."""
    shared = Card.parse(code)
    card = Card(shared.color, shared.rank)
    assert card == shared and card is not shared
    return card


def test_position_finds_the_first_equal_card_whatever_object_it_is() -> None:
    hand = cards("R5 G7 R5 W")
    assert position(hand, fresh("R5")) == 0
    assert position(hand, fresh("W")) == 3
    assert position(hand, Card.parse("G7")) == 1
    assert position(hand, Card.parse("B5")) == -1  # same number, other color
    assert position(hand, Card.parse("W+4")) == -1  # a wild, another kind
    assert position([], Card.parse("R5")) == -1


def test_holds_is_in_by_equality() -> None:
    hand = [fresh("Y+2"), fresh("BS")]
    assert holds(hand, Card.parse("Y+2"))
    assert holds(hand, Card(Color.BLUE, Rank.SKIP))
    assert not holds(hand, Card.parse("B+2"))
    assert not holds([], Card.parse("B+2"))


def test_remove_takes_out_the_first_equal_card_only() -> None:
    hand = cards("R5 G7 R5 W")
    remove(hand, fresh("R5"))
    assert codes(hand) == "G7 R5 W"
    remove(hand, Card.parse("W"))
    assert codes(hand) == "G7 R5"


def test_remove_refuses_a_card_that_is_not_there() -> None:
    hand = cards("R5 G7")
    with pytest.raises(ValueError, match="B5 is not in the list"):
        remove(hand, Card.parse("B5"))
    assert codes(hand) == "R5 G7"


def played(actions: list[Action]) -> list[str]:
    return [
        a.card.code + (f"/{a.color.value}" if a.color is not None else "")
        for a in actions
        if a.type is ActionType.PLAY and a.card is not None
    ]


def test_each_distinct_playable_card_is_listed_once_in_hand_order() -> None:
    ann = cards("G3 R5 B9")
    ann += [fresh("R5"), *cards("W G3 R1 W")]  # equal cards made apart: still one choice
    game = Game.from_setup(
        ["ann", "bob"], Rules(), {"ann": ann, "bob": cards("Y1 Y2")}, Card.parse("R3")
    )
    assert played(game.legal_actions("ann")) == [
        "G3",
        "R5",
        *(f"W/{c.value}" for c in Color),
        "R1",
    ]


def test_each_distinct_stacking_card_is_listed_once_in_hand_order() -> None:
    game = table(
        "ann: R+2 G5 | bob: B+2 G1 W+4 B+2 Y+2 W+4",
        start="R3",
        rules="classic",
        stacking="any",
    )
    game.apply(Action.play("ann", Card.parse("R+2")))
    assert played(game.legal_actions("bob")) == [
        "B+2",
        *(f"W+4/{c.value}" for c in Color),
        "Y+2",
    ]


def test_every_action_without_a_known_player_is_refused_as_before() -> None:
    """apply finds the actor's seat once for every handler (game.py): the refusals stay."""
    game = table("ann: R5 R6 W | bob: B5 B6 | cat: Y5", start="R3")
    for kind in ActionType:
        if kind in (ActionType.NEXT_ROUND, ActionType.MATCH_CLOCK):
            continue  # no player needed
        refused(game, Action(kind, None), "missing_player")
        refused(game, Action(kind, "zed"), "unknown_player")
    refused(game, Action(ActionType.NEXT_ROUND, "zed"), "unknown_player")
    refused(game, Action.catch("ann", "zed"), "unknown_player")
    refused(game, Action.play("ann", Card.parse("R5"), target="zed"), "unknown_player")


def test_a_player_named_by_an_equal_string_made_elsewhere_acts() -> None:
    game = table("ann: R5 R6 | bob: B5 B6", start="R3")
    name = "".join(["a", "nn"])  # equal to the game's "ann", another object
    assert name == "ann" and name is not game.players[0]
    game.apply(Action.play(name, Card.parse("R5")))
    assert codes(game.hand("ann")) == "R6"
    assert game.current == "bob"
    assert game.legal_actions("".join(["b", "ob"])) == game.legal_actions("bob")
