"""Standings and the bracket as plain data, for every format."""

from __future__ import annotations

import json

from younuo.tournaments import Format, Status

from .driving import run_random, spec


def test_standings_are_plain_data_with_one_place_each() -> None:
    for fmt in Format:
        t, _ = run_random(spec(fmt, rounds=2, cap=8), 8, seed=1)
        lines = [line.to_dict() for line in t.standings()]
        assert json.loads(json.dumps(lines)) == lines
        assert [line["place"] for line in lines] == list(range(1, 9))
        assert len({line["entrant"] for line in lines}) == 8


def test_only_an_elimination_has_players_out() -> None:
    t, _ = run_random(spec(Format.ELIMINATION, advance=2), 16, seed=2)
    assert t.status is Status.FINISHED
    lines = t.standings()
    # Places 1-4 played the final; the others were out in stage 1.
    assert [line.out for line in lines] == [False] * 4 + [True] * 12
    assert all(line.stage == 2 for line in lines[:4]) and all(line.stage == 1 for line in lines[4:])
    swiss, _ = run_random(spec(Format.SWISS, rounds=2), 16, seed=2)
    assert not any(line.out for line in swiss.standings())


def test_the_bracket_of_a_league_shows_the_pairs() -> None:
    t, _ = run_random(spec(Format.LEAGUE, cap=8), 8, seed=3)
    view = t.bracket()
    assert json.loads(json.dumps(view)) == view
    assert view["format"] == "league" and len(view["stages"]) == 28
    table = view["stages"][0]["tables"][0]
    assert len(table["teams"]) == 2 and table["advanced"] == [] and table["places"] is not None
    assert not any(stage["final"] for stage in view["stages"])
