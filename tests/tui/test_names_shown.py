"""The terminal table in Traditional Chinese against a real server: the room made by
``cf`` is 「cf的牌桌」, its bots are 電腦…, and the table says no English bot name and
no ASCII colon in its lines (issue 43: "cf's table", "Bot Mimi" and ": " in zh)."""

from __future__ import annotations

import asyncio

from server.harness import ServerProcess
from tui.driving import screen_text, shown, until
from younuo.tui.app import PlayApp


def test_room_and_bots_in_chinese_at_the_terminal(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_in_chinese(server), 90))


async def _in_chinese(server: ServerProcess) -> None:
    app = PlayApp(server.http, lang="zh-Hant", name="cf")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.place == "lobby")
        await pilot.press("c")
        await until(pilot, lambda: app.place == "room")
        await until(pilot, lambda: "cf的牌桌" in shown(app, "#title"))
        await pilot.press("b")
        await until(pilot, lambda: "電腦" in shown(app, "#seats"))
        assert "Bot " not in shown(app, "#seats") and "'s table" not in screen_text(app)
        await pilot.press("f")
        await until(pilot, lambda: app.place == "table")
        await until(pilot, lambda: "你的手牌：" in shown(app, "#hand"))
        text = screen_text(app)
        assert "Bot " not in text, text
        for line in ("#seats", "#status", "#hand", "#info"):
            assert ": " not in shown(app, line), (line, shown(app, line))
