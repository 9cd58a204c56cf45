"""Standings with their tiebreaks, live from whatever results are in (docs/tournaments.md).

Every standing puts every entrant in exactly one place: the last tiebreak is the
registration order (bots after people), which no two entrants share.

- Elimination: the furthest stage reached; at that stage, placement points, then the
  place at the table, then whether still to play (players still to play, or with a bye,
  count as unbeaten there), then the match score; then the stage's seeding; then
  registration order. When the event is over this is its final places: the final
  table 1..n, then those out in the last stage before it, and so on.
- Swiss: placement points (byes included), then opposition (the average points of the
  table-mates, summed over the rounds played), then table wins, then the match score,
  then registration order.
- League: the individual total of match scores, then rounds won (the winner and, in
  the 8-player league, the winner's partner), then the sum of places, then
  registration order.

Match scores count "higher is better" except under negative and elimination scoring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from younuo.tournaments.entrants import Entrant
from younuo.tournaments.results import BYE_POINTS, PLACEMENT_SCALE
from younuo.tournaments.spec import Format, TournamentSpec
from younuo.tournaments.stages import Stage, Table


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line of the standings.

    ``points``: Swiss placement points, the league's total score, or in elimination the
    placement points at the furthest stage reached (0 while still to play there).
    ``opposition`` is Swiss only (0 elsewhere), to two decimals (ties are broken exactly).
    ``stage`` is the furthest stage (or round) the entrant was in. ``out``: eliminated
    (elimination only).
    """

    place: int
    entrant: str
    played: int
    points: int
    opposition: float
    wins: int
    score: int
    stage: int
    out: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "entrant": self.entrant,
            "played": self.played,
            "points": self.points,
            "opposition": self.opposition,
            "wins": self.wins,
            "score": self.score,
            "stage": self.stage,
            "out": self.out,
        }


@dataclass(slots=True)
class _Tally:
    played: int = 0
    points: int = 0
    wins: int = 0
    score: int = 0
    places: int = 0
    stage: int = 0
    byes: int = 0


def rank(
    spec: TournamentSpec, entrants: Sequence[Entrant], stages: Sequence[Stage]
) -> tuple[Standing, ...]:
    """The standings now: complete when every stage is done, live while tables play."""
    tally = {e.id: _Tally() for e in entrants}
    order = {e.id: e.order for e in entrants}
    for stage in stages:
        for name in stage.byes:
            tally[name].stage = stage.number
            tally[name].byes += 1
        for table in stage.tables:
            for name in table.seats:
                tally[name].stage = stage.number
            if table.result is not None:
                _count(tally, table)
    sign = 1 if spec.lowest_wins else -1
    if spec.format is Format.SWISS:
        return _swiss(tally, order, stages, sign)
    if spec.format is Format.LEAGUE:
        keys = {n: (-t.score, -t.wins, t.places, order[n]) for n, t in tally.items()}
        return _lines(tally, keys, {n: t.score for n, t in tally.items()}, {})
    return _elimination(spec, tally, order, stages, sign)


def _count(tally: dict[str, _Tally], table: Table) -> None:
    result = table.result
    assert result is not None
    winners = {result.places[0]}
    if table.teams is not None:
        winners = next(set(pair) for pair in table.teams if result.places[0] in pair)
    for name in table.seats:
        t = tally[name]
        t.played += 1
        t.points += result.points(name)
        t.score += result.scores[name]
        t.places += result.place(name)
        t.wins += name in winners


def _swiss(
    tally: dict[str, _Tally], order: dict[str, int], stages: Sequence[Stage], sign: int
) -> tuple[Standing, ...]:
    points = {n: t.points + t.byes * BYE_POINTS for n, t in tally.items()}
    opposition = dict.fromkeys(tally, 0)
    for stage in stages:
        for table in stage.tables:
            if table.result is None:
                continue
            for name in table.seats:
                mates = [m for m in table.seats if m != name]
                # The mates' mean, scaled by 420 to stay a whole number (every count of
                # mates, 1 to 7, divides 420), so ties compare exactly.
                opposition[name] += sum(points[m] for m in mates) * PLACEMENT_SCALE // len(mates)
    keys = {
        n: (-points[n], -opposition[n], -t.wins, sign * t.score, order[n]) for n, t in tally.items()
    }
    shown = {n: round(v / PLACEMENT_SCALE, 2) for n, v in opposition.items()}
    return _lines(tally, keys, points, shown)


def _elimination(
    spec: TournamentSpec,
    tally: dict[str, _Tally],
    order: dict[str, int],
    stages: Sequence[Stage],
    sign: int,
) -> tuple[Standing, ...]:
    by_number = {s.number: s for s in stages}
    last = stages[-1].number if stages else 0
    tables = {s.number: s.tables_by_entrant() for s in stages}
    seeding = {s.number: {name: i for i, name in enumerate(s.seeding)} for s in stages}
    keys: dict[str, tuple[int, ...]] = {}
    points: dict[str, int] = {}
    out: set[str] = set()
    for name, t in tally.items():
        stage = by_number.get(t.stage)
        table = tables[t.stage].get(name) if stage is not None else None
        seeded = seeding[t.stage][name] if stage is not None else 0
        if table is None or table.result is None:
            # A bye, or still to play: unbeaten at this stage so far.
            points[name] = 0
            keys[name] = (-t.stage, -PLACEMENT_SCALE, 1, 1, 0, seeded, order[name])
            continue
        result = table.result
        points[name] = result.points(name)
        assert stage is not None
        final = len(stage.tables) == 1 and not stage.byes
        if t.stage < last or (not final and result.place(name) > spec.advance):
            out.add(name)
        keys[name] = (
            -t.stage,
            -points[name],
            result.place(name),
            0,
            sign * result.scores[name],
            seeded,
            order[name],
        )
    return _lines(tally, keys, points, {}, out)


def _lines(
    tally: dict[str, _Tally],
    keys: Mapping[str, tuple[int, ...]],
    points: dict[str, int],
    opposition: dict[str, float],
    out: set[str] | None = None,
) -> tuple[Standing, ...]:
    ranked = sorted(tally, key=lambda n: keys[n])
    return tuple(
        Standing(
            place=i + 1,
            entrant=name,
            played=tally[name].played,
            points=points[name],
            opposition=opposition.get(name, 0.0),
            wins=tally[name].wins,
            score=tally[name].score,
            stage=tally[name].stage,
            out=name in (out or set()),
        )
        for i, name in enumerate(ranked)
    )
