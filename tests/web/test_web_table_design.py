"""The table as the original game's table (docs/rules.md) draws it (issue 26): each seat's record of
this round's plays (出牌記錄), a wild in it wearing the color named, the seat number's
circle in the color to play on that player's turn, and no card flight over a dialog.
"""

from __future__ import annotations

from typing import Any

from .conftest import Pages
from .scenario import DUEL_RULES, create_room, play_card, sign_in, take_turn, view, wait_turn

GREY = "rgb(158, 158, 158)"  # --grey-ring
COLORS = {
    "red": "rgb(229, 57, 53)",
    "yellow": "rgb(249, 197, 19)",
    "green": "rgb(46, 157, 79)",
    "blue": "rgb(30, 123, 229)",
}

RECORD = """(name) => {
  const events = window.younuo.store.events;
  let start = -1;
  events.forEach((e, i) => { if (e.type === 'round_start') start = i; });
  return events.slice(start + 1).filter((e) => e.type === 'play' && e.player === name)
    .flatMap((e) => e.cards);
}"""
SHOWN = """(name) => {
  const seat = document.querySelector(`yn-table .seat[data-player="${name}"] .last-play`);
  return { codes: [...seat.querySelectorAll('yn-card')].map((c) => c.getAttribute('code')),
           more: seat.querySelector('.more')?.textContent || '' };
}"""


def seat_no_color(page: Any, name: str) -> str:
    return str(
        page.evaluate(
            "(n) => getComputedStyle(document.querySelector("
            '`yn-table .seat[data-player="${n}"] .seat-no`)).backgroundColor',
            name,
        )
    )


def check_record(page: Any, name: str) -> None:
    """The seat shows the newest 4 cards of the round's plays and counts the rest."""
    played = page.evaluate(RECORD, name)
    shown = page.evaluate(SHOWN, name)
    assert shown["codes"] == played[-4:]
    assert shown["more"] == (f"+{len(played) - 4}" if len(played) > 4 else "")


def test_record_named_color_seat_number_and_flights(pages: Pages) -> None:
    page = pages.open(1280, 800, motion=True)
    sign_in(page, "Tess")
    create_room(page, DUEL_RULES, seats=2)
    page.select_option("#bot-level", "easy")
    page.click("[data-key=add-bot]")
    page.click("[data-key=ready]")
    page.wait_for_selector(".seat-card.mine.is-ready")
    page.click("[data-key=start]")
    page.wait_for_selector("yn-table .hand-card")
    wait_turn(page, "Tess")
    v = view(page)
    bot = next(p for p in v["players"] if p != "Tess")

    # The seat number's circle: the color to play on my turn, grey on the other seat.
    assert seat_no_color(page, "Tess") == COLORS[v["color"]]
    assert seat_no_color(page, bot) == GREY

    # No flight while a dialog is open; one as soon as it is closed.
    fly = (
        "async (bot) => { document.querySelectorAll('.flying').forEach((f) => f.remove());"
        " const { animate } = await import('/js/table/telling.js');"
        " animate(document.querySelector('yn-table'), [{ type: 'play', player: bot,"
        " cards: ['R1'] }], 'Tess'); return document.querySelectorAll('.flying').length; }"
    )
    page.click("yn-table [data-action=emote]")
    page.wait_for_selector("yn-table .overlay")
    assert page.evaluate(fly, bot) == 0
    page.keyboard.press("Escape")
    page.wait_for_selector("yn-table .overlay", state="detached")
    assert page.evaluate(fly, bot) == 1

    # The duel's seed deals the host a Wild Draw Four: played naming green, my record
    # shows it with the color named.
    assert "W+4" in v["hand"]
    play_card(page, "W+4", "green")
    page.wait_for_selector("yn-table .me-seat .last-play yn-card.named-green[code='W+4']")
    assert "Wild Draw Four (Green)" in str(
        page.get_attribute("yn-table .me-seat .seat", "aria-label")
    )
    # A few more turns: each seat keeps the whole round's plays, not only the last.
    for _ in range(6):
        wait_turn(page, "Tess")
        if view(page)["status"] != "playing":
            break
        check_record(page, "Tess")
        check_record(page, bot)
        take_turn(page, "Tess")
    assert len(page.evaluate(RECORD, "Tess")) >= 2
    check_record(page, "Tess")
    check_record(page, bot)
