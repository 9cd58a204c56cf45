"""Verdicts and penalties as a banner at the table, in the reader's language (issue 43).

Two people play a duel, each in their own browser context, one on a phone and one on
a desktop, each in another language. The deals are planned with the engine: a seed
where Ann's opening Wild Draw Four is a bluff (the challenge is won), one where it is
honest (the challenge is lost), and one where a Draw Two is stacked on another under
``stacking: same``; each deal gets a server of its own (``younuo serve`` deals every
match from its ``deal_seed``). A caught UNO is asserted in the long duel of
tests/web/test_web_client.py. The expected sentences are read from the language tables.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from younuo.engine import ActionType, Game, Rules
from younuo.engine.actions import Action

from .banners import banner_of, say
from .conftest import Pages
from .scenario import (
    DUEL_PLAYERS,
    DUEL_RULES,
    create_room,
    play_card,
    sign_in,
    version,
    wait_turn,
    wait_version_after,
)
from .seeded import seeded_servers

LOCALES = {"en": "en-US", "zh-Hant": "zh-TW", "zh-Hans": "zh-CN"}
UNDECIDED = {"en": "You must draw 4", "zh-Hant": "你要抓 4 張", "zh-Hans": "你要抓 4 张"}
"""What the log said while the challenge was still open, before issue 43."""
STACK_RULES: dict[str, Any] = {**DUEL_RULES, "stacking": "same"}
"""The duel with Draw Twos stacked on Draw Twos (R-STACK)."""


def _game(rules: dict[str, Any], seed: int) -> Game:
    options = {k: v for k, v in rules.items() if k != "preset"}
    return Game.new(list(DUEL_PLAYERS), Rules.from_preset(rules["preset"], **options), seed=seed)


def _challenged(seed: int) -> str | None:
    """How Bob's challenge of Ann's opening Wild Draw Four ends (guilty, innocent)."""
    game = _game(DUEL_RULES, seed)
    view = game.view("Ann")
    if view.current != "Ann" or view.phase != "turn" or view.pending_draw:
        return None
    plays = [
        a
        for a in game.legal_actions("Ann")
        if a.type is ActionType.PLAY and str(a.card) == "W+4" and a.color == "green"
    ]
    if not plays:
        return None
    game.apply(plays[0])
    challenge = [a for a in game.legal_actions("Bob") if a.type is ActionType.CHALLENGE]
    events = game.apply(challenge[0])
    return str(events[0].reason)


def _stacked(seed: int) -> str | None:
    """Ann opens with a Draw Two, Bob stacks one, Ann holds none to stack back."""
    game = _game(STACK_RULES, seed)
    if game.view("Ann").current != "Ann" or game.view("Ann").phase != "turn":
        return None
    twos = [
        a for a in game.legal_actions("Ann") if a.type is ActionType.PLAY and a.card is not None
    ]
    twos = [a for a in twos if str(a.card).endswith("+2")]
    if not twos:
        return None
    game.apply(twos[0])
    back = [a for a in game.legal_actions("Bob") if a.type is ActionType.PLAY]
    if not back:
        return None
    game.apply(back[0])
    again = [a for a in game.legal_actions("Ann") if a.type is ActionType.PLAY]
    return None if again else f"{twos[0].card} {back[0].card}"


@functools.cache
def seed_where(kind: str) -> int:
    """The first seed whose duel goes the way ``kind`` says."""
    tell: Callable[[int], str | None] = _stacked if kind == "stack" else _challenged
    for seed in range(2_000):
        outcome = tell(seed)
        if outcome and (kind == "stack" or outcome == kind):
            return seed
    raise AssertionError(f"no seed deals a duel where {kind}")


KINDS = ("guilty", "innocent", "stack")


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A server for each planned deal, started side by side."""
    seeds = {kind: seed_where(kind) for kind in KINDS}
    with seeded_servers(tmp_path_factory.mktemp("verdicts"), seeds) as urls:
        yield urls


@pytest.fixture
def duel(browser: Any, servers: dict[str, str]) -> Iterator[Callable[..., tuple[Any, Any]]]:
    """Opens Ann's and Bob's pages on a planned deal's server and seats them at a duel."""
    opened: list[Pages] = []

    def start(kind: str, ann: tuple[int, int, str], bob: tuple[int, int, str]) -> tuple[Any, Any]:
        pages = Pages(browser, servers[kind])
        opened.append(pages)
        ann_page = pages.open(ann[0], ann[1], locale=LOCALES[ann[2]])
        bob_page = pages.open(bob[0], bob[1], locale=LOCALES[bob[2]])
        sign_in(ann_page, "Ann")
        sign_in(bob_page, "Bob")
        create_room(ann_page, STACK_RULES if kind == "stack" else DUEL_RULES, True, seats=2)
        bob_page.fill("#join-code", ann_page.inner_text(".code strong"))
        bob_page.click("[data-key=code-go]")
        bob_page.wait_for_selector("yn-room .seat-card.mine")
        bob_page.click("[data-key=ready]")
        ann_page.click("[data-key=ready]")
        ann_page.wait_for_function(
            "window.younuo.store.room.seats.filter(s => s && s.ready).length === 2"
        )
        ann_page.click("[data-key=start]")
        for page in (ann_page, bob_page):
            page.wait_for_selector("yn-table .hand-card")
        return ann_page, bob_page

    yield start
    for pages in opened:
        for context in pages.contexts:
            context.close()
        assert not pages.errors, f"JavaScript errors in the page: {pages.errors}"


