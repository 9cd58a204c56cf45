"""Events in words (younuo.tui.describe): the table's voice, the web's own sentences in
the second person when the reader is meant; the record's voice, for ``younuo replay``,
every card and reason told; one teller per event type the engine emits."""

from __future__ import annotations

from pathlib import Path

import pytest

from event_sentences import EVENTS, SAID
from younuo.engine import EVENT_TYPES
from younuo.engine.records import Record, replay
from younuo.tui.describe import TELLERS, Reader, describe
from younuo.tui.words import Lang, Words

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_table_says_what_the_web_table_says(lang: Lang) -> None:
    """The cases of the web's own test of describe.js that hold no card, with its
    sentences: the terminal's log says what the web table says."""
    said = [describe(event, Reader.table(Words(lang), me)) for event, me in EVENTS]
    assert said == SAID[lang]


def test_the_table_writes_cards_and_colours_as_the_terminal_shows_them() -> None:
    ann = Reader.table(Words("en"), "Ann")
    wild = {"type": "play", "player": "Bob", "cards": ["W+4"], "color": "red"}
    assert describe(wild, ann) == "Bob played ★W+4 and named ▲ Red"
    jump = {"type": "play", "player": "Ann", "cards": ["G5", "G5"], "jump_in": True}
    assert describe(jump, ann) == "You jumped in with ■5, ■5"
    drawn = {"type": "draw", "player": "Ann", "count": 1, "cards": ["B7"]}
    assert describe(drawn, ann) == "You drew ◆7"
    assert describe({**drawn, "player": "Bob"}, ann) == "Bob drew 1 card"
    chosen = {"type": "choose_color", "player": "Bob", "color": "yellow", "reason": "timeout"}
    assert describe(chosen, ann) == "Bob chose ● Yellow"
    assert describe({"type": "reverse", "direction": -1}, ann) == "Direction reversed"
    assert describe({"type": "round_start", "round": 2, "dealer": "Bob"}, ann) == ("Round 2 begins")


@pytest.mark.parametrize(("lang", "sep"), [("en", ", "), ("zh-Hant", "、"), ("zh-Hans", "、")])
def test_card_lists_are_joined_as_the_language_joins_them(lang: Lang, sep: str) -> None:
    reader = Reader.table(Words(lang), "Ann")
    jump = {"type": "play", "player": "Bob", "cards": ["G5", "G5"], "jump_in": True}
    assert f"■5{sep}■5" in describe(jump, reader)
    over = {"type": "round_over", "player": "Bob", "points": 3, "scores": {"Ann": 0, "Bob": 3}}
    assert f"Ann 0{sep}Bob 3" in describe(over, Reader.record(Words(lang)))


def test_a_spectator_is_never_addressed() -> None:
    watcher = Reader.table(Words("en"), None)
    assert describe({"type": "pass", "player": "Ann"}, watcher) == "Ann passed"
    assert describe({"type": "draw", "player": "Ann", "cards": ["R1"]}, watcher) == (
        "Ann drew 1 card"
    )


def test_the_table_leaves_out_a_deal_and_events_it_does_not_know() -> None:
    ann = Reader.table(Words("en"), "Ann")
    deal = {"type": "deal", "hands": {"Ann": ["R1"], "Bob": None}}
    assert describe(deal, ann) == ""
    assert describe({"type": "fireworks", "player": "Ann"}, ann) == ""


RECORD = Reader.record(Words("en"))


def test_the_record_tells_every_card_and_reason() -> None:
    draw = {"type": "draw", "player": "bob", "count": 2, "cards": ["B2", "Y9"]}
    assert describe({**draw, "reason": "uno_penalty"}, RECORD) == (
        "bob draws 2 cards (did not call UNO): B2 Y9."
    )
    assert describe({**draw, "reason": "turn"}, RECORD) == "bob draws 2 cards: B2 Y9."
    assert describe({**draw, "reason": "mystery"}, RECORD) == (
        "bob draws 2 cards (mystery): B2 Y9."
    )
    one = {"type": "draw", "player": "bob", "count": 1, "cards": ["R1"], "reason": "penalty"}
    assert describe(one, RECORD) == "bob draws 1 card (penalty): R1."
    empty = {"type": "draw", "player": "bob", "count": 0, "cards": [], "reason": "turn"}
    assert describe(empty, RECORD) == "bob has nothing to draw: the piles are empty."
    start = {"type": "start_card", "cards": ["R3"], "color": "red"}
    assert describe(start, RECORD) == "Start card: R3 (red)."
    assert describe({"type": "start_card", "cards": ["W"]}, RECORD) == "Start card: W."
    assert describe({"type": "reverse", "direction": -1}, RECORD) == (
        "The direction reverses: now anticlockwise."
    )
    timeout = {"type": "choose_color", "player": "ann", "color": "blue", "reason": "timeout"}
    assert describe(timeout, RECORD) == "ann names blue (automatically, on timeout)."
    over = {"type": "round_over", "player": "ann", "points": 56, "scores": {"ann": 56, "bob": 0}}
    assert describe(over, RECORD) == "ann wins the round, worth 56 points. Scores: ann 56, bob 0."


def test_the_record_addresses_nobody() -> None:
    """Even where the table would say "You", the record names the player."""
    event = {"type": "uno", "player": "ann"}
    assert describe(event, RECORD) == "ann calls UNO!"
    assert describe(event, Reader.table(Words("en"), "ann")) == "You: UNO!"


def test_the_record_lists_the_hands_dealt() -> None:
    deal = {"type": "deal", "hands": {"ann": ["R5", "W+4"], "bo": None}}
    assert describe(deal, RECORD).splitlines() == [
        "Hands dealt:",
        "  ann  R5 W+4",
        "  bo   ?",
    ]


def test_the_record_in_chinese() -> None:
    hant = Reader.record(Words("zh-Hant"))
    draw = {"type": "draw", "player": "bob", "count": 2, "cards": ["B2", "Y9"]}
    assert describe({**draw, "reason": "penalty"}, hant) == "bob抓 2 張（罰牌）：B2 Y9。"
    play = {"type": "play", "player": "ann", "cards": ["W"], "color": "green"}
    assert describe(play, Reader.record(Words("zh-Hans"))) == "ann出 W，指定绿色。"


def test_the_record_shows_an_unknown_event_as_its_json() -> None:
    assert describe({"type": "fireworks", "player": "ann"}, RECORD) == (
        '{"type": "fireworks", "player": "ann"}'
    )


def test_every_event_type_of_the_engine_has_a_teller() -> None:
    """TELLERS is keyed by EventType (mypy refuses a misspelt key): none is missing."""
    assert set(TELLERS) == set(EVENT_TYPES)


def test_every_event_type_of_the_scenarios_has_a_teller() -> None:
    """Each type the engine emits over the hand-worked records is told in both voices."""
    seen: set[str] = set()
    for path in sorted(SCENARIOS.glob("*.json")):
        result = replay(Record.from_json(path.read_bytes()))
        events = [*result.opening, *(e for step in result.steps for e in step.events)]
        for event in events:
            seen.add(event.type)
            told = describe(event.to_dict(), RECORD)
            assert told and not told.startswith("{"), (path.name, event.type)
            assert "record." not in told and "{" not in told, (path.name, told)
            said = describe(event.to_dict(), Reader.table(Words("zh-Hant"), event.player))
            assert "ev." not in said and "{" not in said, (path.name, said)
    assert seen <= set(TELLERS)
    assert len(seen) >= 20
