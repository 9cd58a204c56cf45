"""Small words in Chromium (issue 43, item 6): a finished match's history and replay say
its bots in the reader's language as the table does, list cards and players as the
language lists them and label with its colon; adding a friend by a name nobody
registered says why and how to find a guest, in three languages."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from younuo.client import Client, Host, Rest, RoomSettingsPatch, run_bot

from .conftest import Pages
from .scenario import sign_in

ONE_ROUND = RoomSettingsPatch(seats=2, needed=2, options={"scoring": "single", "turn_seconds": 0})


def _decide(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """UNO when offered; on the turn the first play, else draw or pass."""
    uno = [a for a in legal if a["type"] == "uno"]
    if uno or view["current"] != view["player"]:
        return uno[0] if uno else None
    turn = [a for a in legal if a["type"] in ("play", "choose_color", "draw", "pass")]
    return turn[0] if turn else None


async def _a_match_against_a_bot(
    server: str, name: str, settings: RoomSettingsPatch = ONE_ROUND
) -> str:
    """A guest plays a match (one round unless ``settings`` say otherwise) against one
    server bot; the guest's token."""
    async with Rest(server) as rest:
        session = await rest.guest(name)
    client = Client(server, session.token, reconnect=None)
    await client.connect()
    await client.create_room(settings)
    await client.close()
    await run_bot(server, session.token, _decide, host=Host(bots=("easy",)))
    return session.token


def _as(page: Any, server: str, token: str, where: str) -> None:
    page.goto(f"{server}/#/")
    page.evaluate("(token) => localStorage.setItem('younuo.token', token)", token)
    page.goto(f"{server}/#/{where}")
    page.reload()


def test_history_and_replay_say_bots_in_the_readers_language(pages: Pages, server: str) -> None:
    # Played in a thread of its own: Playwright's sync API holds this thread's loop.
    match = asyncio.wait_for(_a_match_against_a_bot(server, "Hiro"), 90)
    with ThreadPoolExecutor(1) as pool:
        token = pool.submit(asyncio.run, match).result()
    page = pages.open(1280, 800, locale="zh-TW")
    _as(page, server, token, "profile")
    page.wait_for_selector("yn-profile .match-item")
    players = page.inner_text("yn-profile .match-item")
    assert "電腦咪咪" in players and "Bot Mimi" not in players, players
    assert "Hiro、電腦咪咪" in players or "電腦咪咪、Hiro" in players, players
    # Labels take the language's colon (得分：0), not an ASCII one.
    assert "得分：" in players and ": " not in players, players
    page.select_option("select[name=lang]", "zh-Hans")
    assert "电脑咪咪" in page.inner_text("yn-profile .match-item")
    page.click("yn-profile .match-item a.btn")
    page.wait_for_selector("yn-replay .replay-controls")
    page.wait_for_selector("yn-replay .rp-hands li")
    shown = page.inner_text("yn-replay .replay")
    assert "电脑咪咪" in shown and "Bot Mimi" not in shown, shown
    page.click("[data-key=rp-last]")
    step = page.inner_text("yn-replay .step-line")
    assert step.startswith("第 ") and "步：" in step and ": " not in step, step
    page.wait_for_function("document.querySelector('yn-replay .log') !== null")
    assert "Bot Mimi" not in page.inner_text("yn-replay .replay")
    # A card list in a sentence of the table's describer: joined with 、 in Chinese.
    joined = page.evaluate(
        "async () => { const i18n = await import('/js/i18n.js');"
        " const { describe } = await import('/js/parts/describe.js');"
        " const ev = { type: 'play', player: 'Ann', cards: ['R5', 'R5'] };"
        " const said = {};"
        " for (const lang of ['en', 'zh-Hant', 'zh-Hans']) {"
        "   i18n.setLanguage(lang); said[lang] = describe(ev, null); }"
        " return said; }"
    )
    # And the seat's last play (js/table/record.js), told to a screen reader.
    last = page.evaluate(
        "async () => { const i18n = await import('/js/i18n.js');"
        " const { playText } = await import('/js/table/record.js');"
        " i18n.setLanguage('zh-Hant'); return playText({ cards: ['R5', 'R5'], color: null }); }"
    )
    assert last == "紅色5、紅色5"
    assert joined == {
        "en": "Ann played Red 5, Red 5",
        "zh-Hant": "Ann出了紅色5、紅色5",
        "zh-Hans": "Ann出了红色5、红色5",
    }


@pytest.mark.parametrize(
    ("locale", "why"),
    [
        ("en-US", "Nobody is registered as “Nemo Nobody”. Guests cannot be found by name"),
        ("zh-TW", "沒有名為「Nemo Nobody」的註冊帳號。訪客無法用名稱找到"),
        ("zh-CN", "没有名为「Nemo Nobody」的注册账号。访客无法用名称找到"),
    ],
)
def test_a_friend_request_to_an_unknown_name_says_why(
    pages: Pages, server: str, locale: str, why: str
) -> None:
    page = pages.open(360, 640, locale=locale)
    sign_in(page, f"Asker {locale}")
    page.goto(f"{server}/#/friends")
    page.fill("#fr-name", "Nemo Nobody")
    page.click("[data-key=fr-go]")
    refused = page.locator("yn-friends [data-key=fr-refused]")
    refused.wait_for()
    assert refused.get_attribute("role") == "alert"
    assert refused.inner_text().startswith(why), refused.inner_text()
