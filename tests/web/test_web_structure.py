"""The client built to change (issue 26): the table's parts redraw only what changed, and
the server's ``legal`` list is the one source of what may be played, for the cards, the
buttons, the pickers and a multi-card selection alike.

Both tests set ``store.match.legal`` by hand (and announce it with ``store.emit``, as the
store does for a server message) to lists the rules would never give, so a client that
still judged plays by a copy of the rules would be caught.
"""

from __future__ import annotations

from typing import Any

from .conftest import Pages
from .scenario import (
    DUEL_RULES,
    create_room,
    sign_in,
    start_with_bot,
    version,
    wait_turn,
    wait_version_after,
)

EVERY_PART = [".opponents", ".center", ".me-seat", ".hand", ".actions", ".log-slot"]
WATCH = """(selectors) => {
  window.__changes = [];
  const parts = selectors.map((s) => document.querySelector('yn-table ' + s));
  const said = (r) => `${r.type} ${r.attributeName || ''} in ${r.target.className}`;
  window.__observer = new MutationObserver((rs) => window.__changes.push(...rs.map(said)));
  for (const part of parts) window.__observer.observe(part, { subtree: true, childList: true,
    attributes: true, characterData: true });
}"""
TAKE = """() => { window.__observer.takeRecords(); const seen = window.__changes;
  window.__observer.disconnect(); return seen; }"""


def set_legal(page: Any, legal: list[dict[str, Any]] | None) -> None:
    """Give the table this legal list (None: the one the server sent, kept aside)."""
    page.evaluate(
        "(legal) => { const s = window.younuo.store;"
        " if (window.__legal === undefined) window.__legal = s.match.legal;"
        " s.match.legal = legal === null ? window.__legal : legal;"
        " s.emit('state', {events: []}); }",
        legal,
    )


def pressed(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all(
            "yn-table .hand-card[aria-pressed=true]", "els => els.map((e) => e.dataset.code)"
        )
    )


def start_duel(pages: Pages, name: str) -> Any:
    page = pages.open(1280, 800)
    sign_in(page, name)
    create_room(page, DUEL_RULES, seats=2)
    start_with_bot(page)
    wait_turn(page, name)
    return page


def test_a_redraw_touches_only_what_changed(pages: Pages) -> None:
    """Told the same table again, no part changes a node; an emote of ours redraws our
    seat and not the others'; after a draw every card still in the hand is the element
    it was (focus kept), and only the drawn card is new."""
    page = start_duel(pages, "Sam")
    page.evaluate(WATCH, EVERY_PART)
    page.evaluate("() => window.younuo.store.emit('update', {events: []})")
    assert page.evaluate(TAKE) == []

    page.evaluate(WATCH, [".opponents", ".center", ".hand"])
    page.click("yn-table [data-action=emote]")
    page.click("yn-table [data-action=emote-pick][data-value=wink]")
    page.wait_for_selector("yn-table .me-seat .bubble")
    assert page.evaluate(TAKE) == []

    page.evaluate(
        "() => { window.__cards = [...document.querySelectorAll('yn-table .hand-card')];"
        " window.__hand = [...window.younuo.store.match.view.hand]; }"
    )
    page.focus("yn-table .hand-card >> nth=0")
    before = version(page)
    page.keyboard.press("d")  # Draw, by its key: the focus stays on the card
    wait_version_after(page, before)
    seen = page.evaluate(
        """() => { const now = [...document.querySelectorAll('yn-table .hand-card')];
        const added = window.younuo.store.match.view.hand.filter((c) => {
          const at = window.__hand.indexOf(c); if (at >= 0) window.__hand.splice(at, 1);
          return at < 0; });
        return { kept: window.__cards.every((e) => e.isConnected && now.includes(e)),
          focused: document.activeElement === window.__cards[0], added: added.sort(),
          fresh: now.filter((e) => !window.__cards.includes(e)).map((e) => e.dataset.code)
            .sort() }; }"""
    )
    assert seen["kept"] and seen["focused"]
    assert seen["added"] and seen["fresh"] == seen["added"]


def test_cards_buttons_and_pickers_follow_the_legal_list(pages: Pages) -> None:
    """Whatever the rules would say, the table offers exactly what ``legal`` lists."""
    page = start_duel(pages, "Lea")
    hand = page.evaluate("window.younuo.store.match.view.hand")
    wild = "W+4"
    assert wild in hand  # the duel's deal (scenario.duel_seed)
    a, b = [code for code in dict.fromkeys(hand) if not code.startswith("W")][:2]

    # A wild whose legal plays name two colours: the picker offers those two.
    set_legal(page, [{"type": "play", "card": wild, "color": c} for c in ("green", "blue")])
    page.click(f"yn-table .hand-card[data-code='{wild}']")
    page.click(f"yn-table .hand-card[data-code='{wild}']")
    page.wait_for_selector("yn-table .overlay .color-grid")
    colors = page.eval_on_selector_all(
        "yn-table .overlay .color-btn", "els => els.map((e) => e.dataset.color)"
    )
    assert colors == ["green", "blue"]
    page.click("yn-table [data-key=color-cancel]")

    # Two different cards played together, because legal says so: the selection grows.
    set_legal(page, [{"type": "play", "cards": [a, b]}])
    page.click(f"yn-table .hand-card[data-code='{a}'] >> nth=0")
    page.click(f"yn-table .hand-card[data-code='{b}'] >> nth=0")
    assert sorted(pressed(page)) == sorted([a, b])
    assert page.locator("yn-table [data-action=play]").is_enabled()
    # Each alone: the second tap starts a new selection.
    set_legal(page, [{"type": "play", "card": a}, {"type": "play", "card": b}])
    page.click(f"yn-table .hand-card[data-code='{a}'] >> nth=0")
    page.click(f"yn-table .hand-card[data-code='{b}'] >> nth=0")
    assert pressed(page) == [b]

    # The buttons: only what is listed is enabled.
    set_legal(page, [{"type": "uno"}, {"type": "catch", "target": "nobody"}])
    buttons = ("play", "draw", "pass", "uno", "catch", "challenge")
    state = {
        action: page.locator(f"yn-table .actions [data-action={action}]").is_enabled()
        for action in buttons
    }
    assert state == {a_: a_ in ("uno", "catch") for a_ in buttons}
    assert page.locator("yn-table .draw-pile").is_disabled()
    assert page.locator("yn-table .hand-card.playable").count() == 0

    # Back to the server's list: the table works as before.
    set_legal(page, None)
    assert page.locator("yn-table .hand-card.playable").count() > 0
