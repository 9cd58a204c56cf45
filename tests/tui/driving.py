"""Driving the terminal table by key presses alone, as a player would: wait for a
screen, read what it shows, press the keys a simple player would."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual.pilot import Pilot
from textual.widgets import Static

from younuo.tui.app import PlayApp
from younuo.tui.tablemodel import TableModel


async def until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Let the app run until ``check()`` holds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting: {check}")
        await pilot.pause(0.05)


def shown(app: PlayApp, widget: str) -> str:
    """The text a widget of the screen on show holds now."""
    return str(app.screen.query_one(widget, Static).content)


def screen_text(app: PlayApp) -> str:
    """Every line of the screen on show."""
    return "\n".join(str(w.content) for w in app.screen.query(Static))


LINES = ("conn", "say", "status", "hand", "keys", "info")
"""The lines a screen must show whole."""


def fits(app: PlayApp, size: tuple[int, int] = (80, 24)) -> bool:
    """Whether every line of the screen on show is on the screen, at least one row
    high (nothing pushed off a small terminal)."""
    width, height = size
    for widget in app.screen.query(Static):
        region = widget.region
        outside = region.height < 1 or region.bottom > height or region.right > width
        if widget.display and widget.id in LINES and outside:
            return False
    return True


def keys_for(model: TableModel) -> list[str]:
    """What a simple player presses now: a picker's first choice; UNO and reports when
    offered; on the turn the hint's card (H, Enter), else draw, else pass."""
    kinds = {a["type"] for a in model.legal}
    if model.open_picker is not None:
        return ["1"]
    if "uno" in kinds:
        return ["u"]
    if "catch" in kinds:
        return ["r"]
    if not model.my_turn:
        return []
    if model.playable:
        return ["h", "enter"]
    if "draw" in kinds:
        return ["d"]
    if "pass" in kinds:
        return ["s"]
    return []


async def play_to_the_end(pilot: Pilot[None], app: PlayApp, timeout: float = 90.0) -> int:
    """Press keys until the match is over; the number of key presses."""
    deadline = time.monotonic() + timeout
    presses = 0
    last: tuple[int, tuple[str, ...]] | None = None
    while app.results is None:
        if time.monotonic() > deadline:
            raise AssertionError("the match did not end")
        model = app.table
        keys = keys_for(model) if model is not None else []
        seen = None if model is None else (model.match.version, tuple(keys))
        if keys and seen != last:
            last = seen
            await pilot.press(*keys)
            presses += len(keys)
        else:
            await pilot.pause(0.05)
            if seen == last:
                last = None if keys else last  # pressed and nothing changed: try again
                await asyncio.sleep(0.2)
    return presses
