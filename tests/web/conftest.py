"""Fixtures of the browser tests: a real ``younuo serve`` and Debian's Chromium.

The server runs as a subprocess on a free 127.0.0.1 port with a temporary data
directory, bots acting at once (``bot_timing: none``) and every match dealt from a
seed chosen here with the engine (the ``deal_seed`` setting, see :func:`duel_seed`), so
the games the tests play are the same on every run. Chromium is never downloaded: the tests use
``/usr/bin/chromium`` and skip, saying so, when it is absent.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .chromium import ARGS, CHROMIUM

ROOT = Path(__file__).resolve().parents[2]
ADMIN_NAME = "Admina"
ADMIN_PASSWORD = "the admin's password"
"""The admin account of the test server (``younuo admin create``)."""
ARTIFACTS = ROOT / "artifacts" / "web"
TAP_SQUARE = Path(__file__).with_name("tap_square.js").read_text(encoding="utf-8")
"""What of a control a tap reaches (``inSight``, ``uncoveredSquare``), as one JavaScript
expression: the layout check and the whole match on a phone measure the same way."""

if not CHROMIUM.exists():
    pytest.skip(
        "Debian's Chromium is not installed (/usr/bin/chromium): "
        "apt-get install -y --no-install-recommends chromium",
        allow_module_level=True,
    )
playwright_api = pytest.importorskip("playwright.sync_api")

from .scenario import DUEL_RULES, duel_seed  # noqa: E402


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def server_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The data directory (SQLite database) of the test server."""
    return tmp_path_factory.mktemp("younuo-data")


@pytest.fixture(scope="session")
def server(server_data: Path) -> Iterator[str]:
    """The base URL of a running ``younuo serve``."""
    port = _free_port()
    data = server_data
    env = dict(os.environ)
    env.update(
        {
            "YOUNUO_BOT_TIMING": "none",
            "YOUNUO_NEXT_ROUND_DELAY": "1",
            "YOUNUO_CATCH_GRACE": "0.3",
            "YOUNUO_DEAL_SEED": str(duel_seed()),
            "YOUNUO_RATE_PER_SECOND": "100",
            "YOUNUO_RATE_BURST": "200",
            "YOUNUO_SERIES_TICK_SECONDS": "1",  # a series' open instances made at once
            # Sign-ins of the whole session come from one address (127.0.0.1); the
            # limits on them are tested in tests/server, not here.
            "YOUNUO_AUTH_PER_MINUTE": "600",
            "YOUNUO_AUTH_BURST": "100",
        }
    )
    # An admin for the admin area's tests, made as an operator would (younuo admin create).
    subprocess.run(
        [sys.executable, "-m", "younuo", "admin", "create", ADMIN_NAME,
         "--password-stdin", "--data", str(data)],
        input=f"{ADMIN_PASSWORD}\n", text=True, check=True, capture_output=True, cwd=ROOT, env=env,
    )  # fmt: skip
    log = (data / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "younuo", "serve",
         "--port", str(port), "--data", str(data), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as answer:
                if answer.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.close()
            pytest.fail("younuo serve did not start:\n" + (data / "server.log").read_text()[-3000:])
        time.sleep(0.2)
    yield url
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


class Pages:
    """Opens pages in fresh browser contexts (separate storage: separate players)."""

    def __init__(self, browser: Any, url: str) -> None:
        self.browser = browser
        self.url = url
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def open(
        self,
        width: int = 1280,
        height: int = 800,
        locale: str = "en-US",
        motion: bool = False,
        csp: bool = False,
    ) -> Any:
        """A page; without `motion` it asks for reduced motion (no flights to wait for).

        Without `csp` the page ignores the server's Content-Security-Policy: Playwright's
        `wait_for_function` evaluates its predicate with `eval` in the page, which the
        policy refuses. With `csp` the policy holds, and anything it refuses fails the
        test (tests/web/test_web_security.py: such pages wait from Python instead)."""
        context = self.browser.new_context(
            viewport={"width": width, "height": height},
            locale=locale,
            reduced_motion="no-preference" if motion else "reduce",
            bypass_csp=not csp,
        )
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        if csp:  # Chromium reports each refused script, style or connection
            page.on("console", self._policy_violation)
        page.goto(self.url)
        return page

    def _policy_violation(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.errors.append(message.text)


@pytest.fixture
def pages(browser: Any, server: str) -> Iterator[Pages]:
    opened = Pages(browser, server)
    yield opened
    for context in opened.contexts:
        context.close()
    assert not opened.errors, f"JavaScript errors in the page: {opened.errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


__all__ = ["DUEL_RULES"]
