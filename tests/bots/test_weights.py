"""``younuo.bots.weights``: every weight reaches its line of ``play_score`` and no other.

Raising one weight by 1 must change a play's score by exactly that line's measure
(cards shed, cards of the color kept, points shed, ...): a weight wired to the wrong
line, or to none, fails here.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from younuo.bots import HardBot, NormalBot
from younuo.bots.memory import Knowledge, Memory
from younuo.bots.normal import play_score
from younuo.bots.weights import HARD, NORMAL
from younuo.engine import Action, Card, Color, PlayerView

from .scenes import ask, scene


def _gain(view: PlayerView, action: Action, field: str, memory: Memory | None = None) -> float:
    """How much ``action``'s score moves when ``field`` goes up by 1."""
    memory = Memory(view.player) if memory is None else memory
    raised = replace(NORMAL, **{field: getattr(NORMAL, field) + 1.0})
    return play_score(view, memory, action, raised) - play_score(view, memory, action, NORMAL)


# bob holds two cards: a threat, so points shed count and action cards are not held back.
NEAR_OUT = "ann: W R5 R6 B1 G2 | bob: G7 G8 | cid: Y1 Y2 Y3 Y4 Y5"
# Nobody near out among three players: action cards are held back.
CALM = "ann: RS R6 B1 G2 W | bob: G1 G2 G3 G4 G5 | cid: Y1 Y2 Y3 Y4 Y5"


@pytest.mark.parametrize(
    ("hands", "card", "color", "field", "expected"),
    [
        (NEAR_OUT, "R5", None, "card", 1.0),  # one card shed
        (NEAR_OUT, "R5", None, "color", 1.0),  # R6 left in the color in force
        (NEAR_OUT, "W", Color.BLUE, "color", 1.0),  # B1 left in the color named
        (NEAR_OUT, "R5", None, "shed_points", 5.0),  # an R5 shed while bob is near out
        (NEAR_OUT, "R5", None, "wild", 0.0),
        (NEAR_OUT, "W", Color.BLUE, "wild", -1.0),  # a wild spent with 4 cards left
        (NEAR_OUT, "W", Color.BLUE, "shed_points", 0.0),  # a wild's points do not count
        (CALM, "RS", None, "hold_action", -1.0),  # a Skip spent while nobody is near out
        (NEAR_OUT, "R5", None, "hold_action", 0.0),
        (NEAR_OUT, "R5", None, "void", 0.0),  # only a wild names a color
    ],
)
def test_each_weight_moves_only_its_own_line(
    hands: str, card: str, color: Color | None, field: str, expected: float
) -> None:
    game = scene(hands, start="R7")
    action = Action.play("ann", Card.parse(card), color=color)
    assert action in game.legal_actions("ann")
    assert _gain(game.view("ann"), action, field) == pytest.approx(expected)


def test_the_void_weight_counts_a_color_the_next_player_seems_to_lack() -> None:
    """``Weights.void``: naming with a wild a color bob (next) was seen to lack."""
    view = scene(NEAR_OUT, start="R7").view("ann")
    memory = Memory(view.player)
    memory.hands["bob"] = Knowledge(voids={Color.BLUE})
    for color, expected in ((Color.BLUE, 1.0), (Color.RED, 0.0)):
        wild = Action.play("ann", Card.parse("W"), color=color)
        assert _gain(view, wild, "void", memory) == pytest.approx(expected)


def test_the_draw_weight_is_the_bar_a_play_must_clear() -> None:
    """``Weights.draw``: below it, ``normal`` draws rather than play its best card."""
    game = scene("ann: R5 B1 G2 B3 | bob: G7 G8 G9", start="R7")
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("R5"))

    class Choosy(NormalBot):
        weights = replace(NORMAL, draw=50.0)

    assert ask(Choosy(), game, "ann") == Action.draw("ann")


def test_hard_keeps_wilds_longer_than_normal() -> None:
    assert HARD.wild > NORMAL.wild
    assert HardBot.weights is HARD and NormalBot.weights is NORMAL
