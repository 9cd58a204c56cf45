"""The wire's dicts read back into the engine's values, exactly (younuo.client.enginevalues)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from randomplay import random_game, random_step
from younuo.client.enginevalues import actions, event, events, player_view, wire_action
from younuo.engine import Game, RecordError, Rules


def _wire(value: object) -> object:
    """As it crosses the wire: JSON and back."""
    return json.loads(json.dumps(value))


def test_views_actions_and_events_read_back_as_the_engine_made_them() -> None:
    """Over random games of every preset and many options: each seat's view, its legal
    actions and the events redacted for it, sent as JSON, read back equal (events: equal
    once sent again, since JSON turns the tuples of ``info`` into lists)."""
    rng = random.Random(28)
    checked = 0
    for _ in range(12):
        game: Game = random_game(rng)
        opening = game.opening_events
        steps = 0
        while not game.is_over and steps < 150:
            for player in (*game.players, None):
                view = game.view(player)
                assert player_view(_wire(view.to_dict())) == view  # type: ignore[arg-type]
                if player is None:
                    continue
                legal = game.legal_actions(player)
                sent = [_wire(wire_action(a)) for a in legal]
                assert all("player" not in a for a in sent)  # type: ignore[operator]
                assert actions(sent, player) == legal  # type: ignore[arg-type]
            for e in opening:
                for player in game.players:
                    shown = _wire(game.redact(e, player).to_dict())
                    assert _wire(event(shown).to_dict()) == shown  # type: ignore[arg-type]
                    checked += 1
            opening = game.apply(random_step(game, rng))
            steps += 1
    assert checked > 1000


def test_an_event_type_the_engine_never_gives_is_refused() -> None:
    """A misspelt or unknown event type is bad data, not an event bots would ignore."""
    assert event({"type": "play", "player": "ann"}).type == "play"
    for bad in ("plays", "Play", "", None, 3):
        with pytest.raises(RecordError) as refused:
            event({"type": bad, "player": "ann"})
        assert refused.value.code == "bad_event_type"


def test_a_list_of_events_leaves_out_the_types_a_newer_server_may_add() -> None:
    """docs/records.md: new event types may come in any release. A bot reading a list
    (LevelBot) keeps the events it knows, in order; a known event that is bad still fails."""
    sent: list[dict[str, Any]] = [
        {"type": "play", "player": "ann", "cards": ["R5"], "color": "red", "jump_in": False},
        {"type": "fireworks", "player": "ann"},
        {"type": "draw", "player": "bob", "count": 1},
    ]
    assert [e.to_dict() for e in events(sent)] == [sent[0], sent[2]]
    with pytest.raises(RecordError) as refused:
        events([*sent, {"type": "play", "player": "bob", "cards": ["Q9"]}])
    assert refused.value.code == "bad_card"


def test_a_view_with_a_status_or_phase_the_engine_never_gives_is_refused() -> None:
    """A view's status is one of the game's states (GAME_STATUSES), its phase one of a
    turn's (PHASES), or the view is bad."""
    view = Game.new(["ann", "bob"], Rules.from_preset("classic"), seed=5).view("ann")
    data = json.loads(json.dumps(view.to_dict()))
    assert player_view(data).status == "playing"
    for bad in ("paused", "match over", "PLAYING", None):
        with pytest.raises(RecordError) as refused:
            player_view({**data, "status": bad})
        assert refused.value.code == "bad_status"
    for bad in ("choose", "draw", None):
        with pytest.raises(RecordError) as refused:
            player_view({**data, "phase": bad})
        assert refused.value.code == "bad_phase"
