"""Skill (issue 43, item 5): places from an ended match, Plackett-Luce updates, the shown value."""

from __future__ import annotations

import pytest

from younuo.social.skill import NEW, OpenTable, Skill, Standing, rate, seating_order, standings


def test_a_new_account_shows_1000() -> None:
    assert NEW.shown == 1000
    assert Skill(30.0, 2.0).shown == 1000 + 40 * 5
    assert Skill(22.5, 8.0).shown == 900


def test_a_win_raises_and_a_loss_lowers() -> None:
    after = rate([Standing(("a",), 1), Standing(("b",), 2)], {})
    assert after["a"].mu > NEW.mu > after["b"].mu
    assert after["a"].shown > NEW.shown
    # Both are surer of now, and the loser's shown value goes down (a new player's too).
    assert after["a"].sigma < NEW.sigma and after["b"].sigma < NEW.sigma
    assert after["b"].shown < NEW.shown
    again = rate([Standing(("b",), 1), Standing(("a",), 2)], after)
    assert again["a"].shown < after["a"].shown
    assert again["a"].mu < after["a"].mu


def test_equal_places_tie_and_move_alike() -> None:
    after = rate([Standing(("a",), 1), Standing(("b",), 2), Standing(("c",), 2)], {})
    assert after["b"] == after["c"]
    assert after["a"].mu > NEW.mu > after["b"].mu
    level = rate([Standing(("a",), 1), Standing(("b",), 1)], {})
    assert level["a"].mu == pytest.approx(NEW.mu)
    assert level["a"] == level["b"]


def test_beating_a_stronger_player_gains_more() -> None:
    strong = Skill(35.0, 3.0)
    upset = rate([Standing(("a",), 1), Standing(("s",), 2)], {"s": strong})
    expected = rate([Standing(("a",), 1), Standing(("w",), 2)], {"w": Skill(15.0, 3.0)})
    assert upset["a"].mu - NEW.mu > expected["a"].mu - NEW.mu


def test_team_mates_move_together() -> None:
    after = rate([Standing(("a", "c"), 1), Standing(("b", "d"), 2)], {})
    assert after["a"] == after["c"] and after["b"] == after["d"]
    assert after["a"].mu > NEW.mu > after["b"].mu


def test_one_camp_changes_nothing() -> None:
    mine = Skill(27.0, 5.0)
    assert rate([Standing(("a",), 1)], {"a": mine}) == {"a": mine}


def test_same_input_same_output() -> None:
    places = [Standing(("a",), 1), Standing(("b",), 2), Standing(("c",), 3)]
    skills = {"a": Skill(20.0, 4.0), "b": Skill(30.0, 6.0)}
    assert rate(places, skills) == rate(places, skills)


def test_places_free_for_all_winner_then_score() -> None:
    got = standings(
        ["a", "b", "c", "d"],
        {"a": 120, "b": 510, "c": 120, "d": 300},
        winners={"b"},
        left=(),
        scoring="cumulative",
    )
    assert got == (
        Standing(("b",), 1),
        Standing(("d",), 2),
        Standing(("a",), 3),
        Standing(("c",), 3),
    )


def test_places_lowest_is_best_under_negative_scoring() -> None:
    got = standings(
        ["a", "b", "c"], {"a": 80, "b": 10, "c": 40}, winners={"b"}, left=(), scoring="negative"
    )
    assert [s.members for s in got] == [("b",), ("c",), ("a",)]


def test_a_leaver_ranks_last_whatever_the_score() -> None:
    got = standings(
        ["a", "b", "c"],
        {"a": 400, "b": 90, "c": 0},
        winners={"b"},
        left={"a"},
        scoring="cumulative",
    )
    assert got[-1] == Standing(("a",), 3)
    assert got[0] == Standing(("b",), 1)


def test_places_in_teams_are_the_camps() -> None:
    got = standings(
        ["a", "b", "c", "d"],
        {"a": 500, "b": 200, "c": 500, "d": 200},
        winners={"a", "c"},
        left=(),
        scoring="cumulative",
        teams=[0, 1, 0, 1],
    )
    assert got == (Standing(("a", "c"), 1), Standing(("b", "d"), 2))
    after = rate(got, {})
    assert after["a"].mu > NEW.mu > after["d"].mu


def test_quick_match_tries_the_table_of_the_closest_skill_first() -> None:
    tables = [
        OpenTable("full-strong", 3, (1600, 1500, 1700)),
        OpenTable("one-near", 1, (1020,)),
        OpenTable("two-near", 2, (980, 1060)),
        OpenTable("weak", 2, (600, 700)),
    ]
    # 1000: two-near (gap 20) and one-near (gap 20) share step 0, the fuller first.
    assert seating_order(1000, tables) == ["two-near", "one-near", "weak", "full-strong"]
    assert seating_order(1600, tables)[0] == "full-strong"
    assert seating_order(650, tables)[0] == "weak"


def test_quick_match_counts_the_gap_in_steps_then_prefers_the_fuller_table() -> None:
    tables = [OpenTable("b", 1, (1090,)), OpenTable("a", 3, (1010,)), OpenTable("c", 3, (1150,))]
    # 1090 and 1010 are both within one step of 1000: the fuller "a" first; 1150 is a step away.
    assert seating_order(1000, tables) == ["a", "b", "c"]
    # A table of bots and no rated person has no gap; ties keep the id order.
    assert seating_order(1400, [OpenTable("z", 1, ()), OpenTable("y", 1, ())]) == ["y", "z"]
