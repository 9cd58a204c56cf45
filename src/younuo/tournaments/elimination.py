"""Multi-stage table elimination (docs/tournaments.md, Elimination).

Stage 1 seats everyone by seed (rating), snake-wise. After each stage the top
``advance`` (K) of every table go on, with the players who had a bye; they are seeded
for the next stage by how they did (byes first, then placement points, place, match
score, and the last stage's seeding) and seated snake-wise again. A stage of at most
``table_max`` players is the final: one table, whose places are the event's 1..n.
When fewer than ``table_min`` would reach the final, the best of the others there
("lucky losers", by the same order) fill it to ``table_min``. Counts that fit no tables
are made to fit by the no-show policy: bots join, or the top seeds get a bye.
"""

from __future__ import annotations

from collections.abc import Sequence

from younuo.tournaments.entrants import Entrant, more_bots, seed_order
from younuo.tournaments.progress import Progress
from younuo.tournaments.seating import snake
from younuo.tournaments.seeds import EventSeed
from younuo.tournaments.sizing import fit
from younuo.tournaments.spec import TournamentSpec
from younuo.tournaments.stages import NextStage, Places, Plan, Stage


def begin(
    spec: TournamentSpec, tournament_id: str, seed: EventSeed, entrants: Sequence[Entrant]
) -> NextStage | None:
    """Stage 1, or None when the entrants cannot be seated (too few, byes cannot help)."""
    ordered = [e.id for e in seed_order(entrants)]
    return _stage(spec, tournament_id, seed, 1, ordered, entrants)


def after(event: Progress) -> Plan:
    """What follows the last of ``stages``, which is done: the next stage, or the places."""
    spec, last = event.spec, event.stages[-1]
    if is_final(last):
        return Places(event.standing())
    ranked = stage_order(spec, last)
    going = set(last.byes)
    for table in last.tables:
        assert table.result is not None
        going.update(table.result.places[: spec.advance])
    ordered = [name for name in ranked if name in going]
    if len(ordered) <= spec.table_max:
        lucky = [name for name in ranked if name not in going]
        ordered += lucky[: max(0, spec.table_min - len(ordered))]
    planned = _stage(
        spec, event.tournament_id, event.seed, last.number + 1, ordered, event.entrants
    )
    # Stages shrink (spec.py's K rules) and never fall below table_min: it always fits.
    assert planned is not None
    return planned


def is_final(stage: Stage) -> bool:
    """Whether ``stage`` is the final: one table and nobody sitting it out."""
    return len(stage.tables) == 1 and not stage.byes


def stage_order(spec: TournamentSpec, stage: Stage) -> list[str]:
    """A done stage's players from best to worst: byes, then by their table result."""
    sign = 1 if spec.lowest_wins else -1
    seeded = {name: i for i, name in enumerate(stage.seeding)}
    tables = stage.tables_by_entrant()

    def key(name: str) -> tuple[int, ...]:
        table = tables.get(name)
        if table is None:
            return (0, 0, 0, 0, seeded[name])
        result = table.result
        assert result is not None
        return (
            1,
            -result.points(name),
            result.place(name),
            sign * result.scores[name],
            seeded[name],
        )

    return sorted(stage.seeding, key=key)


def _stage(
    spec: TournamentSpec,
    tournament_id: str,
    seed: EventSeed,
    number: int,
    ordered: list[str],
    entrants: Sequence[Entrant],
) -> NextStage | None:
    fitted = fit(len(ordered), spec.table_min, spec.table_max, spec.no_show)
    if fitted is None:
        return None
    bots = more_bots(tuple(entrants), fitted.bots, spec.bot_level)
    seeding = [*ordered, *(b.id for b in bots)]
    byes = seeding[: fitted.byes]
    tables = snake(seeding[fitted.byes :], fitted.sizes)
    stage = Stage.build(tournament_id, seed, number, tables, byes, seeding)
    return NextStage(stage, bots)
