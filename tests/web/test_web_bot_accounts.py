"""A bot account is shown as one in Chromium (issue 28): a "bot account" tag on its seat
in the room, the count on its room in the lobby's list, a bot badge at the table."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx

from younuo.client import Client

from .conftest import Pages
from .scenario import add_bots, create_room, sign_in


def _bot_token(url: str, owner: str, bot: str) -> str:
    """A bot account made by a new registered owner, and a token for it."""
    made = httpx.post(f"{url}/api/auth/register", json={"name": owner, "password": "pw-12345678"})
    assert made.status_code == 200, made.text
    auth = {"Authorization": f"Bearer {made.json()['token']}"}
    account = httpx.post(f"{url}/api/me/bots", json={"name": bot}, headers=auth)
    assert account.status_code == 200, account.text
    token = httpx.post(f"{url}/api/me/bots/{account.json()['id']}/tokens", json={}, headers=auth)
    assert token.status_code == 200, token.text
    return str(token.json()["token"])


class SittingBot:
    """The bot account joins a room and says it is ready, in a thread of its own (the
    browser's test runs Playwright's sync API), until told to go."""

    def __init__(self, url: str, token: str, room: str) -> None:
        self.url, self.token, self.room = url, token, room
        self.seated = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            asyncio.run(self._sit())
        except BaseException as exc:  # reported by the test, not lost in the thread
            self.error = exc
            self.seated.set()

    async def _sit(self) -> None:
        async with Client(self.url, self.token) as client:
            await client.join_room(self.room)
            await client.ready(True)
            self.seated.set()
            while not self.stop.is_set():
                await asyncio.sleep(0.1)

    def leave(self) -> None:
        self.stop.set()
        self.thread.join(15)


def test_a_bot_account_is_marked_in_the_room_the_lobby_and_at_the_table(
    pages: Pages, server: str
) -> None:
    token = _bot_token(server, "Bot Keeper", "Keeper Bot")
    host = pages.open(1280, 800)
    looker = pages.open(360, 640)
    sign_in(host, "Hana")
    sign_in(looker, "Lou")
    create_room(host, {"preset": "younuo", "turn_seconds": 30}, seats=3)
    room: Any = host.evaluate("window.younuo.store.room.id")
    bot = SittingBot(server, token, str(room))
    try:
        assert bot.seated.wait(20) and bot.error is None, bot.error
        tag = host.locator(".seat-card .tag.bot-account")
        tag.wait_for()
        assert tag.count() == 1 and tag.inner_text() == "bot account"
        looker.click("[data-key=refresh]")
        counted = looker.locator(f".room-item[data-room='{room}'] .tag.bot-account")
        counted.wait_for()
        assert counted.inner_text() == "bot accounts: 1"
        add_bots(host, 1)
        host.click("[data-key=start]")
        badge = host.locator("yn-table .seat[data-player='Keeper Bot'] .badge.bot-account")
        badge.wait_for()
        assert badge.inner_text() == "bot"
        assert host.locator("yn-table .badge.bot-account").count() == 1
    finally:
        bot.leave()
