"""A newcomer's way from a cold page to a first card, by taps alone (issue 26).

One copy of the flow, for the browser test (``test_web_newcomer.py``) and the benchmark
(``benchmarks/web_first_card.py``): :func:`first_card` opens the site in a page of a
:data:`PHONE` context and, as a newcomer on a phone would, taps the nickname field,
types a nickname (the one text a newcomer must give), taps Play, taps Quick match,
taps "Add N bots and start" (quick match seats them alone in a room that needs
``DEFAULT_NEEDED`` players), then, on their own
turn, taps a playable card twice (select, play) and a colour if it is a wild; with
nothing to play it taps Draw, then the drawn card (twice) or Pass, and waits for its
next turn. It returns when a card of the newcomer's own lies on the discard pile.

Every control is tapped with ``locator.tap()`` (touch events) as a thumb would: once
scrolled to (the page, or the hand when it is wider than the screen) and still, it must
lie wholly inside the viewport (a control cut by the screen's edge fails), and it is
tapped in the middle of the part of it that nothing covers (a card of the hand lies
partly under the next one), where Playwright checks once more that the tap reaches it.
The page is read only for what is stable: form and field names, ``data-action`` names,
the hand's ``.hand-card`` and ``.playable`` classes, and the client's picture of the
match (``window.younuo.store.match``: ``.view``, ``.legal``).

Times are read from the page's own clock (``performance.now()``: milliseconds since the
navigation started) at the first animation frame where the milestone holds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError

PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 640},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
    "locale": "en-US",
}
"""A browser context of a 360×640 touch phone (a fresh context is a cold page)."""

NICKNAME_FIELD = "form[name=guest] input[name=name]"
SIGN_IN = "form[name=guest] button[type=submit]"
QUICK_MATCH = "form[name=quick] button[type=submit]"
"""One per bot seated (the host may remove each): counts the bots in the room."""
FILL_START = "[data-action=fill-start]"
HAND_CARD = ".hand-card"
PLAYABLE = ".hand-card.playable"
COLOR = "[data-action=color]"
TARGET = "[data-action=target]"
DRAW = "[data-action=draw]"
PASS = "[data-action=pass]"
LEAVE_ASK = "[data-action=leave-ask]"
LEAVE = "[data-action=leave]"

MATCH = "window.younuo && window.younuo.store && window.younuo.store.match"
"""The client's picture of the match, as a JavaScript expression (null before one)."""

SHOWN = "(s => { const el = document.querySelector(s); return !!el && el.checkVisibility(); })"
"""A JavaScript function: whether the first element matching a selector is shown."""

ENABLED = f"(s => {SHOWN}(s) && !document.querySelector(s).disabled)"
"""A JavaScript function: whether the first element matching a selector is shown and enabled."""


@dataclass
class Tap:
    """One tap: what was tapped, when (page clock, ms), and how it lay on the screen."""

    what: str
    at: float
    scrolled: bool
    """Whether the page or a row (the hand) had to be scrolled to show the control whole."""
    width: float
    """CSS px of the control's middle line that it shows itself (others may cover the rest:
    a card of the hand lies under the next one)."""
    height: float


@dataclass
class Flow:
    """What one newcomer did and when (ms since the navigation started, page clock)."""

    nickname: str
    sign_in_ready: float = 0.0
    """The nickname field and Play are shown and usable."""
    lobby: float = 0.0
    """The lobby's Quick match is shown and usable."""
    room: float = 0.0
    """The room's Start is shown (the newcomer hosts it)."""
    table: float = 0.0
    """The table is up: the newcomer's hand is shown."""
    first_card: float = 0.0
    """A card of the newcomer's own lies on the discard pile."""
    card: str = ""
    """The card played."""
    taps: list[Tap] = field(default_factory=list)
    typed: int = 0
    """Characters typed (the nickname)."""
    turn_wait: float = 0.0
    """Seconds at the table spent waiting for the newcomer's turn (the bots, the server)."""
    draws: int = 0
    """Times the newcomer drew for want of a playable card."""

    @property
    def scrolled(self) -> list[str]:
        """The controls that had to be scrolled to."""
        return [tap.what for tap in self.taps if tap.scrolled]


