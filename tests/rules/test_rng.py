"""The engine's generator is exactly SplitMix64, with an unbiased bounded draw.

Game records replay forever from their seed (R-SETUP, docs/records.md), so these outputs may
never change: the engine computes them on 32-bit halves (younuo/engine/rng.py), and
this file checks it against the plain 64-bit definition.
"""

from __future__ import annotations

import random

import pytest

from younuo.engine import Rng

MASK = (1 << 64) - 1


def reference(state: int, count: int) -> list[int]:
    """SplitMix64 as published, on Python's unbounded integers."""
    out = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


def reference_below(state: int, bounds: list[int]) -> list[int]:
    out = []
    for n in bounds:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            [x] = reference(state, 1)
            state = (state + 0x9E3779B97F4A7C15) & MASK
            if x < limit:
                out.append(x % n)
                break
    return out


def test_first_output_for_seed_zero_is_splitmix64s() -> None:
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("seed", [0, 1, 7, MASK, 1 << 63, 0x9E3779B97F4A7C15, -1, 1 << 70])
def test_outputs_are_splitmix64_for_edge_seeds(seed: int) -> None:
    rng = Rng(seed)
    assert [rng.next64() for _ in range(200)] == reference(seed & MASK, 200)
    assert rng.state == (seed & MASK) + 200 * 0x9E3779B97F4A7C15 & MASK


def test_outputs_are_splitmix64_for_random_seeds() -> None:
    pick = random.Random(5)
    for _ in range(300):
        seed = pick.getrandbits(64)
        rng = Rng(seed)
        assert [rng.next64() for _ in range(20)] == reference(seed, 20)


def test_below_is_the_unbiased_draw_for_small_and_large_bounds() -> None:
    pick = random.Random(6)
    for _ in range(200):
        seed = pick.getrandbits(64)
        bounds = [pick.choice([1, 2, 3, 7, 108, 240, 65535, 65536, 1 << 40, 3 << 62])]
        bounds += [pick.randint(1, 300) for _ in range(10)]
        rng = Rng(seed)
        assert [rng.below(n) for n in bounds] == reference_below(seed, bounds)


def test_below_matches_the_reference_at_the_largest_fast_bound() -> None:
    # Bounds up to 2**16 take the 32-bit path, larger ones the 64-bit one.
    rng = Rng(11)
    bounds = [65521] * 500
    assert [rng.below(n) for n in bounds] == reference_below(11, bounds)


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng(1).below(0)


def test_copy_continues_the_same_stream() -> None:
    rng = Rng(99)
    rng.next64()
    twin = rng.copy()
    assert [twin.next64() for _ in range(5)] == [rng.next64() for _ in range(5)]
