"""The chat button and drawer (issue 43, item 3).

The button stood on its own over the page (fixed under the header) and covered "Round
N" on the table and the room's title on every screen; its icon was the emoji 💬, an
empty box where the font lacks it; the drawer was see-through and, opened in a room,
stayed open over the Friends and Profile screens. Now the button is part of the room's
title row and of the table's top row, drawn as inline SVG; the drawer is opaque and any
navigation closes it. (That no text is covered at any size is the layout test's.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import Pages
from .scenario import add_bots, create_room, sign_in

TOGGLE = "yn-chat-button [data-key=chat-toggle]"
PANEL = "yn-chat .chat-panel"


def _meet(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return dict(box)


def _drawn_not_written(page: Any, selector: str) -> None:
    """An SVG in the button and no character of its own (the count aside)."""
    button = page.locator(selector)
    assert button.locator("svg").count() == 1
    words = button.evaluate(
        "(b) => [...b.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)"
        ".map((n) => n.textContent.trim()).join('')"
    )
    assert words == ""


def test_the_chat_button_sits_in_rows_and_the_drawer_closes_on_navigation(
    pages: Pages, artifacts: Path
) -> None:
    page = pages.open(360, 640)
    sign_in(page, "Chatty Cathy")
    page.wait_for_selector("yn-lobby .leaders")
    # No room, no chat: the lobby has no button.
    assert page.locator(TOGGLE).count() == 0
    rules = {"preset": "classic", "scoring": "single", "first_player": "host", "turn_seconds": 0}
    create_room(page, rules, seats=2)

    # In the room: inside the title row, beside the title, not over it; 44 px.
    page.wait_for_selector(f"yn-room .room-head {TOGGLE}")
    _drawn_not_written(page, TOGGLE)
    toggle = _box(page, TOGGLE)
    assert not _meet(toggle, _box(page, "yn-room .room-title"))
    assert toggle["width"] >= 44 and toggle["height"] >= 44
    assert page.evaluate(
        "() => getComputedStyle(document.querySelector('yn-chat-button .chat-toggle')).position"
    ) in ("static", "relative")

    # Open: an opaque panel; Friends closes it, and back in the room it stays closed.
    page.click(TOGGLE)
    page.wait_for_selector(PANEL)
    assert page.get_attribute(TOGGLE, "aria-expanded") == "true"
    alpha = page.evaluate(
        "() => { const c = getComputedStyle(document.querySelector('yn-chat .chat-panel'))"
        ".backgroundColor; const m = c.match(/rgba?\\(([^)]*)\\)/)[1].split(',');"
        " return m.length === 4 ? Number(m[3]) : 1; }"
    )
    assert alpha == 1
    # Hung under its button: the button that closes it stays in sight and tappable.
    assert not _meet(_box(page, PANEL), _box(page, TOGGLE))
    page.click(TOGGLE)
    page.wait_for_selector(PANEL, state="detached")
    page.click(TOGGLE)
    page.wait_for_selector(PANEL)
    page.evaluate("() => { location.hash = '#/friends'; }")
    page.wait_for_selector("yn-friends")
    assert page.locator(PANEL).count() == 0
    page.evaluate("() => { location.hash = ''; }")
    page.wait_for_selector(f"yn-room {TOGGLE}")
    assert page.locator(PANEL).count() == 0
    assert page.get_attribute(TOGGLE, "aria-expanded") == "false"

    # Opened again, then the header's profile link: closed again.
    page.click(TOGGLE)
    page.wait_for_selector(PANEL)
    page.click(".bar [data-key=profile]")
    page.wait_for_selector("yn-profile")
    assert page.locator(PANEL).count() == 0
    page.evaluate("() => { location.hash = ''; }")
    page.wait_for_selector(f"yn-room {TOGGLE}")

    # The drawer's own × closes it too.
    page.click(TOGGLE)
    page.click("yn-chat [data-key=chat-close]")
    page.wait_for_selector(PANEL, state="detached")

    # At the table: in the top row beside the log button, clear of "Round N".
    add_bots(page, 1, "easy")
    page.click("[data-key=ready]")
    page.click("[data-key=start]")
    page.wait_for_selector(f"yn-table .table-top {TOGGLE}")
    _drawn_not_written(page, TOGGLE)
    toggle = _box(page, TOGGLE)
    assert not _meet(toggle, _box(page, "yn-table .round-no"))
    assert not _meet(toggle, _box(page, "yn-table .status-line"))
    assert toggle["width"] >= 44 and toggle["height"] >= 44
    page.click(TOGGLE)
    assert not _meet(_box(page, PANEL), toggle)
    # Every control in the drawer is a 44 px tap target on the phone, as the table's are.
    small = page.evaluate(
        "() => [...document.querySelectorAll('yn-chat button, yn-chat input')]"
        ".map((el) => [el.dataset.key || el.className, el.getBoundingClientRect()])"
        ".filter(([, r]) => r.width && (r.width < 44 || r.height < 44))"
        ".map(([k, r]) => `${k} ${Math.round(r.width)}x${Math.round(r.height)}`)"
    )
    assert page.locator("yn-chat [data-action=phrase]").count() > 0
    assert small == [], small
    page.screenshot(path=str(artifacts / "chat-drawer-table-360x640.png"))
