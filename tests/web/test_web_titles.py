"""Titles in Chromium (issue 27): the master badge beside the name on the profile, in the
leaderboard and on a room's seat; the profile's titles, and after a moderator revoked
one in the admin area, its place in the past titles with the reason."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from younuo.store import Database
from younuo.store import titles as stored
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.titles import award

from .conftest import Pages
from .scenario import create_room, sign_in
from .test_web_admin import sign_in_admin

EVENT = "autumn:monthly:2026-11"


def _award(data: Path, account: str) -> None:
    """The series job's write, on the test server's database: ``account`` won today."""

    async def main() -> None:
        db = Database.from_url(f"sqlite+aiosqlite:///{data / 'younuo.db'}")
        try:
            today = datetime.now(UTC).date()
            async with db.session() as s, s.begin():
                await stored.replace(s, account, list(award((), EVENT, EventLevel.MONTHLY, today)))
        finally:
            await db.close()

    # Playwright's sync API holds this thread's event loop: the write runs in its own.
    thread = threading.Thread(target=lambda: asyncio.run(main()))
    thread.start()
    thread.join(30)


def test_a_master_badge_and_the_profile_s_titles_and_history(
    pages: Pages, server: str, server_data: Path
) -> None:
    page = pages.open(360, 640)
    sign_in(page, "Tilda")
    account: Any = page.evaluate("window.younuo.store.account.id")
    _award(server_data, str(account))

    page.goto(f"{server}/#/profile")
    badge = page.locator("yn-profile .profile-head h2 .title-badge.master")
    badge.wait_for()
    assert badge.inner_text() == "Master"
    line = page.locator("yn-profile .titles .title-list:not(.past) .title-line")
    line.wait_for()
    assert EVENT in line.inner_text() and "valid until" in line.inner_text()

    # A seat shows the title its player held on connecting (the socket's account).
    page.goto(f"{server}/#/")
    page.reload()
    page.wait_for_selector("yn-lobby")
    create_room(page, {"preset": "younuo"}, seats=3)
    page.locator("yn-room .seat-card .title-badge.master").wait_for()

    # A moderator's decision, in the admin area: the account's title, a reason, revoke.
    admin = pages.open(1280, 800)
    sign_in_admin(admin)
    admin.click("yn-lobby [data-key=admin]")
    admin.wait_for_selector("yn-admin .audit-list")
    admin.fill("#find-name", "Tilda")
    admin.click("[data-key=find-go]")
    form = admin.locator(f"yn-admin form[name=revoke][data-account='{account}']")
    form.wait_for()
    reason = "account shared with another player"
    form.locator("input[name=reason]").fill(reason)
    form.locator("button[type=submit]").click()
    admin.wait_for_selector("yn-admin .audit-list li:has-text('account shared')")
    assert admin.locator("yn-admin form[name=revoke]").count() == 0
    page.goto(f"{server}/#/profile")
    past = page.locator("yn-profile .titles .title-list.past .title-line")
    past.wait_for()
    assert reason in past.inner_text()
    assert page.locator("yn-profile .profile-head .title-badge").count() == 0