def now(page: Any) -> float:
    return float(page.evaluate("performance.now()"))


def mark(page: Any, condition: str, arg: Any = None) -> float:
    """The page's clock at the first animation frame where ``condition`` (a JavaScript
    expression of ``arg``) holds."""
    handle = page.wait_for_function(
        f"arg => ({condition}) ? performance.now() : false", arg=arg, polling="raf"
    )
    return float(handle.json_value())


def view(page: Any) -> dict[str, Any]:
    found: dict[str, Any] | None = page.evaluate(f"{MATCH} && {MATCH}.view")
    assert found is not None, "no match in the client's store"
    return found


def legal(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(f"({MATCH} && {MATCH}.legal) || []"))


SCROLLED = """el => {
  let offset = window.scrollX + window.scrollY;
  for (let e = el.parentElement; e; e = e.parentElement) offset += e.scrollLeft + e.scrollTop;
  return offset;
}"""
"""How far the page and the element's scrolling ancestors (the hand) are scrolled."""

SETTLE = f"""el => new Promise(done => {{
  let last = "", same = 0, frames = 0;
  const step = () => {{
    const r = el.getBoundingClientRect();
    const key = [r.x, r.y, r.width, r.height].join();
    same = key === last ? same + 1 : 0;
    last = key;
    if (same < 3 && ++frames < 120) {{ requestAnimationFrame(step); return; }}
    // The widest run of the element's middle line that the element itself shows.
    const y = r.top + r.height / 2;
    let best = [0, 0], from = null, cover = "nothing";
    for (let x = r.left + 0.5; x <= r.right; x += 1) {{
      const hit = document.elementFromPoint(x, y);
      const mine = hit === el || el.contains(hit);
      if (mine && from === null) from = x;
      if (!mine && hit) cover = hit.outerHTML.slice(0, 120);
      if ((!mine || x + 1 > r.right) && from !== null) {{
        const to = mine ? x : x - 1;
        if (to - from > best[1] - best[0]) best = [from, to];
        from = null;
      }}
    }}
    done({{ connected: el.isConnected, x: r.x, y: r.y, width: r.width, height: r.height,
      scrolled: ({SCROLLED})(el), shown: best[1] - best[0] + 1,
      aim: {{ x: (best[0] + best[1]) / 2 - r.left, y: r.height / 2 }}, cover }});
  }};
  requestAnimationFrame(step);
}})"""
"""Where a thumb aims at the element, once it has stood still for three frames (at most
two seconds; a scroll ends with a snap, a dialog slides in): the middle of the widest
stretch of its middle line that it shows itself (a card of the hand lies partly under
the next one), with that stretch's width (``shown``) and what covers the rest."""


def tap(page: Any, flow: Flow, what: str, locator: Any) -> None:
    """Tap ``locator`` as a thumb would: scrolled to (the page, or a row such as the
    hand) if it is not wholly shown, once still, wholly on the screen, in the middle of
    the part of it that nothing covers."""
    size = page.viewport_size
    assert size is not None
    width, height = size["width"], size["height"]
    seen: dict[str, Any] = {"connected": False}
    for _ in range(10):
        # Screens redraw whole (the lobby when the leaderboard comes in): a control
        # replaced by its redrawn twin while it was measured is measured again.
        locator.wait_for(state="visible")
        try:
            before = locator.evaluate(SCROLLED)
            locator.scroll_into_view_if_needed()
            seen = locator.evaluate(SETTLE)
        except PlaywrightError as exc:
            if "not attached" not in exc.message:
                raise
            continue
        if seen["connected"]:
            break
    assert seen["connected"], f"{what}: redrawn over and over"
    inside = (
        seen["x"] >= 0
        and seen["y"] >= 0
        and seen["x"] + seen["width"] <= width + 0.5
        and seen["y"] + seen["height"] <= height + 0.5
    )
    assert inside, f"{what}: not wholly on the {width}x{height} screen: {seen}"
    assert seen["shown"] > 0, f"{what}: covered by {seen['cover']}"
    scrolled = abs(seen["scrolled"] - before) > 0.5
    at = now(page)
    locator.tap(position=seen["aim"])
    flow.taps.append(Tap(what, at, scrolled, seen["shown"], seen["height"]))


