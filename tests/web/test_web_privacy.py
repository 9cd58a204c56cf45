"""Your data and deleting your account in Chromium (issue 38, item 5): the own profile's
panel downloads the JSON file and deletes the account (a guest by its name; a registered
account also by its password), in Traditional Chinese and in English; afterwards the
browser is signed out and the old token opens nothing. A private room's match replays
for its player, and a stranger's viewer says there is no such match."""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .conftest import Pages
from .scenario import register, sign_in


def me_status(server: str, token: str) -> int:
    request = urllib.request.Request(
        f"{server}/api/me", headers={"Authorization": f"Bearer {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def toasts(page: Any) -> None:
    page.evaluate(
        "() => { window.__toasts = []; new MutationObserver(() => document.querySelectorAll("
        "'#toasts .toast').forEach((t) => window.__toasts.push(t.textContent)))"
        ".observe(document.getElementById('toasts'), { childList: true }); }"
    )


def test_a_guest_downloads_its_data_and_deletes_itself_in_chinese(
    pages: Pages, server: str, tmp_path: Path
) -> None:
    page = pages.open(360, 640, locale="zh-TW")
    sign_in(page, "Dora")
    token = str(page.evaluate("localStorage.getItem('younuo.token')"))
    assert me_status(server, token) == 200
    page.goto(f"{server}/#/profile")
    button = page.locator("[data-key=pf-download]")
    button.wait_for()
    assert button.inner_text() == "下載我的資料"
    with page.expect_download() as download:
        button.click()
    saved = tmp_path / "data.json"
    download.value.save_as(saved)
    assert download.value.suggested_filename.startswith("younuo-data-")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "younuo-data/1" and data["account"]["name"] == "Dora"

    toasts(page)
    page.click("[data-key=pf-delete]")
    page.fill("#pf-confirm", "dora")  # not the name as it is
    assert page.locator("#pf-dpass").count() == 0  # a guest has no password
    page.click("[data-key=pf-delete-go]")
    page.wait_for_function("() => window.__toasts.some((t) => t.includes('請照顯示的樣子'))")
    page.fill("#pf-confirm", "Dora")
    page.click("[data-key=pf-delete-go]")
    page.wait_for_function("() => window.__toasts.some((t) => t.includes('你的帳號已刪除'))")
    page.wait_for_selector("#guest-name")
    assert page.evaluate("window.younuo.store.account") is None
    assert me_status(server, token) == 401


def test_a_registered_account_needs_its_password_to_go(pages: Pages, server: str) -> None:
    page = pages.open(1280, 800)
    register(page, "Rhea Reg", "a long password 1")
    page.goto(f"{server}/#/profile")
    toasts(page)
    page.click("[data-key=pf-delete]")
    page.fill("#pf-confirm", "Rhea Reg")
    page.fill("#pf-dpass", "not the password")
    page.click("[data-key=pf-delete-go]")
    page.wait_for_function("() => window.__toasts.some((t) => t.includes('Wrong'))")
    page.fill("#pf-dpass", "a long password 1")
    page.click("[data-key=pf-delete-go]")
    page.wait_for_function(
        "() => window.__toasts.some((t) => t.includes('Your account is deleted.'))"
    )
    page.wait_for_selector("#guest-name")


def _store_private_match(data: Path, account: str) -> str:
    """An ended private room's match of ``account`` (seat Wen) and a bot, written to the
    test server's database as the match service writes one."""
    from younuo.engine import Game, Rules
    from younuo.store import Database
    from younuo.store.models import Match, MatchAction

    rules = Rules.from_preset("classic", scoring="single")
    game = Game.new(["Wen", "Bot"], rules, seed=11)
    actions: list[dict[str, Any]] = []
    while not game.is_over and len(actions) < 3000:
        player = game.current
        assert player is not None
        legal = game.legal_actions(player)
        chosen = next((a for a in legal if a.to_dict()["type"] == "play"), legal[0])
        game.apply(chosen)
        actions.append(chosen.to_dict())
    assert game.is_over
    match_id = "mprivwebtest01"

    async def main() -> None:
        db = Database.from_url(f"sqlite+aiosqlite:///{data / 'younuo.db'}")
        try:
            async with db.session() as s, s.begin():
                seats = [
                    {"name": "Wen", "kind": "human", "account": account},
                    {"name": "Bot", "kind": "bot", "account": None, "bot_level": "easy"},
                ]
                s.add(Match(id=match_id, room_id="rprivweb", status="over",
                            rules=rules.changes(), players=["Wen", "Bot"], teams=None, seed=11,
                            setup=None, seats=seats, control={"abandon": "bot", "seats": {}},
                            clock={}, version=len(actions), winner=game.snapshot()["match_winner"],
                            final=game.snapshot(), created_at=1.0, updated_at=2.0, ended_at=2.0,
                            private=True))  # fmt: skip
                await s.flush()
                for seq, action in enumerate(actions):
                    s.add(MatchAction(match_id=match_id, seq=seq, action=action,
                                      source="player", at=1.5))  # fmt: skip
        finally:
            await db.close()

    # Playwright's sync API holds this thread's event loop: the write runs in its own.
    thread = threading.Thread(target=lambda: asyncio.run(main()))
    thread.start()
    thread.join(30)
    return match_id


def test_a_private_match_s_replay_opens_for_its_player_only(
    pages: Pages, server: str, server_data: Path
) -> None:
    player = pages.open(1280, 800)
    sign_in(player, "Wen")
    account = str(player.evaluate("window.younuo.store.account.id"))
    match = _store_private_match(server_data, account)
    player.goto(f"{server}/#/replay/{match}")
    player.locator("yn-replay .replay-controls").wait_for()
    assert "Wen" in player.locator("yn-replay .replay").inner_text()

    stranger = pages.open(1280, 800, locale="zh-CN")
    sign_in(stranger, "Xu")
    stranger.goto(f"{server}/#/replay/{match}")
    refused = stranger.locator("yn-replay .error")
    refused.wait_for()
    assert refused.inner_text() == "找不到这场对局。"
    assert stranger.locator("yn-replay .replay-controls").count() == 0
