"""The client through a server crash and a server restart: the match resumes and ends.

Its own server (the other tests' is left alone): killed with SIGKILL mid-match and
started again on the same data, then stopped with SIGTERM (close code 1012) and
started again. ``away_takeover`` is long, so the seat waits for the remote bot rather
than being played by a server bot meanwhile: every move after a restart is its own.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from server.harness import ServerProcess, free_port
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


def test_the_match_resumes_after_a_kill_9_and_a_restart(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", env={"YOUNUO_AWAY_TAKEOVER": "120"})
    server.start()
    try:
        asyncio.run(asyncio.wait_for(_play_through_restarts(server), 150))
    finally:
        server.stop()


async def _play_through_restarts(server: ServerProcess) -> None:
    async with Rest(server.http) as rest:
        token = (await rest.guest("Phoenix")).token
    bot = LevelBot("normal", seed=3)
    moves: list[int] = []  # one entry per turn action the bot decided
    states: list[State] = []
    versions = [0]  # the versions of the match seen, in order
    crash = asyncio.Event()

    async def decide(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        choice = await bot.decide(view, legal)
        if choice is not None and view["current"] == view["player"]:
            moves.append(len(moves))
            if len(moves) in (3, 9):
                crash.set()
        return choice

    def observe(frame: State | Update) -> None:
        if isinstance(frame, State):
            states.append(frame)
        versions.append(frame.version)
        bot.observe(frame)

    # The first address is down: the client goes on to the next (and after each drop
    # tries the lost one first, then this one, in turn).
    nowhere = f"http://127.0.0.1:{free_port()}"
    playing = asyncio.create_task(
        run_bot(
            [nowhere, server.http],
            token,
            decide,
            observe=observe,
            quick_match="classic",
            host=Host(
                bots=("normal",),
                # A whole match to 500 points: rounds enough to outlast both crashes.
                settings=RoomSettingsPatch(needed=2, options={"turn_seconds": 0}),
            ),
            reconnect=Reconnect(base=0.1, cap=0.5),
        )
    )
    for stop in (server.kill9, server.sigterm):
        await asyncio.wait(
            {asyncio.ensure_future(crash.wait()), playing},
            timeout=60,
            return_when=asyncio.FIRST_COMPLETED,
        )
        assert crash.is_set() and not playing.done(), "the match ended before the crash"
        crash.clear()
        count = len(states)
        stop()
        await asyncio.to_thread(server.wait, 20)
        await asyncio.to_thread(server.start)
        # The bot comes back by itself (a new state of the same match) and plays on:
        # the match moves past that state (or ends: it may have been a move from over).
        while len(states) <= count or versions[-1] <= states[count].version:
            if playing.done():
                assert len(states) > count, "the bot did not come back"
                break
            await asyncio.sleep(0.1)
    result = await asyncio.wait_for(playing, 60)
    assert result.status == "over" and "Phoenix" in {r.name for r in result.results}
    assert {s.match for s in states} == {result.match}
    assert len(states) >= 3  # the start, then one after each restart
    assert len(moves) >= 9
