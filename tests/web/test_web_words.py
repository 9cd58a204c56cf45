"""Messages in each language (issue 26): second-person sentences, plural forms, bot and
room names said in the chosen language, the kick button named for what it does.

The sentences come from the page's own modules (``describe`` for events, ``t`` for
the rest), in Chromium, so what is checked is what a player reads.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import event_sentences

from .conftest import Pages
from .scenario import create_room, sign_in

SAY = """async ([lang, cases]) => {
  const i18n = await import('/js/i18n.js');
  const { describe } = await import('/js/parts/describe.js');
  i18n.setLanguage(lang);
  return cases.map(([event, me]) => describe(event, me));
}"""

# The cases both tables are held to (tests/event_sentences.py), and one with a card,
# which each table writes its own way.
PLAY_WILD = ({"type": "play", "player": "Ann", "cards": ["W+4"], "color": "red"}, "Ann")
EVENTS: list[tuple[dict[str, Any], str]] = [*event_sentences.EVENTS, PLAY_WILD]
PLAYED = {
    "en": "You played Wild Draw Four and named Red",
    "zh-Hant": "你出了+4 牌，指定紅色",
    "zh-Hans": "你出了+4 牌，指定红色",
}
EXPECTED = {lang: [*said, PLAYED[lang]] for lang, said in event_sentences.SAID.items()}


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_events_in_second_person_and_plural(pages: Pages, lang: str) -> None:
    page = pages.open(360, 640)
    page.wait_for_selector("yn-signin")
    said = page.evaluate(SAY, [lang, [list(case) for case in EVENTS]])
    assert said == EXPECTED[lang]
    # Counted words on the table use the language's plural rules.
    counts = page.evaluate(
        "async (lang) => { const i18n = await import('/js/i18n.js'); i18n.setLanguage(lang);"
        " return [0, 1, 2].map((n) => i18n.t('table.cards', { n })); }",
        lang,
    )
    assert (
        counts
        == {
            "en": ["0 cards", "1 card", "2 cards"],
            "zh-Hant": ["0 張牌", "1 張牌", "2 張牌"],
            "zh-Hans": ["0 张牌", "1 张牌", "2 张牌"],
        }[lang]
    )


def test_every_plural_form_has_other(pages: Pages) -> None:
    """A counted message has the `other` form Intl.PluralRules falls back to, in every file."""
    page = pages.open(360, 640)
    page.wait_for_selector("yn-signin")
    bad = page.evaluate(
        """async () => {
          const bad = [];
          for (const lang of ["en", "zh-Hant", "zh-Hans"]) {
            const table = await (await fetch(`/lang/${lang}.json`)).json();
            for (const [key, text] of Object.entries(table)) {
              const plural = typeof text === "object";
              if (plural && typeof text.other !== "string") bad.push(`${lang} ${key}`);
            }
          }
          return bad;
        }"""
    )
    assert bad == []


def test_bot_and_room_names_and_kick_in_each_language(pages: Pages) -> None:
    page = pages.open(1280, 800)
    sign_in(page, "Cleo")
    create_room(page, {"preset": "classic"}, seats=3)
    page.select_option("#bot-level", "easy")
    page.click("[data-key=add-bot]")
    page.wait_for_selector("yn-room [data-action=remove-bot]")
    bot = page.evaluate("window.younuo.store.room.seats.find((s) => s && s.kind === 'bot').name")
    assert bot == "Bot Mimi"  # the server's English name (src/younuo/server/lobby/rooms.py)
    expected = {
        "en": ("Bot Mimi", "Cleo's table"),
        "zh-Hant": ("電腦咪咪", "Cleo的牌桌"),
        "zh-Hans": ("电脑咪咪", "Cleo的牌桌"),
    }
    for lang, (bot_name, room_name) in expected.items():
        page.select_option("select[name=lang]", lang)
        assert bot_name in page.inner_text("yn-room .seat-grid")
        assert page.inner_text("yn-room .room-title") == room_name
    # A person who names themself like a bot keeps the name: only bot seats are renamed.
    names = page.evaluate(
        "async () => { const m = await import('/js/names.js');"
        " return [m.botName('Bot Mimi', false), m.botName('Bot Mimi', true),"
        " m.botName('Bot 7', true)]; }"
    )
    assert names == ["Bot Mimi", "电脑咪咪", "电脑 7 号"]


def test_every_literal_key_is_translated() -> None:
    """Every t("key") written out in the client's code exists in en.json (and so in all)."""
    static = Path(__file__).resolve().parents[2] / "src" / "younuo" / "web" / "static"
    known = set(json.loads((static / "lang" / "en.json").read_text(encoding="utf-8")))
    used: set[str] = set()
    for path in (static / "js").rglob("*.js"):
        used |= set(re.findall(r'\bt\("([^"$`]+)"', path.read_text(encoding="utf-8")))
    assert sorted(used - known) == []


def test_every_bot_level_has_a_name_in_each_language() -> None:
    """The level picker shows t(`bot.${level}`) for each level the server offers
    (GET /api/rules bot_levels, younuo.bots.LEVELS): each needs a name in all three."""
    from younuo.bots import LEVELS

    static = Path(__file__).resolve().parents[2] / "src" / "younuo" / "web" / "static"
    for lang in ("en", "zh-Hant", "zh-Hans"):
        words = json.loads((static / "lang" / f"{lang}.json").read_text(encoding="utf-8"))
        assert all(f"bot.{level}" in words for level in LEVELS), lang
