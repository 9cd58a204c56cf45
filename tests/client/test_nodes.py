"""The client on a deployment of two nodes (docs/scaling.md): it follows the match.

One PostgreSQL, one Redis, two real nodes (tests/cluster's services). A remote bot is
given both nodes' addresses and plays a match hosted on n0. n0 is killed (kill -9):
the bot's connection is lost, it tries n0 again, then n1, which has taken the match
over, and plays on. n0 comes back; n1 is stopped (SIGTERM): it hands the match back
and closes with 1012, and the bot goes at once to the next address, n0. The match
ends with the bot in its seat.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cluster.deployment import Deployment
from cluster.services import PostgresServer, RedisServer
from younuo.client import (
    Host,
    LevelBot,
    Reconnect,
    Rest,
    RoomSettingsPatch,
    State,
    Update,
    run_bot,
)


@pytest.fixture
def nodes(tmp_path: Path) -> Iterator[Deployment]:
    with PostgresServer() as pg, RedisServer() as redis:
        url = asyncio.run(pg.fresh_database("client"))
        # A long away_takeover: while the bot reconnects, no server bot plays its seat.
        deployment = Deployment(tmp_path, url, redis, 2, env={"YOUNUO_AWAY_TAKEOVER": "120"})
        deployment.start()
        try:
            yield deployment
        finally:
            deployment.stop()


def test_a_bot_follows_its_match_from_node_to_node(nodes: Deployment) -> None:
    asyncio.run(asyncio.wait_for(_play_across_nodes(nodes), 150))


async def _play_across_nodes(nodes: Deployment) -> None:
    n0, n1 = nodes.nodes
    async with Rest(n0.http) as rest:
        token = (await rest.guest("Nomad")).token
    bot = LevelBot("normal", seed=5)
    moves: list[int] = []
    states: list[State] = []
    versions = [0]  # the versions of the match seen, in order
    turn = asyncio.Event()  # set at the bot's turn action number ``step_at``
    step_at = [3]
    going = asyncio.Event()  # cleared: the bot waits (and so does the match, at its turn)
    going.set()

    async def decide(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        await going.wait()
        choice = await bot.decide(view, legal)
        if choice is not None and view["current"] == view["player"]:
            moves.append(len(moves))
            if len(moves) == step_at[0]:
                turn.set()
        return choice

    def observe(frame: State | Update) -> None:
        if isinstance(frame, State):
            states.append(frame)
        versions.append(frame.version)
        bot.observe(frame)

    playing = asyncio.create_task(
        run_bot(
            [n0.http, n1.http],
            token,
            decide,
            observe=observe,
            quick_match="classic",
            host=Host(
                bots=("normal",),
                settings=RoomSettingsPatch(needed=2, options={"turn_seconds": 0}),
            ),
            reconnect=Reconnect(base=0.1, cap=0.5),
        )
    )

    async def after(step: int) -> None:
        waiting = {asyncio.ensure_future(turn.wait()), playing}
        await asyncio.wait(waiting, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        assert turn.is_set() and not playing.done(), f"the match ended before step {step}"
        turn.clear()

    async def plays_on() -> None:
        """Until the bot is back (a new ``state``: frames read before the crash may still
        be on their way to it) and the match has moved past it (or ended)."""
        count = len(states)
        while len(states) <= count or versions[-1] <= states[count].version:
            if playing.done():
                assert len(states) > count, "the bot did not come back"
                return
            await asyncio.sleep(0.1)

    await after(1)
    match = states[-1].match
    assert nodes.running_on(match) == "n0"
    n0.kill9()
    await plays_on()  # on n1, which took the match over
    assert nodes.running_on(match) == "n1" or playing.done()
    going.clear()  # the match waits for the bot while n0 starts again
    await asyncio.to_thread(nodes.start, 0)
    step_at[0] = len(moves) + 3
    going.set()
    await after(2)
    n1.sigterm()  # hands the match to n0, then 1012
    await plays_on()
    assert nodes.running_on(match) == "n0" or playing.done()
    result = await asyncio.wait_for(playing, 60)
    assert result.match == match and "Nomad" in {r.name for r in result.results}
    assert len(states) >= 3  # the start, then one on each node it went to
