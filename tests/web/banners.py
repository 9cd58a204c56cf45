"""The table's verdict banner as the browser tests read it (issue 43): the sentence a
language table gives, and the banner once it says it, checked to be a polite live region
clear of the hand and the buttons."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LANG = Path(__file__).resolve().parents[2] / "src" / "younuo" / "web" / "static" / "lang"


def say(lang: str, key: str, **params: Any) -> str:
    """The sentence ``key`` of a language table, as the web's t() fills it."""
    text = json.loads((LANG / f"{lang}.json").read_text(encoding="utf-8"))[key]
    if isinstance(text, dict):
        text = text["one" if params.get("n") == 1 and lang == "en" else "other"]
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", str(value))
    return str(text)


def banner_of(page: Any, text: str) -> Any:
    """The table's banner once it says ``text``: a polite live region, clear of the hand
    and of every button at the table."""
    banner = page.locator("yn-table .verdict")
    page.wait_for_function(
        "t => document.querySelector('yn-table .verdict').textContent === t", arg=text
    )
    assert banner.get_attribute("role") == "status"
    assert banner.get_attribute("aria-live") == "polite"
    box = banner.bounding_box()
    assert box and box["width"] > 40 and box["height"] > 12
    covered = page.evaluate(
        """(b) => [...document.querySelectorAll('yn-table .hand-card, yn-table button')]
          .map((el) => [el, el.getBoundingClientRect()])
          .filter(([, r]) => r.width && r.height && r.left < b.x + b.width && b.x < r.right
            && r.top < b.y + b.height && b.y < r.bottom)
          .map(([el]) => el.dataset.key || el.dataset.action || el.className)""",
        box,
    )
    assert covered == []
    return banner
