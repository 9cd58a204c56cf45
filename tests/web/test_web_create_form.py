"""The create-room form (issue 43, item 6): the preset first and the thirty-odd rule
options folded under "More rules" until the player opens them."""

from __future__ import annotations

import pytest

from .conftest import Pages
from .scenario import open_more_rules, sign_in

FIELDS = "[...document.querySelectorAll('#lb-more [name^=\"opt:\"]')]"
MORE_RULES = {"en-US": "More rules", "zh-TW": "更多規則", "zh-CN": "更多规则"}


@pytest.mark.parametrize(
    ("locale", "width", "height"), [("en-US", 1280, 800), ("zh-TW", 360, 640), ("zh-CN", 360, 640)]
)
def test_rule_options_are_folded_until_more_rules_is_opened(
    pages: Pages, locale: str, width: int, height: int
) -> None:
    """The preset shows at once; every rule option is hidden under "More rules" (in the
    reader's language) and shows when it is opened."""
    page = pages.open(width, height, locale=locale)
    sign_in(page, "Fold")
    page.click("[data-key=create-open]")
    assert page.is_visible("#lb-preset")
    assert page.inner_text("#lb-more > summary").strip() == MORE_RULES[locale]
    options = page.evaluate(f"{FIELDS}.length")
    assert options >= 20
    visible = f"{FIELDS}.filter(e => e.checkVisibility()).length"
    assert page.evaluate(visible) == 0
    open_more_rules(page)
    assert page.evaluate(visible) == options


def test_a_room_made_from_a_preset_alone_gets_that_preset(pages: Pages) -> None:
    """Choosing a preset and creating, without opening "More rules", makes a room with
    that preset's rules (and the form's other options left folded)."""
    page = pages.open(1280, 800)
    sign_in(page, "Preset")
    page.click("[data-key=create-open]")
    page.select_option("#lb-preset", "classic")
    assert not page.evaluate("document.querySelector('#lb-more').open")
    page.click("[data-key=create-go]")
    page.wait_for_selector("yn-room .seat-grid")
    assert page.evaluate("window.younuo.store.room.settings.preset") == "classic"


def test_the_match_length_is_picked_beside_the_preset(pages: Pages) -> None:
    """A hand-made room plays to 500 unless its maker picks one round or a shorter target:
    the picks are shown without opening "More rules" and set its target and scoring."""
    page = pages.open(360, 640, locale="zh-TW")
    sign_in(page, "Short")
    page.click("[data-key=create-open]")
    picks = page.locator("[data-key^=lb-length-]")
    labels = [text.strip() for text in page.locator(".length-picks .pick").all_inner_texts()]
    assert labels == ["一局定勝負", "先到 100 分", "先到 200 分", "先到 500 分"]
    assert picks.evaluate_all("ps => ps.filter(p => p.checked).map(p => p.value)") == ["500"]
    page.click("[data-key=lb-length-single]")
    assert page.input_value("#lb-opt-scoring") == "single"
    page.click("[data-key=lb-length-200]")  # leaving one round: back to the preset's scoring
    assert page.input_value("#lb-opt-scoring") == "cumulative"
    assert page.input_value("#lb-opt-target") == "200"
    open_more_rules(page)
    page.fill("#lb-opt-target", "300")  # a target of one's own: no pick is checked
    page.dispatch_event("#lb-opt-target", "change")
    assert picks.evaluate_all("ps => ps.filter(p => p.checked).length") == 0
    page.click("[data-key=lb-length-100]")
    page.click("[data-key=create-go]")
    page.wait_for_selector("yn-room .seat-grid")
    assert page.evaluate("window.younuo.store.room.settings.options.target") == 100


def test_a_one_round_room_is_made_with_single_scoring(pages: Pages) -> None:
    """ "One round" makes a room whose scoring is the rule book's `single` (one round, its
    winner wins the match); the default pick sends no target (the preset's 500)."""
    page = pages.open(1280, 800)
    sign_in(page, "Once")
    page.click("[data-key=create-open]")
    page.click("[data-key=lb-length-single]")
    page.click("[data-key=create-go]")
    page.wait_for_selector("yn-room .seat-grid")
    options = page.evaluate("window.younuo.store.room.settings.options")
    assert options["scoring"] == "single"
    assert "target" not in options
