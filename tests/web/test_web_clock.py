"""The turn clock made fair to people (issue 26): the warning in the last seconds of your
own turn, auto-play after two timeouts shown with one tap to take the seat back, the
room's clock in the lobby and on the preparation screen, a casual 30 s for rooms made by
hand, and playable cards shown without Hint (a header setting, remembered).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from .conftest import Pages
from .scenario import DUEL_RULES, add_bots, create_room, sign_in, start_with_bot, wait_turn

WARN = "rgb(255, 171, 0)"  # --warn
SHOTS = os.environ.get("YOUNUO_LAYOUT_SHOTS")


def shot(page: Any, name: str) -> None:
    """A screenshot to look at, when ``YOUNUO_LAYOUT_SHOTS`` names a folder."""
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"clock-{name}.png"))


def test_casual_clock_in_the_lobby_and_the_preparation_screen(pages: Pages) -> None:
    """A room made by hand starts at 30 s a turn (the younuo preset says 15); the
    preparation screen and another player's room list say so."""
    host = pages.open(1280, 800)
    sign_in(host, "Cass")
    host.click("[data-key=create-open]")
    assert host.input_value("#lb-opt-turn_seconds") == "30"
    assert "30 s a turn" in host.inner_text(".casual-note")
    host.select_option("#lb-preset", "classic")  # classic's own clock is 30 s already
    assert host.input_value("#lb-opt-turn_seconds") == "30"
    host.select_option("#lb-preset", "younuo")
    assert host.input_value("#lb-opt-turn_seconds") == "30"
    host.click("[data-key=create-go]")
    host.wait_for_selector("yn-room .seat-grid")
    assert host.evaluate("window.younuo.store.room.rules.turn_seconds") == 30
    assert "Turn clock: 30 s" in host.inner_text("yn-room .clock-line")
    assert "Target: 500 points" in host.inner_text("yn-room .clock-line")
    room = host.evaluate("window.younuo.store.room.id")

    guest = pages.open(1280, 800, locale="zh-TW")
    sign_in(guest, "Dee")
    guest.click("[data-key=refresh]")
    item = guest.locator(f"yn-lobby .room-item[data-room='{room}'] .room-clock")
    item.wait_for()
    assert "每回合 30 秒" in item.inner_text()
    shot(guest, "lobby-zh-Hant")
    shot(host, "room-en")


def test_clock_warning_then_autoplay_and_taking_the_seat_back(pages: Pages) -> None:
    """The last 5 s of my own turn: amber ring, the countdown chip, a tick a second.
    Two timeouts put a bot on my seat: a banner and a toast say so, the seat wears
    "auto", and one tap takes the seat back."""
    page = pages.open(360, 640)
    sign_in(page, "Tim")
    # A long match (target 5000) so the bot on my seat does not finish it at once.
    create_room(page, {"preset": "younuo", "turn_seconds": 7, "target": 5000}, seats=2)
    page.click("header [data-action=sound]")  # sound on: the ticks are recorded
    start_with_bot(page)
    wait_turn(page, "Tim")
    # On a phone the target is a flag and the number; its words are for screen readers.
    assert page.inner_text("yn-table .target-short") == "5000"
    assert "played to 5000 points" in page.inner_text("yn-table .target-no .sr-only")
    # Early in the turn: no warning.
    left = page.evaluate(
        "() => window.younuo.store.match.clock.turn_deadline - window.younuo.store.serverNow()"
    )
    if left > 6:
        assert page.locator("yn-table .table-screen.clock-warn").count() == 0
    page.wait_for_selector("yn-table .table-screen.clock-warn", timeout=8000)
    ring = page.evaluate(
        "() => getComputedStyle(document.querySelector('yn-table .me-seat .seat .ring'))"
        ".borderTopColor"
    )
    assert ring == WARN
    assert "left!" in page.inner_text("yn-table .clock-chip")
    shot(page, "warning-360")
    page.wait_for_function("window.younuo.sounds.filter((s) => s === 'tick').length >= 2")
    # Two timeouts in a row: auto-play. From then on two bots play each other with no
    # delay, which keeps the page's main thread busy: the waits below poll on a timer
    # (animation frames starve), the toasts are collected as they come (each lasts 3 s),
    # and the tap is the button's own click from inside the page (Playwright's
    # scroll-and-click stalls on a page that repaints without pause).
    page.evaluate(
        "() => { window.__toasts = []; new MutationObserver(() => document.querySelectorAll("
        "'#toasts .toast').forEach((t) => window.__toasts.push(t.textContent)))"
        ".observe(document.getElementById('toasts'), { childList: true }); }"
    )
    page.wait_for_function(
        "() => window.__toasts.some((t) => t.includes('ran out of time twice'))",
        polling=100,
        timeout=40_000,
    )
    page.wait_for_function(
        "() => document.querySelector('yn-table .autoplay-banner [data-key=autoplay-off]')"
        " && document.querySelector('yn-table .me-seat .badge.auto')",
        polling=100,
    )
    shot(page, "autoplay-360")
    # Between rounds (1 s here) the banner gives way to the results: tap once it is back.
    page.wait_for_function(
        "() => { const b = document.querySelector('yn-table [data-key=autoplay-off]');"
        " if (b) b.click(); return Boolean(b); }",
        polling=50,
    )
    page.wait_for_function(
        "() => !window.younuo.store.match.table.find((p) => p.name === 'Tim').autoplay",
        polling=100,
    )
    page.wait_for_selector("yn-table .autoplay-banner", state="detached")
    assert page.locator("yn-table .me-seat .badge.auto").count() == 0


