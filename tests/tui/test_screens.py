"""The screens that need no server, in each language at 80x24: the sign-in form, a
refused sign-in (no server listening), and the help over it, opened and closed by key."""

from __future__ import annotations

import asyncio

import pytest

from server.harness import free_port
from tui.driving import screen_text, shown, until
from younuo.tui.app import PlayApp
from younuo.tui.words import LANGS, Lang, Words


@pytest.mark.parametrize("lang", LANGS)
def test_sign_in_and_help_in_each_language(lang: Lang) -> None:
    asyncio.run(asyncio.wait_for(_sign_in_and_help(lang), 30))


async def _sign_in_and_help(lang: Lang) -> None:
    words = Words(lang)
    app = PlayApp(f"http://127.0.0.1:{free_port()}", lang=lang, reconnect=None)
    async with app.run_test(size=(80, 24)) as pilot:
        assert words("signin.login") in screen_text(app)
        assert words("tui.signin.hint") in screen_text(app)
        await pilot.press("enter")  # nothing typed
        await until(pilot, lambda: shown(app, "#say") == words("tui.signin.need"))
        await pilot.press(*"Ann", "enter")  # nobody listens there
        prefix = words("tui.error.unreachable", reason="").strip()
        await until(pilot, lambda: shown(app, "#say").startswith(prefix))
        assert app.place == "signin"
        app.screen.set_focus(None)
        await pilot.press("question_mark")
        await until(pilot, lambda: words("tui.help.colours") in screen_text(app))
        assert words("tui.help.play") in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: words("tui.help.colours") not in screen_text(app))
