"""Names at the terminal table in the reader's language (younuo.tui.names), as the web
says them (js/names.js): bot seats and rooms left unnamed; a person keeps their name."""

from __future__ import annotations

import dataclasses

from tui.tables import find, picture
from younuo.engine import Rules
from younuo.tui.describe import Reader, describe
from younuo.tui.names import bot_name, room_name
from younuo.tui.tablemodel import TableModel
from younuo.tui.words import Words


def test_bot_names_in_each_language() -> None:
    assert bot_name(Words("zh-Hant"), "Bot Mimi") == "電腦咪咪"
    assert bot_name(Words("zh-Hans"), "Bot Mimi") == "电脑咪咪"
    assert bot_name(Words("en"), "Bot Mimi") == "Bot Mimi"
    assert bot_name(Words("zh-Hant"), "Bot 3") == "電腦 3 號"
    assert bot_name(Words("zh-Hans"), "Bot Zork") == "电脑Zork"  # a name with no translation
    assert bot_name(Words("zh-Hans"), "Ann") == "Ann"


def test_room_names_in_each_language() -> None:
    assert room_name(Words("zh-Hant"), "cf's table") == "cf的牌桌"
    assert room_name(Words("zh-Hans"), "cf's table") == "cf的牌桌"
    assert room_name(Words("en"), "cf's table") == "cf's table"
    assert room_name(Words("zh-Hans"), "Friday night") == "Friday night"


def test_the_log_says_bots_in_the_readers_language_and_people_as_they_are() -> None:
    zh = Words("zh-Hant")
    reader = Reader.table(zh, "Ann", bots={"Bot Mimi"})
    assert describe({"type": "pass", "player": "Bot Mimi"}, reader) == "電腦咪咪放棄"
    catch = {"type": "catch", "player": "Bot Mimi", "target": "Ann"}
    assert describe(catch, reader) == "電腦咪咪舉報了你"
    # A person who named themself "Bot Lulu" is not a bot seat: the name stays.
    assert describe({"type": "pass", "player": "Bot Lulu"}, reader) == "Bot Lulu放棄"


def test_the_model_knows_its_bot_seats() -> None:
    game, seat = find(Rules.from_preset("classic"), lambda g, s, legal: g.current == s)
    match = picture(game, seat)
    other = next(s.name for s in match.table if s.name != seat)
    table = tuple(
        s.model_copy(update={"kind": "bot"}) if s.name == other else s for s in match.table
    )
    model = TableModel(dataclasses.replace(match, table=table))
    assert model.bots == frozenset({other})
