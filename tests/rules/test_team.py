"""Teams and partner rotation (R-TEAM)."""

from __future__ import annotations

import pytest

from younuo.engine import Action, Game, RecordError, Rules, RulesError

from .helpers import play, status, table
from .house_helpers import hand_points_of, play_out_round, round_over_event

TEAMS = [["ann", "cat"], ["bob", "dan"]]
HANDS = "ann: R5 | bob: G9 B+2 | cat: B8 W | dan: Y7 YS"
PILE = "G8 B3 Y1 Y2 G1 G2 B4 B5"


# ----------------------------------------------------------------- seating
def test_r_team_alternate_seating_accepted() -> None:
    game = table(HANDS, start="R3", pile=PILE, teams=TEAMS)
    assert game.view("ann").teams == (0, 1, 0, 1)
    six = Game.new(["a", "b", "c", "d", "e", "f"], teams=[["a", "c", "e"], ["b", "d", "f"]])
    assert six.view("a").teams == (0, 1, 0, 1, 0, 1)


@pytest.mark.parametrize(
    "teams",
    [
        [["ann", "bob"], ["cat", "dan"]],  # team-mates side by side
        [["ann", "dan"], ["bob", "cat"]],  # dan sits next to ann (seats wrap round)
        [["ann", "cat"], ["bob"]],  # dan in no team
        [["ann", "cat"], ["bob", "dan"], []],  # three camps
        [["ann", "cat", "eve"], ["bob", "dan"]],  # a stranger
    ],
)
def test_r_team_bad_teams_refused(teams: list[list[str]]) -> None:
    with pytest.raises(RecordError) as error:
        Game.new(["ann", "bob", "cat", "dan"], teams=teams)
    assert error.value.code == "bad_teams"


def test_r_team_needs_even_number_of_players() -> None:
    with pytest.raises(RulesError) as error:
        Game.new(["ann", "bob", "cat"], teams=[["ann", "cat"], ["bob"]])
    assert error.value.code == "bad_table"


# ----------------------------------------------------------------- winning a round
def test_r_team_whole_team_wins_and_scores_the_losing_team_hands() -> None:
    """ann goes out: ann and cat each score bob's 29 + dan's 27 = 56; cat's own W does not count."""
    game = table(HANDS, start="R3", pile=PILE, teams=TEAMS)
    events = game.apply(play("ann", "R5"))
    over = round_over_event(list(events))
    assert over.player == "ann"
    assert over.points == 56
    assert game.scores() == {"ann": 56, "bob": 0, "cat": 56, "dan": 0}
    assert game.snapshot()["round_winner"] == "ann"


def test_r_team_match_winner_names_who_went_out() -> None:
    game = table(HANDS, start="R3", pile=PILE, teams=TEAMS, target=50)
    game.apply(play("ann", "R5"))
    assert game.is_over
    assert game.snapshot()["round_winner"] == "ann"
    assert game.snapshot()["match_winner"] == "ann"


def test_r_team_match_winner_is_the_partner_who_went_out() -> None:
    game = table(
        "ann: R5 R6 | bob: G9 B+2 | cat: R4 | dan: Y7 YS",
        start="R3",
        pile=PILE,
        teams=TEAMS,
        target=50,
        first="cat",
    )
    game.apply(play("cat", "R4"))
    # ann's 11 do not count: cat and ann score 29 + 27 = 56.
    assert game.scores() == {"ann": 56, "bob": 0, "cat": 56, "dan": 0}
    assert game.snapshot()["match_winner"] == "cat"


def test_r_team_negative_scoring_losing_team_adds_own_hands() -> None:
    game = table(HANDS, start="R3", pile=PILE, teams=TEAMS, scoring="negative")
    game.apply(play("ann", "R5"))
    assert game.scores() == {"ann": 0, "bob": 29, "cat": 0, "dan": 27}


