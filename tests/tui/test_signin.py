"""Signing in at the terminal table against a real server: ``--name`` signs in at once
(not only filling the form in), a taken name says why and what to do, a registered
account signs in with its name and password, and a room made there gets the web's
casual 30 s turn clock."""

from __future__ import annotations

import asyncio

from server.harness import ServerProcess
from tui.driving import shown, until
from younuo.client import Rest
from younuo.tui.app import PlayApp
from younuo.tui.words import Lang, Words


def test_name_signs_in_at_once(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_name_signs_in(server), 60))


async def _name_signs_in(server: ServerProcess) -> None:
    app = PlayApp(server.http, lang="en", name="Quill")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.place == "lobby")  # no key pressed
        assert app.client is not None and app.client.account is not None
        assert app.client.account.name == "Quill"
        await pilot.press("c")
        await until(pilot, lambda: app.place == "room")
        room = app.client.room
        assert room is not None and room.settings.preset == "younuo"
        assert room.rules.get("turn_seconds") == 30  # the preset's own is 15


def test_a_taken_name_says_why_in_each_language(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_taken(server), 60))


async def _taken(server: ServerProcess) -> None:
    async with Rest(server.http) as rest:
        await rest.register("Owner", "a long secret")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        await _refused_as_taken(server, lang)


async def _refused_as_taken(server: ServerProcess, lang: Lang) -> None:
    app = PlayApp(server.http, lang=lang, name="Owner")
    async with app.run_test(size=(80, 24)) as pilot:
        taken = Words(lang)("tui.signin.taken")
        await until(pilot, lambda: shown(app, "#say") == taken)
        assert app.place == "signin"


def test_a_registered_account_signs_in_with_its_password(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_password(server), 60))


async def _password(server: ServerProcess) -> None:
    async with Rest(server.http) as rest:
        await rest.register("Keeper", "another secret")
    app = PlayApp(server.http, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Keeper", "tab", *"wrong secret", "enter")
        await until(pilot, lambda: shown(app, "#say") == Words("en")("err.bad_password"))
        assert app.place == "signin"
        app.screen.query_one("#password").value = ""  # type: ignore[attr-defined]
        await pilot.press(*"another secret", "enter")
        await until(pilot, lambda: app.place == "lobby")
        assert app.client is not None and app.client.account is not None
        assert app.client.account.name == "Keeper"
        assert app.client.account.guest is False
