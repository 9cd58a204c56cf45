"""Leaving a running match (R-LEAVE)."""

from __future__ import annotations

from younuo.engine import Action, escape_penalty

from .helpers import codes, events_of, play, refused, table, types

HANDS = "ann: G1 G2 | bob: R6 B2 | cat: B5 B6 | dan: Y7 YS"


def test_r_leave_cards_go_to_the_bottom_of_the_pile() -> None:
    """dan's Y7 YS go under G8 B3: they are drawn only after G8 and B3."""
    game = table(HANDS, start="R3", pile="G8 B3", draw_and_play=False)
    events = game.apply(Action.leave("dan"))
    assert types(events) == ["leave"]
    assert game.hand("dan") == ()
    assert game.snapshot()["pile_count"] == 4
    game.apply(Action.draw("ann"))
    game.apply(Action.draw("bob"))
    game.apply(Action.draw("cat"))
    assert codes(game.hand("ann")) == "G1 G2 G8"
    assert codes(game.hand("bob")) == "R6 B2 B3"
    assert game.hand("cat")[-1].code in ("Y7", "YS")
    assert game.card_count() == 11


def test_r_leave_event_tells_hand_points_for_the_escape_penalty() -> None:
    """Y7 + YS = 27 hand points at leaving: the -15 / +3 band."""
    game = table(HANDS, start="R3", pile="G8 B3")
    leave = game.apply(Action.leave("dan"))[0]
    assert (leave.player, leave.points, leave.count) == ("dan", 27, 2)
    assert escape_penalty(leave.points or 0) == (-15, 3)


def test_r_leave_leaver_is_skipped_from_then_on() -> None:
    game = table(HANDS, start="R3", pile="G8 B3 Y1", draw_and_play=False)
    game.apply(Action.leave("bob"))
    assert game.current == "ann"
    game.apply(Action.draw("ann"))
    assert game.current == "cat"
    assert game.view(None).in_match == (True, False, True, True)
    assert game.legal_actions("bob") == []
    refused(game, Action.leave("bob"), "not_in_match")


def test_r_leave_current_player_leaving_passes_the_turn() -> None:
    game = table(HANDS, start="R3", pile="G8 B3")
    game.apply(Action.leave("ann"))
    assert game.current == "bob"
    assert game.status == "playing"


def test_r_leave_pending_penalty_on_the_leaver_lapses() -> None:
    """bob faces ann's +2 (he could stack); he leaves: cat plays, and nobody draws the 2."""
    game = table(
        "ann: R+2 G2 | bob: G+2 B2 | cat: B5 B6 | dan: Y7 Y8",
        start="R3",
        pile="G8 B3 Y1 Y2",
        stacking="progressive",
    )
    game.apply(play("ann", "R+2"))
    assert game.current == "bob"
    assert game.view("bob").pending_draw == 2
    game.apply(Action.leave("bob"))
    assert game.current == "cat"
    assert game.snapshot()["pending_draw"] == 0
    assert codes(game.hand("cat")) == "B5 B6"
    assert game.snapshot()["pile_count"] == 4 + 2


def test_r_leave_accused_leaving_closes_the_challenge_but_not_the_penalty() -> None:
    """ann's W+4 waits on bob; ann leaves: nothing to challenge, bob still draws 4.

    With no challenge and nothing to stack, bob has no choice: he draws at once (R-STACK).
    """
    game = table(
        "ann: W+4 G2 | bob: R6 B2 | cat: B5 B6 | dan: Y7 Y8",
        start="R3",
        pile="G8 B3 Y1 Y2",
    )
    game.apply(play("ann", "W+4", "green"))
    game.apply(Action.leave("ann"))
    assert codes(game.hand("bob")) == "R6 B2 G8 B3 Y1 Y2"
    assert game.current == "cat"
    refused(game, Action.challenge("bob"), "not_your_turn")


