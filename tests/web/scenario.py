"""The planned games of the browser tests, and the steps a player takes in the page.

:func:`duel_seed` finds, with the engine, a seed whose two-player deal lets the test
cover everything in one short game: Ann (the host, first to play) holds a Wild Draw
Four to be challenged. The server deals every match from that seed (its
``deal_seed`` setting, ``YOUNUO_DEAL_SEED``). The helpers below act only through the
page, as a player would, and read the client's own picture of the table
(``window.younuo.store``) to decide.
"""

from __future__ import annotations

import functools
from typing import Any

from younuo.engine import Game, Rules

DUEL_RULES: dict[str, Any] = {
    "preset": "classic",
    "scoring": "single",
    "first_player": "host",
    "turn_seconds": 0,
}
"""One round, the host starts, no turn clock: short and the same on every run."""

DUEL_PLAYERS = ("Ann", "Bob")


@functools.cache
def duel_seed() -> int:
    """The first seed where Ann starts a plain turn holding a Wild Draw Four."""
    options = {k: v for k, v in DUEL_RULES.items() if k != "preset"}
    rules = Rules.from_preset(DUEL_RULES["preset"], **options)
    for seed in range(10_000):
        game = Game.new(list(DUEL_PLAYERS), rules, seed=seed)
        view = game.view("Ann")
        hand = [str(card) for card in view.hand]
        if (
            view.current == "Ann"
            and view.phase == "turn"
            and view.pending_draw == 0
            and "W+4" in hand
            and view.color is not None
        ):
            return seed
    raise AssertionError("no seed deals Ann a Wild Draw Four")


# ---------------------------------------------------------------- reading the page
def view(page: Any) -> Any:
    return page.evaluate("window.younuo.store.match && window.younuo.store.match.view")


def version(page: Any) -> int:
    return int(page.evaluate("window.younuo.store.match ? window.younuo.store.match.version : -1"))


def wait_version_after(page: Any, before: int) -> None:
    page.wait_for_function(
        "v => window.younuo.store.match && window.younuo.store.match.version > v", arg=before
    )


def wait_turn(page: Any, name: str) -> None:
    page.wait_for_function(
        "n => { const m = window.younuo.store.match; return m && (m.view.current === n"
        " || m.view.status !== 'playing'); }",
        arg=name,
    )


def enabled(page: Any, action: str) -> bool:
    return bool(page.locator(f"yn-table [data-action={action}]").first.is_enabled())


# ---------------------------------------------------------------- doing things
def sign_in(page: Any, name: str) -> None:
    page.fill("#guest-name", name)
    page.click("[data-key=guest-go]")
    page.wait_for_selector("yn-lobby")


def register(page: Any, name: str, password: str) -> None:
    """Create a registered account (free text is on for it, off for a guest)."""
    page.click("[data-key=account-summary]")
    page.fill("#acc-name", name)
    page.fill("#acc-pass", password)
    page.click("[data-key=register]")
    page.wait_for_selector("yn-lobby")


def befriend(asker: Any, friend: Any) -> tuple[str, str]:
    """Make two signed-in players friends over REST (a request, accepted); their ids."""
    ids = [str(p.evaluate("window.younuo.store.account.id")) for p in (asker, friend)]
    call = "([m, path, body]) => import('/js/net.js').then((n) => n.api(m, path, body))"
    asker.evaluate(call, ["POST", "/api/me/friends", {"account": ids[1]}])
    friend.evaluate(call, ["POST", f"/api/me/friends/{ids[0]}", {"action": "accept"}])
    return ids[0], ids[1]


def start_with_bot(page: Any) -> None:
    """The host seats one easy bot, gets ready and starts."""
    page.select_option("#bot-level", "easy")
    page.click("[data-key=add-bot]")
    page.wait_for_function("window.younuo.store.room.seats.filter(Boolean).length === 2")
    page.click("[data-key=ready]")
    page.wait_for_selector(".seat-card.mine.is-ready")
    page.click("[data-key=start]")
    page.wait_for_selector("yn-table .hand-card")


def add_bots(page: Any, count: int, level: str = "random") -> None:
    """The host adds ``count`` bots of ``level``, each seated before the next is asked for."""
    page.select_option("#bot-level", level)
    for _ in range(count):
        before = page.evaluate("window.younuo.store.room.seats.filter(Boolean).length")
        page.click("[data-key=add-bot]")
        page.wait_for_function(
            "n => window.younuo.store.room.seats.filter(Boolean).length === n", arg=before + 1
        )


def open_more_rules(page: Any, prefix: str = "lb") -> None:
    """Unfold the editor's "More rules" (the options past the preset), as a player would."""
    if not page.evaluate(f"document.querySelector('#{prefix}-more').open"):
        page.click(f"#{prefix}-more > summary")
    page.wait_for_function(f"document.querySelector('#{prefix}-more').open")


def create_room(page: Any, options: dict[str, Any], private: bool = False, seats: int = 4) -> None:
    """Create a room through the editor; `options` are set on their fields."""
    page.click("[data-key=create-open]")
    page.select_option("#lb-preset", options.get("preset", "younuo"))
    page.fill("#lb-seats", str(seats))
    page.fill("#lb-needed", "2")
    if private:
        page.check("#lb-private")
    if set(options) - {"preset"}:
        open_more_rules(page)
    for name, value in options.items():
        if name == "preset":
            continue
        field = f"#lb-opt-{name}"
        if isinstance(value, bool):
            page.set_checked(field, value)
        elif isinstance(value, int):
            page.fill(field, str(value))
            page.dispatch_event(field, "change")
        else:
            page.select_option(field, str(value))
    page.click("[data-key=create-go]")
    page.wait_for_selector("yn-room .seat-grid")


def play_card(page: Any, code: str, color: str = "red") -> None:
    """Select one card and play it (naming `color` if it is a wild)."""
    before = version(page)
    page.click(f"yn-table .hand-card[data-code='{code}'] >> nth=0")
    page.click("yn-table [data-action=play]")
    if code.startswith("W"):
        page.click(f"yn-table [data-action=color][data-color={color}]")
    wait_version_after(page, before)


def take_turn(page: Any, me: str, call_uno: bool = False) -> str:
    """One ordinary turn by the page's player: the hinted card, else draw (and pass)."""
    v = view(page)
    before = version(page)
    if v["phase"] == "choose_color":
        page.click("yn-table [data-action=color][data-color=red]")
        wait_version_after(page, before)
        return "color"
    page.click("yn-table [data-action=hint]")
    if enabled(page, "play"):
        selected = page.get_attribute("yn-table .hand-card.selected", "data-code")
        if call_uno:
            page.click("yn-table [data-action=uno]")
            page.wait_for_function(
                "n => { const v = window.younuo.store.match.view;"
                " return v.called_uno[v.players.indexOf(n)]; }",
                arg=me,
            )
            before = version(page)
        page.click("yn-table [data-action=play]")
        if selected and selected.startswith("W"):
            page.click("yn-table [data-action=color][data-color=red]")
        wait_version_after(page, before)
        return "play"
    page.click("yn-table [data-action=draw]")
    wait_version_after(page, before)
    v = view(page)
    if v["status"] == "playing" and v["current"] == me and v["phase"] == "drawn":
        before = version(page)
        page.click("yn-table [data-action=hint]")
        if enabled(page, "play"):
            page.click("yn-table [data-action=play]")
            if v["drawn"].startswith("W"):
                page.click("yn-table [data-action=color][data-color=red]")
        else:
            page.click("yn-table [data-action=pass]")
        wait_version_after(page, before)
    return "draw"
