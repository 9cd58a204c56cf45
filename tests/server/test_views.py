"""The server's fast paths give exactly what the engine gives: views, view deltas, clocks."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from typing import Any

import pytest

from younuo.engine import ActionType, Card, Game, Rules
from younuo.protocol.messages import Avatar, ClockOut, TableSeat, Update, update_text
from younuo.server.match.clocks import Clock, SeatControl
from younuo.server.match.views import changes, jsonable, seat_changes, seat_views

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
    for seat in [None, *PLAYERS]:
        delta = changes(before[seat], after[seat])
        assert {**before[seat], **delta} == after[seat]
        assert all(before[seat][key] != value for key, value in delta.items())


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


def test_seat_changes_equal_each_seats_own_changes() -> None:
    """A seat's delta built from the public delta and its private fields is exactly
    ``changes`` of its own views, for every seat and the public view."""
    for before_game, after_game in itertools.pairwise(GAMES):
        before = seat_views(before_game, before_game.view(None), {}, PLAYERS)
        after = seat_views(after_game, after_game.view(None), {}, PLAYERS)
        public = changes(before[None], after[None])
        for name in [None, *PLAYERS]:
            assert seat_changes(before, after, public, name) == changes(before[name], after[name])


def test_cards_become_their_codes_also_for_look_alikes() -> None:
    """Every card object is written as its own code, a card made anew as well."""
    cards = [Card.parse(code) for code in ("R5", "W+4", "BR", "G+2")]
    for card in cards:
        assert jsonable(card) == card.code
    fresh = Card(cards[0].color, cards[0].rank)
    assert jsonable(fresh) == "R5" and jsonable([fresh, cards[1]]) == ["R5", "W+4"]


def test_update_text_is_the_update_models_text() -> None:
    """The fast ``update`` encoding gives what the ``Update`` model gives (docs/protocol.md)."""
    game = GAMES[5]
    views = seat_views(game, game.view(None), game.rules.to_dict(), PLAYERS)
    seat = TableSeat(
        name="ann",
        kind="human",
        account="a1",
        bot_level=None,
        away=False,
        autoplay=True,
        left=False,
        camp="red",
        avatar=Avatar(outfit="teal", expression="wink"),
    )
    clock: dict[str, Any] = {
        "turn_player": "ann",
        "turn_deadline": 12.5,
        "match_deadline": None,
        "next_round_at": None,
        "catch_until": 3.25,
    }
    events = [{"type": "draw", "player": "ann", "count": 1, "cards": ["R5"]}]
    legal = [{"type": "pass"}]
    fields = (
        "m1",
        7,
        1700000000.125,
        events,
        views["ann"],
        False,
        [seat.model_dump()],
        clock,
        legal,
    )
    text = update_text(*fields)
    model = Update(
        match="m1",
        version=7,
        server_time=1700000000.125,
        events=events,
        view=views["ann"],
        delta=False,
        table=[seat],
        clock=ClockOut(**clock),
        legal=legal,
    )
    assert json.loads(text) == json.loads(model.model_dump_json())
    assert Update.model_validate_json(text) == model