def challenge(ann: Any, bob: Any, bob_lang: str) -> None:
    """Ann opens with her Wild Draw Four; the log says Bob faces 4, then Bob challenges."""
    wait_turn(ann, "Ann")
    play_card(ann, "W+4", color="green")
    bob.wait_for_function("window.younuo.store.match.view.challenge_open")
    log = bob.locator("yn-table .log").text_content() or ""
    assert say(bob_lang, "ev.penalty.you", n=4) in log
    assert UNDECIDED[bob_lang] not in log
    before = version(bob)
    bob.click("yn-table [data-action=challenge]")
    wait_version_after(bob, before)


def test_a_won_challenge_says_who_bluffed_and_who_draws(duel: Any, artifacts: Path) -> None:
    """The bluff is caught: Ann (desktop, zh-Hans) reads that she draws 4, Bob (phone,
    zh-Hant) that Ann draws 4, and his reveal of her hand is titled so."""
    ann, bob = duel("guilty", (1280, 800, "zh-Hans"), (360, 640, "zh-Hant"))
    challenge(ann, bob, "zh-Hant")
    banner_of(bob, say("zh-Hant", "verdict.challenge_won.you", target="Ann", n=4))
    banner_of(ann, say("zh-Hans", "verdict.challenge_won.to_you", player="Bob", n=4))
    ann.screenshot(path=str(artifacts / "verdict-challenge-won-1280x800.png"))
    title = bob.locator(".dialog.reveal h2").inner_text()
    assert title == say("zh-Hant", "table.reveal_guilty", name="Ann", n=4)


def test_a_lost_challenge_says_it_was_honest_and_the_challenger_draws_six(duel: Any) -> None:
    """Ann's Wild Draw Four was honest: Bob (desktop, en) reads that he draws 6, Ann
    (phone, zh-Hant) that Bob draws 6; the reveal's title says it too."""
    ann, bob = duel("innocent", (390, 844, "zh-Hant"), (1280, 800, "en"))
    challenge(ann, bob, "en")
    banner_of(bob, say("en", "verdict.challenge_lost.you", target="Ann", n=6))
    banner_of(ann, say("zh-Hant", "verdict.challenge_lost.to_you", player="Bob", n=6))
    title = bob.locator(".dialog.reveal h2").inner_text()
    assert title == say("en", "verdict.challenge_lost.you", target="Ann", n=6)
    # The log tells the verdict and the draw once it is decided.
    log = bob.locator("yn-table .log").text_content() or ""
    assert "You challenged Ann: it was honest" in log and "You drew" in log


def test_a_stacked_draw_says_why_the_cards_came(duel: Any, artifacts: Path) -> None:
    """A Draw Two stacked on Ann's: Ann (a 320×568 phone, zh-Hans), who cannot stack
    back, draws 4 at once and reads why;
    Bob (desktop, en), who draws nothing, gets no banner."""
    ann, bob = duel("stack", (320, 568, "zh-Hans"), (1280, 800, "en"))
    first, second = str(_stacked(seed_where("stack"))).split()
    wait_turn(ann, "Ann")
    play_card(ann, first)
    wait_turn(bob, "Bob")
    play_card(bob, second)
    # Ann holds no Draw Two to stack back: the engine draws the 4 for her at once.
    banner_of(ann, say("zh-Hans", "verdict.penalty.you", n=4))
    ann.screenshot(path=str(artifacts / "verdict-stack-320x568.png"))
    assert bob.locator("yn-table .verdict").text_content() == ""


def test_a_false_call_and_a_wrong_report_concern_the_caller_and_the_reported(
    pages: Pages,
) -> None:
    """The engine's own events of a false UNO and a wrong report, each as a reader at the
    table receives them (redacted), through the page's verdict module in two languages:
    the caller and the reporter read what it cost them, the reported player that the
    reporter draws, a bystander nothing."""
    rules = Rules.from_preset(
        "classic", false_uno_penalty=2, false_catch_penalty=2, first_player="host"
    )
    game = Game.new(["Ann", "Bob", "Cy"], rules, seed=0)
    events = [*game.apply(Action.uno("Ann")), *game.apply(Action.catch("Ann", "Bob"))]
    page = pages.open(360, 640)
    page.wait_for_selector("yn-signin")
    said = {
        (lang, reader): page.evaluate(
            """async ([lang, reader, events]) => {
              (await import('/js/i18n.js')).setLanguage(lang);
              const m = await import('/js/table/verdict.js');
              return m.verdicts(events, reader).map(m.verdictText);
            }""",
            [lang, reader, [game.redact(e, reader).to_dict() for e in events]],
        )
        for lang in ("zh-Hant", "en")
        for reader in ("Ann", "Bob", "Cy")
    }
    for lang in ("zh-Hant", "en"):
        assert said[lang, "Ann"] == [
            say(lang, "verdict.uno_false.you", n=2),
            say(lang, "verdict.catch_false.you", target="Bob", n=2),
        ]
        assert said[lang, "Bob"] == [say(lang, "verdict.catch_false.to_you", player="Ann", n=2)]
        assert said[lang, "Cy"] == []
    assert said["en", "Ann"][0] == "False UNO call: you draw 2 cards"