# ----------------------------------------------------------------- match clock (R-SCORE-5)
def test_r_score_5_team_match_clock_fewest_team_points_wins() -> None:
    """Team ann+cat hold 11 + 1 = 12, bob+dan 2 + 7 = 9: bob's team wins; bob holds fewest."""
    game = table("ann: R5 R6 | bob: B2 | cat: G1 | dan: Y3 Y4", start="R3", pile=PILE, teams=TEAMS)
    game.apply(Action.match_clock())
    assert game.snapshot()["round_winner"] == "bob"
    assert game.scores() == {"ann": 0, "bob": 12, "cat": 0, "dan": 12}
    assert game.snapshot()["match_winner"] == "bob"


def test_r_score_5_team_match_clock_leading_team_wins_the_match() -> None:
    """The team ahead on score wins when the clock runs out, whoever wins the last round."""
    game = table(
        "ann: R5 | bob: W W W W | cat: B8 | dan: W+4 W+4 W+4 W+4",
        start="R3",
        pile="G8",
        teams=TEAMS,
        seed=1,
    )
    game.apply(play("ann", "R5"))
    assert game.scores() == {"ann": 400, "bob": 0, "cat": 400, "dan": 0}
    game.apply(Action.next_round())
    events = game.apply(Action.match_clock())
    over = round_over_event(list(events))
    # Precondition of this seed: bob's team wins the last round but stays behind.
    assert over.player in ("bob", "dan")
    scores = game.scores()
    assert scores["bob"] == scores["dan"] == over.points
    assert scores["bob"] < 400
    assert game.snapshot()["match_winner"] in ("ann", "cat")


# ----------------------------------------------------------------- partner rotation
def test_r_team_partner_rotation_table_rules() -> None:
    rules = Rules.from_preset("classic", partner_rotation=True)
    with pytest.raises(RulesError):
        Game.new(["a", "b", "c"], rules)
    with pytest.raises(RulesError):
        Game.new(["a", "b", "c", "d", "e", "f"], rules)
    with pytest.raises(RulesError):
        Game.new(["ann", "bob", "cat", "dan"], rules, teams=TEAMS)


def test_r_team_partner_rotation_round_scores_the_partner_too() -> None:
    """Round 1 pairs seats 1+3 against 2+4: ann and cat each score bob's 9 + dan's 7."""
    game = table(
        "ann: R5 | bob: G9 | cat: B8 | dan: Y7", start="R3", pile=PILE, partner_rotation=True
    )
    game.apply(play("ann", "R5"))
    assert game.scores() == {"ann": 16, "bob": 0, "cat": 16, "dan": 0}


PAIRINGS = {
    # rounds: seats playing together (R-TEAM: each of the 3 pairings plays 4 rounds).
    range(1, 5): ({"ann", "cat"}, {"bob", "dan"}),
    range(5, 9): ({"ann", "bob"}, {"cat", "dan"}),
    range(9, 13): ({"ann", "dan"}, {"bob", "cat"}),
}


def partners_in(round_number: int) -> tuple[set[str], set[str]]:
    for rounds, pairs in PAIRINGS.items():
        if round_number in rounds:
            return pairs
    raise AssertionError(round_number)


def test_r_team_partner_rotation_12_rounds_all_pairings_individual_winner() -> None:
    names = ["ann", "bob", "cat", "dan"]
    game = Game.new(names, Rules.from_preset("classic", partner_rotation=True), seed=3)
    totals = dict.fromkeys(names, 0)
    for number in range(1, 13):
        assert game.round == number
        assert game.status == "playing"
        teams = game.view("ann").teams
        assert teams is not None
        seen = tuple({n for n, t in zip(names, teams, strict=True) if t == side} for side in (0, 1))
        assert sorted(map(sorted, seen)) == sorted(map(sorted, partners_in(number)))
        events = play_out_round(game)
        over = round_over_event(events)
        assert over.player is not None
        mine, theirs = partners_in(number)
        if over.player not in mine:
            mine, theirs = theirs, mine
        points = hand_points_of(over)
        won = sum(points[n] for n in theirs)
        assert over.points == won
        for name in mine:
            totals[name] += won
        assert game.scores() == totals
        if number < 12:
            assert status(game) == "round_over"
            game.apply(Action.next_round())
    assert game.is_over
    best = max(totals.values())
    leaders = [n for n in names if totals[n] == best]
    assert game.snapshot()["match_winner"] in leaders
