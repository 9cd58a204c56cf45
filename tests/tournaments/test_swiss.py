"""Swiss: fixed rounds, placement points, re-seating by standing, byes, tiebreaks."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from younuo.tournaments import BYE_POINTS, Format, NoShow, Status, TableResult, Tournament
from younuo.tournaments.entrants import Entrant
from younuo.tournaments.stages import Stage
from younuo.tournaments.standings import rank
from younuo.tournaments.swiss import met

from .driving import START, created, entered, run_random, spec


def by_seats(t: Tournament) -> Tournament:
    """Record every open table of the current round with its seat order as the places."""
    for table in t.stages[-1].tables:
        if table.result is None:
            result = TableResult(table.id, table.seats, dict.fromkeys(table.seats, 0))
            t = t.record(result).tournament
    return t


def test_a_fixed_number_of_rounds_then_the_standings_are_the_places() -> None:
    t = entered(created(spec(Format.SWISS, rounds=3)), 12).start(START, 4).tournament
    for _ in range(3):
        assert t.status is Status.RUNNING
        t = by_seats(t)
    assert t.status is Status.FINISHED and len(t.stages) == 3
    assert t.places == tuple(line.entrant for line in t.standings())
    points = {line.entrant: line.points for line in t.standings()}
    # Each round hands out the same points: 420+210+... at each table of 6 (tables 6+6).
    assert sum(points.values()) == 3 * 2 * sum(420 * (6 - p) // 5 for p in range(1, 7))


def test_round_two_seats_the_leaders_together() -> None:
    t = entered(created(spec(Format.SWISS, rounds=2)), 16).start(START, 4).tournament
    t = by_seats(t)
    winners = {table.seats[0] for table in t.stages[0].tables}
    assert len(winners) == 2
    top = t.stages[1].tables[0]
    assert winners <= set(top.seats)


def test_later_rounds_avoid_table_mates_where_they_can() -> None:
    t = entered(created(spec(Format.SWISS, rounds=2, table_max=4)), 16).start(START, 4).tournament
    t = by_seats(t)
    before = met(t.stages[:1])
    again = sum(
        1
        for table in t.stages[1].tables
        for i, x in enumerate(table.seats)
        for y in table.seats[i + 1 :]
        if before.get(x, {}).get(y)
    )
    # Four tables of 4 after four tables of 4: the winners can be kept apart from
    # their own table-mates entirely.
    assert again == 0


def test_byes_rotate_from_the_bottom_and_are_worth_half_a_win() -> None:
    s = spec(Format.SWISS, rounds=4, table_min=4, table_max=6, no_show=NoShow.BYE)
    t = entered(created(s), 7).start(START, 4).tournament
    assert len(t.stages[0].byes) == 1 and t.stages[0].byes[0] == t.stages[0].seeding[-1]
    byes = []
    while t.status is Status.RUNNING:
        byes.append(t.stages[-1].byes[0])
        t = by_seats(t)
    assert len(set(byes)) == 4
    lines = {line.entrant: line for line in t.standings()}
    first_bye = byes[0]
    won = 0
    for stage in t.stages:
        table = stage.table_of(first_bye)
        if table is not None:
            assert table.result is not None
            won += table.result.points(first_bye)
    assert lines[first_bye].points == won + BYE_POINTS


def test_bots_join_at_the_start_and_play_every_round() -> None:
    s = spec(Format.SWISS, rounds=2, table_min=4, table_max=6, no_show=NoShow.BOT)
    t = entered(created(s), 7).start(START, 4).tournament
    assert [e.id for e in t.entrants if e.is_bot] == ["bot:1"]
    t = by_seats(t)
    assert "bot:1" in t.stages[1].seated and not t.stages[1].byes


def _entrants(n: int) -> tuple[Entrant, ...]:
    return tuple(Entrant.player(f"e{i}", 1000, i) for i in range(n))


def _table_stage(number: int, places: list[list[str]], scores: dict[str, int]) -> Stage:
    stage = Stage.build("x", 1, number, places)
    for table, order in zip(stage.tables, places, strict=True):
        stage = stage.with_result(
            TableResult(table.id, tuple(order), {n: scores[n] for n in order})
        )
    return stage


def test_tiebreaks_points_then_opposition_then_wins_then_score_then_registration() -> None:
    s = spec(Format.SWISS, rounds=2)
    scores = dict.fromkeys((f"e{i}" for i in range(8)), 0)
    one = _table_stage(1, [["e0", "e1", "e2", "e3"], ["e4", "e5", "e6", "e7"]], scores)
    two = _table_stage(2, [["e0", "e4", "e5", "e2"], ["e1", "e3", "e6", "e7"]], scores)
    lines = rank(s, _entrants(8), [one, two])
    points = {line.entrant: line.points for line in lines}
    assert points["e0"] == 840 and points["e4"] == 700 and points["e1"] == 700
    order = [line.entrant for line in lines]
    # e4 and e1 both have 420 + 280, but e4's table-mates did better: their mean
    # points were 700/3 and 1400/3 (700 in all), e1's 1260/3 and 560/3 (606.67).
    opposition = {line.entrant: line.opposition for line in lines}
    assert opposition["e4"] == 700.0 and opposition["e1"] == 606.67
    assert order.index("e4") < order.index("e1")


def test_equal_points_and_opposition_go_to_wins_then_score_then_registration() -> None:
    s = spec(Format.SWISS, rounds=1)
    scores = {"e0": 5, "e1": 0, "e2": 0, "e3": 0, "e4": 9, "e5": 0, "e6": 0, "e7": 0}
    one = _table_stage(1, [["e0", "e1", "e2", "e3"], ["e4", "e5", "e6", "e7"]], scores)
    order = [line.entrant for line in rank(s, _entrants(8), [one])]
    # Both winners: equal points, opposition and wins; e4 scored more.
    assert order[:2] == ["e4", "e0"]
    # e1 and e5: everything equal, registration order.
    assert order.index("e1") < order.index("e5")


def test_lowest_wins_scoring_turns_the_score_tiebreak_round() -> None:
    s = spec(Format.SWISS, rounds=1, options={"scoring": "negative"}, target=100)
    scores = {"e0": 5, "e1": 0, "e2": 0, "e3": 0, "e4": 9, "e5": 0, "e6": 0, "e7": 0}
    one = _table_stage(1, [["e0", "e1", "e2", "e3"], ["e4", "e5", "e6", "e7"]], scores)
    assert [line.entrant for line in rank(s, _entrants(8), [one])][:2] == ["e0", "e4"]


@given(
    st.integers(4, 64),
    st.integers(1, 6),
    st.integers(4, 8),
    st.integers(4, 8),
    st.sampled_from(NoShow),
    st.integers(0, 10_000),
)
@settings(max_examples=80, deadline=None)
def test_every_swiss_seats_tables_within_bounds_every_round_and_places_everyone(
    count: int, rounds: int, a: int, b: int, policy: NoShow, seed: int
) -> None:
    low, high = min(a, b), max(a, b)
    s = spec(Format.SWISS, rounds=rounds, table_min=low, table_max=high, no_show=policy)
    t, _ = run_random(s, count, seed)
    if count < low and policy is NoShow.BYE:
        assert t.status is Status.CANCELLED
        return
    assert t.status is Status.FINISHED and len(t.stages) == rounds
    ids = {e.id for e in t.entrants}
    assert sorted(t.places) == sorted(ids)
    byes: Counter[str] = Counter()
    for stage in t.stages:
        assert all(low <= len(table.seats) <= high for table in stage.tables)
        assert sorted((*stage.seated, *stage.byes)) == sorted(ids)
        byes.update(stage.byes)
    # Nobody has a second bye while someone has none.
    if byes:
        assert max(byes.values()) - min(byes.get(i, 0) for i in ids) <= 1
