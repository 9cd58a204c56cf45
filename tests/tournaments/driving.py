"""Helpers that drive events in the tests: specs, entrants, and tables played out.

Two ways to play a table: :func:`random_result` (a shuffled result, for the property
tests) and :func:`bot_result` (a real match through the engine, bots at every seat).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from younuo.bots import make_bot
from younuo.engine import Game, Rules
from younuo.sim.table import Table as SimTable
from younuo.sim.table import drive
from younuo.tournaments import (
    Command,
    Format,
    StartTable,
    TableResult,
    Tournament,
    TournamentSpec,
)

NOW = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
START = NOW + timedelta(hours=1)


def spec(fmt: Format = Format.ELIMINATION, **fields: Any) -> TournamentSpec:
    """A spec starting at START, one-round tables unless told, no check-in unless told."""
    fields.setdefault("options", {} if fmt is Format.LEAGUE else {"scoring": "single"})
    fields.setdefault("check_in", timedelta(0))
    if fmt is Format.LEAGUE:
        fields.setdefault("cap", 4)
    return TournamentSpec(fields.pop("name", "Cup"), fmt, fields.pop("starts_at", START), **fields)


def created(s: TournamentSpec, tid: str = "cup") -> Tournament:
    return Tournament.create(tid, s, creator="admin", now=NOW, admin=True).tournament


def entered(t: Tournament, n: int, checked_in: int | None = None) -> Tournament:
    """``n`` accounts ``p0``... registered (rating 1000 + 7i mod 300), ``checked_in`` of them in."""
    for i in range(n):
        t = t.register(f"p{i}", 1000 + (i * 7) % 300, NOW).tournament
    if checked_in is not None:
        window = t.spec.check_in_opens
        for i in range(checked_in):
            t = t.check_in(f"p{i}", window).tournament
    return t


def random_result(command: StartTable, rng: random.Random) -> TableResult:
    names = [s.id for s in command.seats]
    places = names[:]
    rng.shuffle(places)
    return TableResult(command.table_id, tuple(places), {n: rng.randint(0, 300) for n in names})


def bot_base(command: StartTable) -> int:
    """The bots' seeds at a table start here: from the table's seed (an integer, or a key
    in hex), so that playing a table again plays it the same way."""
    seed = command.seed if isinstance(command.seed, int) else int(command.seed, 16)
    return seed % 1000


def bot_result(command: StartTable) -> TableResult:
    """The table's match played to its end by easy bots through the engine."""
    names = [s.id for s in command.seats]
    teams = None if command.teams is None else [list(pair) for pair in command.teams]
    rules = Rules.from_dict(command.rules)
    game = Game.new(names, rules, seed=command.seed, teams=teams)
    base = bot_base(command)
    bots = {name: make_bot("easy", seed=base + i) for i, name in enumerate(names)}
    drive(SimTable(game, dict(bots)), unit="match")
    assert game.is_over
    lowest = rules.scoring in ("negative", "elimination")
    return TableResult.from_match(
        command.table_id, names, game.scores(), game.view(None).match_winner, lowest
    )


def play_out(
    t: Tournament,
    commands: tuple[Command, ...],
    player: Callable[[StartTable], TableResult],
    stored: bool = False,
) -> tuple[Tournament, list[Command]]:
    """Play every table the commands start, feeding results back, to the end.

    ``stored``: after every transition the event goes through JSON and back, as a shell
    that stores it (and may be restarted) would see it.
    """
    seen: list[Command] = []
    queue = list(commands)
    while queue:
        command = queue.pop(0)
        seen.append(command)
        if isinstance(command, StartTable):
            t, more = t.record(player(command))
            if stored:
                t = Tournament.from_dict(json.loads(json.dumps(t.to_dict())))
            queue += more
    return t, seen


def run_random(s: TournamentSpec, entrants: int, seed: int) -> tuple[Tournament, list[Command]]:
    """An event of ``entrants`` (all present) played to its end with shuffled results."""
    rng = random.Random(seed)
    t, commands = entered(created(s), entrants).start(s.starts_at, seed)
    return play_out(t, commands, lambda c: random_result(c, rng))
