"""R-TURN: matching, action cards, two players, drawing, force play, reshuffles,
timeouts and deadlock."""

from __future__ import annotations

import pytest

from younuo.engine import Action, ActionType, Card, Color

from .helpers import cards, codes, events_of, play, refused, status, table, types

FOUR = "ann: R5 G7 RS RR R+2 W W+4 | bob: B5 B6 | cat: Y5 Y6 | dan: G1 G2"


# ------------------------------------------------------------------ R-TURN-1


@pytest.mark.parametrize(
    ("card", "why"),
    [("R9", "color"), ("G3", "number"), ("BS", "symbol"), ("W", "wild"), ("W+4", "wild")],
)
def test_r_turn_1_matching_color_number_symbol_or_wild(card: str, why: str) -> None:
    # A Skip start card skips cat, the first player, so that ann plays on the RS.
    top, first = ("RS", "cat") if why == "symbol" else ("R3", "ann")
    game = table(f"ann: {card} Y1 | bob: B5 B6 | cat: Y5", start=top, first=first)
    assert game.current == "ann"
    game.apply(play("ann", card, "blue" if card.startswith("W") else None))
    assert game.snapshot()["discard_top"] == card
    assert codes(game.hand("ann")) == "Y1"


@pytest.mark.parametrize("card", ["G4", "Y+2", "BS", "GR"])
def test_r_turn_1_non_matching_card_is_refused(card: str) -> None:
    game = table(f"ann: {card} Y1 | bob: B5 | cat: Y5", start="R3")
    refused(game, play("ann", card), "card_does_not_match")


def test_r_turn_1_chosen_color_after_a_wild_is_in_force() -> None:
    game = table("ann: W R9 | bob: R5 G5 G+2 | cat: Y5 Y6", start="R3")
    game.apply(play("ann", "W", "green"))
    assert game.snapshot()["color"] == "green"
    refused(game, play("bob", "R5"), "card_does_not_match")
    plays = {a.card.code for a in game.legal_actions("bob") if a.card is not None}
    assert plays == {"G5", "G+2"}
    game.apply(play("bob", "G5"))
    assert game.snapshot()["color"] == "green"


def test_r_turn_1_legal_plays_are_exactly_the_matching_cards() -> None:
    game = table("ann: R9 G3 B4 Y+2 W W+4 | bob: B5 | cat: Y5", start="G9")
    plays = [a for a in game.legal_actions("ann") if a.type is ActionType.PLAY]
    assert {a.card.code for a in plays if a.card} == {"R9", "G3", "W", "W+4"}
    # Each wild is listed once per color.
    assert len([a for a in plays if a.card and a.card.code == "W"]) == 4
    assert Action.draw("ann") in game.legal_actions("ann")


def test_r_turn_1_refusals_have_specific_codes_and_change_nothing() -> None:
    game = table("ann: R5 R6 W | bob: B5 | cat: Y5", start="R3")
    refused(game, play("ann", "R9"), "card_not_in_hand")
    refused(game, play("bob", "B5"), "not_your_turn")
    refused(game, play("ann", "R5 R6"), "multi_play_off")
    refused(game, play("ann", "W"), "missing_color")
    refused(game, play("ann", "R5", "blue"), "bad_color")
    refused(game, play("ann", "R5", target="bob"), "unexpected_target")
    both = Action(ActionType.PLAY, "ann", card=Card.parse("R5"), cards=(Card.parse("R6"),))
    refused(game, both, "card_and_cards")
    refused(game, Action(ActionType.PLAY, "ann"), "missing_card")
    refused(game, play("zed", "R5"), "unknown_player")
    refused(game, Action.pass_("ann"), "nothing_to_pass")
    refused(game, Action.challenge("ann"), "no_challenge")


def test_r_turn_1_out_of_turn_and_after_the_round_actions_are_refused() -> None:
    game = table("ann: R5 | bob: B5 B6 | cat: Y5", start="R3", pile="G1")
    refused(game, Action.draw("bob"), "not_your_turn")
    refused(game, Action.pass_("cat"), "not_your_turn")
    refused(game, Action.choose_color("bob", Color.RED), "not_your_turn")
    game.apply(play("ann", "R5"))
    assert game.status == "round_over"
    for action in (play("bob", "B5"), Action.draw("bob"), Action.uno("bob"), Action.timeout("bob")):
        refused(game, action, "not_playing")
    refused(game, Action.catch("bob", "cat"), "not_playing")


# ------------------------------------------------------------------ R-TURN-2


