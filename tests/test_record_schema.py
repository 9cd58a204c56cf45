"""docs/record.schema.json and docs/records.md against the records the engine writes.

The schema is for people writing a reader or a writer in another language; these tests
keep it true: every record the engine writes (random matches over random rule sets,
teams, partner rotation, keyed and integer seeds, setups, the hand-written scenarios)
validates, the invalid records the engine refuses for their form fail it too, and its
lists (options and their values, presets, action types, colors, card codes) are the
engine's. The examples printed in docs/records.md are checked the same way.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from checked_play import next_action
from randomplay import random_game
from record_md import RECORD_MD
from younuo.engine import (
    CHOICES,
    EVENT_TYPES,
    GAME_STATUSES,
    INT_RANGES,
    PRESETS,
    ActionType,
    Color,
    Game,
    Record,
    RecordError,
    Rules,
    replay,
)
from younuo.engine.cards import ALL_CARDS

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_PATH = ROOT / "docs" / "record.schema.json"
RECORDS_MD = ROOT / "docs" / "records.md"
SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
RANDOM_GAMES = 40
STEPS = 1500  # enough for several rounds; a record of a game in progress is a record too


def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


def validator() -> jsonschema_rs.Validator:
    return jsonschema_rs.validator_for(schema())


def problems(record: Any) -> list[str]:
    """What the schema finds wrong with ``record`` (empty: valid)."""
    return [f"{error.instance_path}: {error.message}" for error in validator().iter_errors(record)]


def random_records() -> Iterator[dict[str, Any]]:
    """Records of random matches over random rule sets, as the engine writes them."""
    for seed in range(RANDOM_GAMES):
        rng = random.Random(seed)
        game = random_game(rng)
        for _ in range(STEPS):
            if game.is_over:
                break
            game.apply(next_action(game, rng))
        yield Record.from_game(game).to_dict()


def played(game: Game, steps: int, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(next_action(game, rng))
    return Record.from_game(game).to_dict()


def json_blocks(section: str) -> list[Any]:
    """The ```json blocks of one ``## section`` of docs/records.md, parsed."""
    text = RECORDS_MD.read_text(encoding="utf-8")
    start = text.index(f"\n## {section}")
    end = text.find("\n## ", start + 1)
    body = text[start : end if end >= 0 else len(text)]
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", body, re.S)]


# ------------------------------------------------------------------ the schema itself
def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    loaded = schema()
    assert loaded["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema_rs.meta.validate(loaded)


def test_the_schemas_lists_are_the_engines() -> None:
    """Options and values, presets, action types, colors and the format: one truth each."""
    defs = schema()["$defs"]
    options = dict(defs["rules"]["properties"])
    assert options.pop("preset") == {"enum": sorted(PRESETS, key=list(PRESETS).index)}
    assert set(options) == set(CHOICES)
    for name, spec in CHOICES.items():
        given = options[name]
        if spec is bool:
            assert given["type"] == "boolean", name
        elif spec is int:
            low, high = INT_RANGES[name]
            assert (given["type"], given["minimum"], given["maximum"]) == ("integer", low, high)
        else:
            assert isinstance(spec, tuple)
            assert given["enum"] == list(spec), name
    assert defs["action"]["properties"]["type"]["enum"] == [t.value for t in ActionType]
    assert defs["color"]["enum"] == [c.value for c in Color]
    assert schema()["properties"]["format"] == {"const": "younuo-record/1"}


def test_the_card_pattern_takes_every_card_code_and_nothing_else() -> None:
    pattern = re.compile(schema()["$defs"]["card"]["pattern"])
    codes = {card.code for card in ALL_CARDS}
    assert len(codes) == 59
    assert all(pattern.match(code) for code in codes)
    near_misses = ["R10", "r5", "W+2", "RW", "R+4", "P5", "R", "", "WB+4", "B+2 ", "YA2"]
    assert not [code for code in near_misses if pattern.match(code)]


# ------------------------------------------------------------------ records that are valid
def test_records_of_random_matches_over_random_rules_validate() -> None:
    """Every preset, option value, table size and teams meet in these records."""
    records = list(random_records())
    assert {record["rules"]["preset"] for record in records} == set(PRESETS)
    assert any(record["teams"] for record in records)
    assert len({len(record["players"]) for record in records}) >= 6
    for record in records:
        assert problems(record) == [], record["rules"]


@pytest.mark.parametrize(
    "game",
    [
        Game.new(["a", "b", "c", "d"], Rules.from_preset("younuo"), seed="5a" * 16),
        Game.new(
            ["a", "b", "c", "d"], Rules.from_preset("party"), seed=7, teams=[["a", "c"], ["b", "d"]]
        ),
        Game.new(["a", "b", "c", "d"], Rules.from_preset("classic", partner_rotation=True), seed=8),
        Game.new(["a", "b", "c"], Rules.from_preset("classic", scoring="knockout"), seed=9),
        Game.new(
            ["a", "b"],
            Rules.from_preset("classic", multi_play="same_rank", seven_zero=True),
            seed=4,
        ),
    ],
    ids=["keyed-seed", "party-teams", "partner-rotation", "knockout", "multi-play-seven-zero"],
)
def test_records_of_each_kind_of_start_and_table_validate(game: Game) -> None:
    record = played(game, 800)
    assert record["actions"]
    assert problems(record) == []


def test_a_record_from_a_setup_with_a_seed_validates() -> None:
    game = Record.from_dict({**RECORD_MD, "seed": 12}).start()
    record = played(game, 40)
    assert record["setup"] is not None and record["seed"] == 12
    assert problems(record) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_hand_written_scenarios_validate(path: Path) -> None:
    """Their extra keys (``description``, ``expect``) are allowed at the top level."""
    assert problems(json.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_example_records_validate_and_their_replays_too(path: Path) -> None:
    """examples/*.json, one per preset and one from a setup (examples/make_examples.py)."""
    record = json.loads(path.read_text(encoding="utf-8"))
    assert problems(record) == []
    assert replay_problems(replay(Record.from_dict(record)).to_dict()) == []


# ------------------------------------------------------------------ records that are not
def broken(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(RECORD_MD)
    for key, value in changes.items():
        if value is None and key.startswith("no_"):
            del record[key[3:]]
        else:
            record[key] = value
    return record


INVALID = {
    "format": broken(format="younuo-record/2"),
    "no format": broken(no_format=None),
    "no actions": broken(no_actions=None),
    "rules not an object": broken(rules="classic"),
    "unknown preset": broken(rules={"preset": "house"}),
    "unknown option": broken(rules={"preset": "classic", "stack": "any"}),
    "option value": broken(rules={"preset": "classic", "stacking": "all"}),
    "option out of bounds": broken(rules={"preset": "classic", "uno_penalty": 21}),
    "one player": broken(players=["ann"]),
    "eleven players": broken(players=[f"p{i}" for i in range(11)]),
    "same name twice": broken(players=["ann", "ann", "cat", "dan"]),
    "empty name": broken(players=["", "bob", "cat", "dan"]),
    "teams not two lists": broken(teams=[["ann", "cat"]]),
    "no start": broken(setup=None, seed=None),
    "key without generator": broken(setup=None, seed="5a" * 16),
    "blake2b with an integer": broken(setup=None, seed=5, generator="blake2b"),
    "blake2b with upper case": broken(setup=None, seed="5A" * 16, generator="blake2b"),
    "unknown generator": broken(setup=None, seed=5, generator="mt19937"),
    "unknown setup field": broken(setup={**RECORD_MD["setup"], "dealer": "ann"}),
    "setup without start": broken(setup={"hands": RECORD_MD["setup"]["hands"]}),
    "empty hand": broken(
        setup={**RECORD_MD["setup"], "hands": {**RECORD_MD["setup"]["hands"], "dan": []}}
    ),
    "direction 2": broken(setup={**RECORD_MD["setup"], "direction": 2}),
    "card code": broken(setup={**RECORD_MD["setup"], "start": "R10"}),
    "action type": broken(actions=[{"player": "ann", "type": "discard"}]),
    "action field": broken(actions=[{"player": "ann", "type": "play", "card": "R5", "why": "x"}]),
    "action color": broken(
        actions=[{"player": "bob", "type": "play", "card": "W", "color": "pink"}]
    ),
    "action not an object": broken(actions=["R5"]),
}


@pytest.mark.parametrize("record", INVALID.values(), ids=INVALID.keys())
def test_records_the_engine_refuses_for_their_form_fail_the_schema(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        Record.from_dict(record).start()
    assert problems(record)


def test_a_missing_field_in_an_action_is_valid_in_both() -> None:
    """docs/records.md: a play with no card is a valid record, refused when replayed."""
    record = broken(actions=[{"player": "ann", "type": "play"}])
    assert problems(record) == []
    result = replay(Record.from_dict(record))
    assert not result.ok and result.error is not None
    assert result.error["code"] == "missing_card"


# ------------------------------------------------------------------ docs/records.md's examples
def test_the_example_in_records_md_is_the_tests_example_and_validates() -> None:
    (example,) = json_blocks("The record")
    assert example == RECORD_MD
    assert problems(example) == []


def test_the_replay_printed_in_records_md_is_the_replay_of_the_example() -> None:
    (printed,) = json_blocks("`younuo replay FILE [--json]`")
    assert printed == replay(Record.from_dict(RECORD_MD)).to_dict()


def test_records_md_lists_every_event_type_of_the_engine() -> None:
    text = RECORDS_MD.read_text(encoding="utf-8")
    section = text[text.index("\n## Events") : text.index("\n## Versions")]
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M)) - {"type"}  # the header
    assert listed == set(EVENT_TYPES)
    seen = {
        event["type"]
        for record in random_records()
        for event in replay(Record.from_dict(record)).events
    }
    assert seen <= listed, sorted(seen - listed)


# ------------------------------------------------------------------ the replay's output
def replay_problems(report: Any) -> list[str]:
    """What ``#/$defs/replay`` (the ``younuo replay --json`` object) finds wrong."""
    check = jsonschema_rs.validator_map_for(schema())["#/$defs/replay"]
    return [f"{error.instance_path}: {error.message}" for error in check.iter_errors(report)]


def test_replays_of_random_matches_and_of_every_scenario_match_the_replay_schema() -> None:
    """Every event of every type, with exactly its fields, and the final state."""
    records = [*random_records(), *(json.loads(p.read_text(encoding="utf-8")) for p in SCENARIOS)]
    seen: set[str] = set()
    for record in records:
        report = replay(Record.from_dict(record)).to_dict()
        assert replay_problems(report) == [], record.get("description", record["rules"])
        seen |= {event["type"] for event in report["events"]}
    assert len(seen) >= 20


def test_the_replay_schema_names_the_engines_event_types_and_refuses_a_stray_field() -> None:
    branches = schema()["$defs"]["event"]["oneOf"]
    assert {branch["properties"]["type"]["const"] for branch in branches} == set(EVENT_TYPES)
    assert schema()["$defs"]["state"]["properties"]["status"]["enum"] == list(GAME_STATUSES)
    report = replay(Record.from_dict(RECORD_MD)).to_dict()
    report["events"][-1]["why"] = "a field the page does not list"
    assert replay_problems(report)
    report = replay(Record.from_dict(RECORD_MD)).to_dict()
    report["state"]["status"] = "paused"
    assert replay_problems(report)


# ------------------------------------------------------------------ docs/rules.md's tables
def rules_md_table(after: str) -> list[list[str]]:
    """The body rows of the first table after the line starting with ``after``, cells stripped."""
    lines = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(after))
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if rows and not line.startswith("|"):
            break
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[1:]  # the header row left out


def names_in(cell: str) -> list[str]:
    return re.findall(r"`([a-z_0-9]+)`", cell)


def value(text: str) -> object:
    text = re.sub(r"\(.*?\)", "", text).strip()
    if text in ("true", "false"):
        return text == "true"
    return int(text) if text.isdigit() else text


def test_rules_md_lists_every_option_with_the_engines_values() -> None:
    listed: dict[str, str] = {}
    for names, values, _rule in rules_md_table("Any option may be set on its own"):
        for name in names_in(names):
            listed[name] = values
    assert set(listed) == set(CHOICES)
    for name, spec in CHOICES.items():
        if spec is bool:
            assert listed[name] == "true, false", name
        elif spec is int:
            low, high = INT_RANGES[name]
            numbers = [int(n.replace(",", "")) for n in re.findall(r"[\d,]*\d", listed[name])]
            assert numbers[:2] == [low, high], name
        else:
            assert isinstance(spec, tuple)
            assert names_in(listed[name]) == [str(choice) for choice in spec], name


def test_rules_md_presets_table_is_the_engines_presets() -> None:
    rows = rules_md_table("Three presets, each a full set of options")
    seen: dict[str, set[str]] = {preset: set() for preset in PRESETS}
    for cells in rows:
        names = names_in(cells[0])
        for preset, cell in zip(PRESETS, cells[1:], strict=True):
            values = [value(part) for part in cell.split(" / ")]
            if len(values) == 1:
                values *= len(names)  # one value for several options ("false" for all three)
            for name, given in zip(names, values, strict=True):
                assert given == getattr(PRESETS[preset], name), (preset, name)
                seen[preset].add(name)
    assert {preset: set(CHOICES) - names for preset, names in seen.items()} == {
        p: set() for p in PRESETS
    }


def test_records_md_lists_every_code_that_makes_a_record_invalid() -> None:
    """The codes of ``RecordError`` and ``RulesError`` raised anywhere in the engine."""
    engine = ROOT / "src" / "younuo" / "engine"
    source = "\n".join(path.read_text(encoding="utf-8") for path in engine.glob("*.py"))
    raised = set(re.findall(r"(?:RecordError|RulesError)\(\s*\"([a-z_]+)\"", source))
    text = RECORDS_MD.read_text(encoding="utf-8")
    table = text[text.index("**Invalid** records") : text.index("**Refused** actions")]
    listed = {code for row in re.findall(r"^\| (.*?) \|", table, re.M) for code in names_in(row)}
    assert len(raised) >= 15
    assert raised <= listed, sorted(raised - listed)
