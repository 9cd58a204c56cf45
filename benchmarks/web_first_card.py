"""Web first card: a newcomer on a phone, from a cold page to a first card (issue 26).

Starts ``younuo serve`` in a child process (SQLite in a temporary directory, on a free
127.0.0.1 port) and drives Debian's Chromium through the newcomer's flow of the browser
test, ``tests/web/newcomer.py`` (one copy of it): a 360×640 touch phone signs in as a
guest (typing a nickname), taps Quick match and "Add N bots and start", and plays
a first card from the hand by taps (drawing first when nothing is playable). Each run
times the flow twice, in the page's own clock from the navigation's start:

- cold: a fresh browser context (no storage, an empty HTTP cache), as a newcomer's
  first visit;
- warm: a second page of the same context, its storage cleared first (so it is a
  newcomer again, who must sign in) but its HTTP cache kept: the same person coming back.

and prints, per run and as medians, the time to the sign-in being usable, to the lobby,
to the room, to the table and to the first card on the discard pile; the taps and the
characters typed; the time at the table spent waiting for the newcomer's turn (the bots
and the server: inside the figures, subtracted from none); the time from the taps that
wait on the server (Play, Quick match, Start, the card) to what they lead to being
shown; the HTTP responses the page got (how many from the browser's cache, how many 304,
a revalidation); the ratio cold / warm of each; and the controls the newcomer had to
scroll to. The taps come at a script's pace (each once its control has stood still for
three frames), not a person's: the times are what the site and the server take, plus
that pace, with no time to read or to type (the nickname is typed at once).

Bot timing: first with the server's default, ``bot_timing = "human"`` (bots wait 0.8-2.5 s
before each move, as a newcomer meets them), because that is the figure a newcomer
lives; then with bots acting at once (``"none"``, the tests' setting), because the
default's delays, drawn at random, dominate the figure whenever the newcomer must wait
a round of bots (a skipped start, a draw): the two medians of the first card and their
ratio close the output. Every other setting that bears on timing (catch grace, away
takeover, SQLite durability) is the server's default in both; only the limits by address
are raised, so that the runs' guests, all from 127.0.0.1, are not refused.

    uv run python benchmarks/web_first_card.py [--runs 5] [--timing both|human|none]
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from younuo.server.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
# tests/web/newcomer.py (the flow) and tests/server/harness.py (the server process) are
# top-level packages of tests/, as pytest imports them: put tests/ on the path, so that the
# benchmark runs the test's flow on a server started the test's way, not second copies.
sys.path.insert(0, str(ROOT / "tests"))
from server.harness import FAST, ServerProcess  # type: ignore[import-not-found, unused-ignore]  # noqa: E402
from web.chromium import ARGS, CHROMIUM  # type: ignore[import-not-found, unused-ignore]  # noqa: E402
from web.newcomer import PHONE, Flow, first_card, leave  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

DEFAULTS = ("bot_timing", "catch_grace", "away_takeover", "next_round_delay", "sqlite_synchronous")
"""Settings the test harness changes for speed that the benchmark keeps at their defaults."""

MILESTONES = [
    ("sign-in usable", "sign_in_ready"),
    ("lobby", "lobby"),
    ("room", "room"),
    ("table", "table"),
    ("first card", "first_card"),
]


@dataclass
class Run:
    flow: Flow
    requests: int
    cached: int
    revalidated: int
    left: float = 0.0
    """Seconds from tapping Leave at the table to the lobby (after the flow, untimed)."""


def server_env(timing: str) -> dict[str, str]:
    env = {f"YOUNUO_{name.upper()}": str(Settings.model_fields[name].default) for name in DEFAULTS}
    env["YOUNUO_BOT_TIMING"] = timing
    assert set(FAST) >= set(env), "a setting the harness no longer sets"
    return env


@contextmanager
def counted(page: Any) -> Iterator[list[int]]:
    """[responses, of which from the browser's cache, of which 304] that ``page`` got over
    HTTP (not the WebSocket), as Chromium's DevTools protocol reports them."""
    counts = [0, 0, 0]
    cached: set[str] = set()
    cdp = page.context.new_cdp_session(page)

    def served(event: dict[str, Any]) -> None:
        cached.add(event["requestId"])

    def received(event: dict[str, Any]) -> None:
        response = event["response"]
        counts[0] += 1
        counts[1] += bool(response.get("fromDiskCache")) or event["requestId"] in cached
        counts[2] += response["status"] == 304

    cdp.on("Network.requestServedFromCache", served)
    cdp.on("Network.responseReceived", received)
    cdp.send("Network.enable")
    yield counts
    cdp.detach()


def one_run(browser: Any, url: str) -> tuple[Run, Run]:
    """A cold newcomer in a fresh context, then a warm one in a second page of it."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        with counted(page) as counts:
            cold = Run(first_card(page, url), *counts)
        cold.left = timed(leave, page)
        page.evaluate("localStorage.clear(); sessionStorage.clear()")
        page.close()
        page = context.new_page()
        with counted(page) as counts:
            warm = Run(first_card(page, url), *counts)
        warm.left = timed(leave, page)
    finally:
        context.close()
    return cold, warm


def timed(step: Any, page: Any) -> float:
    started = time.perf_counter()
    step(page)
    return time.perf_counter() - started


def seconds(ms: float) -> str:
    return f"{ms / 1000:.2f} s"


def line(run: Run) -> str:
    f = run.flow
    times = ", ".join(f"{label} {seconds(getattr(f, key))}" for label, key in MILESTONES)
    return (
        f"{times}; {len(f.taps)} taps, {f.typed} typed, waited {f.turn_wait:.2f} s for turns,"
        f" {f.draws} draws, {run.requests} responses ({run.cached} from cache,"
        f" {run.revalidated} 304),"
        f" left in {run.left:.2f} s"
    )


def tapped(flow: Flow, what: str) -> float:
    """When the last tap on ``what`` was made (page clock, ms)."""
    return float(next(tap.at for tap in reversed(flow.taps) if tap.what == what))


def figures(run: Run) -> dict[str, float]:
    """The run's figures by label: the times (in seconds), then the counts."""
    f = run.flow
    out = {f"{label}, s": getattr(f, key) / 1000 for label, key in MILESTONES}
    out["  of which waiting for turns, s"] = f.turn_wait
    # From a tap to what it leads to being shown: the server's and the page's part.
    out["Play tapped -> lobby, s"] = (f.lobby - tapped(f, "play")) / 1000
    out["Quick match tapped -> room, s"] = (f.room - tapped(f, "quick match")) / 1000
    out["Add bots and start tapped -> table, s"] = (
        f.table - tapped(f, "add bots and start")
    ) / 1000
    out["last tap -> card on the pile, s"] = (f.first_card - f.taps[-1].at) / 1000
    out["taps"] = len(f.taps)
    out["characters typed"] = f.typed
    out["HTTP responses"] = run.requests
    out["  from the browser's cache"] = run.cached
    out["  answered 304"] = run.revalidated
    return out


def report(timing: str, runs: list[tuple[Run, Run]]) -> None:
    print(f"\nmedians of {len(runs)} runs, bot_timing = {timing}")
    print(f"  {'':34}{'cold':>8}{'warm':>8}{'cold/warm':>11}")
    colds, warms = [figures(cold) for cold, _ in runs], [figures(warm) for _, warm in runs]
    for label in colds[0]:
        cold = statistics.median(f[label] for f in colds)
        warm = statistics.median(f[label] for f in warms)
        ratio = f"{cold / warm:.2f}" if warm else "-"
        print(f"  {label:34}{cold:>8.2f}{warm:>8.2f}{ratio:>11}")
    scrolled = collections.Counter(what for cold, _ in runs for what in cold.flow.scrolled)
    shown = ", ".join(f"{what} ({n}/{len(runs)})" for what, n in scrolled.items()) or "none"
    print(f"  scrolled to, cold runs: {shown}")


def bench(browser: Any, timing: str, runs: int) -> list[tuple[Run, Run]]:
    with (
        tempfile.TemporaryDirectory(prefix="younuo-first-card-") as data,
        ServerProcess(Path(data), env=server_env(timing)) as server,
    ):
        print(f"\nbot_timing = {timing}: {server.http}", flush=True)
        results = []
        for i in range(runs):
            cold, warm = one_run(browser, server.http)
            results.append((cold, warm))
            print(f"run {i + 1}/{runs} cold: {line(cold)}", flush=True)
            print(f"{'':{len(str(i + 1)) + len(str(runs)) + 5}}warm: {line(warm)}", flush=True)
    report(timing, results)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs (a cold and a warm flow each)")
    parser.add_argument(
        "--timing",
        choices=["both", "human", "none"],
        default="both",
        help="bot timing: the server's default (human), at once (none), or both in turn",
    )
    args = parser.parse_args()
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y --no-install-recommends chromium")
    print(
        f"A newcomer on a {PHONE['viewport']['width']}x{PHONE['viewport']['height']} touch phone,"
        " from the navigation's start (page clock); cold: a fresh context, warm: a second"
        " page of it (HTTP cache kept, storage cleared)"
    )
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            timings = ["human", "none"] if args.timing == "both" else [args.timing]
            results = {timing: bench(browser, timing, args.runs) for timing in timings}
        finally:
            browser.close()
    if len(results) == 2:
        # The bots' delays, drawn at random, make the difference.
        print("\nfirst card, median, bots at the default timing against bots at once:")
        for which, name in ((0, "cold"), (1, "warm")):
            human, none = (
                statistics.median(pair[which].flow.first_card / 1000 for pair in results[t])
                for t in ("human", "none")
            )
            print(f"  {name}: {human:.2f} s against {none:.2f} s, ratio {human / none:.2f}")


if __name__ == "__main__":
    main()