def test_r_turn_2_skip_next_player_loses_the_turn() -> None:
    game = table(FOUR, start="R3")
    events = game.apply(play("ann", "RS"))
    assert [e.player for e in events_of(events, "skip")] == ["bob"]
    assert game.current == "cat"


def test_r_turn_2_reverse_flips_direction() -> None:
    game = table(FOUR, start="R3", pile="Y9")
    game.apply(play("ann", "RR"))
    assert (game.current, game.snapshot()["direction"]) == ("dan", -1)
    game.apply(Action.draw("dan"))  # Y9 is not playable on RR: the turn passes on
    assert game.current == "cat"


def test_r_turn_2_draw_two_next_draws_two_and_loses_the_turn() -> None:
    game = table(FOUR, start="R3", pile="Y1 Y2 Y3")
    events = game.apply(play("ann", "R+2"))
    assert codes(game.hand("bob")) == "B5 B6 Y1 Y2"
    assert [(e.player, e.count, e.reason) for e in events_of(events, "draw")] == [
        ("bob", 2, "penalty")
    ]
    assert (game.current, game.snapshot()["pending_draw"]) == ("cat", 0)


def test_r_turn_2_wild_names_the_color_and_play_moves_on() -> None:
    game = table(FOUR, start="R3")
    events = game.apply(play("ann", "W", "blue"))
    assert events_of(events, "play")[0].color is Color.BLUE
    assert (game.current, game.snapshot()["color"]) == ("bob", "blue")


def test_r_turn_2_wild_draw_four_next_draws_four_and_loses_the_turn() -> None:
    game = table(FOUR, start="R3", pile="Y1 Y2 Y3 Y4 Y7")
    game.apply(play("ann", "W+4", "yellow"))
    # bob may challenge (classic): he takes the four instead.
    assert game.current == "bob"
    assert {a.type for a in game.legal_actions("bob")} >= {ActionType.CHALLENGE, ActionType.DRAW}
    game.apply(Action.draw("bob"))
    assert codes(game.hand("bob")) == "B5 B6 Y1 Y2 Y3 Y4"
    assert (game.current, game.snapshot()["color"]) == ("cat", "yellow")


# ------------------------------------------------------------------ R-TURN-3

TWO = "ann: RR RS R5 | bob: B5 B6"


def test_r_turn_3_two_players_reverse_acts_as_skip_and_flips() -> None:
    game = table(TWO, start="R3")
    events = game.apply(play("ann", "RR"))
    assert [e.player for e in events_of(events, "skip")] == ["bob"]
    assert (game.current, game.snapshot()["direction"]) == ("ann", -1)


def test_r_turn_3_two_players_reverse_option_opponent_plays_next() -> None:
    game = table(TWO, start="R3", two_player_reverse="reverse")
    events = game.apply(play("ann", "RR"))
    assert not events_of(events, "skip")
    assert (game.current, game.snapshot()["direction"]) == ("bob", -1)


@pytest.mark.parametrize("option", ["skip", "reverse"])
def test_r_turn_3_two_players_skip_plays_again(option: str) -> None:
    game = table(TWO, start="R3", two_player_reverse=option)
    game.apply(play("ann", "RS"))
    assert game.current == "ann"


def test_r_turn_3_reverse_with_three_players_is_not_a_skip() -> None:
    game = table("ann: RR R5 | bob: B5 | cat: Y5", start="R3")
    game.apply(play("ann", "RR"))
    assert game.current == "cat"


# ------------------------------------------------------------------ R-TURN-4


def test_r_turn_4_draw_and_play_playable_card_may_be_played() -> None:
    game = table("ann: B1 B2 | bob: B5 | cat: Y5", start="R3", pile="R7 G1", draw_and_play=True)
    events = game.apply(Action.draw("ann"))
    assert codes(game.hand("ann")) == "B1 B2 R7"
    assert game.current == "ann"
    assert game.view("ann").drawn == Card.parse("R7")
    assert game.view("bob").drawn is None and game.view(None).drawn is None
    assert game.redact(events_of(events, "draw")[0], "bob").cards is None
    assert game.redact(events_of(events, "draw")[0], "ann").cards == (Card.parse("R7"),)
    legal = game.legal_actions("ann")
    assert {a.type for a in legal} >= {ActionType.PLAY, ActionType.PASS}
    assert [a.card for a in legal if a.type is ActionType.PLAY] == [Card.parse("R7")]
    refused(game, Action.draw("ann"), "already_drawn")
    game.apply(play("ann", "R7"))
    assert (game.current, game.snapshot()["discard_top"]) == ("bob", "R7")


