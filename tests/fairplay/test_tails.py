"""The tail probabilities behind every score, against exact distributions."""

from __future__ import annotations

import math

import pytest

from younuo.fairplay.tails import (
    count_tail,
    gamma_upper,
    kolmogorov_tail,
    normal_upper,
    poisson_tail,
    z_of,
)


def bernoulli_sum_tail(p: float, n: int, k: int) -> float:
    """Exact P(S >= k) for S the sum of n Bernoulli(p)."""
    return sum(math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(k, n + 1))


def test_z_of_is_the_normal_quantile_of_a_one_sided_p() -> None:
    assert z_of(0.5) == pytest.approx(0.0, abs=1e-12)
    assert z_of(0.00135) == pytest.approx(3.0, abs=0.001)
    assert z_of(0.0) > 30 and z_of(1.0) < -7


@pytest.mark.parametrize("x", [0.0, 1.5, 3.0, 9.0, 20.0, 35.0])
def test_a_normal_tail_far_out_keeps_its_digits_and_its_z(x: float) -> None:
    """1 - Φ(x) is 0 in floating point from x = 8.3 on: the tail comes from erfc."""
    assert z_of(normal_upper(x)) == pytest.approx(x, abs=1e-6)
    assert z_of(count_tail(x * 2.0 + 0.5, 4.0, 0.0)) == pytest.approx(x, abs=1e-6)


@pytest.mark.parametrize(
    ("p", "n"), [(0.1, 20), (0.05, 40), (0.3, 10), (0.5, 12), (0.02, 100), (0.2, 50)]
)
def test_the_count_tail_never_understates_an_exact_tail(p: float, n: int) -> None:
    """Sums of few rare counts are skewed: a normal tail would understate how often they
    pass a bar (and let honest pairs through); beyond p = 0.05 the gamma tail does not,
    and it stays within a few times the exact value down to p = 0.0001 (z 3.7)."""
    mean, var, third = n * p, n * p * (1 - p), n * p * (1 - p) * (1 - 2 * p)
    for k in range(math.ceil(mean) + 1, n + 1):
        exact = bernoulli_sum_tail(p, n, k)
        if exact < 1e-7:
            break
        approx = count_tail(k - mean, var, third)
        if exact <= 0.05:
            assert approx >= exact, (k, approx, exact)
        if exact >= 1e-4:
            assert approx <= 4.0 * exact, (k, approx, exact)


def test_gamma_upper_against_known_values() -> None:
    """Q(1, x) = exp(-x); Q(k, x) for whole k is a Poisson(x) count below k."""
    for x in (0.1, 1.0, 5.0, 30.0):
        assert gamma_upper(1.0, x) == pytest.approx(math.exp(-x), rel=1e-10)
        below = sum(math.exp(-x) * x**j / math.factorial(j) for j in range(6))
        assert gamma_upper(6.0, x) == pytest.approx(below, rel=1e-9, abs=1e-300)


def test_a_left_skewed_count_is_given_the_plain_normal_tail() -> None:
    """Negating a right-skewed count (a deficit) lightens its upper tail: no correction."""
    plain = count_tail(3.0, 2.0, 0.0)
    assert count_tail(3.0, 2.0, -1.5) == plain
    assert count_tail(3.0, 2.0, 1.5) > plain  # skewed right: the gamma tail is heavier
    assert count_tail(5.0, 0.0, 0.0) == 1.0


def test_poisson_tail_matches_the_sum_of_its_terms() -> None:
    for mean in (0.3, 2.0, 9.5):
        for observed in (0, 1, 3, 8, 20):
            terms = (math.exp(-mean) * mean**k / math.factorial(k) for k in range(observed))
            exact = 1.0 - sum(terms)
            assert poisson_tail(observed, mean) == pytest.approx(exact, abs=1e-12)
    # Far in the tail the value keeps its digits.
    assert 0 < poisson_tail(60, 2.0) < 1e-40
    assert poisson_tail(3, 0.0) == 0.0


def test_kolmogorov_tail_at_its_known_quantiles() -> None:
    assert kolmogorov_tail(1.3581) == pytest.approx(0.05, abs=0.001)
    assert kolmogorov_tail(1.6276) == pytest.approx(0.01, abs=0.0005)
    assert kolmogorov_tail(0.1) == 1.0


def test_gamma_upper_is_continuous_where_it_changes_method() -> None:
    """Above a shape of 100 the Wilson-Hilferty approximation takes over."""
    for z in (0.0, 2.0, 3.0, 4.0):
        x = 100.0 + z * 10.0
        below, above = gamma_upper(99.999, x), gamma_upper(100.001, x)
        assert above == pytest.approx(below, rel=0.02, abs=1e-12)
