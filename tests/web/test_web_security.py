"""The web client under the server's security headers (issue 38, section 4;
docs/security.md, "Smaller defences"): Chromium runs the table with the
Content-Security-Policy of ``'self'`` enforced and refuses nothing on any screen, while
the same policy does refuse an inline script (so that the check can fail), and no other
site may frame the table.

The pages here keep the policy (``pages.open(csp=True)``), so they never use
Playwright's ``wait_for_function`` (its predicate is an ``eval``, which the policy
refuses): they wait from Python.
"""

from __future__ import annotations

import time
from typing import Any

from younuo.server.edge.headers import POLICY

from .conftest import Pages
from .scenario import create_room, sign_in
from .test_web_admin import sign_in_admin


def until(page: Any, expression: str, timeout: float = 10.0) -> None:
    """Wait until ``expression`` holds in the page, asking from Python."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        time.sleep(0.05)


def refused(pages: Pages) -> list[str]:
    return [e for e in pages.errors if "Content Security Policy" in e]


def test_every_screen_runs_under_the_policy(pages: Pages) -> None:
    page = pages.open(1280, 800, csp=True)
    answer = page.goto(pages.url)
    assert answer is not None
    headers: dict[str, str] = answer.all_headers()
    assert headers["content-security-policy"] == POLICY
    assert headers["x-content-type-options"] == "nosniff"
    sign_in(page, "Strict")
    for hash_, element in (
        ("#/profile", "yn-profile"),
        ("#/events", "yn-events"),
        ("#/friends", "yn-friends"),
        ("#/", "yn-lobby"),
    ):
        page.evaluate(f"location.hash = '{hash_}'")
        page.wait_for_selector(element)
    create_room(page, {"preset": "younuo"}, private=True)
    page.select_option("#bot-level", "easy")
    page.click("[data-key=add-bot]")
    until(page, "window.younuo.store.room.seats.filter(Boolean).length === 2")
    page.click("[data-key=ready]")
    page.wait_for_selector(".seat-card.mine.is-ready")
    page.click("[data-key=start]")
    page.wait_for_selector("yn-table .hand-card")
    until(page, "window.younuo.store.match !== null && window.younuo.store.match.view !== null")
    # Drawn, styled (the stylesheet applied: the hand is laid out), and connected.
    assert page.evaluate("document.querySelector('yn-table .hand-card').offsetWidth > 0")
    assert page.evaluate("getComputedStyle(document.body).margin") == "0px"
    assert refused(pages) == []


def test_the_admin_area_runs_under_the_policy(pages: Pages) -> None:
    page = pages.open(1280, 800, csp=True)
    page.wait_for_selector("#guest-name")
    sign_in_admin(page)
    page.click("yn-lobby [data-key=admin]")
    page.wait_for_selector("yn-admin .audit-list")
    assert refused(pages) == []


def test_the_policy_refuses_an_inline_script_and_style(pages: Pages) -> None:
    page = pages.open(800, 600, csp=True)
    page.wait_for_selector("#guest-name")
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.__ran = true'; document.body.append(s);"
        " const d = document.createElement('div'); d.id = 'styled';"
        " d.setAttribute('style', 'width: 123px'); document.body.append(d); }"
    )
    until(page, "document.getElementById('styled') !== null")
    assert page.evaluate("window.__ran === undefined")
    assert page.evaluate("document.getElementById('styled').offsetWidth") != 123
    assert len(refused(pages)) >= 2, pages.errors
    pages.errors.clear()  # refused on purpose here


def test_no_other_site_may_frame_the_table(pages: Pages) -> None:
    """A page of another origin (about:blank here) that frames the table gets an empty
    frame: ``frame-ancestors 'none'``."""
    page = pages.open(800, 600, csp=True)
    page.goto("about:blank")
    page.set_content(f'<iframe id="f" src="{pages.url}/" width="400" height="300"></iframe>')
    page.wait_for_timeout(1500)
    assert page.frame_locator("#f").locator("#guest-name").count() == 0
    pages.errors.clear()  # Chromium reports the refused frame: expected here
