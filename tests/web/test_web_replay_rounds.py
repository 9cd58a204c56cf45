"""The replay's round picker and its slider on phones (issue 43, item 6)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from younuo.client import RoomSettingsPatch

from .conftest import Pages
from .test_web_small_words import _a_match_against_a_bot, _as

# A match of several rounds: the first to 300 points (bots act at once, the next round is
# dealt after 1 s in the test server).
SEVERAL_ROUNDS = RoomSettingsPatch(
    seats=2, needed=2, options={"scoring": "cumulative", "target": 300, "turn_seconds": 0}
)


def test_the_replay_jumps_to_a_round_and_its_slider_fills_a_phone(
    pages: Pages, server: str
) -> None:
    """The round picker lists every round and jumps to its first step (the deal of the
    next round); on a 360 px phone the step slider takes the whole width."""
    match = asyncio.wait_for(_a_match_against_a_bot(server, "Rhea", SEVERAL_ROUNDS), 240)
    with ThreadPoolExecutor(1) as pool:
        token = pool.submit(asyncio.run, match).result()
    page = pages.open(360, 640, locale="zh-TW")
    _as(page, server, token, "profile")
    page.wait_for_selector("yn-profile .match-item")
    page.click("yn-profile .match-item a.btn")
    page.wait_for_selector("yn-replay .replay-controls")
    rounds = page.locator("[data-key=rp-round] option").all_inner_texts()
    assert len(rounds) >= 2, rounds
    assert rounds[:2] == ["第 1 局", "第 2 局"]
    page.select_option("[data-key=rp-round]", label="第 2 局")
    start = int(page.locator("[data-key=rp-round] option").nth(1).get_attribute("value") or "")
    assert start > 0
    page.wait_for_function(f"document.querySelector('[data-key=rp-range]').value === '{start}'")
    assert page.input_value("[data-key=rp-round]") == str(start)
    # The step shown is that round's first: the deal of the next round.
    assert "發下一局" in page.inner_text("yn-replay .step-line")
    page.click("[data-key=rp-prev]")  # the step before belongs to round 1
    assert page.input_value("[data-key=rp-round]") == "0"
    slider = page.evaluate(
        "document.querySelector('[data-key=rp-range]').getBoundingClientRect().width"
    )
    panel = page.evaluate(
        "document.querySelector('yn-replay .replay-controls').getBoundingClientRect().width"
    )
    assert slider >= panel - 8 and panel > 250, (slider, panel)
