"""A table that stays silent asks for the match again (docs/web.md, *A silent table*).

An update lost where no later one shows the gap (the last one before a long wait, or
every one from a node that stopped publishing the match) used to leave the table
frozen while the match went on. Here Tim's socket runs through Playwright's WebSocket
route to the real server, which drops the updates sent to him until his page asks for
the match with ``sync``: with a turn clock it asks 5 s after the clock's deadline
passed, without one after a silence (shortened here), and a table that only waits asks
again less and less often.
"""

from __future__ import annotations

import json
import time
from itertools import pairwise
from typing import Any

from .conftest import Pages
from .scenario import create_room, sign_in, start_with_bot, take_turn, wait_turn

STORE = "window.younuo.store"


class LostUpdates:
    """Tim's socket, relayed to the server; while :attr:`dropping` the updates coming
    to him are lost (the highest version lost in :attr:`lost`), until he sends ``sync``.
    :attr:`syncs` holds when each ``sync`` left the page (``time.time()``)."""

    def __init__(self) -> None:
        self.dropping = False
        self.lose = {"update"}  # the kinds of message lost
        self.lost = -1
        self.syncs: list[float] = []

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()

        def up(message: str | bytes) -> None:
            if json.loads(message).get("type") == "sync":
                self.syncs.append(time.time())
                self.dropping = False
            server.send(message)

        def down(message: str | bytes) -> None:
            frame = json.loads(message)
            if self.dropping and frame.get("type") in self.lose:
                self.lost = max(self.lost, int(frame.get("version", -1)))
                return
            ws.send(message)

        ws.on_message(up)
        server.on_message(down)


def start(pages: Pages, rules: dict[str, Any]) -> tuple[Any, LostUpdates]:
    """Tim's page, relayed, at his first turn of a duel against an easy bot."""
    page = pages.open(360, 640)
    relay = LostUpdates()
    page.route_web_socket("**/ws*", relay.route)
    page.reload()  # the socket opened at load now runs through the route
    sign_in(page, "Tim")
    create_room(page, {**rules, "target": 5000}, seats=2)
    start_with_bot(page)
    wait_turn(page, "Tim")
    return page, relay


def test_a_silent_table_asks_again_past_the_turn_clock(pages: Pages) -> None:
    page, relay = start(pages, {"preset": "younuo", "turn_seconds": 5})
    # The turn's deadline in this machine's time (the clock is the server's).
    deadline = page.evaluate(f"{STORE}.match.clock.turn_deadline - {STORE}.match.offset")
    seen = page.evaluate(f"{STORE}.match.version")
    relay.dropping = True
    # Tim lets his turn run out: the server acts for him and the bot answers, unseen.
    page.wait_for_function(f"{STORE}.match.version > {seen}", timeout=20_000)
    assert relay.lost > seen, "the server's moves were not dropped"
    # (Updates that overtake the answer then show their gap and ask once more each.)
    grace = page.evaluate(f"{STORE}.silence.grace")
    assert grace == 5
    assert relay.syncs[0] >= deadline + grace - 0.5, "asked again before the clock ran out"
    assert relay.syncs[0] <= deadline + grace + 3
    page.wait_for_function(f"n => {STORE}.match.version >= n", arg=relay.lost)
    toasts = page.locator("#toasts .toast").all_inner_texts()
    assert not any("sync" in t or "match" in t for t in toasts), toasts  # a quiet catch-up


def test_a_table_without_a_clock_asks_after_a_silence_then_less_often(pages: Pages) -> None:
    page, relay = start(pages, {"preset": "classic", "turn_seconds": 0})
    assert page.evaluate(f"{STORE}.match.clock.turn_deadline") is None
    page.evaluate(f"{STORE}.silence.idle = 1.5; {STORE}.watchSilence()")  # 60 s in play
    seen = page.evaluate(f"{STORE}.match.version")
    relay.dropping = True
    take_turn(page, "Tim")  # its answer comes with the sync 1.5 s into the silence
    assert relay.syncs and relay.lost > seen
    # Tim's turn again (or still): nothing moves until he does. The page asks 1.5 s
    # into the silence, 3 s after that and 6 s after that: not every 1.5 s (7 times).
    wait_turn(page, "Tim")
    quiet = time.time()
    page.wait_for_timeout(11_000)
    asked = [t for t in relay.syncs if t > quiet]
    assert 2 <= len(asked) <= 3, asked
    gaps = [b - a for a, b in pairwise(asked)]
    assert all(later >= 1.6 * earlier for earlier, later in pairwise(gaps))
    assert gaps[0] >= 2.5, "the second check came without waiting longer"


def test_a_match_that_ended_unseen_leaves_the_table_for_the_room(pages: Pages) -> None:
    """The match clock ends the match while every message of its end is lost (the
    updates, ``match_over``, the room's): the page asks 5 s past the clock, the server
    runs no match for the room any more, and the table gives way to the room."""
    page, relay = start(pages, {"preset": "classic", "turn_seconds": 0, "match_seconds": 3})
    relay.lose = {"update", "match_over", "room"}
    relay.dropping = True
    page.wait_for_function(f"{STORE}.match === null", timeout=20_000)
    assert relay.syncs, "the page never asked"
    # The room was read again before the table closed: the stale one never showed.
    assert page.evaluate(f"{STORE}.room.status") == "open"
    page.wait_for_selector("yn-room .seat-grid")
    assert page.locator("yn-table").count() == 0
