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
