"""The stylesheet keeps each screen's rules to that screen (issue 26).

A class name like ``stack`` meant one thing on the table (the draw-penalty total, big
and yellow) and another in the sign-in form (a column): the table's rule made the form
459 px wide on a 360 px phone. Every rule of app.css now either starts with its
screen's element (``yn-table .stack-total``) or uses only the shared classes listed
here: the page's utilities, the shell, and the parts several screens draw (cards,
avatars, the rule editor). A new screen-specific rule without its prefix fails.
"""

from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "src" / "younuo" / "web" / "static" / "app.css"
SCREENS = (
    "yn-signin", "yn-lobby", "yn-room", "yn-table", "yn-profile", "yn-replay", "yn-admin",
    "yn-events", "yn-friends", "yn-chat", "yn-conversation",
)  # fmt: skip
SHARED = {
    # utilities and form controls
    "muted", "small", "error", "warn", "row", "wrap", "right", "spread", "stack", "grow",
    "tag", "vip", "btn", "primary", "danger", "wide", "icon-btn", "sr-only", "panel", "help",
    "big", "sticky-bottom",
    # the shell: header, banner, toasts, loading
    "bar", "brand", "brand-name", "logo", "tools", "me-link", "me-name", "banner", "loading",
    "toasts", "toast", "gone", "cb",
    # parts several screens draw: cards, avatars, the color chip, flights, the rule editor
    "card-face", "back", "oval", "wheel", "corner", "tl", "br", "underline", "cb-sym",
    "c-red", "c-yellow", "c-green", "c-blue", "c-wild", "mini", "mini-cards", "named",
    "named-red", "named-yellow", "named-green", "named-blue", "avatar-svg", "line",
    "face-btn", "color-chip", "flying", "editor", "group", "opt", "changed", "changed-tag",
    # marks beside names (room, table, lobby, profile, admin) and the report menu
    "bot-account", "title-badge", "master", "lifetime_master", "title-list", "past",
    "report-menu",
}  # fmt: skip


def selectors(css: str) -> list[str]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found: list[str] = []
    for match in re.finditer(r"([^{}]+)\{", css):
        text = match.group(1).strip()
        if not text.startswith("@"):
            found += [part.strip() for part in text.split(",")]
    return found


def test_every_screen_rule_is_scoped_to_its_screen() -> None:
    stray = []
    for selector in selectors(CSS.read_text(encoding="utf-8")):
        if selector.split(" ")[0] in SCREENS or selector.startswith("body[data-screen"):
            continue
        if re.fullmatch(r"from|to|\d+%", selector):
            continue
        classes = set(re.findall(r"\.([\w-]+)", selector))
        if classes - SHARED:
            stray.append(selector)
    assert stray == [], f"rules outside their screen's element: {stray}"


def test_the_penalty_total_no_longer_shares_the_utility_name() -> None:
    css = CSS.read_text(encoding="utf-8")
    assert "yn-table .stack-total" in css
    assert not re.search(r"yn-table \.stack\b(?!-)", css)