def hand_marks(page: Any) -> set[str]:
    return set(
        page.eval_on_selector_all(
            "yn-table .hand-card.can-play", "els => els.map((e) => e.dataset.code)"
        )
    )


def test_playable_cards_without_hint_follow_the_setting(pages: Pages) -> None:
    """On by default: the cards of the server's legal plays stand out with no Hint; the
    header switch turns it off, and the choice outlives a reload."""
    page = pages.open(1280, 800)
    sign_in(page, "Pia")
    create_room(page, DUEL_RULES, seats=2)
    start_with_bot(page)
    wait_turn(page, "Pia")
    legal = page.evaluate("window.younuo.store.match.legal")
    plays = {a["card"] for a in legal if a["type"] == "play"}
    assert plays and hand_marks(page) == plays
    assert page.get_attribute("header [data-action=playable]", "aria-pressed") == "true"
    shot(page, "playable")
    raised = page.evaluate(
        "() => getComputedStyle(document.querySelector('yn-table .hand-card.can-play yn-card'))"
        ".transform"
    )
    assert raised != "none"
    # The server's list is the only source: told only Draw is legal, nothing stands out.
    page.evaluate(
        "() => { const s = window.younuo.store; const keep = s.match.legal;"
        " s.match.legal = [{type: 'draw'}]; s.emit('state', {events: []});"
        " s.match.legal = keep; s.emit('state', {events: []}); }"
    )
    assert hand_marks(page) == plays
    page.evaluate(
        "() => { const s = window.younuo.store; s.match.legal = [{type: 'draw'}];"
        " s.emit('state', {events: []}); }"
    )
    assert hand_marks(page) == set()
    page.click("header [data-action=playable]")
    assert page.get_attribute("header [data-action=playable]", "aria-pressed") == "false"
    page.reload()
    page.wait_for_selector("yn-table .hand-card")
    wait_turn(page, "Pia")
    assert page.get_attribute("header [data-action=playable]", "aria-pressed") == "false"
    assert hand_marks(page) == set()
    page.click("header [data-action=playable]")
    page.wait_for_function("document.querySelectorAll('yn-table .hand-card.can-play').length > 0")


