"""Time (R-TIME): clock options, counted timeouts, and the automatic action (R-TURN-7)."""

from __future__ import annotations

import pytest

from younuo.engine import Action, Rules, RulesError

from .helpers import codes, play, refused, table, types

PILE = "G8 B3 Y3 R4 B4 Y5 Y6 G6"
HANDS = "ann: G1 G2 | bob: R6 B2 | cat: B5 B6 | dan: Y1 Y2"


@pytest.mark.parametrize(
    ("preset", "turn", "match"), [("classic", 30, 0), ("younuo", 15, 0), ("party", 10, 180)]
)
def test_r_time_preset_clock_values(preset: str, turn: int, match: int) -> None:
    """R-PRESET / R-TIME: turn_seconds and match_seconds of each preset."""
    rules = Rules.from_preset(preset)
    assert (rules.turn_seconds, rules.match_seconds) == (turn, match)


def test_r_time_clock_options_set_over_a_preset() -> None:
    rules = Rules.from_dict({"preset": "younuo", "turn_seconds": 20, "match_seconds": 600})
    assert (rules.turn_seconds, rules.match_seconds) == (20, 600)
    assert rules.changes() == {"preset": "younuo", "turn_seconds": 20, "match_seconds": 600}
    assert Rules.from_preset("party", match_seconds=0).match_seconds == 0


@pytest.mark.parametrize(
    ("option", "value"),
    [("turn_seconds", -1), ("turn_seconds", 1.5), ("match_seconds", -5), ("match_seconds", "3")],
)
def test_r_time_bad_clock_values_refused(option: str, value: object) -> None:
    with pytest.raises(RulesError) as error:
        Rules.from_preset("classic", **{option: value})
    assert error.value.code == "bad_option_value"


def test_r_time_only_the_player_to_move_times_out() -> None:
    game = table(HANDS, start="R3", pile=PILE)
    refused(game, Action.timeout("bob"), "not_your_turn")


def test_r_time_timeouts_counted_in_a_row_and_reset_when_the_player_acts() -> None:
    """R-TIME: two timeouts in a row put a player on auto-play until they act again."""
    game = table(HANDS, start="R3", pile=PILE, draw_and_play=False)
    game.apply(Action.timeout("ann"))  # draws G8, turn passes
    assert game.view("bob").timeouts == (1, 0, 0, 0)
    assert game.view("ann").timeouts == (1, 0, 0, 0)
    game.apply(play("bob", "R6"))
    game.apply(Action.draw("cat"))  # B3 drawn, turn passes (draw_and_play off)
    game.apply(Action.draw("dan"))
    assert game.current == "ann"
    game.apply(Action.timeout("ann"))
    assert game.view(None).timeouts == (2, 0, 0, 0)
    game.apply(Action.draw("bob"))
    game.apply(Action.draw("cat"))
    game.apply(Action.draw("dan"))
    assert game.view(None).timeouts == (2, 0, 0, 0)
    game.apply(Action.draw("ann"))
    assert game.view(None).timeouts == (0, 0, 0, 0)


def test_r_time_timeout_count_is_per_player() -> None:
    """Other players' actions leave a count alone; the player's own action resets only theirs."""
    game = table(
        "ann: G1 G2 | bob: R6 B2 | cat: B5 | dan: Y1 Y2", start="R3", pile=PILE, draw_and_play=False
    )
    game.apply(Action.timeout("ann"))  # ann draws G8
    game.apply(Action.timeout("bob"))  # bob draws B3
    assert game.view(None).timeouts == (1, 1, 0, 0)
    game.apply(Action.draw("cat"))
    game.apply(Action.draw("dan"))
    assert game.view(None).timeouts == (1, 1, 0, 0)
    game.apply(Action.draw("ann"))
    assert game.view(None).timeouts == (0, 1, 0, 0)


def test_r_turn_7_timeout_draws_one_card_and_passes() -> None:
    game = table(HANDS, start="R3", pile=PILE)
    events = game.apply(Action.timeout("ann"))
    assert types(events) == ["timeout", "draw"]
    assert codes(game.hand("ann")) == "G1 G2 G8"
    assert game.current == "bob"


def test_r_turn_7_timeout_draws_exactly_one_even_under_draw_until_playable() -> None:
    game = table(HANDS, start="R3", pile=PILE, draw_until_playable=True)
    game.apply(Action.timeout("ann"))
    assert codes(game.hand("ann")) == "G1 G2 G8"
    assert game.current == "bob"


def test_r_turn_7_timeout_keeps_a_held_drawn_card() -> None:
    game = table(HANDS, start="R3", pile="R7 B3")
    game.apply(Action.draw("ann"))
    assert game.view("ann").drawn is not None
    events = game.apply(Action.timeout("ann"))
    assert types(events) == ["timeout", "pass"]
    assert codes(game.hand("ann")) == "G1 G2 R7"
    assert game.current == "bob"


def test_r_turn_7_timeout_takes_pending_penalty_even_under_forced_stacking() -> None:
    game = table(
        "ann: R+2 G1 | bob: G+2 B2 | cat: B5 B6 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        stacking="progressive",
        forced_stacking=True,
    )
    game.apply(play("ann", "R+2"))
    refused(game, Action.draw("bob"), "must_stack")
    game.apply(Action.timeout("bob"))
    assert codes(game.hand("bob")) == "G+2 B2 G8 B3"
    assert game.current == "cat"


def test_r_turn_7_timeout_on_wild_start_names_the_color_held_most() -> None:
    game = table("ann: G1 G2 B3 | bob: R6 B2 | cat: B5", start="W", pile=PILE)
    assert game.view("ann").phase == "choose_color"
    events = game.apply(Action.timeout("ann"))
    assert types(events)[:2] == ["timeout", "choose_color"]
    assert game.snapshot()["color"] == "green"
    assert codes(game.hand("ann")) == "G1 G2 B3 G8"
    assert game.current == "bob"
