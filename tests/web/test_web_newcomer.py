"""A newcomer on a phone gets from a cold page to a first card by taps alone (issue 26).

A fresh context of a 360×640 touch phone (no storage, no cache) goes through
:func:`newcomer.first_card`: sign in as a guest (the nickname is the one thing typed),
Quick match, Add bot until the room has the players it needs, Start, then a first card
played from the hand by tapping. Each deal below is another way the first turn can go;
each gets a server of its own (``younuo serve``, bots acting at once, every match dealt
from the deal's seed), so that Quick match always finds an empty lobby and makes the
newcomer the host of a new room.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import pytest

from younuo.engine import ActionType, Game, Rules

from .newcomer import PHONE, first_card
from .seeded import seeded_servers

NICKNAME = "Newbie"
TO_TABLE = ["nickname field", "play", "quick match", "add bots and start"]
"""The taps from the cold page to the table, in order."""


@functools.cache
def deal_seed(kind: str) -> int:
    """The first seed whose four-player deal (Quick match's younuo preset, the host
    first) starts the way ``kind`` says: the newcomer holds a card to play (``plays``),
    holds none and must draw (``draws``), or names the colour of a wild start card
    (``colour``)."""
    rules = Rules.from_preset("younuo")
    names = ["host", "bot1", "bot2", "bot3"]
    for seed in range(10_000):
        game = Game.new(names, rules, seed=seed)
        v = game.view("host")
        if v.current != "host" or v.pending_draw:
            continue
        plays = [a for a in game.legal_actions("host") if a.type is ActionType.PLAY]
        found = "colour" if v.phase == "choose_color" else "plays" if plays else "draws"
        if found == kind:
            return seed
    raise AssertionError(f"no seed deals a first turn that {kind}")


KINDS = ("plays", "draws", "colour")


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The base URL of a server for each deal, by kind (started side by side: a server
    takes seconds to start, mostly imports)."""
    seeds = {kind: deal_seed(kind) for kind in KINDS}
    with seeded_servers(tmp_path_factory.mktemp("newcomer"), seeds) as urls:
        yield urls


@pytest.mark.parametrize("kind", KINDS)
def test_newcomer_plays_a_first_card_by_taps(
    browser: Any, servers: dict[str, str], kind: str
) -> None:
    url = servers[kind]
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        flow = first_card(page, url, NICKNAME)
    finally:
        context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"
    taps = [t.what for t in flow.taps]
    assert taps[: len(TO_TABLE)] == TO_TABLE, taps
    assert flow.typed == len(NICKNAME)
    at_table = taps[len(TO_TABLE) :]
    if kind == "plays":
        assert flow.draws == 0
        assert at_table[:2] == ["card (select)", "card (play)"], at_table
    elif kind == "draws":
        assert flow.draws >= 1 and at_table[0] == "draw", at_table
    else:
        assert at_table[0] == "start colour", at_table
    assert at_table[-2:] == ["card (select)", "card (play)"] or at_table[-1] in ("colour", "target")
    # Milestones in order, each after the taps that lead to it.
    marks = [flow.sign_in_ready, flow.lobby, flow.room, flow.table, flow.first_card]
    assert marks[0] > 0 and marks == sorted(marks), marks
    assert flow.taps[0].at >= flow.sign_in_ready and flow.taps[-1].at <= flow.first_card
    # No tap target under the 24 CSS px minimum of WCAG 2.2 (2.5.8).
    small = [(t.what, t.width, t.height) for t in flow.taps if min(t.width, t.height) < 24]
    assert not small, small