def first_card(page: Any, url: str, nickname: str = "Newbie") -> Flow:
    """The whole flow in ``page`` (a fresh page of a :data:`PHONE` context)."""
    flow = Flow(nickname)
    try:
        steps(page, url, flow)
    except Exception as exc:
        taps = ", ".join(f"{t.what} at {t.at:.0f}" for t in flow.taps)
        raise AssertionError(f"the newcomer got stuck after: {taps}\n{state(page)}") from exc
    return flow


def steps(page: Any, url: str, flow: Flow) -> None:
    page.goto(url, wait_until="commit")
    flow.sign_in_ready = mark(
        page, f"{SHOWN}(arg[0]) && {ENABLED}(arg[1])", [NICKNAME_FIELD, SIGN_IN]
    )
    sign_in(page, flow)
    flow.lobby = mark(page, f"{ENABLED}(arg)", QUICK_MATCH)
    tap(page, flow, "quick match", page.locator(QUICK_MATCH))
    flow.room = mark(page, f"{SHOWN}(arg)", FILL_START)
    # Alone in the room quick match made: one tap seats the bots it needs and starts.
    tap(page, flow, "add bots and start", page.locator(FILL_START))
    flow.table = mark(page, f"{MATCH} && {MATCH}.view && {SHOWN}(arg)", HAND_CARD)
    play_first_card(page, flow)


def state(page: Any) -> str:
    """What the page shows and the client knows, for a failure's message."""
    try:
        return str(
            page.evaluate(
                f"""() => {{ const m = {MATCH}; const v = m && m.view;
                  return {{ at: performance.now(), screen: document.body.dataset.screen,
                    toasts: document.querySelector('#toasts')?.innerText,
                    hand: [...document.querySelectorAll('.hand-card')].map(e => e.className
                      + (e.getAttribute('aria-pressed') === 'true' ? ' pressed' : '')),
                    view: v && {{ current: v.current, player: v.player, phase: v.phase,
                      status: v.status, hand: v.hand, top: v.top, color: v.color,
                      pending_draw: v.pending_draw, last_play: v.last_play, timeouts: v.timeouts }},
                    legal: m && m.legal, version: m && m.version,
                    table: (t => t && {{ busy: t.busy, queued: t.queued,
                      selected: t.selectedCodes, overlay: t.overlay && t.overlay.kind }})(
                      document.querySelector('yn-table')) }}; }}"""
            )
        )
    except Exception as exc:  # the page is gone: say so rather than hide the first error
        return f"(no state: {exc})"


def sign_in(page: Any, flow: Flow) -> None:
    field_ = page.locator(NICKNAME_FIELD)
    tap(page, flow, "nickname field", field_)
    page.keyboard.type(flow.nickname)
    flow.typed += len(flow.nickname)
    assert field_.input_value() == flow.nickname, "the nickname did not reach the field"
    tap(page, flow, "play", page.locator(SIGN_IN))


def my_turn(page: Any) -> None:
    page.wait_for_function(
        f"() => {{ const m = {MATCH}; return m && m.view.status === 'playing'"
        " && m.view.current === m.view.player && m.legal && m.legal.length > 0; }"
    )


