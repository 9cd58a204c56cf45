"""bots.timing: human-like delays for a server, none in simulation."""

from __future__ import annotations

import random

from younuo.bots import HUMAN, NO_DELAY, Timing, make_bot
from younuo.engine import Action, Card, Game, Rules


def test_delays_fall_in_their_ranges_by_action_kind() -> None:
    timing = Timing(think=(1.0, 2.0), uno_call=(0.1, 0.2), catch=(3.0, 4.0), jump_in=(5.0, 6.0))
    rng = random.Random(1)
    card = Card.parse("R5")
    for _ in range(50):
        assert 1.0 <= timing.delay(Action.draw("a"), rng) <= 2.0
        assert 0.1 <= timing.delay(Action.uno("a"), rng) <= 0.2
        assert 3.0 <= timing.delay(Action.catch("a", "b"), rng) <= 4.0
        assert 5.0 <= timing.delay(Action.play("a", card), rng, in_turn=False) <= 6.0
        assert 1.0 <= timing.delay(Action.play("a", card), rng, in_turn=True) <= 2.0


def test_simulation_bots_do_not_wait_and_human_ones_do() -> None:
    assert NO_DELAY.is_zero
    game = Game.new(["a", "b"], Rules.from_preset("classic"), seed=1)
    me = game.current
    assert me is not None
    view = game.view(me)
    action = game.legal_actions(me)[0]
    assert make_bot("normal").delay(action, view) == 0.0
    human = make_bot("hard", seed=3, timing="human")
    assert human.timing == HUMAN["hard"] and not human.timing.is_zero
    assert HUMAN["hard"].think[0] <= human.delay(action, view) <= HUMAN["hard"].think[1]


def test_asking_for_a_delay_does_not_change_the_bot_choices() -> None:
    """Delays come from their own generator: a server that asks gets the same bot."""
    game = Game.new(["a", "b", "c"], Rules.from_preset("younuo"), seed=2)
    me = game.current
    assert me is not None
    view, legal = game.view(me), game.legal_actions(me)
    quiet = make_bot("random", seed=9, timing="human")
    chatty = make_bot("random", seed=9, timing="human")
    for _ in range(5):
        chatty.delay(legal[0], view)
    assert [quiet.choose(view, legal) for _ in range(10)] == [
        chatty.choose(view, legal) for _ in range(10)
    ]
