"""The terminal table against a real server, by key presses alone (Textual's pilot,
at 80x24): sign in as a guest, create a room, add bots, start, play a whole match to
its end, back to the room; and the table coming back after a server restart."""

from __future__ import annotations

import asyncio

from server.harness import ServerProcess
from tui.driving import play_to_the_end, screen_text, shown, until
from younuo.client import RoomSettingsPatch
from younuo.tui.app import PlayApp

ONE_ROUND = RoomSettingsPatch(options={"scoring": "single"})


def test_a_whole_match_against_bots_by_keys(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_whole_match(server), 120))


async def _whole_match(server: ServerProcess) -> None:
    app = PlayApp(server.http, lang="en", create=ONE_ROUND)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Sign in" in screen_text(app)
        await pilot.press(*"Ann", "enter")
        await until(pilot, lambda: app.place == "lobby")
        assert "online as Ann" in shown(app, "#conn")
        await pilot.press("question_mark")
        await until(pilot, lambda: "Keys" in screen_text(app))
        await pilot.press("escape")
        await pilot.press("c")
        await until(pilot, lambda: app.place == "room")
        assert "one round" in shown(app, "#rules")
        await pilot.press("b")
        await until(pilot, lambda: "bot, easy" in shown(app, "#seats"))
        await pilot.press("f")  # fill with bots and start
        await until(pilot, lambda: app.place == "table")
        assert app.table is not None and app.table.me == "Ann"
        assert "Your hand" in shown(app, "#hand")
        presses = await play_to_the_end(pilot, app)
        assert presses > 0
        await until(pilot, lambda: "Match over" in shown(app, "#status"))
        assert "wins the match" in shown(app, "#log")
        await pilot.press("enter")
        await until(pilot, lambda: app.place == "room")
        await pilot.press("escape")  # leave the room
        await until(pilot, lambda: app.place == "lobby")
