"""Leaving the terminal table says what it costs, before and after (issue 43, R-LEAVE):
Q asks and quotes the escape penalty for the hand held, Y leaves and the screen the
player lands on says what the escape took; any other key keeps the seat."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from server.harness import ServerProcess
from tui.driving import shown, until
from tui.tables import picture
from younuo.client import RoomSettingsPatch
from younuo.engine import Card, Game, Rules, hand_points
from younuo.engine.rating import escape_penalty
from younuo.tui.app import PlayApp
from younuo.tui.tablemodel import Line, TableModel


def _cost(model: TableModel) -> dict[str, int]:
    points = hand_points([Card.parse(c) for c in model.hand])
    return {"points": points, "penalty": -escape_penalty(points)[0]}


def test_q_asks_with_the_cost_and_only_y_leaves() -> None:
    game = Game.new(["ann", "bob", "cat"], Rules.from_preset("classic"), seed=3)
    model = TableModel(picture(game, "ann"))
    asked = model.press("q")
    assert asked.send is None and asked.leave is None
    assert asked.say == Line("tui.table.leave_q", _cost(model))
    assert _cost(model)["penalty"] > 0
    kept = asked.model.press("d")  # not a draw: the question is answered first
    assert kept.send is None and kept.leave is None and kept.model.leaving is None
    assert kept.say == Line("tui.table.leave_kept")
    left = asked.model.press("y")
    assert left.leave == Line("tui.table.left_cost", _cost(model))
    assert left.model.leaving is None and left.send is None


def test_a_spectator_leaves_at_once_for_nothing() -> None:
    game = Game.new(["ann", "bob", "cat"], Rules.from_preset("classic"), seed=3)
    watching = TableModel(replace(picture(game, "ann"), you=None))
    step = watching.press("q")
    assert step.leave == Line("tui.table.left") and step.say is None


def test_the_terminal_table_leaves_and_says_what_it_took(server: ServerProcess) -> None:
    asyncio.run(asyncio.wait_for(_leave(server), 90))


async def _leave(server: ServerProcess) -> None:
    create = RoomSettingsPatch(options={"scoring": "single"})
    app = PlayApp(server.http, lang="zh-Hant", create=create)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Quitter", "enter")
        await until(pilot, lambda: app.place == "lobby")
        await pilot.press("c")
        await until(pilot, lambda: app.place == "room")
        await pilot.press("b")
        await until(
            pilot,
            lambda: (
                app.client is not None
                and app.client.room is not None
                and sum(s is not None for s in app.client.room.seats) == 2
            ),
        )
        await pilot.press("f")
        await until(pilot, lambda: app.place == "table")
        await until(pilot, lambda: app.table is not None and len(app.table.hand) > 0)
        await pilot.press("q")
        assert app.table is not None
        cost = _cost(app.table)
        await until(pilot, lambda: "逃跑扣" in shown(app, "#say"))
        asked = shown(app, "#say")
        assert f"{cost['penalty']} 積分" in asked and f"{cost['points']} 點" in asked
        await pilot.press("y")
        # The bots are left alone: the match ends (abandoned) and its results show the
        # escape; the notice says the same, on the screen the player is on.
        await until(pilot, lambda: "你已離開" in shown(app, "#say"))
        told = shown(app, "#say")
        assert f"{cost['penalty']} 積分" in told and f"{cost['points']} 點" in told
        await until(pilot, lambda: app.results is not None)
        assert app.results is not None
        mine = [r for r in app.results.results if r.name == "Quitter"]
        assert [(r.left, r.rating_change) for r in mine] == [(True, -cost["penalty"])]
        assert "Q 離開" in app.words("tui.table.keys")