def test_status_line_report_and_round_end_over_the_reveal(pages: Pages) -> None:
    """On my own turn the status line says Report is open; a round that ends while the
    challenge reveal is up shows its result at once."""
    page = pages.open(1280, 800)
    sign_in(page, "Rae")
    create_room(page, DUEL_RULES, seats=2)
    start_with_bot(page)
    wait_turn(page, "Rae")
    bot = page.evaluate("window.younuo.store.match.view.players.find((p) => p !== 'Rae')")
    page.evaluate(
        "(bot) => { const s = window.younuo.store; s.match.view.exposed = bot;"
        " s.match.legal = [...s.match.legal, {type: 'catch', target: bot}];"
        " s.emit('update', {events: []}); }",
        bot,
    )
    status = page.inner_text("yn-table .status-line")
    assert "Your turn" in status and "report" in status
    assert page.locator("yn-table [data-action=catch]").is_enabled()
    # The reveal is up (not yet dismissed) when the round ends: the result shows.
    page.evaluate(
        "(bot) => { const s = window.younuo.store; s.match.view.exposed = null;"
        " s.match.view.reveal = [bot, ['R1', 'G2']]; s.emit('update', {events: []}); }",
        bot,
    )
    page.wait_for_selector("yn-table .dialog.reveal")
    page.evaluate(
        "() => { const s = window.younuo.store; s.match.view.status = 'round_over';"
        " s.emit('update', {events: []}); }"
    )
    page.wait_for_selector("yn-table .dialog.results")
    assert page.locator("yn-table .dialog.reveal").count() == 0


def test_team_results_by_camp_and_the_rating_panel_after_the_match(pages: Pages) -> None:
    """Team mode: the results say which camp won and show camp totals; back in the lobby
    the rating panel shows the rating the match gave."""
    page = pages.open(1280, 800)
    sign_in(page, "Tor")
    create_room(page, {"preset": "younuo", "turn_seconds": 0, "target": 60}, seats=4)
    page.check("[data-key=mode-teams]")
    page.wait_for_function("window.younuo.store.room.settings.mode === 'teams'")
    add_bots(page, 3, "easy")
    page.click("[data-key=ready]")
    page.wait_for_selector(".seat-card.mine.is-ready")
    page.click("[data-key=start]")
    page.wait_for_selector("yn-table .hand-card")
    assert "Target 60" in page.inner_text("yn-table .target-no")
    # A stale rating in the page: only reading the account again after the match fixes it.
    page.evaluate("window.younuo.store.account.rating = 987654")
    page.click("yn-table [data-action=autoplay]")  # bots finish the match for everyone
    page.wait_for_selector("yn-table .match-winner", timeout=60_000)
    over = page.evaluate("window.younuo.store.matchOver")
    table = page.evaluate("window.younuo.store.match.table")
    camp = next(s["camp"] for s in table if s["name"] == over["winner"])
    assert page.inner_text("yn-table .match-winner") == f"{camp.capitalize()} camp wins the match!"
    rows = page.locator("yn-table .camp-table .camp-row")
    assert rows.count() == 2
    view = page.evaluate("window.younuo.store.match.view")
    for s in table:
        total = page.inner_text(f"yn-table .camp-row[data-camp={s['camp']}] .camp-total")
        assert int(total) == view["scores"][view["players"].index(s["name"])]
    assert page.locator(f"yn-table .camp-row.won[data-camp={camp}]").count() == 1
    assert "camp wins the round" in page.inner_text("yn-table .winner-line")
    assert "The first to 60 points wins the match." in page.inner_text("yn-table .target-line")
    shot(page, "team-match-over")
    mine = next(r for r in over["results"] if r["name"] == "Tor")
    page.click("[data-key=back-to-room]")
    page.wait_for_selector("yn-room .seat-grid")
    page.click("[data-key=leave]")
    page.wait_for_selector("yn-lobby .me-panel")
    assert "987654" not in page.inner_text("yn-lobby .me-panel")
    deadline = time.monotonic() + 5
    while f"{mine['rating']} ·" not in page.inner_text("yn-lobby .me-panel"):
        assert time.monotonic() < deadline, page.inner_text("yn-lobby .me-panel")
        time.sleep(0.1)
    shot(page, "lobby-after-match")
