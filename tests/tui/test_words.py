"""The terminal's words, read from the language tables the web client reads too: plural
forms as the browser's ``Intl.PluralRules`` picks them, parameters filled as ``i18n.js``
fills them, and the language chosen from
``--lang`` or the locale. (Every key in every language: tests/test_language_tables.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from younuo.tui.words import LANGS, Lang, Words, language, plural_form, table

STATIC = Path(__file__).resolve().parents[2] / "src" / "younuo" / "web" / "static"


def test_the_terminal_reads_the_tables_the_browser_is_served() -> None:
    """From the installed package (importlib.resources), the very files of web/static."""
    for lang in LANGS:
        served = json.loads((STATIC / "lang" / f"{lang}.json").read_text(encoding="utf-8"))
        assert table(lang) == served


def test_plurals_and_parameters() -> None:
    en = Words("en")
    assert en("ev.draw", player="Ann", n=1) == "Ann drew 1 card"
    assert en("ev.draw", player="Ann", n=2) == "Ann drew 2 cards"
    assert en("ev.draw", player="Ann", n=0) == "Ann drew 0 cards"
    assert Words("zh-Hant")("ev.draw", player="Ann", n=1) == "Ann抓了 1 張"
    assert Words("zh-Hans")("table.turn_of", name="Bob") == "轮到Bob"
    assert en("no.such.key") == "no.such.key"
    assert en("table.turn_of") == "{name}'s turn"  # a missing parameter stays visible


def test_a_plural_counts_by_the_parameter_it_names() -> None:
    """``ev.round_over`` counts ``points`` (its ``by``), not ``n``."""
    en = Words("en")
    assert en("ev.round_over", player="Ann", points=1, n=5) == "Ann wins the round (1 point)"
    assert en("ev.round_over", player="Ann", points=23, n=1) == "Ann wins the round (23 points)"


@pytest.mark.parametrize(
    ("lang", "count", "form"),
    [
        ("en", 1, "one"),
        ("en", "1", "one"),
        ("en", 2, "other"),
        ("en", 0, "other"),
        ("en", None, "other"),
        ("en", "", "other"),
        ("zh-Hant", 1, "other"),
        ("zh-Hans", 1, "other"),
    ],
)
def test_plural_forms_as_the_browser_picks_them(lang: Lang, count: object, form: str) -> None:
    assert plural_form(lang, count) == form


def test_parameters_are_filled_as_on_the_web_not_as_python_formats() -> None:
    """``{name}`` only: a name holding braces or a format spec is put in as it is."""
    en = Words("en")
    assert en("table.turn_of", name="{x} {0:>9}") == "{x} {0:>9}'s turn"
    assert en("ev.catch", player="A", target="{player}") == "A reported {player}"


@pytest.mark.parametrize(
    ("flag", "env", "lang"),
    [
        ("en", {"LANG": "zh_TW.UTF-8"}, "en"),
        ("zh-Hant", {}, "zh-Hant"),
        ("zh-Hans", {}, "zh-Hans"),
        (None, {"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
        (None, {"LANG": "zh_HK.UTF-8"}, "zh-Hant"),
        (None, {"LANG": "zh_CN.UTF-8"}, "zh-Hans"),
        (None, {"LC_ALL": "zh_SG", "LANG": "en_US.UTF-8"}, "zh-Hans"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_language_comes_from_the_flag_then_the_locale(
    flag: str | None, env: dict[str, str], lang: str
) -> None:
    assert language(flag, env) == lang


def test_the_level_key_cycles_through_every_level_the_server_offers() -> None:
    """L in a room picks the bot level among the server's own (younuo.bots.LEVELS),
    each named in the three languages."""
    from younuo.bots import LEVELS as SERVER_LEVELS
    from younuo.tui.screens.room import LEVELS

    assert sorted(LEVELS) == sorted(SERVER_LEVELS)
    for lang in LANGS:
        for level in LEVELS:
            assert f"bot.{level}" in table(lang), (lang, level)
