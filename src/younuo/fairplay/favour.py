"""Whether two accounts' play favours each other: the pair score over their shared matches.

For an ordered pair (A, B) and a channel (:mod:`younuo.fairplay.channels`), every
decision A met in the pair's shared matches is a row of a 2x2 table per stratum:
towards B or towards another opponent at the same tables, acted or not:

==========  ==========  ==============
stratum s   decisions   acted
==========  ==========  ==============
towards B   n1          k1
others      n0          k0
==========  ==========  ==============

If A treats B like anyone else in the same situation, then given the table's margins
k1 is hypergeometric: ``N = n1 + n0`` decisions of which ``m = k1 + k0`` acted, ``n1``
of them towards B, so

- ``E = n1 m / N``
- ``V = n1 n0 m (N - m) / (N² (N - 1))``
- third central moment ``V (N - 2m)(N - 2 n1) / (N (N - 2))`` (0 when N = 2)

(the Cochran-Mantel-Haenszel test). The *favour* of a stratum is ``k1 - E`` for FEED
(feeding is the favour) and ``E - k1`` for the other channels (sparing, letting a
missed UNO go and accepting a Wild Draw Four are). The pair's favour sums every
stratum of every channel in both directions (A towards B and B towards A), and so do
its variance (the *information*) and third moment: one count of favours against what
the same two players gave others in the same situations.

The pair score is the z of that total's upper tail (:func:`younuo.fairplay.tails.count_tail`:
normal with a continuity correction of one half, heavier where skewness calls for it):
about how many standard deviations more favour than chance would give. A stratum
where one side has no decisions, or where the actor always or never acted, adds no
information, so a small sample gives a small variance and the continuity correction
keeps a handful of lucky decisions from reaching the threshold; moreover a pair is
scored only with enough information (:class:`~younuo.fairplay.thresholds.Thresholds`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from younuo.fairplay.channels import Channel, Stratum
from younuo.fairplay.digest import MatchDigest
from younuo.fairplay.tails import count_tail, z_of

Pair = tuple[str, str]
"""Two accounts, in sorted order."""


def pair_of(a: str, b: str) -> Pair:
    """The pair of ``a`` and ``b`` in its sorted order."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class Cell:
    """One stratum's table for an ordered pair: towards the target (n1, k1), towards others."""

    n1: int = 0
    k1: int = 0
    n0: int = 0
    k0: int = 0

    def __add__(self, other: Cell) -> Cell:
        return Cell(self.n1 + other.n1, self.k1 + other.k1, self.n0 + other.n0, self.k0 + other.k0)

    def moments(self) -> tuple[float, float, float]:
        """Mean, variance and third central moment of k1 under equal treatment."""
        n1, n0 = self.n1, self.n0
        total = n1 + n0
        acted = self.k1 + self.k0
        if n1 == 0 or n0 == 0 or acted == 0 or acted == total:
            return (float(self.k1), 0.0, 0.0)
        mean = n1 * acted / total
        var = n1 * n0 * acted * (total - acted) / (total * total * (total - 1))
        third = 0.0
        if total > 2:
            third = var * (total - 2 * acted) * (total - 2 * n1) / (total * (total - 2))
        return (mean, var, third)


@dataclass(frozen=True, slots=True)
class Move:
    """A decision cited as evidence: the match, the action index, who favoured whom, how."""

    match_id: str
    index: int
    actor: str
    target: str
    channel: Channel


@dataclass(frozen=True, slots=True)
class PairTally:
    """The decisions of two accounts towards each other (and towards others) over shared matches.

    ``cells`` maps (actor, stratum) to its :class:`Cell`, the actor being one of the
    two accounts and the target the other (never changed once made). Add tallies with
    ``+``; :func:`tally` makes the tally of one match.
    """

    pair: Pair
    shared: tuple[str, ...] = ()
    cells: Mapping[tuple[str, Stratum], Cell] = field(default_factory=dict)
    moves: tuple[Move, ...] = ()

    def __add__(self, other: PairTally) -> PairTally:
        if other.pair != self.pair:
            raise ValueError(f"cannot add the tallies of {self.pair} and {other.pair}")
        merged = dict(self.cells)
        for key, cell in other.cells.items():
            mine = merged.get(key)
            merged[key] = cell if mine is None else mine + cell
        return PairTally(self.pair, self.shared + other.shared, merged, self.moves + other.moves)


