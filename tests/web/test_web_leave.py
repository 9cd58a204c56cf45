"""Leaving a running match says what it costs, before and after (issue 43, R-LEAVE).

The leave dialog quotes the escape penalty for the points in the player's hand (the
server's table, GET /api/rules), and once the player has left a notice says what the
escape took; the number is the rating change the server recorded, in each language.
"""

from __future__ import annotations

from typing import Any

import pytest

from younuo.engine.rating import escape_penalty

from .conftest import Pages
from .scenario import add_bots, create_room, sign_in, view
from .test_web_client import hand_points

WORDS = {"en-US": "rating points", "zh-TW": "積分", "zh-CN": "积分"}
"""The words for rating points in each language's leave texts."""

TOASTS = (
    "() => { window.__toasts = []; new MutationObserver(() => document.querySelectorAll("
    "'#toasts .toast').forEach((t) => window.__toasts.push(t.textContent)))"
    ".observe(document.getElementById('toasts'), { childList: true }); }"
)


def _results(page: Any) -> list[dict[str, Any]]:
    me = page.evaluate("window.younuo.store.account.id")
    call = "([m, path]) => import('/js/net.js').then((n) => n.api(m, path))"
    return list(page.evaluate(call, ["GET", f"/api/accounts/{me}/matches"]))


@pytest.mark.parametrize("locale", list(WORDS))
def test_leave_says_the_escape_penalty_before_and_after(pages: Pages, locale: str) -> None:
    page = pages.open(360, 640, locale=locale)
    sign_in(page, f"Leaver{locale[-2:]}")
    create_room(page, {"preset": "younuo"}, seats=4)
    add_bots(page, 2)
    page.click("[data-key=start]")
    page.wait_for_selector("yn-table .hand-card")
    points = hand_points(view(page)["hand"])
    penalty = -escape_penalty(points)[0]
    page.click("[data-action=leave-ask]")
    warning = page.locator(".leave-warn").inner_text()
    assert str(points) in warning and str(penalty) in warning and WORDS[locale] in warning
    page.evaluate(TOASTS)
    page.locator("[data-action=leave]").filter(visible=True).first.click()
    page.wait_for_function("() => window.__toasts.length > 0")
    told = page.evaluate("window.__toasts")[0]
    assert str(penalty) in told and str(points) in told and WORDS[locale] in told
    assert told != warning
    # What the notice said was taken is what the server rates the escape.
    page.wait_for_function(
        "() => !window.younuo.store.match && !window.younuo.store.room", polling=100
    )
    for _ in range(50):
        results = _results(page)
        if results:
            break
        page.wait_for_timeout(100)
    mine = [r for r in results[0]["results"] if r["left"]]
    assert [r["rating_change"] for r in mine] == [-penalty]
