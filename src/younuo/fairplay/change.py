"""A sudden change in how an account plays: the sign that someone else may be playing it.

An account's matches, in order of period (then as given), make one series per
:class:`Feature`: the median think time of its turn decisions, where it finished, how
often it played an action card it could have played, how often it drew while holding
a playable card (:class:`~younuo.fairplay.digest.SeatPlay`). A new person at the
keyboard changes these at once; a player learning changes them slowly.

Each series is tested for one change of level with the CUSUM statistic

    D = max_k |Σ_{i<=k} (x_i - x̄)| / (s √n)

(``s`` the series' standard deviation, the split ``k`` kept at least ``min_side``
matches from either end). Without a change, D follows the supremum of a Brownian
bridge, whose tail is Kolmogorov's ``2 Σ_j (-1)^(j-1) exp(-2 j² D²)``
(:func:`younuo.fairplay.tails.kolmogorov_tail`); the series' own spread, which a real
change widens, and the finite length make that p-value conservative. The account's
p-value is the smallest over its features times the number of features tested
(Bonferroni), and its score the z of that.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from younuo.fairplay.digest import MatchDigest, SeatPlay
from younuo.fairplay.tails import kolmogorov_tail


class Feature(StrEnum):
    """A figure of an account's play, one value per match."""

    THINK = "think"
    PLACE = "place"
    ACTION = "action"
    DRAW = "draw"

    def of(self, play: SeatPlay) -> float | None:
        """This feature's value in one match (None when the match does not tell it)."""
        if self is Feature.THINK:
            return play.think
        if self is Feature.PLACE:
            return play.place
        if self is Feature.ACTION:
            return play.action_rate
        return play.draw_rate


@dataclass(frozen=True, slots=True)
class Shift:
    """The strongest change found in one feature of an account's series.

    ``at``: the first match after the change (``match_id``), ``before`` and ``after``
    the feature's means on either side over ``before_n`` and ``after_n`` matches,
    ``statistic`` the CUSUM D, ``p`` its p-value (one feature, before Bonferroni).
    ``matches``: the ids of the series, in order.
    """

    account: str
    feature: Feature
    at: int
    match_id: str
    before: float
    after: float
    before_n: int
    after_n: int
    statistic: float
    p: float
    matches: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AccountChange:
    """An account's strongest shift and its Bonferroni p-value over the features tested."""

    shift: Shift
    tested: int

    @property
    def p(self) -> float:
        return min(1.0, self.shift.p * self.tested)


def change_point(values: Sequence[float], min_side: int = 1) -> tuple[float, int]:
    """``(D, k)``: the CUSUM statistic and the split with the first ``k`` values before it.

    Splits keep at least ``min_side`` values on each side; ``(0.0, 0)`` when there is no
    such split or the values do not vary.
    """
    n = len(values)
    if n < 2 * max(min_side, 1) or n < 3:
        return (0.0, 0)
    mean = statistics.fmean(values)
    sd = statistics.stdev(values)
    if sd <= 0.0:
        return (0.0, 0)
    running = 0.0
    best, at = 0.0, 0
    for k in range(1, n):
        running += values[k - 1] - mean
        if k >= min_side and n - k >= min_side and abs(running) > best:
            best, at = abs(running), k
    return (best / (sd * math.sqrt(n)), at)


def account_series(matches: Iterable[MatchDigest]) -> dict[str, list[tuple[str, SeatPlay]]]:
    """Each account's ``(match id, play)`` in order of period, then as given."""
    ordered = sorted(enumerate(matches), key=lambda im: (im[1].period, im[0]))
    out: dict[str, list[tuple[str, SeatPlay]]] = {}
    for _, match in ordered:
        for play in match.seats:
            if play.account is not None:
                out.setdefault(play.account, []).append((match.match_id, play))
    return out


def account_change(
    account: str,
    series: Sequence[tuple[str, SeatPlay]],
    min_matches: int = 20,
    min_side: int = 5,
) -> AccountChange | None:
    """The strongest shift of ``account``'s series, or None with too short a series."""
    best: Shift | None = None
    tested = 0
    for feature in Feature:
        points = [(mid, value) for mid, play in series if (value := feature.of(play)) is not None]
        if len(points) < min_matches:
            continue
        values = [v for _, v in points]
        d, k = change_point(values, min_side)
        tested += 1
        if k == 0:
            continue
        p = kolmogorov_tail(d)
        if best is None or p < best.p:
            best = Shift(
                account=account,
                feature=feature,
                at=k,
                match_id=points[k][0],
                before=statistics.fmean(values[:k]),
                after=statistics.fmean(values[k:]),
                before_n=k,
                after_n=len(values) - k,
                statistic=d,
                p=p,
                matches=tuple(mid for mid, _ in points),
            )
    return AccountChange(best, tested) if best is not None else None


__all__ = [
    "AccountChange",
    "Feature",
    "Shift",
    "account_change",
    "account_series",
    "change_point",
]
