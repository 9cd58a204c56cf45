"""Table sizes for any count, the policies for awkward counts, and the seating orders."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from younuo.tournaments import NoShow, fit, table_sizes
from younuo.tournaments.seating import by_standing, repeats, seat_order, snake
from younuo.tournaments.sizing import Fit


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(4, (4,)), (8, (8,)), (9, (5, 4)), (16, (8, 8)), (17, (6, 6, 5)), (23, (8, 8, 7))],
)
def test_fewest_tables_as_even_as_possible_bigger_first(count: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(count, 4, 8) == sizes


def test_counts_no_tables_fit() -> None:
    assert table_sizes(3, 4, 8) is None
    assert table_sizes(7, 4, 6) is None  # one table is too many, two are too few
    assert table_sizes(13, 6, 6) is None
    assert table_sizes(12, 6, 6) == (6, 6)


@given(st.integers(1, 300), st.integers(4, 8), st.integers(4, 8))
@settings(max_examples=300)
def test_sizes_are_within_bounds_seat_everyone_and_are_even(count: int, a: int, b: int) -> None:
    low, high = min(a, b), max(a, b)
    sizes = table_sizes(count, low, high)
    if sizes is None:
        # None only when no number of tables could seat the count.
        assert all(not k * low <= count <= k * high for k in range(1, count + 1))
        return
    assert sum(sizes) == count
    assert all(low <= s <= high for s in sizes)
    assert max(sizes) - min(sizes) <= 1 and list(sizes) == sorted(sizes, reverse=True)
    assert len(sizes) == -(-count // high)


def test_bots_fill_up_to_the_next_count_that_fits() -> None:
    assert fit(3, 4, 8, NoShow.BOT) == Fit((4,), bots=1)
    assert fit(7, 4, 6, NoShow.BOT) == Fit((4, 4), bots=1)
    assert fit(1, 4, 8, NoShow.BOT) == Fit((4,), bots=3)
    assert fit(9, 4, 8, NoShow.BOT) == Fit((5, 4))


def test_byes_go_to_the_players_over_the_last_count_that_fits() -> None:
    assert fit(7, 4, 6, NoShow.BYE) == Fit((6,), byes=1)
    assert fit(13, 6, 6, NoShow.BYE) == Fit((6, 6), byes=1)
    assert fit(3, 4, 8, NoShow.BYE) is None
    assert fit(9, 4, 8, NoShow.BYE) == Fit((5, 4))


@given(st.integers(1, 200), st.integers(4, 8), st.integers(4, 8), st.sampled_from(NoShow))
def test_a_fit_always_seats_the_count_with_its_bots_or_byes(
    count: int, a: int, b: int, policy: NoShow
) -> None:
    low, high = min(a, b), max(a, b)
    fitted = fit(count, low, high, policy)
    if fitted is None:
        assert policy is NoShow.BYE and count < low
        return
    assert sum(fitted.sizes) == count + fitted.bots - fitted.byes
    assert all(low <= s <= high for s in fitted.sizes)
    assert fitted.bots < high and fitted.byes < high


def test_snake_deals_forward_then_back() -> None:
    assert snake("abcdefgh", (4, 4)) == (tuple("adeh"), tuple("bcfg"))
    assert snake("abcdefghijkl", (4, 4, 4)) == (tuple("afgl"), tuple("behk"), tuple("cdij"))
    # A table that is full is skipped on the way back.
    assert snake("abcdefghi", (5, 4)) == (tuple("adehi"), tuple("bcfg"))
    with pytest.raises(ValueError):
        snake("abc", (4,))


@given(st.integers(4, 80))
def test_snake_spreads_the_seeds_evenly(count: int) -> None:
    sizes = table_sizes(count, 4, 8)
    assert sizes is not None
    tables = snake([f"{i:03d}" for i in range(count)], sizes)
    assert sorted(p for t in tables for p in t) == sorted(f"{i:03d}" for i in range(count))
    # Each table has exactly one of the first k seeds.
    top = {f"{i:03d}" for i in range(len(sizes))}
    assert all(len(top & set(t)) == 1 for t in tables)


def test_by_standing_seats_leaders_together_when_nobody_met() -> None:
    ordered = list("abcdefgh")
    assert by_standing(ordered, (4, 4), {}) == (tuple("abcd"), tuple("efgh"))


def test_by_standing_avoids_a_repeat_within_its_window() -> None:
    ordered = list("abcdefgh")
    met = {"a": {"b": 1}, "b": {"a": 1}}
    tables = by_standing(ordered, (4, 4), met)
    assert tables == (tuple("acde"), tuple("bfgh"))
    assert repeats(tables, met) == 0


def test_by_standing_takes_the_repeat_when_the_window_has_nothing_better() -> None:
    # Everyone met everyone: the standing order is kept.
    ordered = list("abcdefgh")
    met = {x: dict.fromkeys((y for y in ordered if y != x), 1) for x in ordered}
    assert by_standing(ordered, (4, 4), met) == (tuple("abcd"), tuple("efgh"))


@given(st.integers(8, 40), st.randoms(use_true_random=False))
def test_by_standing_never_makes_more_repeats_than_plain_blocks(count: int, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    sizes = table_sizes(count, 4, 8)
    assert sizes is not None
    names = [f"p{i}" for i in range(count)]
    earlier = snake(names, sizes)
    met: dict[str, Counter[str]] = {n: Counter() for n in names}
    for table in earlier:
        for a in table:
            met[a].update(b for b in table if b != a)
    ordered = names[:]
    rng.shuffle(ordered)
    tables = by_standing(ordered, sizes, met)
    assert sorted(p for t in tables for p in t) == sorted(names)
    assert [len(t) for t in tables] == list(sizes)
    blocks, at = [], 0
    for size in sizes:
        blocks.append(ordered[at : at + size])
        at += size
    assert repeats(tables, met) <= repeats(blocks, met)


def test_seat_order_is_a_deterministic_shuffle() -> None:
    players = [f"p{i}" for i in range(8)]
    first = seat_order(players, 12345)
    assert first == seat_order(players, 12345)
    assert sorted(first) == players
    assert len({seat_order(players, s) for s in range(20)}) > 1
