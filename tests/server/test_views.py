"""The server's fast paths give exactly what the engine gives: views, view deltas, clocks."""

from __future__ import annotations

import dataclasses
import random

import pytest

from younuo.engine import ActionType, Game, Rules
from younuo.server.clocks import Clock, SeatControl
from younuo.server.views import changes, seat_views

PLAYERS = ["ann", "bob", "cat", "dan"]


def _games() -> list[Game]:
    """Games of every preset at many points: turns, jump-ins, challenges, round ends."""
    out = []
    for preset in ("classic", "younuo", "party"):
        rules = Rules.from_preset(preset, turn_seconds=0)
        for seed in range(4):
            game = Game.new(PLAYERS, rules, seed=seed)
            rng = random.Random(seed)
            for step in range(250):
                if game.is_over:
                    break
                if step % 7 == 0:
                    out.append(game.copy())
                moves = [
                    a
                    for name in PLAYERS
                    for a in game.legal_actions(name)
                    if a.type is not ActionType.LEAVE
                ]
                if not moves:
                    break
                game.apply(rng.choice(moves))
    return out


GAMES = _games()


@pytest.mark.parametrize("index", range(0, len(GAMES), max(1, len(GAMES) // 60)))
def test_seat_views_are_the_engines_views(index: int) -> None:
    """Each seat's view and the public view, built from the public one plus the fields
    that depend on the viewer, equal ``PlayerView.to_dict()`` of the engine; so does a
    view rebuilt from the previous one and its delta."""
    game = GAMES[index]
    before = seat_views(game, game.view(None), game.rules.to_dict(), PLAYERS)
    assert before[None] == game.view(None).to_dict()
    for name in PLAYERS:
        assert before[name] == game.view(name).to_dict(), name
    following = GAMES[index + 1] if index + 1 < len(GAMES) else game
    after = seat_views(following, following.view(None), following.rules.to_dict(), PLAYERS)
    for name in [None, *PLAYERS]:
        delta = changes(before[name], after[name])
        assert {**before[name], **delta} == after[name]
        assert all(before[name][key] != value for key, value in delta.items())


def test_private_fields_were_seen_to_differ() -> None:
    """The games above cover views that differ between seats beyond the hand."""
    seen = set()
    for game in GAMES:
        views = [game.view(name).to_dict() for name in PLAYERS]
        for key in views[0]:
            if len({repr(v[key]) for v in views}) > 1:
                seen.add(key)
    assert {"player", "hand", "drawn", "challenge_open"} <= seen


def test_clock_and_seat_states_spelled_out_equal_their_dataclasses() -> None:
    clock = Clock("ann", 1.0, 2.0, 3.0, "bob", 4.0)
    assert clock.to_dict() == dataclasses.asdict(clock)
    assert Clock.from_dict(clock.to_dict()) == clock
    control = SeatControl(True, 1.0, 2.0, True, True, 30, {"x": 1})
    assert control.to_dict() == dataclasses.asdict(control)
    copy = control.copy()
    assert copy == control and copy is not control and copy.extra is not control.extra
