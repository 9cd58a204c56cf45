"""The web client follows the room rule (docs/protocol.md §2, *The room argument*): once in
a room its socket moves to ``/ws?room=ID``, the key a load balancer hashes to put a
table's seats on its match's node, without a visible disruption: no change of the
connection's status, the room screen stays, requests go on; a page reloaded in a room
comes back on the plain address and moves there too."""

from __future__ import annotations

from typing import Any

from .conftest import Pages
from .scenario import add_bots, create_room, sign_in

STATES = (
    "() => { window.__states = []; window.younuo.store.connection.addEventListener("
    "'status', (e) => window.__states.push(e.detail.state)); }"
)


def route(page: Any) -> Any:
    return page.evaluate(
        "(() => { const c = window.younuo.store.connection;"
        " return { route: c.route, moves: c.moves, url: c.socket && c.socket.url,"
        " room: window.younuo.store.room && window.younuo.store.room.id }; })()"
    )


def test_the_socket_moves_to_the_rooms_route_without_a_visible_change(pages: Pages) -> None:
    page = pages.open()
    sign_in(page, "Routa")
    assert route(page)["route"] is None and "?room=" not in route(page)["url"]
    # Recorded from the first socket's welcome on: on a loaded machine the sign-in's
    # screen can be up before it (its "open" is not the move's).
    page.wait_for_function("() => window.younuo.store.connection.state === 'open'")
    page.evaluate(STATES)
    create_room(page, {"preset": "younuo"}, seats=4)
    page.wait_for_function("() => window.younuo.store.connection.moves === 1")
    moved = route(page)
    assert moved["route"] == moved["room"] and moved["url"].endswith(f"/ws?room={moved['room']}")
    # Requests go on over the new socket, the screen never left the room.
    add_bots(page, 2)
    page.click("[data-key=start]")
    page.wait_for_selector("yn-table .hand-card")
    assert page.evaluate("window.__states") == []  # no "connecting", no "closed", no banner
    assert route(page)["moves"] == 1

    # A reload in the room: the plain address first, welcomed with the room, then its route.
    page.reload()
    page.wait_for_selector("yn-table .hand-card")
    page.wait_for_function("() => window.younuo.store.connection.moves === 1")
    again = route(page)
    assert again["route"] == moved["room"] and again["url"].endswith(f"?room={moved['room']}")
    page.click("[data-action=leave-ask]")
    page.locator("[data-action=leave]").filter(visible=True).first.click()
    page.wait_for_function("() => !window.younuo.store.room")
    assert route(page)["route"] == moved["room"]  # after leaving it stays where it is
