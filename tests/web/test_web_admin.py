"""The admin area (issue 27) in the browser: a moderator's tools for an admin, what a
player sees there (nothing), a suspension that signs the player out at once, the audit
log, and the screen's layout at every size in every language."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from younuo.store import Database, cases
from younuo.store.database import sqlite_url

from .conftest import ADMIN_NAME, ADMIN_PASSWORD, Pages
from .scenario import sign_in
from .test_web_layout import Layout


def sign_in_admin(page: Any) -> None:
    page.click("[data-key=account-summary]")
    page.fill("#acc-name", ADMIN_NAME)
    page.fill("#acc-pass", ADMIN_PASSWORD)
    page.click("[data-key=login]")
    page.wait_for_selector("yn-lobby")


def test_admin_suspends_a_player_who_is_signed_out_at_once(pages: Pages) -> None:
    player = pages.open(390, 844)
    sign_in(player, "Gus")
    assert player.locator("yn-lobby [data-key=admin]").count() == 0
    player.goto(player.url.split("#")[0] + "#/admin")
    player.wait_for_selector("yn-admin .error")
    assert player.locator("yn-admin form").count() == 0

    admin = pages.open(1280, 800)
    sign_in_admin(admin)
    admin.click("yn-lobby [data-key=admin]")
    admin.wait_for_selector("yn-admin .audit-list")
    admin.fill("#find-name", "gus")
    admin.click("[data-key=find-go]")
    card = admin.locator("yn-admin .account-card").first
    card.wait_for()
    assert "Gus" in card.inner_text()
    # An admin may grant roles; a guest holds none, so it offers no role for Gus.
    assert card.locator("select[id^=role-]").count() == 0
    account = card.get_attribute("data-account")
    card.locator("input[name=reason]").fill("abuse in chat")
    card.locator("select[name=seconds]").select_option("86400")
    card.locator("[data-standing=suspended]").click()
    admin.wait_for_function(
        "() => document.querySelector('yn-admin .account-card .standing').textContent"
        ".includes('suspended until')"
    )
    # The player's session ended: the page is back at the sign-in.
    player.wait_for_selector("yn-signin", timeout=20_000)
    admin.wait_for_selector("yn-admin .audit-list li:has-text('Suspended')")
    first = admin.locator("yn-admin .audit-list li").first.inner_text()
    assert "abuse in chat" in first and str(account) in first

    layout = Layout(admin)
    layout.check("admin")
    assert layout.problems == []


def file_case(data: Path, accounts: list[str]) -> str:
    """A collusion finding filed in the server's queue, as its scan files one."""
    key = f"collusion:{','.join(accounts)}"
    evidence = {
        "key": key, "kind": "collusion", "accounts": accounts, "score": 4.2, "threshold": 3.0,
        "summary": "they spared each other's turns", "matches": ["m1", "m2"], "moves": [],
        "figures": [],
    }  # fmt: skip

    async def main() -> None:
        db = Database.from_url(sqlite_url(data))
        async with db.session() as s, s.begin():
            await cases.file(s, evidence, accounts, time.time())
        await db.close()

    # Playwright's own event loop runs in this thread: the store's goes in another.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()
    return key


def test_a_moderator_decides_a_case_and_the_player_sees_it(pages: Pages, server_data: Path) -> None:
    player = pages.open(360, 640)
    sign_in(player, "Vic")
    me = player.evaluate("window.younuo.store.account.id")
    key = file_case(server_data, [me, "a-someone-else"])

    admin = pages.open(1280, 800)
    sign_in_admin(admin)
    admin.goto(admin.url.split("#")[0] + "#/admin")
    card = admin.locator(f"yn-admin .case-card[data-key='case-{key}']")
    card.wait_for()
    assert "they spared each other's turns" in card.inner_text()
    assert card.locator("a[href='#/replay/m1']").count() == 1
    Layout(admin).check("admin with a case")
    card.locator("select[name=verdict]").select_option("warn")
    card.locator("input[name=note]").fill("play your own game")
    card.locator("button[type=submit]").click()
    card.wait_for(state="detached")  # decided: out of the queue
    admin.wait_for_selector("yn-admin .audit-list li:has-text('Case: warning')")

    player.goto(player.url.split("#")[0] + "#/profile")
    player.wait_for_selector("yn-profile .decisions")
    text = player.inner_text("yn-profile .decisions")
    assert "Warning" in text and "play your own game" in text
