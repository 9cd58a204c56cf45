"""A sudden change in an account's play: the CUSUM scan, its p-value, the case."""

from __future__ import annotations

import random

import pytest

from younuo.fairplay import DEFAULT, CaseKind, Feature, Measure, SeatPlay, change_point
from younuo.fairplay.change import account_change
from younuo.fairplay.detector import change_case
from younuo.fairplay.tails import kolmogorov_tail


def plays(values: list[float], rng: random.Random) -> list[tuple[str, SeatPlay]]:
    """A series of matches with think times ``values`` and honest noise elsewhere."""
    return [
        (
            f"m{i:03d}",
            SeatPlay(
                player="Ann",
                account="a1",
                place=rng.choice([0.0, 1 / 3, 2 / 3, 1.0]),
                think=think,
                action_rate=rng.random(),
                draw_rate=rng.random() * 0.2,
                turns=20,
            ),
        )
        for i, think in enumerate(values)
    ]


def test_change_point_finds_a_step_where_it_is() -> None:
    rng = random.Random(1)
    values = [rng.gauss(2.0, 0.3) for _ in range(40)] + [rng.gauss(1.2, 0.3) for _ in range(40)]
    d, k = change_point(values, min_side=5)
    assert 37 <= k <= 43
    assert kolmogorov_tail(d) < 1e-6


def test_change_point_keeps_its_split_away_from_the_ends() -> None:
    values = [0.0] * 20 + [5.0]
    assert change_point(values, min_side=5)[1] <= 16
    assert change_point([1.0] * 30) == (0.0, 0)
    assert change_point([1.0, 2.0]) == (0.0, 0)


def test_another_hand_at_the_keyboard_is_an_account_change_case() -> None:
    rng = random.Random(2)
    thinks = [rng.uniform(1.0, 3.0) for _ in range(30)] + [rng.uniform(0.5, 1.5) for _ in range(30)]
    found = account_change("a1", plays(thinks, rng))
    assert found is not None and found.p <= DEFAULT.change_p
    shift = found.shift
    assert shift.feature is Feature.THINK and abs(shift.at - 30) <= 3
    assert shift.before > shift.after
    assert found.tested == 4
    case = change_case(found)
    assert case.kind is CaseKind.ACCOUNT_CHANGE and case.accounts == ("a1",)
    assert case.score >= case.threshold
    assert case.figure(Measure.BEFORE, "think") == pytest.approx(shift.before)
    assert shift.match_id in case.matches and shift.match_id in case.summary


@pytest.mark.parametrize("seed", range(5))
def test_steady_play_is_no_change(seed: int) -> None:
    rng = random.Random(100 + seed)
    thinks = [rng.uniform(1.0, 3.0) for _ in range(80)]
    found = account_change("a1", plays(thinks, rng))
    assert found is None or found.p > DEFAULT.change_p


def test_a_short_series_is_not_judged() -> None:
    rng = random.Random(3)
    thinks = [2.0] * 8 + [1.0] * 8
    assert account_change("a1", plays(thinks, rng), min_matches=20) is None