def wait_for(page: Any, condition: str, arg: Any) -> None:
    """Until ``condition``, a JavaScript expression of the view ``v`` and ``arg``, holds."""
    page.wait_for_function(
        f"arg => {{ const m = {MATCH}; const v = m && m.view; return v && ({condition}); }}",
        arg=arg,
    )


def play_first_card(page: Any, flow: Flow) -> None:
    """Turns until one of the newcomer's cards lies on the discard pile."""
    me = view(page)["player"]
    assert me, "the newcomer has no seat at the table"
    for _turn in range(8):
        waited = time.perf_counter()
        my_turn(page)
        flow.turn_wait += time.perf_counter() - waited
        v = view(page)
        seat = v["players"].index(me)
        if v["phase"] == "choose_color":
            # The start card was a wild: the first player names its colour.
            tap(page, flow, "start colour", page.locator(COLOR).filter(visible=True).first)
            wait_for(page, "v.phase !== 'choose_color' || v.current !== arg", me)
            continue
        if try_play(page, flow, v):
            return
        flow.draws += 1
        tap(page, flow, "draw", page.locator(DRAW).filter(visible=True).first)
        wait_for(page, "v.hand_counts[arg[0]] > arg[1]", [seat, v["hand_counts"][seat]])
        v = view(page)
        if v["status"] == "playing" and v["current"] == me and v["phase"] == "drawn":
            if try_play(page, flow, v):
                return
            tap(page, flow, "pass", page.locator(PASS).filter(visible=True).first)
            wait_for(page, "v.phase !== 'drawn' || v.current !== arg", me)
    raise AssertionError(f"no card of {me} reached the discard pile in 8 turns")


def try_play(page: Any, flow: Flow, v: dict[str, Any]) -> bool:
    """Play the first playable card of the hand (tap to select, tap again to play, then
    a colour for a wild, a player for a 7 when 7-0 is on); False when none is."""
    singles = {a["card"] for a in legal(page) if a["type"] == "play" and a.get("card")}
    card = page.locator(PLAYABLE).first
    if not singles or card.count() == 0:
        return False
    seat = v["players"].index(v["player"])
    pile = len(v["discard_pile"])
    tap(page, flow, "card (select)", card)
    tap(page, flow, "card (play)", card)
    # Either the play is made, or a dialog asks what goes with it.
    asks = (
        f"() => {{ const m = {MATCH}; return (m && m.view.last_play[{seat}])"
        f" || {SHOWN}('{COLOR}') || {SHOWN}('{TARGET}'); }}"
    )
    page.wait_for_function(asks)
    if page.locator(COLOR).filter(visible=True).count():
        tap(page, flow, "colour", page.locator(COLOR).filter(visible=True).first)
    if page.locator(TARGET).filter(visible=True).count():
        tap(page, flow, "target", page.locator(TARGET).filter(visible=True).first)
    # The pile grew by the newcomer's card; the bots (who act at once in the tests) may
    # have covered it since, so it is found at its place in the pile, not only on top.
    flow.first_card = mark(
        page,
        f"(m => m && m.view.discard_pile.length > arg[1] && m.view.last_play[arg[0]]"
        f" && m.view.discard_pile[arg[1]] === m.view.last_play[arg[0]].at(-1))({MATCH})",
        [seat, pile],
    )
    after = view(page)
    played = after["last_play"][seat]
    flow.card = played[-1]
    assert flow.card in singles, f"{flow.card} was not among the legal plays {sorted(singles)}"
    assert flow.card in v["hand"], f"{flow.card} was not in the hand {v['hand']}"
    assert after["timeouts"][seat] == 0, "the turn clock ran out: the server played the card"
    return True


def leave(page: Any) -> None:
    """Leave the table for the lobby by taps (after the flow, untimed): a match left
    behind would go on taking the server's time while the next newcomer is timed."""
    page.locator(LEAVE_ASK).tap()
    page.locator(LEAVE).filter(visible=True).first.tap()
    page.wait_for_function(f"arg => {ENABLED}(arg)", arg=QUICK_MATCH)