def test_r_leave_accused_leaving_leaves_a_stacking_answer_open() -> None:
    """As above under stacking same, but bob holds a W+4: he still chooses (stack or draw)."""
    game = table(
        "ann: W+4 G2 | bob: R6 W+4 | cat: B5 B6 | dan: Y7 Y8",
        start="R3",
        pile="G8 B3 Y1 Y2",
        stacking="same",
    )
    game.apply(play("ann", "W+4", "green"))
    game.apply(Action.leave("ann"))
    refused(game, Action.challenge("bob"), "no_challenge")
    assert game.current == "bob"
    assert game.view("bob").pending_draw == 4
    game.apply(Action.draw("bob"))
    assert codes(game.hand("bob")) == "R6 W+4 G8 B3 Y1 Y2"


def test_r_leave_accused_leaving_makes_a_player_with_no_choice_draw_at_once() -> None:
    """R-STACK: p0's W+4 waits on p1, p0 leaves during the open challenge: p1, holding no
    card that answers it, draws the 4 at once and p2 is to play."""
    game = table("p0: W+4 G1 G2 | p1: R5 B2 | p2: Y3 Y4", start="R3", pile="G8 B3 Y1 Y2")
    game.apply(play("p0", "W+4", "blue"))
    events = game.apply(Action.leave("p0"))
    assert types(events) == ["leave", "draw"]
    assert codes(game.hand("p1")) == "R5 B2 G8 B3 Y1 Y2"
    assert game.current == "p2"
    assert game.snapshot()["pending_draw"] == 0


def test_r_leave_first_of_a_stack_leaving_makes_the_player_facing_it_draw() -> None:
    """R-DRAW4-4 first, R-STACK: ann began the +4 stack, bob stacked; cat may challenge ann.

    ann leaves: no challenge is left, cat holds nothing to stack, so cat draws 8 at once.
    """
    game = table(
        "ann: W+4 G1 | bob: W+4 B9 | cat: R5 B2 | dan: Y3 Y4",
        start="R3",
        pile="G8 B3 Y1 Y2 G1 G2 B4 B5 R6",
        stacking="same",
    )
    game.apply(play("ann", "W+4", "blue"))
    game.apply(play("bob", "W+4", "green"))
    assert game.view("cat").challenge == ("cat", "ann")
    game.apply(Action.leave("ann"))
    assert codes(game.hand("cat")) == "R5 B2 G8 B3 Y1 Y2 G1 G2 B4 B5"
    assert game.current == "dan"
    assert game.snapshot()["pending_draw"] == 0


def test_r_leave_ending_the_match_leaves_no_penalty_pending() -> None:
    """p0's W+4 waits on p1, who leaves: the match is over, so nothing is pending."""
    game = table("p0: W+4 G1 G2 | p1: R5 B2", start="R3", pile="G8 B3 Y1 Y2")
    game.apply(play("p0", "W+4", "blue"))
    game.apply(Action.leave("p1"))
    snapshot = game.snapshot()
    assert (snapshot["status"], snapshot["current"]) == ("match_over", None)
    assert snapshot["pending_draw"] == 0
    view = game.view("p0")
    assert (view.challenge, view.penalty_stack, view.phase) == (None, (), "turn")


def test_r_leave_match_goes_on_with_three_and_ends_below_three() -> None:
    game = table(HANDS, start="R3", pile="G8 B3")
    game.apply(Action.leave("dan"))
    assert game.status == "playing"
    events = game.apply(Action.leave("cat"))
    assert types(events) == ["leave", "match_over"]
    assert game.is_over
    assert game.current is None


def test_r_leave_best_score_among_those_left_wins() -> None:
    """negative: ann 0, bob 10, cat 5, dan 15; ann and dan leave: cat (5) beats bob (10)."""
    game = table(
        "ann: R1 | bob: G9 B1 | cat: B5 | dan: Y7 Y8",
        start="R3",
        pile="G8 B3 Y1 Y2",
        scoring="negative",
        seed=3,
    )
    game.apply(play("ann", "R1"))
    assert game.scores() == {"ann": 0, "bob": 10, "cat": 5, "dan": 15}
    game.apply(Action.next_round())
    game.apply(Action.leave("ann"))
    assert not game.is_over
    game.apply(Action.leave("dan"))
    assert game.is_over
    assert game.snapshot()["match_winner"] == "cat"


