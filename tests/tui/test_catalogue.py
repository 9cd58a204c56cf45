"""The terminal table's sentences: the same keys and placeholders in the three
languages, plural forms, and the language chosen from ``--lang`` or the locale."""

from __future__ import annotations

import string

import pytest

from younuo.tui.catalogue import CATALOGUE, LANGS, Entry, Plural, Words, language


def fields(entry: Entry) -> set[str]:
    forms = entry if isinstance(entry, Plural) else (entry,)
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}


def test_the_three_languages_have_the_same_keys() -> None:
    keys = {lang: set(CATALOGUE[lang]) for lang in LANGS}
    assert keys["zh-Hant"] == keys["en"]
    assert keys["zh-Hans"] == keys["en"]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_sentence_takes_the_same_parameters(lang: str) -> None:
    for key, entry in CATALOGUE["en"].items():
        assert fields(CATALOGUE[lang][key]) == fields(entry), key  # type: ignore[index]


def test_no_sentence_is_empty_and_chinese_is_chinese() -> None:
    for lang in LANGS:
        for key, entry in CATALOGUE[lang].items():
            forms = entry if isinstance(entry, Plural) else (entry,)
            assert all(form.strip() for form in forms), (lang, key)
    assert CATALOGUE["zh-Hant"]["table.your_turn"] != CATALOGUE["zh-Hans"]["table.your_turn"]


def test_plurals_and_parameters() -> None:
    en = Words("en")
    assert en("ev.draw", player="Ann", n=1) == "Ann drew 1 card"
    assert en("ev.draw", player="Ann", n=2) == "Ann drew 2 cards"
    assert Words("zh-Hant")("ev.draw", player="Ann", n=1) == "Ann抓了 1 張"
    assert Words("zh-Hans")("table.turn_of", name="Bob") == "轮到Bob"
    assert en("no.such.key") == "no.such.key"
    assert en("table.turn_of") == "{name}'s turn"  # a missing parameter stays visible


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
