"""Events and the sentences both tables say of them, in each language: the web's
``parts/describe.js`` (tests/web/test_web_words.py) and the terminal's
``younuo.tui.describe`` (tests/tui/test_describe.py) are held to the same list. The
cases hold no card, since each table writes cards its own way; ``EVENTS`` pairs an
event with the reader's name."""

from __future__ import annotations

from typing import Any

EVENTS: list[tuple[dict[str, Any], str]] = [
    ({"type": "draw", "player": "Ann", "count": 1}, "Ann"),
    ({"type": "draw", "player": "Ann", "count": 2}, "Ann"),
    ({"type": "draw", "player": "Bob", "count": 1}, "Ann"),
    ({"type": "penalty", "target": "Ann", "count": 4}, "Ann"),
    ({"type": "penalty", "target": "Bob", "count": 1}, "Ann"),
    ({"type": "round_over", "player": "Ann", "points": 1}, "Ann"),
    ({"type": "round_over", "player": "Bob", "points": 23}, "Ann"),
    ({"type": "reveal", "player": "Ann", "target": "Bob"}, "Ann"),
    ({"type": "reveal", "player": "Bob", "target": "Ann"}, "Ann"),
    ({"type": "challenge", "player": "Bob", "target": "Ann", "reason": "guilty"}, "Ann"),
]
SAID: dict[str, list[str]] = {
    "en": [
        "You drew 1 card",
        "You drew 2 cards",
        "Bob drew 1 card",
        "You face a penalty of 4 cards",
        "Bob faces a penalty of 1 card",
        "You win the round (1 point)",
        "Bob wins the round (23 points)",
        "Your hand was shown to Bob",
        "Bob's hand was shown to you",
        "Bob challenged you: your bluff is caught!",
    ],
    "zh-Hant": [
        "你抓了 1 張",
        "你抓了 2 張",
        "Bob抓了 1 張",
        "你面臨罰抓 4 張",
        "Bob面臨罰抓 1 張",
        "你贏得本局（1 分）",
        "Bob贏得本局（23 分）",
        "你的手牌亮給Bob看",
        "Bob的手牌亮給你看",
        "Bob反駁你：你的詐唬被抓到了！",
    ],
    "zh-Hans": [
        "你抓了 1 张",
        "你抓了 2 张",
        "Bob抓了 1 张",
        "你面临罚抓 4 张",
        "Bob面临罚抓 1 张",
        "你赢得本局（1 分）",
        "Bob赢得本局（23 分）",
        "你的手牌亮给Bob看",
        "Bob的手牌亮给你看",
        "Bob反驳你：你的诈唬被抓到了！",
    ],
}
