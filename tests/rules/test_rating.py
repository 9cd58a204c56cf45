"""Rating points and levels (R-LEAVE escape penalty and bonus, R-LEVEL), band edge by band edge."""

from __future__ import annotations

import dataclasses

import pytest

from younuo.engine import (
    LEVELS,
    Level,
    RatingChange,
    escape_penalty,
    finish_bonus,
    level,
    match_score,
    rating_breakdown,
    rating_changes,
)

PLAYERS = ["ann", "bob", "cat", "dan"]


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, (-5, 0)),
        (20, (-5, 0)),
        (21, (-15, 3)),
        (50, (-15, 3)),
        (51, (-25, 5)),
        (100, (-25, 5)),
        (101, (-40, 10)),
        (150, (-40, 10)),
        (151, (-60, 20)),
        (199, (-60, 20)),
        (200, (-60, 20)),
        (1000, (-60, 20)),
    ],
)
def test_r_leave_escape_penalty_bands(points: int, expected: tuple[int, int]) -> None:
    """R-LEAVE: 0-20 -5/+0; 21-50 -15/+3; 51-100 -25/+5; 101-150 -40/+10; 151+ -60/+20."""
    assert escape_penalty(points) == expected


def test_r_leave_escape_penalty_refuses_negative_points() -> None:
    with pytest.raises(ValueError):
        escape_penalty(-1)


@pytest.mark.parametrize(("points", "bonus"), [(0, 5), (29, 5), (30, 5), (31, 0), (200, 0)])
def test_r_leave_finish_bonus_at_30_points_or_fewer(points: int, bonus: int) -> None:
    """R-LEAVE: finishing with 30 hand points or fewer is worth +5."""
    assert finish_bonus(points) == bonus


# R-LEVEL: (number, English, Chinese, lowest rating, highest rating), as docs/rules.md lists them.
LEVEL_TABLE = [
    (1, "Infant", "嬰兒寶寶", 0, 49),
    (2, "Nursery", "幼兒小班", 50, 99),
    (3, "Kindergarten", "幼兒中班", 100, 199),
    (4, "Kindergarten senior", "幼兒大班", 200, 399),
    (5, "Preschooler", "學前寶寶", 400, 799),
    (6, "Grade 1", "小一寶寶", 800, 1499),
    (7, "Grade 2", "小二寶寶", 1500, 2499),
    (8, "Grade 3", "小三寶寶", 2500, 3499),
    (9, "Grade 4", "小四寶寶", 3500, 4999),
    (10, "Grade 5", "小五寶寶", 5000, 6999),
    (11, "Grade 6", "小六寶寶", 7000, 9999),
    (12, "Form 1", "中一寶寶", 10000, 14999),
    (13, "Form 2", "中二寶寶", 15000, 24999),
    (14, "Form 3", "中三寶寶", 25000, 39999),
    (15, "Senior 1", "高一寶寶", 40000, 59999),
    (16, "Senior 2", "高二寶寶", 60000, 84999),
    (17, "Senior 3", "高三寶寶", 85000, 114999),
    (18, "Bachelor", "學士寶寶", 115000, 149999),
    (19, "Doctor", "博士寶寶", 150000, 199999),
    (20, "Grand professor", "大教授寶寶", 200000, None),
]


@pytest.mark.parametrize(("number", "name", "name_zh", "low", "high"), LEVEL_TABLE)
def test_r_level_bounds_and_names(
    number: int, name: str, name_zh: str, low: int, high: int | None
) -> None:
    """R-LEVEL: each level starts and ends where the table says, with its two names."""
    expected = Level(number, name, name_zh, low, high)
    assert LEVELS[number - 1] == expected
    assert level(low) == expected
    if high is not None:
        assert level(high) == expected
        assert level(high + 1).number == number + 1
    if number > 1:
        assert level(low - 1).number == number - 1


def test_r_level_negative_ratings_are_level_1_and_top_is_open() -> None:
    """R-LEVEL: level 1 is "≤49" (negative ratings too); level 20 is "≥200000"."""
    assert level(-1).number == 1
    assert level(-10_000).name == "Infant"
    assert level(10**9).number == 20
    assert [lvl.number for lvl in LEVELS] == list(range(1, 21))


def test_r_level_level_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        level(0).number = 2  # type: ignore[misc]


