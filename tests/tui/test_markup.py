"""Server text is never Textual markup in the terminal table (issue 38, section 4): a
room named ``[/x]`` does not crash the lobby, ``[@click=...]`` makes no link, and
names, rooms and messages show exactly as they were typed, on every screen
(docs/security.md, "Smaller defences"). Driven by Textual's pilot against a real
server, the other people being programs on the client library."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList, Static

from server.harness import ServerProcess
from tui.driving import keys_for, until
from younuo.client import Client, Host, Rest, RoomSettingsPatch, run_bot
from younuo.tui.app import PlayApp
from younuo.tui.plain import Plain
from younuo.tui.screens.help import HelpScreen

CLOSING = "[/x]"
"""A closing tag with nothing open: a markup error wherever it is parsed."""
ACTION = "[@click=app.quit]Go[/]"
"""A link that quits the app when clicked, and shows as ``Go`` where it is parsed."""
BOLD = "[b]Me[/b]"
"""A player's name that would show as a bold ``Me`` where it is parsed."""


def drawn(app: PlayApp, selector: str) -> str:
    """What a widget of the screen on show draws now, line by line, as plain text."""
    widget = app.screen.query_one(selector, Widget)
    width, height = widget.size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height)))


async def _open_room(hosts: contextlib.AsyncExitStack, url: str, name: str, guest: str) -> None:
    """A listed room named ``name``, hosted by a new guest ``guest`` who stays connected
    until ``hosts`` closes (the lobby lists only rooms whose host is connected)."""
    async with Rest(url) as rest:
        token = (await rest.guest(guest)).token
    host = await hosts.enter_async_context(Client(url, token))
    await host.create_room(RoomSettingsPatch(name=name))


def test_the_lobby_shows_room_names_as_typed(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_lobby(server), 60))


async def _lobby(server: ServerProcess) -> None:
    async with contextlib.AsyncExitStack() as hosts:
        await _open_room(hosts, server.http, CLOSING, "Closer")
        await _open_room(hosts, server.http, ACTION, "Clicker")
        await _lobby_shows_them(server)


async def _lobby_shows_them(server: ServerProcess) -> None:
    app = PlayApp(server.http, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*BOLD, "enter")
        await until(pilot, lambda: app.place == "lobby")
        await until(pilot, lambda: CLOSING in drawn(app, "#rooms"))
        await until(pilot, lambda: ACTION in drawn(app, "#rooms"))
        assert f"online as {BOLD}" in drawn(app, "#conn")
        assert BOLD in drawn(app, "#me")
        # The would-be link: a click on it (the room's row) selects the room, no more.
        listing = drawn(app, "#rooms").splitlines()
        row = next(i for i, line in enumerate(listing) if ACTION in line)
        column = listing[row].index(ACTION) + ACTION.index("Go")
        await pilot.click("#rooms", offset=(column, row))
        await until(pilot, lambda: app.place == "room")
        await until(pilot, lambda: ACTION in drawn(app, "#title"))  # the room's own screen
        assert app.is_running and app.return_code is None


def test_rooms_and_tables_show_names_as_typed(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_room_and_table(server), 120))


async def _room_and_table(server: ServerProcess) -> None:
    """A host named like a link hosts a private room named like broken markup; the
    terminal player joins it by code and plays the match out: the names show as typed
    in the room's title and seats, at the table and in the results."""
    host_name = "[@click=app.quit]W"
    room_name = f"{CLOSING} [b]room"
    async with Rest(server.http) as rest:
        token = (await rest.guest(host_name)).token
    settings = RoomSettingsPatch(
        name=room_name, private=True, needed=2, options={"scoring": "single"}
    )
    async with Client(server.http, token) as host:
        room = await host.create_room(settings)
    assert room.code is not None

    def decide(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        turn = [a for a in legal if a["type"] in ("play", "choose_color", "draw", "pass")]
        uno = [a for a in legal if a["type"] == "uno"]
        return uno[0] if uno else (turn[0] if turn and view["current"] == view["player"] else None)

    other = asyncio.create_task(run_bot(server.http, token, decide, host=Host()))
    app = PlayApp(server.http, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*CLOSING, "enter")
        await until(pilot, lambda: app.place == "lobby")
        await pilot.press("j", *room.code, "enter")
        await until(pilot, lambda: app.place == "room")
        await until(pilot, lambda: host_name in drawn(app, "#seats"))
        await until(pilot, lambda: room_name in drawn(app, "#title"))
        assert f"{CLOSING}  (you" in drawn(app, "#seats")
        await pilot.press("r")
        await until(pilot, lambda: app.place == "table", timeout=30)
        await until(pilot, lambda: host_name in drawn(app, "#seats"))
        seen: set[str] = set()
        deadline = asyncio.get_running_loop().time() + 90
        while app.results is None:
            assert asyncio.get_running_loop().time() < deadline, "the match did not end"
            for line in ("#status", "#log", "#info"):
                if host_name in drawn(app, line):
                    seen.add(line)
            model = app.table
            keys = keys_for(model) if model is not None else []
            await (pilot.press(*keys) if keys else pilot.pause(0.05))
            await pilot.pause(0.05)
        await until(pilot, lambda: "Match over" in drawn(app, "#status"))
        # Issue 43, item 5: each person's skill and its change beside the level points.
        assert app.results is not None
        mine = next(r for r in app.results.results if r.account is not None and r.name == CLOSING)
        assert mine.skill is not None and mine.skill_change is not None
        assert f"skill {mine.skill} ({mine.skill_change:+d})" in drawn(app, "#log")
        # What they did, told in the log: the name as typed (whose turn it is shows
        # too, for the instant a program takes to move).
        assert "#log" in seen, seen
        assert host_name in drawn(app, "#log") or CLOSING in drawn(app, "#log")
        assert app.is_running and app.return_code is None
        await other


def test_every_line_of_every_screen_is_plain(server: ServerProcess) -> None:
    """The class, not the examples: every text widget the table's screens make reads
    no markup, except the help's (the language table's sentences alone)."""
    asyncio.run(asyncio.wait_for(_every_screen(server), 60))


async def _every_screen(server: ServerProcess) -> None:
    app = PlayApp(server.http, lang="en")
    checked: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:

        def audit() -> None:
            screen = app.screen
            for widget in screen.query(Static):
                if isinstance(screen, HelpScreen):
                    continue
                assert isinstance(widget, Plain), (type(screen).__name__, widget)
            for listing in screen.query(OptionList):
                # OptionList keeps its markup switch private; it has no public reader.
                assert not listing._markup, (type(screen).__name__, listing)
            checked.add(type(screen).__name__)

        audit()
        await pilot.press(*"Auditor", "enter")
        await until(pilot, lambda: app.place == "lobby")
        audit()
        await pilot.press("c")
        await until(pilot, lambda: app.place == "room")
        audit()
        await pilot.press("f")
        await until(pilot, lambda: app.place == "table")
        audit()
    assert checked == {"SignInScreen", "LobbyScreen", "RoomScreen", "TableScreen"}
