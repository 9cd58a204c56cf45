"""The partner-rotation league (docs/tournaments.md, League).

- 4 players: one match of 12 rounds under the engine's ``partner_rotation`` rule
  (seats 1+3 against 2+4 for rounds 1-4, 1+2 against 3+4 for 5-8, 1+4 against 2+3 for
  9-12): one stage, one table, the seats shuffled by the table's seed.
- 8 players: 7 sessions of 4 rounds at two tables of two pairs, so that each player
  partners each of the other seven once, for 4 rounds, and faces each of them as an
  opponent exactly twice (a whist tournament for 8). The engine plays each round as a
  one-round team match (``scoring: single``), so a league of 8 has 28 stages of two
  tables; within a session the seats turn by one each round, so that every player of
  a table sits first once.

Either way the standing is the individual total of the match scores.
"""

from __future__ import annotations

from collections.abc import Sequence

from younuo.tournaments.entrants import Entrant, more_bots, seed_order
from younuo.tournaments.progress import Progress
from younuo.tournaments.seeds import EventSeed
from younuo.tournaments.spec import NoShow, TournamentSpec
from younuo.tournaments.stages import NextStage, Places, Plan, Stage, Teams

ROUNDS_PER_PARTNER = 4
"""Rounds each partnership plays (R-TEAM partner rotation: 4 rounds per pairing)."""

Pair = tuple[int, int]
SlotTable = tuple[Pair, Pair]
Session = tuple[SlotTable, SlotTable]
"""One session of the 8-player league: two tables, each two pairs, by slot number."""

# The schedule's base session on the slots 0..6 and "7" (the fixed point): slot 7 with 0
# against 1 with 3, and 2 with 6 against 4 with 5. Session r adds r (mod 7) to every slot
# but 7; the partner differences (7-0, 1-3, 2-6, 4-5) cover every distance once and the
# opponent differences every distance twice, so the seven sessions have each pair of
# slots as partners once and as opponents twice (the property is checked in the tests).
_BASE: Session = (((7, 0), (1, 3)), ((2, 6), (4, 5)))
_FIXED = 7


def sessions() -> tuple[Session, ...]:
    """The 7 sessions of the 8-player league, by slot number (0..7)."""

    def move(slot: int, r: int) -> int:
        return slot if slot == _FIXED else (slot + r) % _FIXED

    def pair(p: Pair, r: int) -> Pair:
        return (move(p[0], r), move(p[1], r))

    def table(t: SlotTable, r: int) -> SlotTable:
        return (pair(t[0], r), pair(t[1], r))

    return tuple((table(_BASE[0], r), table(_BASE[1], r)) for r in range(_FIXED))


def stage_count(size: int) -> int:
    """Stages of a league of ``size``: 1 match of 12 rounds, or 7 sessions x 4 rounds."""
    return 1 if size == 4 else len(sessions()) * ROUNDS_PER_PARTNER


def begin(
    spec: TournamentSpec, tournament_id: str, seed: EventSeed, entrants: Sequence[Entrant]
) -> NextStage | None:
    """The first stage, with bots filling the league to its size; None if short under byes."""
    missing = spec.cap - len(entrants)
    if missing and spec.no_show is NoShow.BYE:
        return None
    bots = more_bots(tuple(entrants), missing, spec.bot_level)
    slots = tuple(e.id for e in seed_order([*entrants, *bots]))
    return NextStage(_stage(tournament_id, seed, 1, slots), bots)


def after(event: Progress) -> Plan:
    """The next round of the schedule, or the places by individual totals."""
    stages = event.stages
    if len(stages) >= stage_count(event.spec.cap):
        return Places(event.standing())
    return NextStage(_stage(event.tournament_id, event.seed, len(stages) + 1, stages[0].seeding))


def _stage(tournament_id: str, seed: EventSeed, number: int, slots: tuple[str, ...]) -> Stage:
    if len(slots) == 4:
        return Stage.build(tournament_id, seed, number, [slots], seeding=slots)
    session, turn = divmod(number - 1, ROUNDS_PER_PARTNER)
    tables = []
    teams: list[Teams] = []
    for (a1, a2), (b1, b2) in sessions()[session]:
        pair_a = (slots[a1], slots[a2])
        pair_b = (slots[b1], slots[b2])
        # Partners alternate round the table (R-TEAM); the first seat turns each round.
        seats = (pair_a[0], pair_b[0], pair_a[1], pair_b[1])
        tables.append(seats[turn:] + seats[:turn])
        teams.append((pair_a, pair_b))
    return Stage.build(tournament_id, seed, number, tables, seeding=slots, teams=teams)
