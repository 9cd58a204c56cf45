"""The language tables (src/younuo/web/static/lang/<language>.json), which the web client
fetches and the terminal table and ``younuo replay`` read (docs/web.md, *Languages*):
every key in every language with the same placeholders, whole plural forms, nothing
empty, and no key that neither client uses."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "younuo"
FILES = SRC / "web" / "static" / "lang"
LANGS = ("en", "zh-Hant", "zh-Hans")
Entry = str | dict[str, str]
VOICES = ("ev.", "record.")
"""Prefixes the event describer (younuo.tui.describe) puts before its keys."""
FORMS = (".you", ".to_you", "_wild")
"""Endings the describers (describe.js, younuo.tui.describe) put after a key they name."""


def forms(entry: Entry) -> list[str]:
    """The sentence, or each plural form of it."""
    if isinstance(entry, str):
        return [entry]
    return [text for name, text in entry.items() if name != "by"]


def placeholders(entry: Entry) -> set[str]:
    return {name for text in forms(entry) for name in re.findall(r"\{(\w+)\}", text)}


@cache
def table(lang: str) -> dict[str, Entry]:
    """The table of one language, as the browser is served it."""
    entries: dict[str, Entry] = json.loads((FILES / f"{lang}.json").read_text(encoding="utf-8"))
    return entries


def test_there_is_one_table_per_language() -> None:
    assert sorted(p.stem for p in FILES.glob("*.json")) == sorted(LANGS)


def test_every_key_is_in_every_language() -> None:
    english = set(table("en"))
    for lang in LANGS:
        keys = set(table(lang))
        assert sorted(english - keys) == [], f"missing in {lang}"
        assert sorted(keys - english) == [], f"only in {lang}"


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_sentence_takes_the_same_parameters(lang: str) -> None:
    """A translation fills the same {names} as the English sentence, no more, no less."""
    for key, entry in table("en").items():
        assert placeholders(table(lang)[key]) == placeholders(entry), key


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_whole(lang: str) -> None:
    """A counted sentence has the ``other`` form every language falls back to, only
    CLDR's category names, and counts by a parameter its forms hold."""
    categories = {"zero", "one", "two", "few", "many", "other", "by"}
    for key, entry in table(lang).items():
        if isinstance(entry, str):
            continue
        assert isinstance(entry.get("other"), str), key
        assert set(entry) <= categories, key
        assert entry.get("by", "n") in placeholders(entry), key


@pytest.mark.parametrize("lang", LANGS)
def test_no_sentence_is_empty(lang: str) -> None:
    for key, entry in table(lang).items():
        assert all(text.strip() for text in forms(entry)), key


def test_the_chinese_tables_differ() -> None:
    """Traditional and Simplified are each written out, not one copied into the other."""
    same = [k for k in table("en") if table("zh-Hant")[k] == table("zh-Hans")[k]]
    assert len(same) < len(table("en")) / 2


@cache
def client_code() -> str:
    """The code of both clients: the web's scripts and page, the terminal's Python."""
    paths = [*(SRC / "web" / "static").rglob("*.js"), *(SRC / "web" / "static").glob("*.html")]
    paths += [*(SRC / "tui").rglob("*.py"), *(SRC / "cli").rglob("*.py")]
    return "\n".join(path.read_text(encoding="utf-8") for path in paths)


def used(key: str, named: set[str], prefixes: tuple[str, ...]) -> bool:
    """Whether the clients' code names ``key``: written out, or built from a prefix
    written out (``t(`bot.${level}`)``), or a describer's voice and form of a key."""
    candidates = {key}
    for voice in VOICES:
        if key.startswith(voice):
            candidates.add(key.removeprefix(voice))
    for ending in FORMS:  # in this order: "ev.play_wild.you" is a form of "play"
        candidates |= {c.removesuffix(ending) for c in candidates}
    return any(c in named or c.startswith(prefixes) for c in candidates)


def test_every_key_is_used_by_a_client() -> None:
    """A key neither client names (nor builds from a written-out prefix) is dead."""
    code = client_code()
    named = set(re.findall(r"[\"'`]([\w.+\-]+)[\"'`]", code))
    prefixes = tuple(set(re.findall(r"[\"'`]([\w.\-]+)\$?\{", code)))
    dead = [key for key in table("en") if not used(key, named, prefixes)]
    assert dead == []


CHINESE = ("zh-Hant", "zh-Hans")


@pytest.mark.parametrize("lang", CHINESE)
def test_chinese_sentences_use_chinese_punctuation_and_words(lang: str) -> None:
    """No ASCII colon before a space (the full-width ``：`` instead), no English
    possessive or English bot and table names left in a Chinese sentence."""
    english = re.compile(r"[A-Za-z]: |'s\b|\bBot [A-Z]|\btable\b|\bLevel\b")
    for key, entry in table(lang).items():
        for text in forms(entry):
            assert not english.search(re.sub(r"\{\w+\}", "", text)), (key, text)


@pytest.mark.parametrize("lang", CHINESE)
def test_chinese_tables_name_things_one_way(lang: str) -> None:
    """The UNO badge reads as the UNO button does; the host is 房主 everywhere; an
    avatar's hats and hoods are not called a coat (外套); lists are joined with 、."""
    words = table(lang)
    assert words["table.uno_badge"] == words["app.title"]
    assert str(words["act.uno"]).startswith(str(words["table.uno_badge"]))
    assert words["room.host"] == "房主"
    assert words["val.first_player.host"] == "房主"
    everything = "\n".join(text for entry in words.values() for text in forms(entry))
    assert "桌長" not in everything and "桌长" not in everything
    assert "外套" not in everything
    assert words["list.sep"] == "、"
    assert "依手牌" not in everything and "按手牌" in str(words["table.leave_warn"])


def test_english_says_a_level_and_a_bot_once() -> None:
    """The profile put "Level" before "Level 5"; the terminal said "a easy bot"."""
    en = table("en")
    shown = f"{en['profile.level']} {str(en['profile.level_n']).replace('{n}', '5')}"
    assert shown == "Level 5"
    for level in ("easy", "normal", "hard", "random"):
        line = str(en["tui.room.keys_host"]).replace("{level}", str(en[f"bot.{level}"]))
        assert not re.search(r"\ba [aeiou]", line), line
    assert en["list.sep"] == ", "
