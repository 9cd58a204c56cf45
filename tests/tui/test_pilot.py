"""The terminal table against a real server, by key presses alone (Textual's pilot,
at 80x24): sign in as a guest, create a room, add bots, start, play a whole match to
its end, back to the room; and the table coming back after a server restart."""

from __future__ import annotations

import asyncio
from typing import Any

from server.harness import ServerProcess
from tui.driving import fits, play_to_the_end, screen_text, shown, until
from younuo.client import Client, Host, Rest, RoomSettingsPatch, run_bot
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
        # The room rule (docs/protocol.md §2): its socket moved to /ws?room=ID, unseen.
        client = app.client
        assert client is not None and client.room is not None
        await until(pilot, lambda: client.route == client.room.id if client.room else False)
        assert client.moves == 1 and "online as Ann" in shown(app, "#conn")
        assert "one round" in shown(app, "#rules")
        await until(pilot, lambda: fits(app))
        await pilot.press("b")
        await until(pilot, lambda: "bot, easy" in shown(app, "#seats"))
        await pilot.press("f")  # fill with bots and start
        await until(pilot, lambda: app.place == "table")
        assert app.table is not None and app.table.me == "Ann"
        await until(pilot, lambda: "Your hand" in shown(app, "#hand"))
        await until(pilot, lambda: fits(app), timeout=2)  # the whole table on 80x24
        presses = await play_to_the_end(pilot, app)
        assert presses > 0
        await until(pilot, lambda: "Match over" in shown(app, "#status"))
        assert "wins the match" in shown(app, "#log")
        await pilot.press("enter")
        await until(pilot, lambda: app.place == "room")
        await pilot.press("escape")  # leave the room
        await until(pilot, lambda: app.place == "lobby")


def test_a_match_with_another_person_joined_by_code(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_with_another_person(server), 120))


async def _with_another_person(server: ServerProcess) -> None:
    """Another person (a program on the client library, as the web table speaks the
    same protocol) hosts a private room; the terminal player joins it by its code
    (J), says ready (R) and plays the match out with them and a bot."""
    async with Rest(server.http) as rest:
        token = (await rest.guest("Web Wendy")).token
    settings = RoomSettingsPatch(private=True, needed=3, options={"scoring": "single"})
    async with Client(server.http, token) as host:
        room = await host.create_room(settings)
    assert room.code is not None

    def decide(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        turn = [a for a in legal if a["type"] in ("play", "choose_color", "draw", "pass")]
        uno = [a for a in legal if a["type"] == "uno"]
        return uno[0] if uno else (turn[0] if turn and view["current"] == view["player"] else None)

    wendy = asyncio.create_task(run_bot(server.http, token, decide, host=Host(bots=("easy",))))
    app = PlayApp(server.http, lang="zh-Hans")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Tom", "enter")
        await until(pilot, lambda: app.place == "lobby")
        await pilot.press("j", *room.code, "enter")
        await until(pilot, lambda: app.place == "room")
        assert "Web Wendy" in shown(app, "#seats")
        await pilot.press("r")
        await until(pilot, lambda: app.place == "table", timeout=30)
        assert app.table is not None
        assert {"Web Wendy", "Tom"} <= set(app.table.view["players"])
        await play_to_the_end(pilot, app)
        await until(pilot, lambda: "比赛结束" in shown(app, "#status"))
        result = await wendy
        assert result.match == app.table.match.id
        assert {r.name for r in result.results} >= {"Web Wendy", "Tom"}
