"""Quick phrases: a fixed set of messages sent by id and rendered in each reader's language.

A phrase cannot carry information a free text could (a colour, a count of cards), so it
is allowed wherever chat is, even when free text is off. Phrases join the avatar emotes at
the table: both are fixed, translated, and safe for guests.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

Language = Literal["zh-Hant", "zh-Hans", "en"]
LANGUAGES: tuple[Language, ...] = ("zh-Hant", "zh-Hans", "en")


class QuickPhrase(StrEnum):
    """The quick phrases, by the id that crosses the wire."""

    HELLO = "hello"
    GOOD_LUCK = "good_luck"
    GOOD_GAME = "good_game"
    NICE_ONE = "nice_one"
    HURRY_UP = "hurry_up"
    OOPS = "oops"
    THANKS = "thanks"
    REMATCH = "rematch"


TEXTS: dict[Language, dict[QuickPhrase, str]] = {
    "en": {
        QuickPhrase.HELLO: "Hello!",
        QuickPhrase.GOOD_LUCK: "Good luck!",
        QuickPhrase.GOOD_GAME: "Good game",
        QuickPhrase.NICE_ONE: "Nice one!",
        QuickPhrase.HURRY_UP: "Hurry up!",
        QuickPhrase.OOPS: "Oops",
        QuickPhrase.THANKS: "Thanks",
        QuickPhrase.REMATCH: "Another round?",
    },
    "zh-Hant": {
        QuickPhrase.HELLO: "你好！",
        QuickPhrase.GOOD_LUCK: "祝好運！",
        QuickPhrase.GOOD_GAME: "打得好",
        QuickPhrase.NICE_ONE: "漂亮！",
        QuickPhrase.HURRY_UP: "快一點！",
        QuickPhrase.OOPS: "哎呀",
        QuickPhrase.THANKS: "謝謝",
        QuickPhrase.REMATCH: "再來一局？",
    },
    "zh-Hans": {
        QuickPhrase.HELLO: "你好！",
        QuickPhrase.GOOD_LUCK: "祝好运！",
        QuickPhrase.GOOD_GAME: "打得好",
        QuickPhrase.NICE_ONE: "漂亮！",
        QuickPhrase.HURRY_UP: "快一点！",
        QuickPhrase.OOPS: "哎呀",
        QuickPhrase.THANKS: "谢谢",
        QuickPhrase.REMATCH: "再来一局？",
    },
}


def render(phrase: QuickPhrase, language: Language) -> str:
    """The phrase in the reader's language."""
    return TEXTS[language][phrase]
