"""Game records (docs/records.md): reading, validation, writing, replay and the examples."""

from __future__ import annotations

import copy
import importlib.util
import json
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from record_md import RECORD_MD
from younuo.engine import Action, Card, Color, Game, RecordError, Rules, parse_cards
from younuo.engine.records import FORMAT, Record, RecordSetup, replay

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def load_make_examples() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_examples", EXAMPLES / "make_examples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def record_md(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(RECORD_MD)
    data.update(changes)
    return data


# ------------------------------------------------------------------------ reading
def test_record_md_example_reads_into_values() -> None:
    """docs/records.md: the example record reads into rules, seats, setup and actions."""
    record = Record.from_dict(RECORD_MD)
    assert record.format == FORMAT
    assert record.rules == Rules.from_preset("classic", stacking="progressive")
    assert record.players == ("ann", "bob", "cat", "dan")
    assert record.teams is None and record.seed is None
    assert record.setup is not None
    assert record.setup.hand("ann") == tuple(parse_cards(["R5", "W+4"]))
    assert record.setup.pile == tuple(parse_cards(["G1", "B2", "Y9"]))
    assert record.setup.first == "ann" and record.setup.direction == 1
    assert record.actions == (
        Action.play("ann", Card.parse("R5")),
        Action.play("bob", Card.parse("W"), color=Color.GREEN),
    )


def test_record_md_example_writes_back_unchanged() -> None:
    """docs/records.md: to_dict gives back the same document, to_json parses to it."""
    record = Record.from_dict(RECORD_MD)
    assert record.to_dict() == RECORD_MD
    assert json.loads(record.to_json()) == RECORD_MD
    assert Record.from_json(record.to_json()) == record


def test_record_md_example_replays_to_the_documented_state() -> None:
    """docs/records.md: the example's replay state is the one the page prints."""
    result = replay(Record.from_dict(RECORD_MD))
    assert result.ok and result.error is None and result.applied == 2
    assert result.state == {
        "status": "playing",
        "hands": {"ann": ["W+4"], "bob": ["G7"], "cat": ["B1"], "dan": ["Y2"]},
        "pile_count": 3,
        "discard_top": "W",
        "color": "green",
        "current": "cat",
        "direction": 1,
        "pending_draw": 0,
        "round_winner": None,
        "round_points": None,
        "scores": {"ann": 0, "bob": 0, "cat": 0, "dan": 0},
        "match_winner": None,
    }


def test_replay_events_start_with_the_opening_deal() -> None:
    """Replay events include those of the game's creation (round start, deal, start card)."""
    result = replay(Record.from_dict(RECORD_MD))
    kinds = [event["type"] for event in result.events]
    assert kinds == ["round_start", "deal", "start_card", "play", "play"]
    assert result.events[1]["hands"]["ann"] == ["R5", "W+4"]
    assert [step.index for step in result.steps] == [0, 1]


def test_to_json_writes_one_action_per_line() -> None:
    """Records diff well: each action on its own line, a final newline."""
    text = Record.from_dict(RECORD_MD).to_json()
    assert text.endswith("}\n")
    lines = text.splitlines()
    assert '    {"player": "ann", "type": "play", "card": "R5"},' in lines
    assert '    {"player": "bob", "type": "play", "card": "W", "color": "green"}' in lines


def test_extra_top_level_fields_are_ignored() -> None:
    """docs/records.md: the project may add fields; a reader accepts and skips them."""
    record = Record.from_dict(record_md(description="x", expect={"ok": True}))
    assert record == Record.from_dict(RECORD_MD)


def test_setup_with_a_seed_is_accepted() -> None:
    """docs/records.md: with a setup, ``seed`` seeds the reshuffles (so both may be given)."""
    record = Record.from_dict(record_md(seed=42))
    assert record.seed == 42 and record.setup is not None
    assert replay(record).ok


def test_next_round_may_omit_the_player_and_match_clock_has_none() -> None:
    """docs/records.md, next_round: ``player`` optional; match_clock (server) has no player."""
    data = record_md(
        actions=[{"type": "next_round"}, {"player": "bob", "type": "next_round"}],
    )
    record = Record.from_dict(data)
    assert record.actions == (Action.next_round(), Action.next_round("bob"))
    clock = Record.from_dict(record_md(actions=[{"type": "match_clock"}]))
    assert clock.actions == (Action.match_clock(),)


# ------------------------------------------------------------------------ invalid
def _setup_with(**changes: Any) -> dict[str, Any]:
    setup: dict[str, Any] = copy.deepcopy(RECORD_MD["setup"])
    setup.update(changes)
    return setup


def _action(**fields: Any) -> list[dict[str, Any]]:
    return [{"player": "ann", "type": "play", "card": "R5", **fields}]


INVALID: list[tuple[str, Any, str]] = [
    ("bad JSON", "{not json", "bad_json"),
    ("not an object", "[1, 2]", "bad_record"),
    ("missing format", {k: v for k, v in RECORD_MD.items() if k != "format"}, "bad_format"),
    ("unknown format", record_md(format="younuo-record/2"), "bad_format"),
    ("missing players", {k: v for k, v in RECORD_MD.items() if k != "players"}, "bad_record"),
    ("missing actions", {k: v for k, v in RECORD_MD.items() if k != "actions"}, "bad_record"),
    ("unknown preset", record_md(rules={"preset": "uno"}), "unknown_preset"),
    ("unknown option", record_md(rules={"preset": "classic", "stackin": "none"}), "unknown_option"),
    ("bad option value", record_md(rules={"stacking": "all"}), "bad_option_value"),
    ("bad option type", record_md(rules={"target": "500"}), "bad_option_value"),
    ("rules not an object", record_md(rules="classic"), "bad_rules"),
    (
        "unknown card in a hand",
        record_md(setup=_setup_with(hands={**RECORD_MD["setup"]["hands"], "ann": ["R10"]})),
        "bad_card",
    ),
    ("unknown start card", record_md(setup=_setup_with(start="X1")), "bad_card"),
    ("unknown card in the pile", record_md(setup=_setup_with(pile=["G1", "r2"])), "bad_card"),
    ("unknown card in an action", record_md(actions=_action(card="R+4")), "bad_card"),
    (
        "unknown card in cards",
        record_md(actions=[{"player": "ann", "type": "play", "cards": ["R5", "Z"]}]),
        "bad_card",
    ),
    (
        "unknown action type",
        record_md(actions=[{"player": "ann", "type": "jump"}]),
        "bad_action_type",
    ),
    ("missing action type", record_md(actions=[{"player": "ann"}]), "bad_action_type"),
    ("unknown action field", record_md(actions=_action(colour="red")), "bad_action"),
    ("action not an object", record_md(actions=["draw"]), "bad_action"),
    (
        "unknown player in an action",
        record_md(actions=[{"player": "eve", "type": "draw"}]),
        "bad_player",
    ),
    (
        "unknown target",
        record_md(actions=[{"player": "ann", "type": "catch", "target": "eve"}]),
        "bad_player",
    ),
    (
        "unknown player in setup.hands",
        record_md(setup=_setup_with(hands={**RECORD_MD["setup"]["hands"], "eve": ["G5"]})),
        "bad_player",
    ),
    ("unknown setup.first", record_md(setup=_setup_with(first="eve")), "bad_player"),
    ("unknown player in teams", record_md(teams=[["ann", "cat"], ["bob", "eve"]]), "bad_player"),
    (
        "unknown color",
        record_md(actions=[{"player": "bob", "type": "play", "card": "W", "color": "purple"}]),
        "bad_color",
    ),
    (
        "color not a name",
        record_md(actions=[{"player": "bob", "type": "choose_color", "color": 1}]),
        "bad_color",
    ),
    ("neither setup nor seed", record_md(setup=None, seed=None), "bad_start"),
    ("seed not a number", record_md(setup=None, seed="7"), "bad_seed"),
    ("seed a boolean", record_md(setup=None, seed=True), "bad_seed"),
    ("players not names", record_md(players=["ann", 2]), "bad_players"),
    ("duplicate players", record_md(players=["ann", "ann", "cat", "dan"]), "bad_players"),
    ("one player", record_md(players=["ann"], setup=None, seed=1, actions=[]), "bad_table"),
    (
        "eleven players",
        record_md(players=[f"p{i}" for i in range(11)], setup=None, seed=1, actions=[]),
        "bad_table",
    ),
    (
        "odd teams",
        record_md(
            players=["ann", "bob", "cat"],
            teams=[["ann", "cat"], ["bob"]],
            setup=None,
            seed=1,
            actions=[],
        ),
        "bad_table",
    ),
    ("teams not two lists", record_md(teams=[["ann", "bob", "cat", "dan"]]), "bad_teams"),
    ("unknown setup field", record_md(setup=_setup_with(frist="ann")), "bad_setup"),
    ("bad direction", record_md(setup=_setup_with(direction=2)), "bad_setup"),
    ("setup without start", record_md(setup={"hands": RECORD_MD["setup"]["hands"]}), "bad_setup"),
]

# Problems only the start of the game can see: Record.from_dict accepts these, replay refuses.
IMPOSSIBLE: list[tuple[str, Any, str]] = [
    (
        "three R5 in one deck",
        record_md(setup=_setup_with(hands={**RECORD_MD["setup"]["hands"], "cat": ["R5", "R5"]})),
        "bad_setup",
    ),
    (
        "a player without a hand",
        record_md(setup=_setup_with(hands={"ann": ["R5"], "bob": ["W"], "cat": ["B1"]})),
        "bad_setup",
    ),
    (
        "an empty hand",
        record_md(setup=_setup_with(hands={**RECORD_MD["setup"]["hands"], "dan": []})),
        "bad_setup",
    ),
    ("team-mates side by side", record_md(teams=[["ann", "bob"], ["cat", "dan"]]), "bad_teams"),
    ("a player in no team", record_md(teams=[["ann", "cat"], ["bob"]]), "bad_teams"),
]


def _parse_and_replay(data: Any) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    replay(Record.from_json(text))


@pytest.mark.parametrize(
    ("case", "data", "code"),
    INVALID + IMPOSSIBLE,
    ids=[case for case, _, _ in INVALID + IMPOSSIBLE],
)
def test_invalid_record_raises_record_error(case: str, data: Any, code: str) -> None:
    """docs/records.md: bad JSON, format, card, option, action type, player, color or setup:
    invalid."""
    with pytest.raises(RecordError) as info:
        _parse_and_replay(data)
    assert info.value.code == code, f"{case}: {info.value}"
    assert info.value.message


@pytest.mark.parametrize(
    ("case", "data", "code"), IMPOSSIBLE, ids=[case for case, _, _ in IMPOSSIBLE]
)
def test_impossible_start_is_found_when_the_game_starts(case: str, data: Any, code: str) -> None:
    """An impossible setup or team seating parses, but ``start()`` refuses it."""
    record = Record.from_dict(data)
    with pytest.raises(RecordError) as info:
        record.start()
    assert info.value.code == code, case


def test_missing_action_field_is_refused_by_the_rules_not_invalid() -> None:
    """docs/records.md: a well-formed action missing a field is refused (``ok`` false), not
    invalid."""
    data = record_md(
        actions=[
            {"player": "ann", "type": "play", "card": "R5"},
            {"player": "bob", "type": "play", "card": "W"},
        ]
    )
    result = replay(Record.from_dict(data))
    assert not result.ok
    assert result.applied == 1
    assert result.error == {
        "index": 1,
        "code": "missing_color",
        "message": result.error["message"] if result.error else "",
    }
    assert result.refused == Action.play("bob", Card.parse("W"))
    # The state is the one before the refused action: bob still holds his Wild.
    assert result.state["hands"]["bob"] == ["W", "G7"]
    assert result.state["current"] == "bob"


def test_refused_action_stops_the_replay() -> None:
    """docs/records.md: the replay stops at the first refused action; later ones are not applied."""
    data = record_md(
        actions=[
            {"player": "bob", "type": "draw"},
            {"player": "ann", "type": "play", "card": "R5"},
        ]
    )
    result = replay(Record.from_dict(data))
    assert result.error is not None
    assert (result.error["index"], result.error["code"]) == (0, "not_your_turn")
    assert result.applied == 0 and result.steps == ()
    assert result.state["hands"]["ann"] == ["R5", "W+4"]
    assert [e["type"] for e in result.events] == ["round_start", "deal", "start_card"]


# ------------------------------------------------------------------------ round trips
def _play_first_legal(game: Game, moves: int) -> None:
    """Advance a game with a fixed, simple choice: the current player's first legal action."""
    for _ in range(moves):
        if game.is_over:
            return
        if game.status == "round_over":
            game.apply(Action.next_round())
            continue
        current = game.current
        assert current is not None
        game.apply(game.legal_actions(current)[0])


@pytest.mark.parametrize("preset", ["classic", "younuo", "party"])
def test_round_trip_of_an_example_match(preset: str) -> None:
    """Record.from_game -> to_json -> from_json -> replay gives the same snapshot and events."""
    make_examples = load_make_examples()
    game = make_examples.play_match(preset, make_examples.SEEDS[preset])
    record = Record.from_json(Record.from_game(game).to_json())
    assert record == Record.from_game(game)
    result = replay(record)
    assert result.ok and result.applied == len(game.history)
    assert result.state == game.snapshot()
    assert result.state["status"] == "match_over"


def test_round_trip_of_a_setup_game_with_teams_and_seed() -> None:
    """R-TEAM and docs/records.md's setup: origin (setup, seed, teams) survives the round trip."""
    rules = Rules.from_preset("younuo", jump_in="numbers", seven_zero=True)
    players = ["ann", "bob", "cat", "dan"]
    hands: dict[str, Sequence[Card]] = {
        "ann": parse_cards(["R5", "R7", "G0", "W", "B+2"]),
        "bob": parse_cards(["R5", "Y7", "GS", "B1"]),
        "cat": parse_cards(["RR", "Y3", "G5", "W+4"]),
        "dan": parse_cards(["R2", "Y9", "B9", "G2"]),
    }
    pile = parse_cards(["G1", "B2", "Y4", "R6", "G8", "B7", "Y5", "R1", "G3", "B4", "Y8", "R8"])
    game = Game.from_setup(
        players,
        rules,
        hands=hands,
        start=Card.parse("R3"),
        pile=pile,
        first="bob",
        direction=-1,
        seed=9,
        teams=[["ann", "cat"], ["bob", "dan"]],
    )
    events = [e.to_dict() for e in game.opening_events]
    for _ in range(30):
        if game.status != "playing":
            break
        current = game.current
        assert current is not None
        events += [e.to_dict() for e in game.apply(game.legal_actions(current)[0])]
    record = Record.from_json(Record.from_game(game).to_json())
    assert record.teams == (("ann", "cat"), ("bob", "dan"))
    assert record.seed == 9
    assert record.setup == RecordSetup.from_dict(game.origin()["setup"])
    assert record.setup.first == "bob" and record.setup.direction == -1
    result = replay(record)
    assert result.ok
    assert result.state == game.snapshot()
    assert result.events == events


def test_round_trip_mid_match_of_a_seeded_game() -> None:
    """A record saved in the middle of a match replays to the same position."""
    game = Game.new(["ann", "bob", "cat"], Rules.from_preset("classic", target=100), seed=5)
    _play_first_legal(game, 150)
    record = Record.from_game(game)
    assert record.setup is None and record.seed == 5
    assert replay(Record.from_json(record.to_json())).state == game.snapshot()


# ------------------------------------------------------------------------ examples
def test_committed_examples_equal_make_examples_output() -> None:
    """examples/<preset>.json are exactly what examples/make_examples.py writes."""
    rendered = load_make_examples().render()
    assert set(rendered) == {"classic.json", "younuo.json", "party.json"}
    for name, text in rendered.items():
        assert (EXAMPLES / name).read_text(encoding="utf-8") == text, (
            f"examples/{name} is stale: run `uv run python examples/make_examples.py`"
        )


@pytest.mark.parametrize("preset", ["classic", "younuo", "party"])
def test_example_is_a_full_valid_match_of_its_preset(preset: str) -> None:
    """Each generated example is a whole match under its preset, replayed without refusal."""
    record = Record.from_json((EXAMPLES / f"{preset}.json").read_bytes())
    assert record.rules == Rules.from_preset(preset)
    assert record.seed is not None and record.setup is None
    result = replay(record)
    assert result.ok
    assert result.state["status"] == "match_over"
    assert result.state["match_winner"] in record.players


def test_hand_written_setup_example_plays_a_round_to_its_end() -> None:
    """examples/setup-example.json: R-SCORE-1/2, ann goes out on R+2, bob draws 2 first.

    bob ends with B6 B2 Y9 G8 B7 Y5 R1 G3 B4 (45) and cat with B1 Y4 R6 (11): 56 points.
    """
    result = replay(Record.from_json((EXAMPLES / "setup-example.json").read_bytes()))
    assert result.ok
    assert result.state["status"] == "round_over"
    assert result.state["round_winner"] == "ann"
    assert result.state["round_points"] == 56
    assert result.state["scores"] == {"ann": 56, "bob": 0, "cat": 0}
