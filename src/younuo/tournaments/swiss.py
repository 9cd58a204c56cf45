"""Swiss-style rounds of tables (docs/tournaments.md, Swiss).

A fixed number of rounds; nobody is eliminated. Round 1 seats by seed (rating),
snake-wise; every later round seats by the standings (the leaders together), avoiding
table-mates met before where it can (:func:`~younuo.tournaments.seating.by_standing`).
Each table gives placement points, 420 for first down to 0 for last. Under the bot
policy, bots fill an awkward count at the start and play every round; under the bye
policy, the players over the count that fits sit the round out with a bye worth 210:
the lowest in the standings among those with the fewest byes so far (round 1: the
lowest seeds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from younuo.tournaments.entrants import Entrant, more_bots, seed_order
from younuo.tournaments.progress import Progress
from younuo.tournaments.seating import Met, by_standing, snake
from younuo.tournaments.seeds import EventSeed
from younuo.tournaments.sizing import fit
from younuo.tournaments.spec import TournamentSpec
from younuo.tournaments.stages import NextStage, Places, Plan, Stage


def begin(
    spec: TournamentSpec, tournament_id: str, seed: EventSeed, entrants: Sequence[Entrant]
) -> NextStage | None:
    """Round 1, or None when the entrants cannot be seated (too few, byes cannot help)."""
    fitted = fit(len(entrants), spec.table_min, spec.table_max, spec.no_show)
    if fitted is None:
        return None
    bots = more_bots(tuple(entrants), fitted.bots, spec.bot_level)
    seeding = [e.id for e in seed_order([*entrants, *bots])]
    cut = len(seeding) - fitted.byes
    tables = snake(seeding[:cut], fitted.sizes)
    stage = Stage.build(tournament_id, seed, 1, tables, seeding[cut:], seeding)
    return NextStage(stage, bots)


def after(event: Progress) -> Plan:
    """The next round by the standings, or the places after the last round."""
    spec, stages = event.spec, event.stages
    standing = list(event.standing())
    if len(stages) >= spec.rounds:
        return Places(tuple(standing))
    fitted = fit(len(standing), spec.table_min, spec.table_max, spec.no_show)
    # The count fitted in round 1 (bots joined then) and never changes.
    assert fitted is not None and fitted.bots == 0
    had: Counter[str] = Counter(name for stage in stages for name in stage.byes)
    # The fewest byes so far first, and among those the lowest in the standings.
    bottom_up = sorted(enumerate(reversed(standing)), key=lambda item: (had[item[1]], item[0]))
    byes = [name for _, name in bottom_up[: fitted.byes]]
    seated = [n for n in standing if n not in byes]
    tables = by_standing(seated, fitted.sizes, met(stages))
    number = stages[-1].number + 1
    bye_order = [n for n in standing if n in byes]
    return NextStage(
        Stage.build(event.tournament_id, event.seed, number, tables, bye_order, standing)
    )


def met(stages: Sequence[Stage]) -> Met:
    """How often each pair of entrants shared a table in ``stages``."""
    counts: dict[str, Counter[str]] = {}
    for stage in stages:
        for table in stage.tables:
            for a in table.seats:
                mine = counts.setdefault(a, Counter())
                mine.update(b for b in table.seats if b != a)
    return counts
