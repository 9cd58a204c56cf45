"""Real engine tables for the terminal table's model tests: a game is played at random
until a seat's legal actions show what a test needs (a wild on the turn, a multi-play,
a 7's targets, a jump-in, a report), and that seat's picture is made as the client
would hold it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from younuo.client import ClockOut, Match, TableSeat
from younuo.client.enginevalues import wire_action
from younuo.client.messages import Avatar
from younuo.engine import Game, Rules

Legal = Sequence[Mapping[str, Any]]


def picture(game: Game, seat: str, version: int = 1) -> Match:
    """The match as ``seat`` holds it: its view and legal actions, off the wire."""
    legal = tuple(wire_action(a) for a in game.legal_actions(seat))
    table = tuple(
        TableSeat(
            name=name,
            kind="human",
            account=None,
            bot_level=None,
            away=False,
            autoplay=False,
            left=False,
            camp=None,
            avatar=Avatar(),
        )
        for name in game.view(seat).players
    )
    clock = ClockOut(
        turn_player=game.current,
        turn_deadline=100.0,
        match_deadline=None,
        next_round_at=None,
        catch_until=None,
    )
    return Match(
        id="m1",
        version=version,
        you=seat,
        view=game.view(seat).to_dict(),
        table=table,
        clock=clock,
        legal=legal,
        events=(),
        server_time=90.0,
    )


def find(
    rules: Rules, wanted: Callable[[Game, str, Legal], bool], seats: int = 3
) -> tuple[Game, str]:
    """A game and a seat whose legal actions satisfy ``wanted``, found by random play."""
    names = ["ann", "bob", "cat", "dan"][:seats]
    for seed in range(400):
        game = Game.new(names, rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.status != "playing":
                break
            for seat in names:
                legal = [wire_action(a) for a in game.legal_actions(seat)]
                if legal and wanted(game, seat, legal):
                    return game, seat
            current = game.current
            turn = [a for a in game.legal_actions(current) if a.type != "leave"] if current else []
            if not turn:
                break
            game.apply(rng.choice(turn))
    raise AssertionError("no such table found")
