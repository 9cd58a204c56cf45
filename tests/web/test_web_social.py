"""Social play in Chromium (issue 29): a friend request from a profile, accepted on the
friends screen with the other player's presence; quick phrases in the chat drawer shown
in each reader's language; the drawer at a 360-px table never over the hand; a report
from a message, decided by a moderator in the admin area (a mute), after which the
muted player's phrase is refused."""

from __future__ import annotations

from typing import Any

from .conftest import Pages
from .scenario import add_bots, create_room, sign_in
from .test_web_admin import sign_in_admin
from .test_web_rooms import join_from_list


def _boxes_meet(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_friends_chat_in_two_languages_a_report_and_a_mute(pages: Pages, server: str) -> None:
    uma = pages.open(1280, 800)
    vic = pages.open(360, 640, locale="zh-TW")
    sign_in(uma, "Uma Social")
    sign_in(vic, "Vic Social")
    uma_id: Any = uma.evaluate("window.younuo.store.account.id")

    # Vic asks from Uma's profile; Uma is told, and accepts on the friends screen.
    vic.goto(f"{server}/#/profile/{uma_id}")
    vic.click("yn-profile [data-key=befriend]")
    uma.locator(".toast").filter(has_text="Vic Social").first.wait_for()
    uma.goto(f"{server}/#/friends")
    uma.click("yn-friends [data-action=accept]")
    uma.locator("yn-friends .friend .presence").first.wait_for()
    vic.goto(f"{server}/#/friends")
    presence = vic.locator(f"yn-friends .friend[data-account='{uma_id}'] .presence")
    presence.wait_for()
    assert presence.inner_text() != ""

    # A room: Uma's quick phrase reaches Vic in Vic's language.
    uma.goto(f"{server}/#/")
    create_room(uma, {"preset": "younuo", "turn_seconds": 0}, seats=3)
    room: Any = uma.evaluate("window.younuo.store.room.id")
    vic.goto(f"{server}/#/")
    join_from_list(vic, str(room))
    uma.click("yn-chat-button [data-key=chat-toggle]")
    uma.click("yn-chat [data-key=phrase-good_luck]")
    uma.locator("yn-chat .chat-line .words").filter(has_text="Good luck!").wait_for()
    vic.click("yn-chat-button [data-key=chat-toggle]")
    said = vic.locator("yn-chat .chat-line .words").filter(has_text="祝好運！")
    said.wait_for()
    # Guests talk in quick phrases only (their own switch starts off): no text field.
    vic.locator("yn-chat [data-key=chat-phrases-only]").wait_for()
    assert vic.locator("yn-chat #chat-text").count() == 0

    # At the table on a 360-px phone the open drawer leaves the hand uncovered.
    vic.click("yn-room [data-key=ready]")
    vic_id: Any = vic.evaluate("window.younuo.store.account.id")
    uma.wait_for_function(
        "id => window.younuo.store.room.seats.some((s) => s && s.account === id && s.ready)",
        arg=vic_id,
    )
    add_bots(uma, 1)
    uma.click("[data-key=start]")
    vic.wait_for_selector("yn-table .hand-card")
    if not vic.locator("yn-chat .chat-panel").count():
        vic.click("yn-chat-button [data-key=chat-toggle]")
    panel = vic.locator("yn-chat .chat-panel").bounding_box()
    assert panel is not None
    for card in vic.locator("yn-table .hand-card").all():
        box = card.bounding_box()
        assert box is not None and not _boxes_meet(panel, box), (panel, box)

    # Vic reports Uma's message; a moderator mutes her from the queue.
    vic.locator("yn-chat .chat-line:not(.mine) [data-action=report-open]").first.click()
    vic.click("yn-chat [data-key=report-abuse]")
    vic.locator(".toast").first.wait_for()
    admin = pages.open(1280, 800)
    sign_in_admin(admin)
    admin.click("yn-lobby [data-key=admin]")
    card = admin.locator("yn-admin .report-card").first
    card.wait_for()
    card.locator("input[name=note]").fill("abuse in the chat")
    card.locator("select[name=action]").select_option("mute")
    card.locator("input[name=minutes]").fill("30")
    card.locator("button[type=submit]").click()
    admin.wait_for_selector("yn-admin .audit-list li:has-text('Report')")
    uma.locator(".toast").filter(has_text="moderator").first.wait_for()
    uma.click("yn-chat [data-key=phrase-thanks]")
    uma.locator(".toast").filter(has_text="muted").first.wait_for()
