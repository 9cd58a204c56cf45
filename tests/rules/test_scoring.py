"""Round end and scoring (R-SCORE-1..5), every scoring method and the target.

Every expected number is worked out by hand from the cards of the setup (R-CARD-4:
numbers = face value; S, R, +2, A = 20; W, W+4, WB = 50).
"""

from __future__ import annotations

from younuo.engine import Action, Card, Game, IllegalAction, hand_points
from younuo.engine.scoring import best_seat

from .helpers import codes, events_of, play, refused, status, table, types
from .house_helpers import play_out_round, round_over_event

# ann goes out with R5 on R3; the others hold 29, 50 and 27 points.
FOUR = "ann: R5 | bob: G9 B+2 | cat: W | dan: Y7 YS"
PILE = "G8 B3 Y1 Y2 G1 G2 B4 B5"


# ----------------------------------------------------------------- R-SCORE-1, R-SCORE-2
def test_r_score_1_round_ends_when_a_player_plays_the_last_card() -> None:
    game = table(FOUR, start="R3", pile=PILE)
    events = game.apply(play("ann", "R5"))
    assert types(events) == ["play", "round_over"]
    assert game.status == "round_over"
    assert game.current is None
    assert game.snapshot()["round_winner"] == "ann"


def test_r_score_2_round_points_are_the_other_hands() -> None:
    """R-SCORE-2: 9 + 20 (bob) + 50 (cat) + 7 + 20 (dan) = 106."""
    game = table(FOUR, start="R3", pile=PILE)
    events = game.apply(play("ann", "R5"))
    over = events_of(events, "round_over")[0]
    assert over.points == 106
    assert game.snapshot()["round_points"] == 106
    shown = {name: codes(cards or ()) for name, cards in over.hands or ()}
    assert shown == {"ann": "", "bob": "G9 B+2", "cat": "W", "dan": "Y7 YS"}


def test_r_score_2_party_cards_count_20_and_50() -> None:
    """R-CARD-4 in R-SCORE-2: Discard All 20, Wild Bounce 50, Wild Draw Four 50, Reverse 20."""
    game = table("ann: R5 | bob: RA WB | cat: W+4 GR", start="R3", pile=PILE, deck="party")
    game.apply(play("ann", "R5"))
    assert game.snapshot()["round_points"] == 20 + 50 + 50 + 20


def test_r_score_1_last_draw_two_is_drawn_first_and_counts() -> None:
    """R-SCORE-1: a last +2 makes the next player draw 2 first; those cards count."""
    game = table("ann: R+2 | bob: G9 B1 | cat: B5 | dan: Y7 Y8", start="R3", pile="G8 B3 Y1")
    events = game.apply(play("ann", "R+2"))
    assert types(events) == ["play", "draw", "round_over"]
    assert codes(game.hand("bob")) == "G9 B1 G8 B3"
    # bob 9 + 1 + 8 + 3 = 21, cat 5, dan 15.
    assert game.scores()["ann"] == 41


def test_r_score_1_last_wild_draw_four_is_drawn_first_and_counts() -> None:
    game = table("ann: W+4 | bob: G9 | cat: B5", start="R3", pile="G8 B3 Y1 Y2 G1")
    game.apply(play("ann", "W+4", "blue"))
    assert codes(game.hand("bob")) == "G9 G8 B3 Y1 Y2"
    assert game.scores()["ann"] == 9 + 8 + 3 + 1 + 2 + 5


def test_r_score_1_stacking_ends_with_the_last_card() -> None:
    """R-SCORE-1: ann stacks her last +2 on dan's: bob draws all 4 and may not stack his +2."""
    game = table(
        "ann: B+2 | bob: G+2 B1 | cat: B5 | dan: R+2 Y7",
        start="R3",
        pile="G8 B3 Y1 Y2",
        first="dan",
        stacking="progressive",
    )
    game.apply(play("dan", "R+2"))
    assert game.current == "ann"
    assert game.view("ann").pending_draw == 2
    events = game.apply(play("ann", "B+2"))
    assert types(events) == ["play", "draw", "round_over"]
    assert codes(game.hand("bob")) == "G+2 B1 G8 B3 Y1 Y2"
    # bob 20 + 1 + 8 + 3 + 1 + 2 = 35, cat 5, dan 7.
    assert game.scores()["ann"] == 47
    assert game.snapshot()["pending_draw"] == 0


# ----------------------------------------------------------------- R-SCORE-3 cumulative
def test_r_score_3_cumulative_winner_scores_round_points_below_target() -> None:
    game = table(FOUR, start="R3", pile=PILE)
    game.apply(play("ann", "R5"))
    assert game.scores() == {"ann": 106, "bob": 0, "cat": 0, "dan": 0}
    assert game.status == "round_over"
    assert game.snapshot()["match_winner"] is None