def test_r_turn_4_draw_and_play_only_the_drawn_card() -> None:
    game = table("ann: R1 B2 | bob: B5 | cat: Y5", start="R3", pile="R7", draw_and_play=True)
    game.apply(Action.draw("ann"))
    refused(game, play("ann", "R1"), "play_drawn_card")


def test_r_turn_4_draw_and_play_pass_keeps_the_card() -> None:
    game = table("ann: B1 B2 | bob: B5 | cat: Y5", start="R3", pile="W", draw_and_play=True)
    game.apply(Action.draw("ann"))
    events = game.apply(Action.pass_("ann"))
    assert types(events)[0] == "pass"
    assert codes(game.hand("ann")) == "B1 B2 W"
    assert game.current == "bob"
    refused(game, Action.pass_("bob"), "nothing_to_pass")


def test_r_turn_4_draw_and_play_unplayable_draw_passes_at_once() -> None:
    game = table("ann: B1 B2 | bob: B5 | cat: Y5", start="R3", pile="G7", draw_and_play=True)
    game.apply(Action.draw("ann"))
    assert game.current == "bob"
    assert codes(game.hand("ann")) == "B1 B2 G7"


def test_r_turn_4_draw_and_play_off_drawing_ends_the_turn() -> None:
    game = table("ann: B1 B2 | bob: B5 | cat: Y5", start="R3", pile="R7", draw_and_play=False)
    game.apply(Action.draw("ann"))
    assert game.current == "bob"
    assert codes(game.hand("ann")) == "B1 B2 R7"
    assert game.view("ann").drawn is None


def test_r_turn_4_a_player_may_draw_while_holding_a_playable_card() -> None:
    game = table("ann: R1 B2 | bob: B5 | cat: Y5", start="R3", pile="G7")
    game.apply(Action.draw("ann"))
    assert game.current == "bob"


# ------------------------------------------------------------------ R-TURN-5


def test_r_turn_5_force_play_forbids_drawing_with_a_playable_card() -> None:
    game = table("ann: R1 B2 | bob: B5 | cat: Y5", start="R3", pile="G7", force_play=True)
    refused(game, Action.draw("ann"), "must_play")
    assert Action.draw("ann") not in game.legal_actions("ann")


def test_r_turn_5_force_play_without_a_playable_card_draws() -> None:
    game = table("ann: G1 B2 | bob: B5 | cat: Y5", start="R3", pile="R7", force_play=True)
    assert Action.draw("ann") in game.legal_actions("ann")
    game.apply(Action.draw("ann"))
    # draw_and_play (classic) is on: the playable R7 must now be played, not kept.
    refused(game, Action.pass_("ann"), "must_play")
    assert Action.pass_("ann") not in game.legal_actions("ann")
    game.apply(play("ann", "R7"))
    assert game.current == "bob"


def test_r_turn_5_force_play_a_player_facing_a_penalty_may_still_draw_it() -> None:
    game = table(
        "ann: R+2 R1 | bob: B5 B+2 | cat: Y5",
        start="R3",
        pile="Y1 Y2",
        force_play=True,
        stacking="progressive",
    )
    game.apply(play("ann", "R+2"))
    game.apply(Action.draw("bob"))
    assert codes(game.hand("bob")) == "B5 B+2 Y1 Y2"


def test_r_turn_5_draw_until_playable_keeps_drawing() -> None:
    game = table(
        "ann: G1 B2 | bob: B5 | cat: Y5",
        start="R3",
        pile="G7 Y9 R4 B8",
        draw_until_playable=True,
        draw_and_play=False,
    )
    events = game.apply(Action.draw("ann"))
    assert codes(game.hand("ann")) == "G1 B2 G7 Y9 R4"
    assert [e.count for e in events_of(events, "draw")] == [1, 1, 1]
    assert game.current == "ann" and game.view("ann").drawn == Card.parse("R4")
    refused(game, play("ann", "G1"), "play_drawn_card")
    game.apply(play("ann", "R4"))
    assert game.current == "bob"


def test_r_turn_5_draw_until_playable_may_keep_unless_force_play() -> None:
    setup = "ann: G1 B2 | bob: B5 | cat: Y5"
    game = table(setup, start="R3", pile="G7 W", draw_until_playable=True)
    game.apply(Action.draw("ann"))
    game.apply(Action.pass_("ann"))
    assert codes(game.hand("ann")) == "G1 B2 G7 W"
    forced = table(setup, start="R3", pile="G7 W", draw_until_playable=True, force_play=True)
    forced.apply(Action.draw("ann"))
    refused(forced, Action.pass_("ann"), "must_play")


