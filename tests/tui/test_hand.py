"""The hand line of the terminal table (younuo.tui.hand): the cards that may be played
now are marked without asking for a hint, the others dimmed, and the label ends with
the language's own colon."""

from __future__ import annotations

from tui.tables import find, picture
from younuo.engine import Rules
from younuo.tui.hand import PLAYABLE, hand_text
from younuo.tui.tablemodel import TableModel
from younuo.tui.words import Words


def test_playable_cards_are_marked_before_any_hint() -> None:
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: (
            g.current == s
            and any(a["type"] == "play" for a in legal)
            and len({a.get("card") for a in legal if a["type"] == "play"})
            < len(g.view(s).to_dict()["hand"])
        ),
    )
    model = TableModel(picture(game, seat))
    text = hand_text(Words("en"), model).plain
    marked = text.count(PLAYABLE)
    playable_in_hand = sum(1 for code in model.hand if code in model.playable)
    assert 0 < marked == playable_in_hand < len(model.hand)
    # Each mark stands right before a playable card's face, in hand order.
    pieces = text.split(PLAYABLE)[1:]
    assert len(pieces) == marked


def test_nothing_is_marked_when_nothing_may_be_played() -> None:
    game, seat = find(
        Rules.from_preset("classic"),
        lambda g, s, legal: g.current != s and not any(a["type"] == "play" for a in legal),
    )
    model = TableModel(picture(game, seat))
    assert PLAYABLE not in hand_text(Words("en"), model).plain


def test_the_hand_label_uses_the_languages_colon() -> None:
    game, seat = find(Rules.from_preset("classic"), lambda g, s, legal: g.current == s)
    model = TableModel(picture(game, seat))
    for lang in ("zh-Hant", "zh-Hans"):
        line = hand_text(Words(lang), model).plain
        assert line.startswith("你的手牌：") and ": " not in line, line
    assert hand_text(Words("en"), model).plain.startswith("Your hand: ")