def test_r_score_3_target_reached_exactly_ends_the_match() -> None:
    """Option target: reaching it (106 >= 106) ends the match."""
    game = table(FOUR, start="R3", pile=PILE, target=106)
    events = game.apply(play("ann", "R5"))
    assert types(events)[-1] == "match_over"
    assert game.is_over
    assert game.snapshot()["match_winner"] == "ann"


def test_r_score_3_target_just_missed_goes_on() -> None:
    game = table(FOUR, start="R3", pile=PILE, target=107)
    game.apply(play("ann", "R5"))
    assert game.status == "round_over"
    game.apply(Action.next_round("cat"))
    assert status(game) == "playing"
    assert game.round == 2
    assert game.scores()["ann"] == 106


# ----------------------------------------------------------------- R-SCORE-3 negative
def test_r_score_3_negative_each_loser_adds_own_hand() -> None:
    game = table(FOUR, start="R3", pile=PILE, scoring="negative")
    game.apply(play("ann", "R5"))
    assert game.scores() == {"ann": 0, "bob": 29, "cat": 50, "dan": 27}
    assert game.status == "round_over"


def test_r_score_3_negative_target_ends_match_lowest_total_wins() -> None:
    """R-SCORE-3 negative: cat reaches 50; the lowest total (ann, 0) wins, not cat."""
    game = table(FOUR, start="R3", pile=PILE, scoring="negative", target=50)
    game.apply(play("ann", "R5"))
    assert game.is_over
    assert game.snapshot()["match_winner"] == "ann"


# ----------------------------------------------------------------- R-SCORE-3 elimination
def test_r_score_3_elimination_reaching_target_is_out_and_rounds_go_on() -> None:
    game = table(FOUR, start="R3", pile=PILE, scoring="elimination", target=40, seed=5)
    events = game.apply(play("ann", "R5"))
    assert [e.player for e in events_of(events, "player_out")] == ["cat"]
    assert game.status == "round_over"
    assert game.view(None).in_match == (True, True, False, True)
    assert game.legal_actions("cat") == []
    game.apply(Action.next_round("ann"))
    assert status(game) == "playing"
    assert game.view(None).in_round == (True, True, False, True)
    assert game.hand("cat") == ()
    assert all(len(game.hand(p)) >= 7 for p in ("ann", "bob", "dan"))
    refused(game, Action.draw("cat"))


def test_r_score_3_elimination_last_player_standing_wins() -> None:
    """Both losers reach the target at once: one player remains and wins."""
    game = table(
        "ann: R5 | bob: G9 B+2 | cat: W", start="R3", pile=PILE, scoring="elimination", target=29
    )
    events = game.apply(play("ann", "R5"))
    assert sorted(e.player or "" for e in events_of(events, "player_out")) == ["bob", "cat"]
    assert game.is_over
    assert game.snapshot()["match_winner"] == "ann"


def test_r_score_3_elimination_plays_rounds_until_one_remains() -> None:
    """Rounds dealt at random go on while two or more are below the target."""
    game = table(
        "ann: R5 | bob: G9 | cat: B1 | dan: Y2",
        start="R3",
        pile=PILE,
        scoring="elimination",
        target=60,
        seed=11,
    )
    game.apply(play("ann", "R5"))  # bob 9, cat 1, dan 2: nobody out
    rounds = 1
    while not game.is_over:
        assert game.status == "round_over"
        before = dict(zip(game.players, game.view(None).in_match, strict=True))
        game.apply(Action.next_round())
        rounds += 1
        events = play_out_round(game)
        scores = round_over_event(events).get("scores")
        below = [p for p in game.players if scores[p] < 60]
        reached = {p for p in game.players if before[p] and scores[p] >= 60}
        if len(below) > 1:
            assert {e.player for e in events_of(events, "player_out")} == reached
            assert not game.is_over, "the match ended with two players still below the target"
        else:
            assert game.is_over
            assert game.snapshot()["match_winner"] == below[0]
    assert rounds > 2


# ----------------------------------------------------------------- R-SCORE-3 knockout
def knockout_table() -> Game:
    return table(
        "ann: R1 | bob: R9 R2 | cat: R4 | dan: Y7 Y8",
        start="R3",
        pile="G8 B3 Y1 Y2 G1 G2",
        scoring="knockout",
        draw_and_play=False,
    )