def test_r_turn_5_draw_until_playable_runs_dry_and_passes() -> None:
    game = table(
        "ann: G1 B2 | bob: B5 | cat: Y5", start="R3", pile="G7 Y9", draw_until_playable=True
    )
    game.apply(Action.draw("ann"))
    assert codes(game.hand("ann")) == "G1 B2 G7 Y9"
    assert game.current == "bob"


# ------------------------------------------------------------------ R-TURN-6


def test_r_turn_6_empty_pile_reshuffles_the_discards_under_the_top() -> None:
    game = table("ann: R5 G1 | bob: R7 G2 | cat: B1 B2", start="R3", seed=4)
    total = game.card_count()
    game.apply(play("ann", "R5"))
    game.apply(play("bob", "R7"))
    events = game.apply(Action.draw("cat"))
    assert types(events)[:2] == ["reshuffle", "draw"]
    assert events_of(events, "reshuffle")[0].count == 2
    drawn = events_of(events, "draw")[0].cards
    assert drawn is not None and drawn[0] in cards("R3 R5")
    snap = game.snapshot()
    assert (snap["discard_top"], snap["pile_count"]) == ("R7", 1)
    assert game.view(None).discard_count == 1
    assert game.card_count() == total


def test_r_turn_6_nothing_to_draw_draws_nothing_and_passes() -> None:
    game = table("ann: G1 B2 | bob: B5 | cat: Y5", start="R3")
    events = game.apply(Action.draw("ann"))
    assert [(e.count, e.cards) for e in events_of(events, "draw")] == [(0, ())]
    assert game.current == "bob"
    assert codes(game.hand("ann")) == "G1 B2"


def test_r_turn_6_a_penalty_draws_what_there_is() -> None:
    # A Draw Two start card, one card in the pile and nothing under the top to reshuffle.
    game = table("ann: R2 G1 | bob: B5 | cat: Y5", start="R+2", pile="Y1")
    draws = events_of(game.opening_events, "draw")
    assert [(e.player, e.count) for e in draws] == [("ann", 1)]
    assert codes(game.hand("ann")) == "R2 G1 Y1"
    assert (game.current, game.snapshot()["pending_draw"]) == ("bob", 0)


# ------------------------------------------------------------------ R-TURN-7


def test_r_turn_7_timeout_draws_one_and_passes() -> None:
    game = table("ann: R1 B2 | bob: B5 | cat: Y5", start="R3", pile="R7 G1")
    events = game.apply(Action.timeout("ann"))
    assert types(events) == ["timeout", "draw"]
    assert codes(game.hand("ann")) == "R1 B2 R7"  # playable, but the timeout passes
    assert game.current == "bob"
    assert game.view("bob").timeouts == (1, 0, 0)


def test_r_turn_7_timeout_draws_exactly_one_even_under_draw_until_playable() -> None:
    game = table(
        "ann: G1 B2 | bob: B5 | cat: Y5", start="R3", pile="G7 Y9 R4", draw_until_playable=True
    )
    game.apply(Action.timeout("ann"))
    assert codes(game.hand("ann")) == "G1 B2 G7"
    assert game.current == "bob"


def test_r_turn_7_timeout_takes_the_pending_penalty() -> None:
    game = table(
        "ann: R+2 G1 | bob: B5 B+2 | cat: Y5",
        start="R3",
        pile="Y1 Y2 Y3",
        stacking="progressive",
        forced_stacking=True,
    )
    game.apply(play("ann", "R+2"))
    refused(game, Action.draw("bob"), "must_stack")
    game.apply(Action.timeout("bob"))
    assert codes(game.hand("bob")) == "B5 B+2 Y1 Y2"
    assert (game.current, game.snapshot()["pending_draw"]) == ("cat", 0)


def test_r_turn_7_timeout_keeps_a_held_drawn_card() -> None:
    game = table("ann: G1 B2 | bob: B5 | cat: Y5", start="R3", pile="R7 Y1")
    game.apply(Action.draw("ann"))
    events = game.apply(Action.timeout("ann"))
    assert types(events) == ["timeout", "pass"]
    assert codes(game.hand("ann")) == "G1 B2 R7"
    assert game.current == "bob"


