"""Tail probabilities the signals turn into scores: a sum of counts, a Poisson count, a CUSUM.

Every score of this package is a z: the standard-normal quantile of a one-sided
p-value (z 3 is p 0.00135), so that figures of different signals read alike.
"""

from __future__ import annotations

import math
from statistics import NormalDist

_NORMAL = NormalDist()
_TINY = 1e-300
_WILSON_HILFERTY = 100.0


def z_of(p: float) -> float:
    """The z of a one-sided p-value: Φ⁻¹(1 - p), from p clamped into (0, 1)."""
    p = min(max(p, _TINY), 1.0 - 1e-15)
    return -_NORMAL.inv_cdf(p)


def normal_upper(x: float) -> float:
    """P(Z >= x) for a standard normal Z, to full precision far into the tail (erfc)."""
    return 0.5 * math.erfc(x / math.sqrt(2.0))


def count_tail(excess: float, variance: float, third: float) -> float:
    """P(S >= s) for a sum S of independent counts, by its first three cumulants.

    ``excess`` is s minus the mean of S, ``variance`` and ``third`` its second and
    third cumulants. The normal tail with a continuity correction of one half (S
    moves in whole counts); when S is skewed to the right (``third`` > 0), the larger
    of that and the tail of a shifted gamma with the same three cumulants (Pearson's
    type III: shape ``4 / γ²`` for skewness ``γ``), since few counts of rare events
    pass a normal bar far more often than the normal tail says. A sum skewed to the
    left has a lighter upper tail than the normal one: the normal tail is kept, which
    overstates it. So the p-value errs on the side of the accused either way (against
    exact sums of Bernoulli counts, tests/fairplay/test_tails.py). A variance of 0
    gives 1 (no evidence).
    """
    if variance <= 0.0:
        return 1.0
    sd = math.sqrt(variance)
    x = (excess - 0.5) / sd
    p = normal_upper(x)
    gamma = third / (variance * sd)
    if gamma > 1e-6:
        shape = 4.0 / (gamma * gamma)
        scale = sd * gamma / 2.0
        p = max(p, gamma_upper(shape, shape + (excess - 0.5) / scale))
    return min(1.0, p)


def gamma_upper(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = P(Gamma(a, 1) >= x).

    By its power series below ``a + 1`` and its continued fraction (Lentz's method)
    above, as in Numerical Recipes; for a shape above :data:`_WILSON_HILFERTY` (where
    both converge slowly and the gamma is nearly normal) by the Wilson-Hilferty cube
    root, ``(x / a)^(1/3)`` normal with mean ``1 - 1/(9a)`` and variance ``1/(9a)``.
    """
    if x <= 0.0:
        return 1.0
    if a > _WILSON_HILFERTY:
        spread = 1.0 / (9.0 * a)
        return normal_upper(((x / a) ** (1.0 / 3.0) - 1.0 + spread) / math.sqrt(spread))
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = d if abs(d) > _TINY else _TINY
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        d = 1.0 / d
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def poisson_tail(observed: int, mean: float) -> float:
    """P(X >= observed) for X Poisson with ``mean`` (1 for observed <= 0)."""
    if observed <= 0:
        return 1.0
    if mean <= 0.0:
        return 0.0
    # 1 - P(X < observed), summed in logs so that large means do not overflow.
    below = sum(math.exp(k * math.log(mean) - mean - math.lgamma(k + 1)) for k in range(observed))
    if below < 0.5:
        return 1.0 - below
    # Far in the upper tail 1 - below loses every digit: sum the tail itself.
    tail, k = 0.0, observed
    while True:
        term = math.exp(k * math.log(mean) - mean - math.lgamma(k + 1))
        tail += term
        if term < tail * 1e-12 or k > observed + 10_000:
            return tail
        k += 1


def kolmogorov_tail(d: float) -> float:
    """P(sup |B(t)| > d) for a Brownian bridge B: the CUSUM change-point test's p-value.

    ``2 Σ_{j>=1} (-1)^(j-1) exp(-2 j² d²)`` (Kolmogorov's distribution), 1 for small d.
    """
    if d <= 0.2:
        return 1.0
    total = 0.0
    for j in range(1, 101):
        term = math.exp(-2.0 * j * j * d * d)
        total += term if j % 2 else -term
        if term < 1e-16:
            break
    return min(1.0, max(0.0, 2.0 * total))


__all__ = [
    "count_tail",
    "gamma_upper",
    "kolmogorov_tail",
    "normal_upper",
    "poisson_tail",
    "z_of",
]
