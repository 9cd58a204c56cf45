"""The engine's typed states: ``EventType``, ``GameStatus`` and ``Phase`` name exactly
what it does.

The types are ``Literal``s (docs/engine.md): one list each in the engine, which random
games under random rules must use up and which ``mypy --strict`` holds every caller to.
(``tests/test_record_schema.py`` checks that docs/records.md and docs/record.schema.json
name exactly these event types and statuses.)
"""

from __future__ import annotations

import random
import re
import textwrap
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from mypy import api as mypy

from checked_play import checked_game, next_action
from younuo.engine import EVENT_TYPES, GAME_STATUSES, PHASES, is_event_type

GAMES = 300
MAX_STEPS = 3_000  # a random policy can wander; the events are all seen long before


@dataclass(frozen=True)
class Seen:
    """What a few hundred random games emitted, and the states they passed through."""

    events: Counter[str]
    statuses: Counter[str]
    phases: Counter[str]


@pytest.fixture(scope="module")
def seen() -> Seen:
    """Random tables (presets, options, 2-10 players, teams, knockout) played by the checked
    games' random player: leaves at any moment, timeouts, the match clock."""
    events: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    for seed in range(GAMES):
        rng = random.Random(seed)
        game = checked_game(rng)
        events.update(str(e.type) for e in game.opening_events)
        statuses[str(game.status)] += 1
        for _ in range(MAX_STEPS):
            if game.is_over:
                break
            events.update(str(e.type) for e in game.apply(next_action(game, rng)))
            statuses[str(game.status)] += 1
            phases[str(game.view(None).phase)] += 1
    return Seen(events, statuses, phases)


def test_the_event_types_are_exactly_those_random_games_emit(seen: Seen) -> None:
    """No event outside EVENT_TYPES, and none listed that the engine never emits."""
    assert len(set(EVENT_TYPES)) == len(EVENT_TYPES) == 26
    assert set(seen.events) == set(EVENT_TYPES)


def test_the_game_statuses_are_exactly_those_random_games_pass_through(seen: Seen) -> None:
    assert set(seen.statuses) == set(GAME_STATUSES)
    assert len(set(GAME_STATUSES)) == len(GAME_STATUSES) == 3


def test_the_phases_are_exactly_those_random_games_pass_through(seen: Seen) -> None:
    assert set(seen.phases) == set(PHASES)
    assert len(set(PHASES)) == len(PHASES) == 3


def test_is_event_type_knows_each_type_and_nothing_else() -> None:
    """The check for a type read from the wire: an unhashable value is an answer too."""
    assert all(is_event_type(kind) for kind in EVENT_TYPES)
    for other in ("plays", "PLAY", "", None, 3, ["play"], {"type": "play"}):
        assert not is_event_type(other)


MISSPELT = """\
from younuo.engine import Event, Game, PlayerView


def over(game: Game) -> bool:
    return game.status == "match-over"


def waiting(view: PlayerView) -> bool:
    return view.status == "paused"


def played(event: Event) -> bool:
    return event.type == "plays"


made = Event("jumpin")


def naming(view: PlayerView) -> bool:
    return view.phase == "choose"
"""


def test_mypy_refuses_a_misspelt_state_phase_or_event_type(tmp_path: Path) -> None:
    """The point of the types: a misspelling is a type error, each one at its line."""
    source = tmp_path / "misspelt.py"
    source.write_text(MISSPELT, encoding="utf-8")
    cache = tmp_path / "cache"
    out, _, status = mypy.run(["--strict", "--cache-dir", str(cache), str(source)])
    assert status == 1, out
    lines = sorted(int(n) for n in re.findall(r"^.*misspelt\.py:(\d+): error", out, re.M))
    assert lines == [5, 9, 13, 16, 20], textwrap.indent(out, "  ")
    assert "Literal['match-over']" in out and "Literal['plays']" in out