def test_r_turn_7_timeout_on_wild_start_names_the_color_held_most() -> None:
    game = table("ann: B1 G2 B3 Y4 | bob: B5 | cat: Y5", start="W", pile="R1 R2")
    events = game.apply(Action.timeout("ann"))
    assert types(events) == ["timeout", "choose_color", "draw"]
    assert events_of(events, "choose_color")[0].color is Color.BLUE
    assert game.snapshot()["color"] == "blue"
    assert codes(game.hand("ann")) == "B1 G2 B3 Y4 R1"
    assert game.current == "bob"


def test_r_turn_7_timeout_on_wild_start_ties_go_to_the_first_color_in_rygb_order() -> None:
    game = table("ann: B1 G2 | bob: B5 | cat: Y5", start="W", pile="R1 R2")
    events = game.apply(Action.timeout("ann"))
    assert events_of(events, "choose_color")[0].color is Color.GREEN


def test_r_turn_7_only_the_player_to_move_can_time_out() -> None:
    game = table("ann: G1 B2 | bob: B5 | cat: Y5", start="R3", pile="R7")
    refused(game, Action.timeout("bob"), "not_your_turn")


def test_r_turn_7_timeout_with_a_challenge_open_takes_four_not_six() -> None:
    game = table("ann: W+4 G1 | bob: B5 | cat: Y5", start="R3", pile="Y1 Y2 Y3 Y4 Y6 Y7")
    game.apply(play("ann", "W+4", "green"))
    game.apply(Action.timeout("bob"))
    assert len(game.hand("bob")) == 5 and len(game.hand("ann")) == 1
    assert game.current == "cat"


# ------------------------------------------------------------------ R-TURN-8


def test_r_turn_8_deadlock_ends_the_round_fewest_points_win() -> None:
    game = table("ann: G5 | bob: Y7 | cat: B2 B4", start="R3")
    game.apply(Action.draw("ann"))
    game.apply(Action.draw("bob"))
    assert game.status == "playing"
    events = game.apply(Action.draw("cat"))
    over = events_of(events, "round_over")
    assert over and over[0].player == "ann"
    snap = game.snapshot()
    assert (snap["status"], snap["round_winner"], snap["round_points"]) == ("round_over", "ann", 13)
    assert snap["scores"] == {"ann": 13, "bob": 0, "cat": 0}


def test_r_turn_8_deadlock_ties_fewer_cards_then_earlier_seat() -> None:
    game = table("ann: G2 G3 | bob: Y5 | cat: B5", start="R1")
    for p in ("ann", "bob", "cat"):
        game.apply(Action.draw(p))
    assert game.snapshot()["round_winner"] == "bob"  # 5 points each, bob has 1 card
    game = table("ann: G2 G3 | bob: Y1 Y4 | cat: B5", start="R1")
    for p in ("ann", "bob", "cat"):
        game.apply(Action.draw(p))
    assert game.snapshot()["round_winner"] == "cat"
    game = table("ann: G2 G3 | bob: Y1 Y4 | cat: B1 B4", start="R6")
    for p in ("ann", "bob", "cat"):
        game.apply(Action.draw(p))
    assert game.snapshot()["round_winner"] == "ann"


def test_r_turn_8_a_play_restarts_the_circle() -> None:
    game = table("ann: G5 | bob: Y7 R9 | cat: B2 B4", start="R3", draw_and_play=False)
    game.apply(Action.draw("ann"))
    game.apply(play("bob", "R9"))
    events = game.apply(Action.draw("cat"))  # the R3 under the top is reshuffled and drawn
    assert types(events)[:2] == ["reshuffle", "draw"]
    game.apply(Action.draw("ann"))
    assert game.status == "playing"
    game.apply(Action.draw("bob"))
    assert game.snapshot()["round_winner"] == "ann"


def test_r_turn_8_no_deadlock_while_a_card_can_be_drawn() -> None:
    game = table("ann: G5 | bob: Y7 | cat: B2 B4", start="R3", pile="Y8", draw_and_play=False)
    for p in ("ann", "bob", "cat"):
        game.apply(Action.draw(p))
    # ann drew Y8 (13 points); nobody played for a full circle, and nothing can be
    # drawn now: the round is over, cat's B2 B4 (6) are the fewest points.
    assert game.snapshot()["round_winner"] == "cat"
    game = table(
        "ann: G5 | bob: Y7 | cat: B2 B4", start="R3", pile="Y8 Y9 B9 Y4", draw_and_play=False
    )
    for p in ("ann", "bob", "cat"):
        game.apply(Action.draw(p))
    assert game.status == "playing"  # Y4 is still in the pile
    assert game.snapshot()["pile_count"] == 1 and game.current == "ann"
    game.apply(Action.draw("ann"))
    assert status(game) == "round_over"
