"""Placement points, a finished match's places, and what a table result must hold."""

from __future__ import annotations

import itertools

import pytest

from younuo.tournaments import (
    BYE_POINTS,
    PLACEMENT_SCALE,
    ErrorCode,
    TableResult,
    TournamentError,
    placement_points,
    rank_players,
)


def test_points_run_from_420_to_0_in_even_steps() -> None:
    assert [placement_points(p, 4) for p in range(1, 5)] == [420, 280, 140, 0]
    assert [placement_points(p, 8) for p in range(1, 9)] == [420, 360, 300, 240, 180, 120, 60, 0]
    assert placement_points(3, 5) == 210 == BYE_POINTS


@pytest.mark.parametrize("size", range(2, 9))
def test_every_place_at_every_table_is_a_whole_share(size: int) -> None:
    points = [placement_points(p, size) for p in range(1, size + 1)]
    assert points[0] == PLACEMENT_SCALE and points[-1] == 0
    steps = {a - b for a, b in itertools.pairwise(points)}
    assert steps == {PLACEMENT_SCALE // (size - 1)}


@pytest.mark.parametrize(("place", "size"), [(0, 4), (5, 4), (1, 1)])
def test_points_refuse_places_off_the_table(place: int, size: int) -> None:
    with pytest.raises(ValueError):
        placement_points(place, size)


def test_the_match_winner_is_first_then_by_score() -> None:
    scores = {"a": 50, "b": 120, "c": 80, "d": 80}
    # The winner comes first whatever its score (the engine broke ties already).
    assert rank_players(list("abcd"), scores, "c", False) == ("c", "b", "d", "a")
    # Equal scores keep seat order; lowest-wins scoring turns the order round.
    assert rank_players(list("abcd"), scores, None, True) == ("a", "c", "d", "b")


def test_players_who_left_come_last() -> None:
    scores = {"a": 300, "b": 10, "c": 20}
    assert rank_players(list("abc"), scores, "c", False, left={"a"}) == ("c", "b", "a")


def test_from_match() -> None:
    result = TableResult.from_match("t1", ["x", "y"], {"x": 0, "y": 90}, "y", False)
    assert result.places == ("y", "x") and result.place("x") == 2 and result.points("y") == 420


@pytest.mark.parametrize(
    ("places", "scores"),
    [
        (("a", "a"), {"a": 1}),
        (("a", "b"), {"a": 1}),
        (("a",), {"a": 1, "b": 2}),
        (("a", "b"), {"a": 1, "b": True}),
        (("a", "b"), {"a": 1, "b": 1.5}),
    ],
)
def test_bad_results_are_refused(places: tuple[str, ...], scores: dict[str, object]) -> None:
    with pytest.raises(TournamentError) as caught:
        TableResult("t1", places, scores)  # type: ignore[arg-type]
    assert caught.value.code is ErrorCode.BAD_RESULT


def test_result_round_trip_and_bad_record() -> None:
    result = TableResult("t1", ("b", "a"), {"a": 3, "b": 4})
    assert TableResult.from_dict(result.to_dict()) == result
    with pytest.raises(TournamentError) as caught:
        TableResult.from_dict({"table_id": "t1"})
    assert caught.value.code is ErrorCode.BAD_RESULT
    with pytest.raises(TournamentError):
        TableResult("", ("a",), {"a": 1})
