"""Sitting together against chance: the expectation, periods, lift and z."""

from __future__ import annotations

import random

import pytest

from younuo.fairplay import Seating, TogetherModel, together
from younuo.fairplay.together import cumulative_at


def random_rounds(players: int, rounds: int, seed: int, period_of: int = 1) -> list[Seating]:
    rng = random.Random(seed)
    out = []
    names = [f"a{i:02d}" for i in range(players)]
    for r in range(rounds):
        order = names[:]
        rng.shuffle(order)
        for k in range(0, players, 4):
            out.append(Seating(f"r{r}-{k}", r // period_of, tuple(order[k : k + 4])))
    return out


def test_everyone_playing_every_round_at_tables_of_four_expects_3_over_p_minus_1() -> None:
    model = TogetherModel.from_seatings(random_rounds(20, 10, seed=1))
    assert model.expected("a00", "a07") == pytest.approx(10 * 3 / 19)
    assert model.expected("a00", "a07", through=4) == pytest.approx(5 * 3 / 19)
    series = model.expected_by_period("a03", "a11")
    assert cumulative_at(series, -1) == 0.0
    assert cumulative_at(series, 9) == pytest.approx(model.expected("a03", "a11"))


def test_the_expectation_follows_how_much_each_account_plays() -> None:
    """An account in one period of two shares only that period's chances."""
    seatings = [
        Seating("m1", 0, ("a", "b", "c", "d")),
        Seating("m2", 0, ("a", "b", "e", "f")),
        Seating("m3", 1, ("a", "c", "e", "g")),
    ]
    model = TogetherModel.from_seatings(seatings)
    # Period 0: 12 pair slots; weights a2 b2 c1 d1 e1 f1: S = (64 - 12) / 2 = 26.
    assert model.expected("a", "b", through=0) == pytest.approx(12 * 4 / 26)
    assert model.expected("d", "g") == 0.0  # never in the same period
    assert model.expected("a", "b") == model.expected("b", "a")


def test_a_pair_seated_together_far_more_often_than_chance_has_a_high_z() -> None:
    model = TogetherModel.from_seatings(random_rounds(40, 100, seed=2))
    expected = model.expected("a00", "a01")
    usual = together(("a00", "a01"), round(expected), expected)
    often = together(("a00", "a01"), 30, expected)
    assert often.z > 3.0 > usual.z
    assert often.lift == pytest.approx(30 / expected)
    assert together(("x", "y"), 1, 0.0).lift == float("inf")
