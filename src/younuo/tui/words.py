"""The terminal's words: the language tables the web client reads too, and the choice of
language (``--lang``, else the locale).

There is one table per language, ``younuo/web/static/lang/<language>.json``: the web
client fetches it as a static file (``js/i18n.js``) and the terminal table and
``younuo replay`` read it from the installed package. A sentence both clients show is
one key; the terminal's own sentences are under ``tui.`` and the record's report under
``record.`` (docs/web.md, *Languages*). Sentences are whole per language with named
``{parameters}``; one that counts is an object of plural forms (``one``, ``other``)
chosen by the parameter its ``by`` names (``n`` when absent), as in ``i18n.js``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Final, Literal, get_args

Lang = Literal["en", "zh-Hant", "zh-Hans"]
"""The three languages."""
LANGS: Final[tuple[Lang, ...]] = get_args(Lang)
FALLBACK: Final[Lang] = "en"
"""The language whose sentence stands in for one missing elsewhere (as on the web)."""

Entry = str | Mapping[str, str]
"""A sentence, or a counted sentence's plural forms (and ``by``, the counting parameter)."""
PLACEHOLDER: Final = re.compile(r"\{(\w+)\}")
"""``{name}``, filled as ``i18n.js`` fills it (no format specs, no escapes)."""


@cache
def table(lang: Lang) -> Mapping[str, Entry]:
    """The sentences of one language, by key, read once from the package."""
    path = resources.files("younuo").joinpath("web", "static", "lang", f"{lang}.json")
    entries: dict[str, Entry] = json.loads(path.read_text(encoding="utf-8"))
    return entries


def plural_form(lang: Lang, count: object) -> str:
    """The plural category of ``count`` (CLDR, as ``Intl.PluralRules`` gives it): English
    says "one" of exactly 1; Chinese has no plural forms, so always "other"."""
    if lang != "en":
        return "other"
    try:
        return "one" if float(str(count)) == 1 else "other"
    except ValueError:
        return "other"


class Words:
    """The sentences of one language: ``words("tui.table.your_turn")``,
    ``words("ev.draw", player="Ann", n=2)``."""

    def __init__(self, lang: Lang) -> None:
        self.lang: Lang = lang
        self.entries = table(lang)

    def __call__(self, key: str, **params: object) -> str:
        """The sentence ``key`` with ``params`` put in; English when this language lacks
        it, the key itself when no language has it (a missing sentence shows, rather than
        crashing the table), and an unknown ``{name}`` left as it is."""
        entry = self.entries.get(key)
        if entry is None:
            entry = table(FALLBACK).get(key, key)
        if not isinstance(entry, str):
            form = plural_form(self.lang, params.get(entry.get("by", "n")))
            entry = entry.get(form, entry["other"])
        return PLACEHOLDER.sub(lambda m: str(params.get(m[1], m[0])), entry)

    def has(self, key: str) -> bool:
        """Whether there is a sentence ``key`` (in this language or in English)."""
        return key in self.entries or key in table(FALLBACK)


def language(flag: str | None, env: Mapping[str, str]) -> Lang:
    """The language: ``--lang`` when given (``en``, ``zh-Hant``, ``zh-Hans``, or a locale
    such as ``zh_TW``), else ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``; English otherwise.

    Locales as the web reads the browser's: ``zh_TW``, ``zh_HK``, ``zh_MO`` and
    ``zh-Hant…`` are Traditional; any other ``zh`` is Simplified.
    """
    for value in (flag, env.get("LC_ALL"), env.get("LC_MESSAGES"), env.get("LANG")):
        if value:
            return _of_locale(value)
    return "en"


def _of_locale(value: str) -> Lang:
    tag = value.split(".")[0].replace("_", "-").lower()
    if not tag.startswith("zh"):
        return "en"
    parts = tag.split("-")
    if "hant" in parts or any(p in ("tw", "hk", "mo") for p in parts):
        return "zh-Hant"
    return "zh-Hans"


__all__ = ["LANGS", "Entry", "Lang", "Words", "language", "plural_form", "table"]
