"""The partner-rotation league: the engine's 12-round match for 4, the schedule for 8."""

from __future__ import annotations

import itertools
from collections import Counter

from younuo.engine import Rules
from younuo.tournaments import Format, NoShow, StartTable, Status, TableResult
from younuo.tournaments.league import ROUNDS_PER_PARTNER, sessions, stage_count

from .driving import START, created, entered, run_random, spec


def test_the_schedule_of_eight_partners_everyone_once_and_opposes_everyone_twice() -> None:
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    plan = sessions()
    assert len(plan) == 7
    for session in plan:
        seated = [slot for table in session for pair in table for slot in pair]
        assert sorted(seated) == list(range(8))
        for pair_a, pair_b in session:
            partners.update([frozenset(pair_a), frozenset(pair_b)])
            opponents.update(frozenset((x, y)) for x in pair_a for y in pair_b)
    every_pair = [frozenset(p) for p in itertools.combinations(range(8), 2)]
    assert all(partners[p] == 1 for p in every_pair) and len(partners) == 28
    assert all(opponents[p] == 2 for p in every_pair) and len(opponents) == 28


def test_four_players_play_one_partner_rotation_match() -> None:
    _, commands = entered(created(spec(Format.LEAGUE, cap=4)), 4).start(START, 1)
    assert stage_count(4) == 1 and len(commands) == 1
    command = commands[0]
    assert isinstance(command, StartTable) and command.teams is None
    rules = Rules.from_dict(command.rules)
    assert rules.partner_rotation
    rules.check_table(4)  # the engine accepts the table as it is
    assert sorted(e.id for e in command.seats) == ["p0", "p1", "p2", "p3"]


def test_eight_players_play_28_rounds_at_two_tables_of_two_pairs() -> None:
    s = spec(Format.LEAGUE, cap=8)
    t, commands = entered(created(s), 8).start(START, 1)
    assert stage_count(8) == 28
    rounds: list[list[StartTable]] = []
    while t.status is Status.RUNNING:
        starts = [c for c in commands if isinstance(c, StartTable)]
        assert len(starts) == 2
        rounds.append(starts)
        for c in starts:
            names = tuple(e.id for e in c.seats)
            t, more = t.record(TableResult(c.table_id, names, dict.fromkeys(names, 0)))
            commands = more or commands
    assert len(rounds) == 28
    partner_rounds: Counter[frozenset[str]] = Counter()
    for number, starts in enumerate(rounds):
        turn = number % ROUNDS_PER_PARTNER
        for c in starts:
            assert c.teams is not None and c.stage == number + 1
            seats = [e.id for e in c.seats]
            (a1, a2), (b1, b2) = c.teams
            # Partners sit opposite (alternating seats), as the engine's teams require.
            assert {seats[0], seats[2]} in ({a1, a2}, {b1, b2})
            assert Rules.from_dict(c.rules).scoring == "single"
            partner_rounds.update([frozenset((a1, a2)), frozenset((b1, b2))])
        if turn:
            # Within a session the same tables play on, the first seat moved round by one.
            before = rounds[number - 1]
            for now, then in zip(starts, before, strict=True):
                then_ids = [e.id for e in then.seats]
                assert [e.id for e in now.seats] == [*then_ids[1:], then_ids[0]]
    assert set(partner_rounds.values()) == {ROUNDS_PER_PARTNER} and len(partner_rounds) == 28


def test_the_league_places_by_individual_totals() -> None:
    t, _ = run_random(spec(Format.LEAGUE, cap=8), 8, seed=3)
    lines = t.standings()
    totals = {line.entrant: line.score for line in lines}
    expected: Counter[str] = Counter()
    for stage in t.stages:
        for table in stage.tables:
            assert table.result is not None
            expected.update(dict(table.result.scores))
    assert totals == dict(expected)
    assert [line.score for line in lines] == sorted(totals.values(), reverse=True)
    assert t.places == tuple(line.entrant for line in lines)


def test_totals_tied_go_to_rounds_won() -> None:
    t, commands = entered(created(spec(Format.LEAGUE, cap=8)), 8).start(START, 1)
    # Every round: the first pair wins, every score 0, so totals tie and wins decide.
    while t.status is Status.RUNNING:
        for c in [c for c in commands if isinstance(c, StartTable)]:
            assert c.teams is not None
            (a1, a2), (b1, b2) = c.teams
            places = (a1, a2, b1, b2)
            t, more = t.record(TableResult(c.table_id, places, dict.fromkeys(places, 0)))
            commands = more or commands
    lines = t.standings()
    wins = [line.wins for line in lines]
    assert wins == sorted(wins, reverse=True) and sum(wins) == 28 * 2 * 2


def test_a_short_league_gets_bots_or_is_cancelled() -> None:
    with_bots = entered(created(spec(Format.LEAGUE, cap=8, no_show=NoShow.BOT)), 6)
    t, commands = with_bots.start(START, 1)
    assert t.status is Status.RUNNING and [e.id for e in t.entrants if e.is_bot] == [
        "bot:1",
        "bot:2",
    ]
    assert sum(len(c.seats) for c in commands if isinstance(c, StartTable)) == 8
    t, _ = entered(created(spec(Format.LEAGUE, cap=4)), 3).start(START, 1)
    assert t.status is Status.CANCELLED
