"""Elimination: stages of tables, the top K advancing, lucky losers, byes and bots, places."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from younuo.tournaments import NoShow, StartTable, Status, TableResult, Tournament
from younuo.tournaments.elimination import is_final

from .driving import START, created, entered, run_random, spec


def played(t: Tournament, placings: dict[str, list[str]]) -> Tournament:
    """Record results given as table id -> places (scores are 0)."""
    for table_id, places in placings.items():
        t = t.record(TableResult(table_id, tuple(places), dict.fromkeys(places, 0))).tournament
    return t


def test_stage_one_is_a_snake_by_rating() -> None:
    t = entered(created(spec()), 16).start(START, 1).tournament
    ratings = {r.account: r.rating for r in t.registrations}
    by_rating = sorted(ratings, key=lambda a: -ratings[a])
    tables = [set(table.seats) for table in t.stages[0].tables]
    assert [len(x) for x in tables] == [8, 8]
    # Seeds 1 and 2 are apart, 3 joins 2, 4 joins 1 (1-2-2-1 ...).
    assert by_rating[0] in tables[0] and by_rating[1] in tables[1]
    assert by_rating[2] in tables[1] and by_rating[3] in tables[0]
    assert t.stages[0].seeding == tuple(by_rating)


def test_nine_players_make_five_and_four_and_a_final_of_four() -> None:
    t = entered(created(spec(advance=2)), 9).start(START, 1).tournament
    big, small = t.stages[0].tables
    assert (len(big.seats), len(small.seats)) == (5, 4)
    t = played(t, {big.id: list(big.seats), small.id: list(small.seats)})
    final = t.stages[1]
    assert is_final(final) and set(final.seated) == {*big.seats[:2], *small.seats[:2]}
    t = played(t, {final.tables[0].id: list(final.tables[0].seats)})
    assert t.status is Status.FINISHED
    assert t.places[:4] == final.tables[0].seats
    # Then the stage-1 losers by placement points: 3rd of 5 (210) before 3rd of 4 (140),
    # and so on down.
    assert t.places[4:] == (
        big.seats[2],
        small.seats[2],
        big.seats[3],
        small.seats[3],
        big.seats[4],
    )


def test_lucky_losers_fill_a_short_final() -> None:
    t = entered(created(spec(advance=1)), 9).start(START, 1).tournament
    big, small = t.stages[0].tables
    t = played(t, {big.id: list(big.seats), small.id: list(small.seats)})
    # Two winners (in either order: equal points), then the two best others, in this
    # order: 2nd of 5 (315 points) and 2nd of 4 (280).
    seeding = t.stages[1].seeding
    assert set(seeding[:2]) == {big.seats[0], small.seats[0]}
    assert seeding[2:] == (big.seats[1], small.seats[1])


def test_byes_go_to_the_top_seeds_when_no_tables_fit() -> None:
    s = spec(table_min=4, table_max=6, advance=2, no_show=NoShow.BYE)
    t = entered(created(s), 7).start(START, 1).tournament
    first = t.stages[0]
    assert first.byes == (first.seeding[0],) and [len(x.seats) for x in first.tables] == [6]
    assert not is_final(first)
    table = first.tables[0]
    t = played(t, {table.id: list(table.seats)})
    second = t.stages[1]
    # The bye and the top two, with the 3rd placed as lucky loser to make a table of 4.
    assert second.seeding == (first.byes[0], *table.seats[:3]) and is_final(second)


def test_bots_fill_a_count_no_tables_fit() -> None:
    s = spec(table_min=4, table_max=6, advance=2, no_show=NoShow.BOT)
    t, commands = entered(created(s), 7).start(START, 1)
    assert [len(c.seats) for c in commands if isinstance(c, StartTable)] == [4, 4]
    assert [e.id for e in t.entrants if e.is_bot] == ["bot:1"]


def test_standings_say_who_is_out_while_a_stage_plays() -> None:
    t = entered(created(spec(advance=2)), 8 + 8).start(START, 1).tournament
    first = t.stages[0].tables[0]
    t = played(t, {first.id: list(first.seats)})
    lines = {s.entrant: s for s in t.standings()}
    assert [lines[n].out for n in first.seats] == [False, False] + [True] * 6
    waiting = t.stages[0].tables[1].seats
    assert not any(lines[n].out for n in waiting)
    # Players still to play rank with the unbeaten, above those already out.
    worst_waiting = max(lines[n].place for n in waiting)
    best_out = min(lines[n].place for n in first.seats[2:])
    assert worst_waiting < best_out


def test_bracket_marks_who_went_on_and_the_final() -> None:
    t = entered(created(spec(advance=2)), 9).start(START, 1).tournament
    big, small = t.stages[0].tables
    t = played(t, {big.id: list(big.seats), small.id: list(small.seats)})
    view = t.bracket()
    assert view["format"] == "elimination"
    first, final = view["stages"]
    assert not first["final"] and final["final"]
    assert first["tables"][0]["advanced"] == [n for n in big.seats if n in big.seats[:2]]
    assert final["tables"][0]["places"] is None and final["tables"][0]["advanced"] == []


@given(
    st.integers(4, 64),
    st.integers(4, 8),
    st.integers(4, 8),
    st.integers(1, 7),
    st.sampled_from(NoShow),
    st.integers(0, 10_000),
)
@settings(max_examples=150, deadline=None)
def test_every_elimination_ends_with_one_champion_and_everyone_placed_once(
    count: int, a: int, b: int, k: int, policy: NoShow, seed: int
) -> None:
    low, high = min(a, b), max(a, b)
    most = low - 1 if high >= 2 * low - 1 else low // 2
    s = spec(table_min=low, table_max=high, advance=min(k, most), no_show=policy, cap=64)
    if count < low and policy is NoShow.BYE:
        t, _ = run_random(s, count, seed)
        assert t.status is Status.CANCELLED
        return
    t, _ = run_random(s, count, seed)
    assert t.status is Status.FINISHED
    ids = [e.id for e in t.entrants]
    assert sorted(t.places) == sorted(ids) and len(set(t.places)) == len(ids)
    final = t.stages[-1]
    assert is_final(final) and final.tables[0].result is not None
    assert t.places[0] == final.tables[0].result.places[0]
    assert t.places[: len(final.seated)] == final.tables[0].result.places
    assert len(final.seated) >= low
    sizes = [len(stage.seated) + len(stage.byes) for stage in t.stages]
    assert sizes == sorted(sizes, reverse=True) and len(set(sizes)) == len(sizes)
    for stage in t.stages:
        assert all(low <= len(table.seats) <= high for table in stage.tables)
        seated = stage.seated
        assert len(set(seated)) == len(seated) and not set(seated) & set(stage.byes)
    # Places follow the stage reached: nobody out earlier ranks above someone who went on.
    reached = {line.entrant: line.stage for line in t.standings()}
    stages_in_order = [reached[name] for name in t.places]
    assert stages_in_order == sorted(stages_in_order, reverse=True)
    assert [line.entrant for line in t.standings()] == list(t.places)


def test_equal_places_at_equal_tables_go_to_the_match_score() -> None:
    t = entered(created(spec(table_max=4, advance=2)), 8).start(START, 1).tournament
    one, two = t.stages[0].tables
    scores = {one.id: [9, 8, 7, 50], two.id: [9, 8, 30, 1]}
    for table in (one, two):
        points = dict(zip(table.seats, scores[table.id], strict=True))
        t = t.record(TableResult(table.id, table.seats, points)).tournament
    final = t.stages[1].tables[0]
    t = t.record(TableResult(final.id, final.seats, dict.fromkeys(final.seats, 0))).tournament
    # Third places (140 points each): two's scored 30, one's 7. Fourth: 50 before 1.
    assert t.places[4:] == (two.seats[2], one.seats[2], one.seats[3], two.seats[3])