def tally(match: MatchDigest, pair: Pair) -> PairTally | None:
    """The tally of one match for ``pair`` (None if they did not both sit in it)."""
    a, b = pair
    seat_a, seat_b = match.seat_of(a), match.seat_of(b)
    if seat_a is None or seat_b is None:
        return None
    cells: dict[tuple[str, Stratum], Cell] = {}
    moves: list[Move] = []
    for actor, me, other in ((a, seat_a, seat_b), (b, seat_b, seat_a)):
        target = b if actor == a else a
        for obs in match.pairs:
            if obs.actor != me:
                continue
            towards = obs.target == other
            for count in obs.counts:
                key = (actor, count.stratum)
                add = Cell(n1=count.n, k1=count.k) if towards else Cell(n0=count.n, k0=count.k)
                cells[key] = cells[key] + add if key in cells else add
            if towards:
                moves.extend(
                    Move(match.match_id, f.index, actor, target, f.channel) for f in obs.favours
                )
    return PairTally(pair, (match.match_id,), cells, tuple(moves))


@dataclass(frozen=True, slots=True)
class ChannelFigures:
    """One channel in one direction, over the pair's shared matches.

    ``decisions`` and ``acts`` towards the target; ``rate_others``: the actor's rate
    of acting towards its other opponents in those matches (all strata pooled, for
    reading only; the score compares within strata); ``expected``: acts towards the
    target if it were treated as the others were, stratum by stratum; ``favour``
    and ``variance`` as in the module docstring.
    """

    actor: str
    target: str
    channel: Channel
    decisions: int
    acts: int
    others_decisions: int
    others_acts: int
    expected: float
    favour: float
    variance: float

    @property
    def rate_target(self) -> float | None:
        return self.acts / self.decisions if self.decisions else None

    @property
    def rate_others(self) -> float | None:
        return self.others_acts / self.others_decisions if self.others_decisions else None


@dataclass(frozen=True, slots=True)
class PairScore:
    """The favour score of a pair (see the module docstring): its total favour, the
    variance of that under equal treatment (``information``), and the z."""

    pair: Pair
    shared: int
    favour: float
    information: float
    z: float


def score(t: PairTally) -> PairScore:
    """The favour score of a tally (any number of shared matches)."""
    total_favour = total_var = total_third = 0.0
    for (_, (channel, _)), cell in t.cells.items():
        mean, var, third = cell.moments()
        sign = channel.favour_sign
        total_favour += sign * (cell.k1 - mean)
        total_var += var
        total_third += sign * third
    z = z_of(count_tail(total_favour, total_var, total_third)) if total_var > 0 else 0.0
    return PairScore(
        pair=t.pair,
        shared=len(t.shared),
        favour=total_favour,
        information=total_var,
        z=z if math.isfinite(z) else 0.0,
    )


def channel_figures(t: PairTally) -> tuple[ChannelFigures, ...]:
    """The figures of each channel in each direction of a tally, for a case's evidence."""
    rows: dict[tuple[str, Channel], list[float]] = {}
    for (actor, (channel, _)), cell in t.cells.items():
        mean, var, _ = cell.moments()
        row = rows.setdefault((actor, channel), [0, 0, 0, 0, 0.0, 0.0, 0.0])
        row[0] += cell.n1
        row[1] += cell.k1
        row[2] += cell.n0
        row[3] += cell.k0
        row[4] += mean
        row[5] += channel.favour_sign * (cell.k1 - mean)
        row[6] += var
    a, b = t.pair
    return tuple(
        ChannelFigures(
            actor=actor,
            target=b if actor == a else a,
            channel=channel,
            decisions=int(row[0]),
            acts=int(row[1]),
            others_decisions=int(row[2]),
            others_acts=int(row[3]),
            expected=row[4],
            favour=row[5],
            variance=row[6],
        )
        for (actor, channel), row in sorted(rows.items())
    )


def tallies(matches: Iterable[MatchDigest]) -> dict[Pair, PairTally]:
    """Every pair of accounts that shared a match, with its tally over all of them."""
    out: dict[Pair, PairTally] = {}
    for match in matches:
        accounts = sorted({a for a in match.accounts if a is not None})
        for i, a in enumerate(accounts):
            for b in accounts[i + 1 :]:
                t = tally(match, (a, b))
                if t is None:
                    continue
                out[(a, b)] = out[(a, b)] + t if (a, b) in out else t
    return out


__all__ = [
    "Cell",
    "ChannelFigures",
    "Move",
    "Pair",
    "PairScore",
    "PairTally",
    "channel_figures",
    "pair_of",
    "score",
    "tallies",
    "tally",
]
