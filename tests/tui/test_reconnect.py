"""The terminal table through a server crash: killed with SIGKILL mid-match and started
again on the same data, the app says it is reconnecting, comes back by itself (the
client library's reconnect), shows the same match's table again and plays it to the
end. Its own server (the other tests' is left alone); ``away_takeover`` is long, so
the seat waits for the player rather than a server bot taking it meanwhile."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server.harness import ServerProcess
from tui.driving import fits, play_to_the_end, shown, until
from younuo.client import Reconnect, RoomSettingsPatch
from younuo.tui.app import PlayApp


def test_the_table_comes_back_after_the_server_restarts(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", env={"YOUNUO_AWAY_TAKEOVER": "120"})
    server.start()
    try:
        asyncio.run(asyncio.wait_for(_through_a_restart(server), 150))
    finally:
        server.stop()


async def _through_a_restart(server: ServerProcess) -> None:
    create = RoomSettingsPatch(needed=2, options={"scoring": "single", "turn_seconds": 0})
    app = PlayApp(
        server.http, lang="zh-Hant", create=create, reconnect=Reconnect(base=0.1, cap=0.5)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Phoenix", "enter")
        await until(pilot, lambda: app.place == "lobby")
        await pilot.press("c")
        await until(pilot, lambda: app.place == "room")
        await pilot.press("f")
        await until(pilot, lambda: app.place == "table")
        assert app.table is not None
        match = app.table.match.id
        assert "你的手牌" in shown(app, "#hand")
        await until(pilot, lambda: fits(app), timeout=2)

        server.kill9()
        await until(pilot, lambda: "正在重新連線" in shown(app, "#conn"))
        await asyncio.to_thread(server.start)
        await until(pilot, lambda: "已上線" in shown(app, "#conn"), timeout=30)
        await until(pilot, lambda: app.place == "table" and app.table is not None)
        assert app.table is not None and app.table.match.id == match
        assert "你的手牌" in shown(app, "#hand")
        await play_to_the_end(pilot, app)
        await until(pilot, lambda: "比賽結束" in shown(app, "#status"))
