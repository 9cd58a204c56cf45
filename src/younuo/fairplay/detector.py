"""From stored matches to review cases: every signal, its threshold, its evidence.

::

    from younuo.fairplay import StoredMatch, SeatFacts, detect
    cases = detect(matches)                  # tuple[Case, ...], strongest first
    [case.to_dict() for case in cases]       # for the review queue's storage

Pure: the same matches and thresholds give the same cases, with no clock, no I/O and
no randomness. Cases are findings for a moderator, never sanctions (docs/fairplay.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from younuo.fairplay.case import Case, CaseKind, Figure, Measure
from younuo.fairplay.change import AccountChange, account_change, account_series
from younuo.fairplay.digest import MatchDigest, digest
from younuo.fairplay.facts import StoredMatch
from younuo.fairplay.favour import PairScore, PairTally, channel_figures, score, tallies
from younuo.fairplay.origin import OriginKind, SharedOrigin, shared_origins
from younuo.fairplay.tails import z_of
from younuo.fairplay.thresholds import DEFAULT, Thresholds
from younuo.fairplay.together import Together, TogetherModel, seating_of


def detect(matches: Iterable[StoredMatch], thresholds: Thresholds = DEFAULT) -> tuple[Case, ...]:
    """Every case the matches give: collusion, same origin, account change; strongest first."""
    stored = list(matches)
    digests = [digest(m) for m in stored]
    cases = [
        *collusion_cases(digests, thresholds),
        *origin_cases(stored, thresholds),
        *change_cases(digests, thresholds),
    ]
    return tuple(sorted(cases, key=lambda c: (c.kind.value, -c.score, c.accounts)))


# ------------------------------------------------------------------ collusion
def flagged(s: PairScore, thresholds: Thresholds = DEFAULT) -> bool:
    """Whether a pair score opens a collusion case (:class:`Thresholds`)."""
    return (
        s.shared >= thresholds.min_shared
        and s.information >= thresholds.min_information
        and s.z >= thresholds.favour_z
    )


def collusion_cases(digests: Sequence[MatchDigest], thresholds: Thresholds = DEFAULT) -> list[Case]:
    """A case for every pair of accounts whose favour score passes the threshold."""
    model = TogetherModel.from_seatings(
        seating_of(d.match_id, d.period, d.accounts) for d in digests
    )
    out = []
    for pair, t in sorted(tallies(digests).items()):
        s = score(t)
        if flagged(s, thresholds):
            out.append(collusion_case(t, s, model.together(*pair, len(t.shared)), thresholds))
    return out


def collusion_case(
    t: PairTally, s: PairScore, co: Together, thresholds: Thresholds = DEFAULT
) -> Case:
    """The case of a flagged pair, with its evidence: shared matches, favours, figures."""
    a, b = s.pair
    figures = [
        Figure(Measure.SHARED, float(s.shared)),
        Figure(Measure.EXPECTED_SHARED, co.expected),
        Figure(Measure.TOGETHER_Z, co.z),
        Figure(Measure.FAVOUR, s.favour),
        Figure(Measure.INFORMATION, s.information),
    ]
    for ch in channel_figures(t):
        topic = ch.channel.value
        figures += [
            Figure(Measure.DECISIONS, float(ch.decisions), topic, ch.actor, ch.target),
            Figure(Measure.ACTS, float(ch.acts), topic, ch.actor, ch.target),
            Figure(Measure.EXPECTED_ACTS, ch.expected, topic, ch.actor, ch.target),
            Figure(Measure.FAVOUR, ch.favour, topic, ch.actor, ch.target),
        ]
        if ch.rate_target is not None:
            figures.append(Figure(Measure.RATE_TARGET, ch.rate_target, topic, ch.actor, ch.target))
        if ch.rate_others is not None:
            figures.append(Figure(Measure.RATE_OTHERS, ch.rate_others, topic, ch.actor, ch.target))
    if co.expected > 0:
        seating = (
            f"they sat together {co.lift:.1f} times as often as chance would seat them"
            f" ({co.observed} matches against {co.expected:.1f} expected)"
        )
    else:
        seating = f"they sat together {co.observed} times where chance would never seat them"
    summary = (
        f"{a} and {b} favoured each other: {s.favour:.1f} favours more than they gave others"
        f" in the same situations over {s.shared} shared matches (z {s.z:.2f}, threshold"
        f" {thresholds.favour_z:.2f}); {seating}"
    )
    return Case(
        kind=CaseKind.COLLUSION,
        accounts=s.pair,
        score=s.z,
        threshold=thresholds.favour_z,
        summary=summary,
        matches=t.shared,
        moves=tuple(sorted(t.moves, key=lambda m: (t.shared.index(m.match_id), m.index))),
        figures=tuple(figures),
    )


# ------------------------------------------------------------------ same origin
def origin_cases(matches: Iterable[StoredMatch], thresholds: Thresholds = DEFAULT) -> list[Case]:
    """A case for accounts seated at one table from one browser (or address) often enough."""
    out = []
    for found in shared_origins(matches):
        bar = (
            thresholds.browser_matches
            if found.kind is OriginKind.BROWSER
            else thresholds.address_matches
        )
        if len(found.matches) >= bar:
            out.append(origin_case(found, bar))
    return out


def origin_case(found: SharedOrigin, bar: int) -> Case:
    names = ", ".join(found.accounts)
    return Case(
        kind=CaseKind.SAME_ORIGIN,
        accounts=found.accounts,
        score=float(len(found.matches)),
        threshold=float(bar),
        summary=(
            f"{names} sat at one table from one {found.kind.value}"
            f" ({', '.join(found.origins)}) in {len(found.matches)} matches"
        ),
        matches=found.matches,
        figures=(Figure(Measure.MATCHES, float(len(found.matches)), found.kind.value),),
    )


# ------------------------------------------------------------------ account change
def change_cases(digests: Iterable[MatchDigest], thresholds: Thresholds = DEFAULT) -> list[Case]:
    """A case for every account whose play changed suddenly enough."""
    out = []
    for account, series in sorted(account_series(digests).items()):
        found = account_change(account, series, thresholds.change_matches, thresholds.change_side)
        if found is not None and found.p <= thresholds.change_p:
            out.append(change_case(found, thresholds))
    return out


def change_case(found: AccountChange, thresholds: Thresholds = DEFAULT) -> Case:
    shift = found.shift
    topic = shift.feature.value
    return Case(
        kind=CaseKind.ACCOUNT_CHANGE,
        accounts=(shift.account,),
        score=z_of(found.p),
        threshold=z_of(thresholds.change_p),
        summary=(
            f"{shift.account}'s {topic} changed from {shift.before:.3g} to {shift.after:.3g}"
            f" at match {shift.match_id} ({shift.before_n} matches before, {shift.after_n}"
            f" after; p {found.p:.2g} over {found.tested} features)"
        ),
        matches=shift.matches,
        figures=(
            Figure(Measure.BEFORE, shift.before, topic),
            Figure(Measure.AFTER, shift.after, topic),
            Figure(Measure.BEFORE_MATCHES, float(shift.before_n), topic),
            Figure(Measure.AFTER_MATCHES, float(shift.after_n), topic),
            Figure(Measure.STATISTIC, shift.statistic, topic),
            Figure(Measure.P_VALUE, found.p, topic),
        ),
    )


__all__ = [
    "change_case",
    "change_cases",
    "collusion_case",
    "collusion_cases",
    "detect",
    "flagged",
    "origin_case",
    "origin_cases",
]
