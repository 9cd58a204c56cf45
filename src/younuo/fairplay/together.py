"""How often two accounts sit together, against how often chance would seat them together.

Within a period (a day, a tournament round: :attr:`StoredMatch.period`), account i
played ``w_i`` matches, and the period's tables held ``T = Σ_tables C(k, 2)`` pairs of
accounts (k accounts at a table; bots are left out). If tables were filled at random
from the accounts playing in that period, each in proportion to how many matches it
played, a given pair slot would hold {i, j} with chance ``w_i w_j / S`` where
``S = Σ_{i<j} w_i w_j``. So the expected number of matches i and j share is

    E_ij = Σ_periods T_p w_ip w_jp / S_p

(with tables of 4 among P accounts who all play every round, 3 / (P - 1) per round).
Periods keep accounts who play at the same hours, or in the same tournament, from
looking like a pair merely for that. The count is taken as Poisson with that mean;
its upper tail gives the pair's co-occurrence z, and ``observed / expected`` its
*lift*.

Sitting together often is no offence (friends, a club, a couple): this signal never
flags a pair by itself. It goes into a collusion case as context, and it is the naive
baseline the favour score is measured against (``benchmarks/fair_play.py``).
"""

from __future__ import annotations

import bisect
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from younuo.fairplay.favour import Pair, pair_of
from younuo.fairplay.tails import poisson_tail, z_of


@dataclass(frozen=True, slots=True)
class Seating:
    """The accounts at one table (bots left out), and the period the match belongs to."""

    match_id: str
    period: int
    accounts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Together:
    """A pair's co-occurrence: matches shared, expected by chance, lift and z."""

    pair: Pair
    observed: int
    expected: float
    z: float

    @property
    def lift(self) -> float:
        """How many times more often than chance (infinite when chance says never)."""
        return self.observed / self.expected if self.expected > 0 else float("inf")


@dataclass(frozen=True, slots=True)
class TogetherModel:
    """The chance expectation of sharing a table, by period (see the module docstring).

    ``factors``: per period, ``T_p / S_p``; ``plays``: per account, its matches per
    period. Build it with :meth:`from_seatings`; it is not changed afterwards.
    """

    factors: Mapping[int, float]
    plays: Mapping[str, Mapping[int, int]]

    @classmethod
    def from_seatings(cls, seatings: Iterable[Seating]) -> TogetherModel:
        slots: dict[int, int] = defaultdict(int)
        plays: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for seating in seatings:
            accounts = set(seating.accounts)
            k = len(accounts)
            slots[seating.period] += k * (k - 1) // 2
            for account in accounts:
                plays[account][seating.period] += 1
        by_period: dict[int, list[int]] = defaultdict(list)
        for per in plays.values():
            for period, w in per.items():
                by_period[period].append(w)
        factors: dict[int, float] = {}
        for period in sorted(slots):
            weights = by_period[period]
            total = sum(weights)
            pairs = (total * total - sum(w * w for w in weights)) / 2
            factors[period] = slots[period] / pairs if pairs > 0 else 0.0
        return cls(factors, {account: dict(per) for account, per in plays.items()})

    def expected(self, a: str, b: str, through: int | None = None) -> float:
        """Matches ``a`` and ``b`` would share by chance (in periods up to ``through``)."""
        series = self.expected_by_period(a, b)
        if through is None:
            return series[-1][1] if series else 0.0
        return cumulative_at(series, through)

    def expected_by_period(self, a: str, b: str) -> tuple[tuple[int, float], ...]:
        """``(period, expected through that period)`` for each period both played in."""
        pa, pb = self.plays.get(a, {}), self.plays.get(b, {})
        if len(pb) < len(pa):
            pa, pb = pb, pa
        total = 0.0
        out = []
        for period in sorted(p for p in pa if p in pb):
            total += self.factors.get(period, 0.0) * pa[period] * pb[period]
            out.append((period, total))
        return tuple(out)

    def together(self, a: str, b: str, observed: int, through: int | None = None) -> Together:
        """The co-occurrence of ``a`` and ``b`` who shared ``observed`` matches."""
        return together(pair_of(a, b), observed, self.expected(a, b, through))


def together(pair: Pair, observed: int, expected: float) -> Together:
    """A co-occurrence from its counts: the z of P(Poisson(expected) >= observed)."""
    return Together(pair, observed, expected, z_of(poisson_tail(observed, expected)))


def cumulative_at(series: tuple[tuple[int, float], ...], period: int) -> float:
    """The cumulative value of ``series`` (as from :meth:`TogetherModel.expected_by_period`)
    at ``period``: that of the last period up to it, 0 before the first."""
    i = bisect.bisect_right(series, (period, math.inf))
    return series[i - 1][1] if i else 0.0


def seating_of(match_id: str, period: int, accounts: Iterable[str | None]) -> Seating:
    """The seating of a match from its seats' accounts (None for bots, left out)."""
    return Seating(match_id, period, tuple(a for a in accounts if a is not None))


__all__ = ["Seating", "Together", "TogetherModel", "cumulative_at", "seating_of", "together"]