def test_r_score_3_knockout_player_out_leaves_round_and_play_goes_on() -> None:
    game = knockout_table()
    events = game.apply(play("ann", "R1"))
    assert types(events) == ["play", "finish"]
    assert events[-1].get("place") == 1
    assert game.status == "playing"
    assert game.current == "bob"
    assert game.view(None).in_round == (False, True, True, True)


def test_r_score_3_knockout_finishing_order_scores_players_finishing_after() -> None:
    """Edge case: a knockout score is the number of players who finished after them."""
    game = knockout_table()
    game.apply(play("ann", "R1"))  # 1st
    game.apply(play("bob", "R9"))
    game.apply(play("cat", "R4"))  # 2nd
    assert game.current == "dan"
    game.apply(Action.draw("dan"))
    assert game.current == "bob"  # ann and cat are out of the round
    events = game.apply(play("bob", "R2"))  # 3rd: dan is left holding cards
    over = events_of(events, "round_over")[0]
    assert over.get("order") == ["ann", "cat", "bob", "dan"]
    assert game.scores() == {"ann": 3, "cat": 2, "bob": 1, "dan": 0}
    assert game.is_over
    assert game.snapshot()["match_winner"] == "ann"


def test_r_score_3_knockout_last_draw_two_still_acts() -> None:
    """Knockout: going out on a +2 does not end the round, so the +2 acts on the next player."""
    game = table(
        "ann: R+2 | bob: G9 | cat: B5 | dan: Y7", start="R3", pile="G8 B3 Y1", scoring="knockout"
    )
    game.apply(play("ann", "R+2"))
    assert codes(game.hand("bob")) == "G9 G8 B3"
    assert game.current == "cat"


def test_r_score_1_knockout_last_draw_two_of_the_round_is_drawn_and_counts() -> None:
    """Knockout, two left: ann goes out on R+2, so bob, the last player, draws G8 B3 first.

    round_points is his hand after the draw: 9 + 8 + 3 = 20.
    """
    game = table("ann: R+2 | bob: G9", start="R3", pile="G8 B3 Y1", scoring="knockout")
    events = game.apply(play("ann", "R+2"))
    assert types(events) == ["play", "draw", "finish", "round_over", "match_over"]
    assert codes(game.hand("bob")) == "G9 G8 B3"
    assert game.snapshot()["round_points"] == 20
    assert game.snapshot()["pending_draw"] == 0
    assert game.scores() == {"ann": 1, "bob": 0}


def test_r_score_1_knockout_last_stack_is_drawn_whole_by_the_last_player() -> None:
    """Knockout: cat is out; bob stacks R+2 on ann's B+2 and goes out: ann draws all 4."""
    game = table(
        "ann: B+2 Y5 | bob: R+2 | cat: B7 | dan: G4 G6",
        start="B3",
        pile="G8 B1 Y1 Y2 G1 G2",
        scoring="knockout",
        stacking="progressive",
        first="cat",
    )
    game.apply(play("cat", "B7"))  # cat finishes 1st
    game.apply(Action.leave("dan"))  # ann and bob are left in the round
    game.apply(play("ann", "B+2"))
    assert game.view("bob").pending_draw == 2
    game.apply(play("bob", "R+2"))
    assert codes(game.hand("ann")) == "Y5 G8 B1 Y1 Y2"
    assert game.snapshot()["round_points"] == 5 + 8 + 1 + 1 + 2
    assert game.view(None).pending_draw == 0
    assert game.snapshot()["match_winner"] == "cat"


def test_r_score_1_knockout_last_multi_play_of_wild_draw_fours_gives_eight() -> None:
    """Knockout, multi-play: ann goes out on two W+4: bob, the last player, draws 8."""
    game = table(
        "ann: W+4 W+4 | bob: G9",
        start="R3",
        pile="G8 B3 Y1 Y2 G1 G2 B4 B5 R6",
        scoring="knockout",
        multi_play="identical",
    )
    game.apply(play("ann", "W+4 W+4", "red"))
    assert codes(game.hand("bob")) == "G9 G8 B3 Y1 Y2 G1 G2 B4 B5"
    assert game.snapshot()["round_points"] == 9 + 8 + 3 + 1 + 2 + 1 + 2 + 4 + 5


# ----------------------------------------------------------------- R-SCORE-3 single
def test_r_score_3_single_one_round_points_recorded() -> None:
    game = table(FOUR, start="R3", pile=PILE, scoring="single")
    events = game.apply(play("ann", "R5"))
    assert types(events) == ["play", "round_over", "match_over"]
    assert game.scores() == {"ann": 106, "bob": 0, "cat": 0, "dan": 0}
    assert game.snapshot()["match_winner"] == "ann"
    refused(game, Action.next_round("ann"))


