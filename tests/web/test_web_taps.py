"""A tap made while the table waits for the answer to the last one is not lost (issue 43).

The table sends one action at a time (each carries the version it was chosen at). On a
phone the next control often shows before the answer to the last tap arrives: the state
that offers UNO! or Pass comes ahead of the acknowledgement of the play or draw that led
there. A tap in that moment used to be dropped, and a player who tapped UNO! at once
was caught. Here Ann's socket runs through Playwright's WebSocket route to the real
server, which holds back the answer to her draw until the test lets it go; she taps
Pass in between, and the pass must reach the server once the answer has come. A second
tap of Draw in between (no longer offered once she has drawn) is dropped without an
error.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from younuo.engine import ActionType, Game, Rules

from .conftest import Pages
from .scenario import (
    DUEL_PLAYERS,
    DUEL_RULES,
    create_room,
    sign_in,
    version,
    wait_turn,
    wait_version_after,
)
from .seeded import seeded_servers

TABLE = "document.querySelector('yn-table')"


@functools.cache
def drawn_seed() -> int:
    """The first seed where Ann starts the duel, draws, and may then pass."""
    options = {k: v for k, v in DUEL_RULES.items() if k != "preset"}
    rules = Rules.from_preset(DUEL_RULES["preset"], **options)
    for seed in range(2_000):
        game = Game.new(list(DUEL_PLAYERS), rules, seed=seed)
        view = game.view("Ann")
        if view.current != "Ann" or view.phase != "turn" or view.pending_draw:
            continue
        draw = [a for a in game.legal_actions("Ann") if a.type is ActionType.DRAW]
        game.apply(draw[0])
        if any(a.type is ActionType.PASS for a in game.legal_actions("Ann")):
            return seed
    raise AssertionError("no seed lets Ann pass after her first draw")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_servers(tmp_path_factory.mktemp("taps"), {"drawn": drawn_seed()}) as urls:
        yield urls["drawn"]


class HeldAnswers:
    """Ann's socket, relayed to the server; the answers to her draws wait in
    :attr:`held` while :attr:`holding` is set, until :meth:`release`."""

    def __init__(self) -> None:
        self.holding = False
        self.draw_refs: set[int] = set()
        self.held: list[str] = []
        self.page_side: Any = None

    def route(self, ws: Any) -> None:
        self.page_side = ws
        server = ws.connect_to_server()

        def up(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "action" and frame["action"]["type"] == "draw":
                self.draw_refs.add(frame["ref"])
            server.send(message)

        def down(message: str | bytes) -> None:
            frame = json.loads(message)
            if self.holding and frame.get("ref") in self.draw_refs:
                self.held.append(str(message))
                return
            ws.send(message)

        ws.on_message(up)
        server.on_message(down)

    def release(self) -> None:
        self.holding = False
        for message in self.held:
            self.page_side.send(message)
        self.held.clear()


def test_a_tap_while_the_last_is_unanswered_goes_once_the_answer_comes(
    browser: Any, server: str
) -> None:
    pages = Pages(browser, server)
    try:
        ann = pages.open(360, 640)
        bob = pages.open()
        relay = HeldAnswers()
        ann.route_web_socket("**/ws*", relay.route)
        ann.reload()  # the socket opened at load now runs through the route
        sign_in(ann, "Ann")
        sign_in(bob, "Bob")
        create_room(ann, DUEL_RULES, True, seats=2)
        bob.fill("#join-code", ann.inner_text(".code strong"))
        bob.click("[data-key=code-go]")
        bob.wait_for_selector("yn-room .seat-card.mine")
        bob.click("[data-key=ready]")
        ann.click("[data-key=ready]")
        ann.wait_for_function(
            "window.younuo.store.room.seats.filter(s => s && s.ready).length === 2"
        )
        ann.click("[data-key=start]")
        ann.wait_for_selector("yn-table .hand-card")
        wait_turn(ann, "Ann")

        relay.holding = True
        ann.click("yn-table [data-action=draw]")
        # The drawn state comes (Pass offered) while the draw's answer is held back.
        ann.wait_for_function("window.younuo.store.match.view.phase === 'drawn'")
        ann.wait_for_selector("yn-table [data-action=pass]:not([disabled])")
        assert ann.evaluate(f"{TABLE}.busy"), "the draw's answer should still be awaited"
        ann.click("yn-table [data-action=pass]")
        assert ann.evaluate(f"{TABLE}.queued && {TABLE}.queued.type") == "pass"
        assert ann.evaluate("window.younuo.store.match.view.current") == "Ann"

        relay.release()
        wait_turn(ann, "Bob")
        view = ann.evaluate("window.younuo.store.match.view")
        assert view["current"] == "Bob" and view["status"] == "playing"
        assert not ann.evaluate(f"{TABLE}.busy || {TABLE}.queued")

        # Bob draws; Ann's second Draw tap while her first is unanswered is not offered
        # by the new state: dropped, no error shown.
        wait_turn(bob, "Bob")
        bob.click("yn-table [data-action=draw]")
        bob.wait_for_function("window.younuo.store.match.view.phase === 'drawn'")
        bob.click("yn-table [data-action=pass]")
        wait_turn(ann, "Ann")
        ann.wait_for_selector("yn-table [data-action=draw]:not([disabled])")
        before = version(ann)
        relay.holding = True
        twice = "b => { b.click(); b.click(); }"
        ann.locator("yn-table [data-key=act-draw]").evaluate(twice)
        assert ann.evaluate(f"{TABLE}.queued && {TABLE}.queued.type") == "draw"
        wait_version_after(ann, before)
        relay.release()
        ann.wait_for_function(f"!{TABLE}.busy && !{TABLE}.queued")
        assert ann.locator("#toasts > *").count() == 0
        assert len(relay.draw_refs) == 2  # the queued draw never left the page
    finally:
        for context in pages.contexts:
            context.close()
    assert not pages.errors, f"JavaScript errors in the page: {pages.errors}"