@pytest.mark.parametrize("scoring", ["cumulative", "single", "knockout"])
def test_r_level_match_score_highest_wins_methods_add_the_score(scoring: str) -> None:
    """R-LEVEL: the match score is added as it is where the highest total wins."""
    assert match_score(317, scoring) == 317
    assert match_score(0, scoring) == 0


@pytest.mark.parametrize("scoring", ["negative", "elimination"])
def test_r_level_match_score_lowest_wins_methods_add_what_is_left_below_target(
    scoring: str,
) -> None:
    """Decision: under negative/elimination a low total is good: target - total, at least 0."""
    assert match_score(0, scoring, target=500) == 500
    assert match_score(120, scoring, target=500) == 380
    assert match_score(500, scoring, target=500) == 0
    assert match_score(612, scoring, target=500) == 0
    assert match_score(40, scoring, target=100) == 60


def test_r_level_match_score_unknown_method() -> None:
    with pytest.raises(ValueError):
        match_score(10, "golf")


def test_r_level_rating_changes_without_leavers() -> None:
    """R-LEVEL: score plus the +5 bonus for those finishing with 30 hand points or fewer."""
    changes = rating_changes(
        PLAYERS,
        {"ann": 512, "bob": 80, "cat": 0, "dan": 0},
        hand_points={"ann": 0, "bob": 30, "cat": 31, "dan": 75},
    )
    assert changes == {"ann": 517, "bob": 85, "cat": 0, "dan": 0}


def test_r_leave_rating_changes_with_one_leaver() -> None:
    """R-LEAVE: the leaver pays by hand points at leaving; each who stayed gets compensation."""
    changes = rating_changes(
        PLAYERS,
        {"ann": 500, "bob": 0, "cat": 0, "dan": 120},
        left={"dan": 101},
        hand_points={"ann": 0, "bob": 31, "cat": 12},
    )
    # dan left with 101 points: -40 (his 120 match points are forfeited); +10 to the others.
    assert changes == {"ann": 515, "bob": 10, "cat": 15, "dan": -40}


def test_r_leave_compensation_adds_up_per_leaver() -> None:
    """R-LEAVE: compensation is paid to each remaining player for every leaver."""
    parts = rating_breakdown(
        PLAYERS,
        {"ann": 40, "bob": 0, "cat": 0, "dan": 0},
        left={"cat": 51, "dan": 151},
        hand_points={"ann": 0, "bob": 60},
    )
    assert parts["ann"] == RatingChange(score=40, penalty=0, compensation=25, bonus=5)
    assert parts["bob"] == RatingChange(score=0, penalty=0, compensation=25, bonus=0)
    assert parts["cat"] == RatingChange(score=0, penalty=-25, compensation=0, bonus=0)
    assert parts["dan"] == RatingChange(score=0, penalty=-60, compensation=0, bonus=0)
    assert {name: p.total for name, p in parts.items()} == {
        "ann": 70,
        "bob": 25,
        "cat": -25,
        "dan": -60,
    }


def test_r_leave_leaver_with_few_points_pays_5_and_pays_nobody() -> None:
    """R-LEAVE: 0-20 hand points at leaving: -5 to the leaver, +0 to the others."""
    changes = rating_changes(
        ["ann", "bob", "cat"],
        {"ann": 0, "bob": 0, "cat": 0},
        left={"cat": 20},
        hand_points={"ann": 50, "bob": 50},
    )
    assert changes == {"ann": 0, "bob": 0, "cat": -5}


def test_r_level_rating_changes_negative_scoring() -> None:
    """Decision: negative scoring adds target - total (the lowest total gains most)."""
    changes = rating_changes(
        ["ann", "bob", "cat"],
        {"ann": 90, "bob": 505, "cat": 250},
        scoring="negative",
        target=500,
        hand_points={"ann": 0, "bob": 40, "cat": 25},
    )
    assert changes == {"ann": 415, "bob": 0, "cat": 255}


def test_r_leave_rating_changes_refuses_unknown_leaver() -> None:
    with pytest.raises(ValueError):
        rating_changes(PLAYERS, {}, left={"eve": 10})


def test_r_level_rating_module_examples_hold() -> None:
    """The docstring examples of younuo.engine.rating are part of its documentation."""
    import doctest

    from younuo.engine import rating

    result = doctest.testmod(rating)
    assert result.attempted >= 4
    assert result.failed == 0
