"""Records name their generator: a key deals with keyed BLAKE2b, an integer with
SplitMix64 exactly as before (docs/records.md, "Seeds and generators")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from younuo.engine import Game, RecordError, Rules
from younuo.engine.records import Record, replay, seed_fields

ROOT = Path(__file__).resolve().parents[1]
KEY = "c0ffee00" * 4


def _played(seed: int | str, moves: int = 120) -> Game:
    game = Game.new(["ann", "bob", "cat"], Rules.from_preset("classic", target=100), seed=seed)
    for _ in range(moves):
        if game.is_over:
            break
        player = game.current or game.players[0]
        game.apply(game.legal_actions(player)[0])
    return game


def test_a_keyed_record_names_its_generator_and_replays_to_the_same_state() -> None:
    game = _played(KEY)
    data = json.loads(Record.from_game(game).to_json())
    assert data["generator"] == "blake2b" and data["seed"] == KEY
    # The key is text: a JSON tool or a browser keeps every one of its 128 bits.
    assert isinstance(data["seed"], str)
    result = replay(Record.from_dict(data))
    assert result.ok and result.state == game.snapshot()


def test_an_integer_seeded_record_is_written_exactly_as_before() -> None:
    """No generator field: records of SplitMix64 games do not change by one byte."""
    record = Record.from_game(_played(5))
    data = record.to_dict()
    assert "generator" not in data and data["seed"] == 5
    assert list(data) == ["format", "rules", "players", "teams", "setup", "seed", "actions"]
    assert seed_fields(5) == {"seed": 5} and seed_fields(None) == {"seed": None}


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.json")), ids=lambda p: p.name)
def test_committed_records_read_write_and_replay_unchanged(path: Path) -> None:
    """The records made before keys (examples/, all SplitMix64) are the same text after
    a read and a write, and replay to their end."""
    text = path.read_text()
    record = Record.from_json(text)
    assert "generator" not in json.loads(text) and not isinstance(record.seed, str)
    assert record.to_json() == text
    assert replay(record).ok


def test_a_setup_with_a_key_reshuffles_with_the_keyed_generator() -> None:
    one = _played(KEY, 0)
    hands = {name: [c.code for c in one.hand(name)] for name in one.players}
    start = one.snapshot()["discard_top"]
    data: dict[str, Any] = {
        "format": "younuo-record/1",
        "rules": {"preset": "classic"},
        "players": list(one.players),
        "setup": {"hands": hands, "start": start},
        "generator": "blake2b",
        "seed": KEY,
        "actions": [],
    }
    record = Record.from_dict(data)
    assert record.seed == KEY
    assert Record.from_game(record.start()).to_dict()["generator"] == "blake2b"


BAD: list[tuple[str, dict[str, Any], str]] = [
    ("a key without its generator", {"seed": KEY}, "bad_seed"),
    ("an integer for blake2b", {"generator": "blake2b", "seed": 7}, "bad_seed"),
    ("no seed for blake2b", {"generator": "blake2b", "seed": None}, "bad_seed"),
    ("a short key", {"generator": "blake2b", "seed": KEY[:-2]}, "bad_seed"),
    ("a long key", {"generator": "blake2b", "seed": KEY + "00"}, "bad_seed"),
    ("upper case", {"generator": "blake2b", "seed": KEY.upper()}, "bad_seed"),
    ("a key for splitmix64", {"generator": "splitmix64", "seed": KEY}, "bad_seed"),
    ("an unknown generator", {"generator": "mt19937", "seed": 7}, "bad_generator"),
    ("a generator that is a number", {"generator": 1, "seed": 7}, "bad_generator"),
    ("a boolean seed", {"seed": True}, "bad_seed"),
]


@pytest.mark.parametrize(("case", "fields", "code"), BAD, ids=[c for c, _, _ in BAD])
def test_a_seed_that_does_not_fit_its_generator_is_invalid(
    case: str, fields: dict[str, Any], code: str
) -> None:
    data = {
        "format": "younuo-record/1",
        "rules": {"preset": "classic"},
        "players": ["ann", "bob"],
        "actions": [],
        **fields,
    }
    with pytest.raises(RecordError) as info:
        Record.from_json(json.dumps(data))
    assert info.value.code == code, case


def test_splitmix64_may_be_named_explicitly() -> None:
    data = {
        "format": "younuo-record/1",
        "rules": {"preset": "classic"},
        "players": ["ann", "bob"],
        "generator": "splitmix64",
        "seed": 3,
        "actions": [],
    }
    named = replay(Record.from_dict(data))
    del data["generator"]
    assert named.state == replay(Record.from_dict(data)).state
