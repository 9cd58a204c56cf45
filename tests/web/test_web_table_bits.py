"""Small defects of the table and the preparation screen (issue 43, item 6): the
desktop log after a reload, the header avatar, the host's ready mark."""

from __future__ import annotations

import pytest

from .conftest import Pages
from .scenario import create_room, sign_in, start_with_bot, take_turn, wait_turn

LOG_SHOWN = "(() => { const l = document.querySelector('yn-table .log');"
LOG_SHOWN += " return l.checkVisibility() ? l.querySelectorAll('li').length : -1; })()"


def test_the_desktop_log_after_a_reload_is_hidden_until_it_has_lines(pages: Pages) -> None:
    """A reload brings the table back without past events: the desktop log is not an
    empty dark pill; it shows again with the next move's lines."""
    page = pages.open(1280, 800)
    sign_in(page, "Lou")
    create_room(page, {"preset": "younuo", "target": 5000}, seats=2)
    start_with_bot(page)
    page.wait_for_function(f"{LOG_SHOWN} > 0")  # the deal's lines
    page.reload()
    page.wait_for_selector("yn-table .hand-card")
    assert page.evaluate(LOG_SHOWN) == -1
    box = page.evaluate("document.querySelector('yn-table .log').getBoundingClientRect().width")
    assert box == 0
    wait_turn(page, "Lou")
    take_turn(page, "Lou")
    page.wait_for_function(f"{LOG_SHOWN} > 0")


HEADER_AVATAR = "header .me-link yn-avatar"


def test_the_header_avatar_follows_a_new_outfit_and_an_emote(pages: Pages) -> None:
    """The header's avatar changes with the player's: a new outfit on the preparation
    screen and a new expression at the table, before the match ends."""
    page = pages.open(1280, 800)
    sign_in(page, "Ava")
    create_room(page, {"preset": "younuo", "target": 5000}, seats=2)
    before = page.get_attribute(HEADER_AVATAR, "outfit")
    outfits = page.evaluate(
        "[...document.querySelectorAll('[data-action=outfit]')].map(b => b.dataset.value)"
    )
    outfit = next(o for o in outfits if o != before)
    page.click(f"[data-key=outfit-{outfit}]")
    page.wait_for_function(
        f"document.querySelector('{HEADER_AVATAR}').getAttribute('outfit') === '{outfit}'"
    )
    start_with_bot(page)
    page.click("yn-table [data-action=emote]")
    page.click("yn-table [data-key=emote-cry]")
    page.wait_for_function(
        f"document.querySelector('{HEADER_AVATAR}').getAttribute('expression') === 'cry'"
    )
    assert page.get_attribute(HEADER_AVATAR, "outfit") == outfit
    assert page.evaluate("window.younuo.store.matchOver") is None


HOST_READY = {"en-US": "✓ Ready (host: starts the match)", "zh-TW": "✓ 準備好（房主開始遊戲）"}
SET_READY = {"en-US": "I'm ready", "zh-TW": "準備"}


@pytest.mark.parametrize("locale", ["en-US", "zh-TW"])
def test_the_hosts_seat_and_ready_button_say_the_same(pages: Pages, locale: str) -> None:
    """The host counts as ready: their seat says so and their button says so too (never
    "I'm ready" beside "✓ Ready"), before and after pressing it."""
    page = pages.open(1280, 800, locale=locale)
    sign_in(page, "Hal")
    create_room(page, {"preset": "younuo"}, seats=4)
    button = "[data-key=ready]"
    assert page.inner_text(".seat-card.mine .ready-state").strip() == HOST_READY[locale]
    assert page.inner_text(button).strip() == HOST_READY[locale]
    assert page.get_attribute(button, "aria-pressed") == "true"
    page.click(button)
    page.wait_for_selector(".seat-card.mine.is-ready")
    assert page.inner_text(".seat-card.mine .ready-state").strip() == HOST_READY[locale]
    assert page.inner_text(button).strip() == HOST_READY[locale] != SET_READY[locale]
    assert page.get_attribute(button, "aria-pressed") == "true"