# ----------------------------------------------------------------- R-SCORE-4 ties
def test_r_score_4_tie_fewer_cards_wins() -> None:
    """negative, target 10: ann and bob both total 0; ann holds 0 cards, bob 1 (R0)."""
    game = table(
        "ann: R5 | bob: R0 | cat: G9 B8", start="R3", pile=PILE, scoring="negative", target=10
    )
    game.apply(play("ann", "R5"))
    assert game.scores() == {"ann": 0, "bob": 0, "cat": 17}
    assert game.snapshot()["match_winner"] == "ann"


def test_r_score_4_tie_order_cards_then_points_then_seat() -> None:
    r0, r1, r9, g9 = (Card.parse(c) for c in ("R0", "R1", "R9", "G9"))
    hands = [[r9, g9], [r1], [r0], [r0]]
    scores = [100, 100, 100, 100]
    # fewer cards: seats 1, 2, 3 hold one card; fewer points: 2 and 3 (0 points); earlier: 2.
    assert best_seat([0, 1, 2, 3], scores, hands, lowest_wins=False) == 2
    assert best_seat([0, 1], scores, hands, lowest_wins=False) == 1
    assert best_seat([1, 3], scores, hands, lowest_wins=True) == 3
    # a better score beats any tie-break
    assert best_seat([0, 2], [101, 100, 100, 100], hands, lowest_wins=False) == 0
    assert best_seat([0, 2], [99, 100, 100, 100], hands, lowest_wins=True) == 0


# ----------------------------------------------------------------- R-SCORE-5 match clock
def test_r_score_5_match_clock_fewest_hand_points_wins_round_and_match() -> None:
    game = table("ann: R5 R6 | bob: G1 | cat: B8 B9 | dan: Y2 Y3", start="R3", pile=PILE)
    events = game.apply(Action.match_clock())
    assert types(events) == ["round_over", "match_over"]
    # bob holds 1 point; he scores ann 11 + cat 17 + dan 5.
    assert game.snapshot()["round_winner"] == "bob"
    assert game.scores()["bob"] == 33
    assert game.snapshot()["match_winner"] == "bob"
    assert game.is_over


def test_r_score_5_match_clock_tie_goes_to_fewer_cards() -> None:
    game = table("ann: R5 R6 | bob: G1 G2 | cat: B8 B9 | dan: Y3", start="R3", pile=PILE)
    game.apply(Action.match_clock())
    assert game.snapshot()["round_winner"] == "dan"
    assert game.scores()["dan"] == 11 + 3 + 17


def test_r_score_5_match_clock_negative_lowest_total_wins() -> None:
    game = table(
        "ann: R5 R6 | bob: G1 | cat: B8 B9 | dan: Y2 Y3",
        start="R3",
        pile=PILE,
        scoring="negative",
    )
    game.apply(Action.match_clock())
    assert game.scores() == {"ann": 11, "bob": 0, "cat": 17, "dan": 5}
    assert game.snapshot()["match_winner"] == "bob"


def test_r_score_5_match_clock_between_rounds_ends_match_with_leader() -> None:
    game = table(FOUR, start="R3", pile=PILE)
    game.apply(play("ann", "R5"))
    events = game.apply(Action.match_clock())
    assert types(events) == ["match_over"]
    assert game.snapshot()["match_winner"] == "ann"


def test_r_score_5_match_clock_in_knockout_ranks_by_hand_points() -> None:
    """Knockout under the clock: those still holding cards are ranked by fewest points."""
    game = table(
        "ann: R1 | bob: R9 B1 | cat: B5 | dan: G5 Y0",
        start="R3",
        pile=PILE,
        scoring="knockout",
    )
    game.apply(play("ann", "R1"))
    game.apply(Action.match_clock())
    # cat 5 (1 card) before dan 5 (2 cards) before bob 10.
    assert game.scores() == {"ann": 3, "cat": 2, "dan": 1, "bob": 0}
    assert game.snapshot()["match_winner"] == "ann"


def test_r_score_5_match_clock_refused_after_the_match() -> None:
    game = table(FOUR, start="R3", pile=PILE, scoring="single")
    game.apply(play("ann", "R5"))
    try:
        game.apply(Action.match_clock())
    except IllegalAction as error:
        assert error.code == "match_over"
    else:
        raise AssertionError("match_clock accepted after the match")


def test_r_score_2_hand_points_helper_matches_card_points() -> None:
    assert hand_points([Card.parse(c) for c in ("R5", "GS", "W", "W+4", "B+2")]) == 145
