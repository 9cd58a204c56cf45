"""Each format played to its end by bots through the engine: the matches' own results
drive the event (one-round tables, or the league's real 12 and 28 rounds)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from younuo.bots import make_bot
from younuo.engine import Game, Rules
from younuo.sim.table import Table as SimTable
from younuo.sim.table import drive
from younuo.tournaments import Command, Format, NoShow, StartTable, Status, TournamentFinished

from .driving import START, bot_base, bot_result, created, entered, play_out, spec


def finished(commands: Sequence[Command]) -> TournamentFinished:
    done = [c for c in commands if isinstance(c, TournamentFinished)]
    assert len(done) == 1
    return done[0]


def test_an_elimination_of_13_to_its_champion() -> None:
    s = spec(Format.ELIMINATION, advance=2, options={"scoring": "single"})
    t, commands = entered(created(s), 13).start(START, 11)
    over, seen = play_out(t, commands, bot_result, stored=True)
    assert over.status is Status.FINISHED
    final = over.stages[-1].tables[0]
    assert final.result is not None and over.places[0] == final.result.places[0]
    assert [e.id for e in finished(seen).places] == list(over.places)
    # 13 = 7 + 6, the top two of each go on: a final of 4.
    assert [len(x.seats) for x in over.stages[0].tables] == [7, 6] and len(final.seats) == 4


def test_an_elimination_under_negative_scoring_with_bots_for_no_shows() -> None:
    s = spec(
        Format.ELIMINATION,
        advance=1,
        options={"scoring": "negative"},
        target=60,
        no_show=NoShow.BOT,
        bot_level="easy",
        check_in=timedelta(minutes=10),
    )
    t, commands = entered(created(s), 10, checked_in=8).start(START, 5)
    assert sum(e.is_bot for e in t.entrants) == 2
    over, _ = play_out(t, commands, bot_result, stored=True)
    assert over.status is Status.FINISHED and len(over.places) == 10
    final = over.stages[-1].tables[0]
    assert final.result is not None
    scores = final.result.scores
    # Lowest total wins: the final's places after its winner run from low to high.
    rest = final.result.places[1:]
    assert [scores[n] for n in rest] == sorted(scores[n] for n in rest)


def test_a_swiss_of_11_over_three_rounds() -> None:
    s = spec(Format.SWISS, rounds=3, options={"scoring": "single"})
    t, commands = entered(created(s), 11).start(START, 8)
    over, seen = play_out(t, commands, bot_result, stored=True)
    assert over.status is Status.FINISHED and len(over.stages) == 3
    assert sum(isinstance(c, StartTable) for c in seen) == 3 * 2
    lines = over.standings()
    assert [line.entrant for line in lines] == list(over.places)
    assert all(line.played == 3 for line in lines)
    assert [line.points for line in lines] == sorted((line.points for line in lines), reverse=True)


def test_a_league_of_four_is_the_engines_12_round_match() -> None:
    t, commands = entered(created(spec(Format.LEAGUE, cap=4)), 4).start(START, 2)
    command = commands[0]
    assert isinstance(command, StartTable)
    # The table's match, played here once more the same way: 12 rounds.
    names = [e.id for e in command.seats]
    game = Game.new(names, Rules.from_dict(command.rules), seed=command.seed)
    bots = {n: make_bot("easy", seed=bot_base(command) + i) for i, n in enumerate(names)}
    assert drive(SimTable(game, dict(bots)), unit="match").rounds == 12
    result = bot_result(command)
    assert dict(result.scores) == game.scores()
    over, seen = t.record(result)
    assert over.status is Status.FINISHED and finished(seen).champion.id == result.places[0]
    assert {line.entrant: line.score for line in over.standings()} == game.scores()


def test_a_league_of_eight_over_28_rounds() -> None:
    t, commands = entered(created(spec(Format.LEAGUE, cap=8)), 8).start(START, 4)
    over, seen = play_out(t, commands, bot_result, stored=True)
    assert over.status is Status.FINISHED and len(over.stages) == 28
    assert sum(isinstance(c, StartTable) for c in seen) == 56
    lines = over.standings()
    assert all(line.played == 28 for line in lines)
    assert [line.score for line in lines] == sorted((line.score for line in lines), reverse=True)
    # In each round the winning pair scored the same points.
    for stage in over.stages:
        for table in stage.tables:
            assert table.result is not None and table.teams is not None
            for a, b in table.teams:
                assert table.result.scores[a] == table.result.scores[b]