def test_r_leave_cumulative_best_score_wins_between_rounds() -> None:
    game = table("ann: R1 | bob: G9 B1 | cat: B5 | dan: Y7 Y8", start="R3", pile="G8 B3 Y1 Y2")
    game.apply(play("ann", "R1"))  # ann 30
    game.apply(Action.leave("bob"))
    assert game.status == "round_over"
    game.apply(Action.leave("cat"))
    assert game.is_over
    assert game.snapshot()["match_winner"] == "ann"


def test_r_leave_between_rounds_next_round_deals_without_the_leaver() -> None:
    game = table(
        "ann: R1 | bob: G9 B1 | cat: B5 | dan: Y7 Y8", start="R3", pile="G8 B3 Y1 Y2", seed=4
    )
    game.apply(play("ann", "R1"))
    game.apply(Action.leave("bob"))
    refused(game, Action.next_round("bob"), "not_in_match")
    game.apply(Action.next_round("cat"))
    assert game.hand("bob") == ()
    assert game.view(None).in_round == (True, False, True, True)
    assert game.card_count() == 108


def test_r_leave_three_player_match_ends_below_two() -> None:
    """R-LEAVE: in a 2- or 3-player match the match ends only below 2 players."""
    game = table("ann: R1 G2 | bob: G+2 B2 | cat: B5 B6", start="R3", pile="G8 B3")
    game.apply(Action.leave("cat"))
    assert game.status == "playing"
    assert game.current == "ann"
    game.apply(Action.leave("bob"))
    assert game.is_over
    assert game.snapshot()["match_winner"] == "ann"


def test_r_leave_two_player_match_remaining_player_wins() -> None:
    game = table("ann: R1 G2 | bob: G+2 B2", start="R3", pile="G8 B3")
    game.apply(Action.leave("ann"))
    assert game.is_over
    assert game.snapshot()["match_winner"] == "bob"
    refused(game, Action.leave("bob"), "match_over")


def test_r_leave_tie_among_those_left_goes_to_fewer_cards() -> None:
    """All scores 0: the remaining player with fewer cards wins (R-SCORE-4)."""
    game = table("ann: R1 G2 G3 | bob: G4 B2 | cat: B5 B6 B7 | dan: Y7", start="R3", pile="G8")
    game.apply(Action.leave("dan"))
    game.apply(Action.leave("cat"))
    assert game.snapshot()["match_winner"] == "bob"


def test_r_leave_knockout_last_one_holding_cards_ends_the_round() -> None:
    game = table(
        "ann: R1 | bob: R9 B1 | cat: B5 | dan: Y7 Y8",
        start="R3",
        pile="G8 B3 Y1 Y2",
        scoring="knockout",
        decks=1,
    )
    game.apply(play("ann", "R1"))
    game.apply(Action.leave("dan"))
    assert game.status == "playing"
    events = game.apply(Action.leave("cat"))
    assert types(events) == ["leave", "round_over", "match_over"]
    assert events_of(events, "round_over")[0].get("order") == ["ann", "bob"]
    # R-SCORE-3 knockout: ann 1 (bob finished after her), bob 0; the leavers score nothing.
    assert game.scores() == {"ann": 1, "bob": 0, "cat": 0, "dan": 0}
    assert game.snapshot()["match_winner"] == "ann"


def test_r_leave_knockout_finisher_who_left_cannot_win() -> None:
    """ann finishes first, then leaves: bob, who finishes next, wins the match."""
    game = table(
        "ann: R1 | bob: R9 | cat: R2 | dan: Y7 Y8 | eve: G7 G9",
        start="R3",
        pile="G8 B3 Y1 Y2",
        scoring="knockout",
        draw_and_play=False,
    )
    game.apply(play("ann", "R1"))
    game.apply(Action.leave("ann"))
    assert game.status == "playing"
    game.apply(play("bob", "R9"))  # bob finishes 2nd
    game.apply(play("cat", "R2"))  # cat 3rd
    assert game.current == "dan"
    events = game.apply(Action.leave("eve"))  # dan is left alone holding cards
    assert events_of(events, "round_over")[0].get("order") == ["ann", "bob", "cat", "dan"]
    assert game.is_over
    assert game.snapshot()["match_winner"] == "bob"
