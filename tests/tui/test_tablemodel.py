"""The table model against real engine tables: each key gives a legal action (and only
a listed one), pickers ask what the listed actions differ in, multi-play selections
grow only as far as a legal play holds them, and a newer picture keeps or drops them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tui.tables import find, picture
from younuo.client.enginevalues import actions
from younuo.engine import Rules
from younuo.tui.legal import cards_of
from younuo.tui.tablemodel import Step, TableModel

Act = Mapping[str, Any]


def press(model: TableModel, *keys: str) -> Step:
    step = Step(model)
    for key in keys:
        step = step.model.press(key)
    return step


def key_of(model: TableModel, code: str) -> str:
    """The digit key of the card ``code`` (among the first ten)."""
    return "1234567890"[model.hand.index(code)]


def test_hint_then_enter_plays_the_first_playable_card() -> None:
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: (
            g.current == s and any(a["type"] == "play" and "color" not in a for a in legal)
        ),
    )
    model = TableModel(picture(game, seat))
    hinted = model.press("h")
    assert hinted.say is not None and hinted.say.key == "tui.table.hint_cards"
    card = hinted.model.selection[0]
    assert card in model.playable
    if card.startswith("W"):
        return  # a wild asks for a colour: test_a_wild_asks_for_its_colour
    sent = hinted.model.press("enter").send
    assert sent == {"type": "play", "card": card}
    assert sent in model.legal


def test_a_card_that_cannot_be_played_is_not_sent() -> None:
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: (
            g.current == s
            and any(
                c not in {x for a in legal if a["type"] == "play" for x in cards_of(a)}
                for c in g.view(s).to_dict()["hand"]
            )
        ),
    )
    model = TableModel(picture(game, seat))
    stuck = next(c for c in model.hand if c not in model.playable)
    step = press(model, key_of(model, stuck), "enter")
    assert step.send is None
    assert step.say is not None and step.say.key == "tui.table.cannot_play"


def test_draw_pass_and_not_now() -> None:
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: g.current == s and {"type": "draw"} in legal,
    )
    model = TableModel(picture(game, seat))
    assert model.press("d").send == {"type": "draw"}
    if {"type": "pass"} not in model.legal:
        step = model.press("s")
        assert step.send is None and step.say is not None and step.say.key == "tui.table.not_now"
    assert model.press("c").send is None  # no challenge open


def test_a_wild_asks_for_its_colour() -> None:
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: (
            g.current == s and any(a["type"] == "play" and a.get("card") == "W" for a in legal)
        ),
    )
    model = TableModel(picture(game, seat))
    asked = press(model, key_of(model, "W"), "enter")
    assert asked.send is None
    picker = asked.model.open_picker
    assert picker is not None and picker.field == "color"
    assert picker.options == ("red", "yellow", "green", "blue")
    assert asked.model.status().key == "tui.table.pick_colour"
    # The status line asks for the colour; the step says nothing more (the terminal
    # printed the question twice, on the status line and the message line).
    assert asked.say is None
    assert asked.model.press("enter").say is None
    sent = asked.model.press("3").send
    assert sent == {"type": "play", "card": "W", "color": "green"}
    assert sent in model.legal
    back = asked.model.press("escape")
    assert back.model.open_picker is None and back.model.selected == ()


def test_the_start_colour_picker_opens_by_itself() -> None:
    # R-SETUP-3: a wild start card under first_player "host" names its colour.
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: any(a["type"] == "choose_color" for a in legal),
    )
    model = TableModel(picture(game, seat))
    assert model.open_picker is not None and model.open_picker.field == "color"
    sent = model.press("2").send
    assert sent is not None and sent["type"] == "choose_color" and sent in model.legal


def test_a_seven_asks_for_its_target() -> None:
    rules = Rules.from_preset("classic", seven_zero=True)
    game, seat = find(
        rules,
        lambda g, s, legal: (
            g.current == s
            and any(a["type"] == "play" and a.get("target") and "color" not in a for a in legal)
        ),
        seats=4,
    )
    model = TableModel(picture(game, seat))
    seven = next(a for a in model.legal if a["type"] == "play" and a.get("target"))
    asked = press(model, key_of(model, seven["card"]), "enter")
    picker = asked.model.open_picker
    assert picker is not None and picker.field == "target"
    assert seat not in picker.options and len(picker.options) == 3
    sent = asked.model.press("2").send
    assert sent == {"type": "play", "card": seven["card"], "target": picker.options[1]}
    assert sent in model.legal


def test_a_multi_play_selection_grows_while_a_legal_play_holds_it() -> None:
    rules = Rules.from_preset("classic", multi_play="same_rank")
    game, seat = find(
        rules,
        lambda g, s, legal: (
            g.current == s
            and any(
                a["type"] == "play" and len(a.get("cards") or ()) == 2 and "color" not in a
                for a in legal
            )
        ),
    )
    model = TableModel(picture(game, seat))
    pair = next(
        a
        for a in model.legal
        if a["type"] == "play" and len(a.get("cards") or ()) == 2 and "color" not in a
    )
    first, second = pair["cards"]
    step = press(model, key_of(model, first))
    at = model.hand.index(second, model.hand.index(first) + 1 if first == second else 0)
    step = replace(step.model, cursor=at).press("space")
    assert sorted(step.model.selection) == sorted(pair["cards"])
    sent = step.model.press("enter").send
    assert sent is not None and sorted(cards_of(sent)) == sorted(pair["cards"])
    assert sent in model.legal
    # A card no legal play holds with the selection starts a new selection.
    other = next((c for c in model.hand if c not in pair["cards"]), None)
    if other is not None:
        again = press(step.model, key_of(step.model, other))
        assert again.model.selection == (other,)


def test_jump_in_plays_out_of_turn() -> None:
    rules = Rules.from_preset("classic", jump_in="numbers")
    game, seat = find(
        rules,
        lambda g, s, legal: g.current != s and any(a["type"] == "play" for a in legal),
    )
    model = TableModel(picture(game, seat))
    assert model.status().key == "tui.table.may_jump"
    sent = model.press("j").send
    assert sent is not None and sent["type"] == "play" and sent in model.legal


def test_no_jump_in_without_a_card() -> None:
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: g.current != s and not any(a["type"] == "play" for a in legal),
    )
    step = TableModel(picture(game, seat)).press("j")
    assert step.send is None and step.say is not None and step.say.key == "tui.table.no_jump"


def test_uno_report_and_challenge_keys() -> None:
    game, seat = find(Rules.from_preset("classic"), lambda g, s, legal: {"type": "uno"} in legal)
    assert TableModel(picture(game, seat)).press("u").send == {"type": "uno"}

    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: any(a["type"] == "catch" for a in legal),
    )
    model = TableModel(picture(game, seat))
    assert model.status().key == "tui.table.may_catch"
    step = model.press("r")
    if step.send is None:  # several may be reported: a target picker
        assert step.model.open_picker is not None
        step = step.model.press("1")
    assert step.send is not None and step.send["type"] == "catch" and step.send in model.legal

    game, seat = find(
        Rules.from_preset("classic"), lambda g, s, legal: {"type": "challenge"} in legal
    )
    model = TableModel(picture(game, seat))
    assert model.status().key == "tui.table.may_challenge"
    assert model.press("c").send == {"type": "challenge"}


def test_autoplay_and_cursor_keys() -> None:
    game, seat = find(Rules.from_preset("classic"), lambda g, s, legal: g.current == s)
    model = TableModel(picture(game, seat))
    assert model.press("a").autoplay is True
    size = len(model.hand)
    assert model.press("left").model.cursor == size - 1
    assert press(model, "right", "right").model.cursor == 2 % size
    assert model.press("end").model.cursor == size - 1
    assert model.press("x").model == model  # an unknown key changes nothing


def test_a_newer_picture_keeps_the_selection_only_while_it_still_fits() -> None:
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: (
            g.current == s and any(a["type"] == "play" and "color" not in a for a in legal)
        ),
    )
    model = TableModel(picture(game, seat))
    card = next(c for c in model.hand if c in model.playable and not c.startswith("W"))
    selected = press(model, key_of(model, card)).model
    assert selected.refreshed(picture(game, seat, version=2)).selection == (card,)
    # After the play the card has left the hand: nothing stays selected.
    game.apply(actions([{"type": "play", "card": card}], seat)[0])
    after = selected.refreshed(picture(game, seat, version=3))
    assert after.selection == ()  # classic: no jump-in, so nothing is playable now
    assert after.cursor < max(1, len(after.hand))


def test_seat_rows_follow_the_view() -> None:
    game, seat = find(Rules.from_preset("classic"), lambda g, s, legal: True)
    model = TableModel(picture(game, seat))
    rows = model.seats()
    assert [r.name for r in rows] == list(model.view["players"])
    assert sum(r.current for r in rows) == 1 and sum(r.you for r in rows) == 1
    assert [r.cards for r in rows] == list(model.view["hand_counts"])
    assert model.clock_left(90.0) == (game.current, 10)
