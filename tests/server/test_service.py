"""The match service without sockets (the master tested directly); the rooms' rules are
tests/server/test_rooms.py's."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import pytest

from younuo.engine import Action, ActionType, Game, Rules
from younuo.protocol.messages import ProtocolError
from younuo.server.match.clocks import Clock, advance
from younuo.server.match.kinds import SeatKind
from younuo.server.match.service import MatchService, SeatInfo
from younuo.server.realtime.connections import Hub
from younuo.server.settings import Settings as ServerSettings
from younuo.store import Database
from younuo.store import matches as repo

PLAYERS = ["ann", "bob", "cat"]
RULES = Rules.from_preset("younuo", turn_seconds=0, scoring="single")


def _to_catch_window(seed: int) -> list[Action] | None:
    """Actions from ``seed`` until someone holds one card without calling (R-UNO-2)."""
    game = Game.new(PLAYERS, RULES, seed=seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    while game.status == "playing" and len(actions) < 400:
        current = game.current
        assert current is not None
        legal = [
            a
            for a in game.legal_actions(current)
            if a.type
            in (ActionType.PLAY, ActionType.DRAW, ActionType.PASS, ActionType.CHOOSE_COLOR)
        ]
        action = rng.choice(legal)
        game.apply(action)
        actions.append(action)
        if game.view(None).exposed is not None:
            return actions
    return None


async def _service(tmp_path: Path, **settings: Any) -> tuple[MatchService, Database]:
    db = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'y.db'}", sqlite_synchronous="normal")
    await db.migrate()
    config = ServerSettings.load(data=tmp_path, bot_timing="none", **settings)
    return MatchService(db, Hub(), config), db


async def _start(service: MatchService, seed: int, seats: list[SeatInfo]) -> str:
    rt, row = service.prepare("rtest", seats, RULES, None, "leave", seed=seed)
    async with service.db.session() as s, s.begin():
        await repo.create(s, row)
    service.launch(rt)
    return rt.id


def test_r_uno_2_catch_grace_holds_the_next_action_and_lets_a_catch_in_first(
    tmp_path: Path,
) -> None:
    """R-UNO-2 with the server's catch grace: the next player's action, sent at once,
    waits until ``catch_until``; a catch sent after it but within the grace is applied
    first, and counts."""
    seed = next(s for s in range(200) if _to_catch_window(s))
    actions = _to_catch_window(seed)
    assert actions is not None

    async def main() -> None:
        service, db = await _service(tmp_path, catch_grace=0.4)
        match = await _start(
            service, seed, [SeatInfo(name=n, kind=SeatKind.HUMAN, account=f"a{n}") for n in PLAYERS]
        )
        for action in actions:
            await service.submit(match, action, "player")
        rt = service.runtimes[match]
        exposed = rt.game.view(None).exposed
        assert exposed is not None and rt.clock.catch_player == exposed
        opened = time.time()
        assert rt.clock.catch_until is not None and rt.clock.catch_until > opened
        nxt = rt.game.current
        assert nxt is not None
        catcher = next(n for n in PLAYERS if n not in (exposed, nxt)) if len(PLAYERS) > 2 else nxt
        closing = Action.draw(nxt)
        late = asyncio.create_task(service.submit(match, closing, "player"))
        await asyncio.sleep(0.1)
        assert not late.done()  # held by the grace
        await service.submit(match, Action.catch(catcher, exposed), "player")
        await late
        assert time.time() - opened >= 0.35
        log = [a.type for a in rt.game.history[-2:]]
        assert log == [ActionType.CATCH, ActionType.DRAW]
        await service.close()
        await db.close()

    asyncio.run(main())


def test_restore_rebuilds_a_running_match_from_the_database(tmp_path: Path) -> None:
    """A second service on the same database (a restarted server) restores the match:
    same version, same hands, the clocks read back as data, people marked away."""

    async def main() -> None:
        service, db = await _service(tmp_path)
        seats = [SeatInfo(name=n, kind=SeatKind.HUMAN, account=f"a{n}") for n in PLAYERS]
        match = await _start(service, 11, seats)
        rt = service.runtimes[match]
        for _ in range(6):
            current = rt.game.current
            assert current is not None
            turn = [
                a
                for a in rt.game.legal_actions(current)
                if a.type
                in (ActionType.PLAY, ActionType.DRAW, ActionType.PASS, ActionType.CHOOSE_COLOR)
            ]
            await service.submit(match, turn[0], "player")
        hands = {n: rt.game.hand(n) for n in PLAYERS}
        version = rt.version
        await service.close()
        await db.close()

        again, db2 = await _service(tmp_path, away_takeover=60)
        assert await again.restore() == 1
        back = again.runtimes[match]
        assert back.version == version and {n: back.game.hand(n) for n in PLAYERS} == hands
        assert all(back.control[n].away_until is not None for n in PLAYERS)
        with pytest.raises(ProtocolError) as refused:
            await again.submit(match, Action.uno("ann"), "player", version=version - 1)
        assert refused.value.code == "stale_version"
        await again.close()
        await db2.close()

    asyncio.run(main())


def test_every_person_leaving_abandons_the_match_and_rates_the_escape(tmp_path: Path) -> None:
    """R-LEAVE: the last person leaving a table of bots ends the match as abandoned;
    their escape penalty is recorded."""

    async def main() -> None:
        service, db = await _service(tmp_path)
        seats = [
            SeatInfo(name="ann", kind=SeatKind.HUMAN, account="aann"),
            SeatInfo(name="bot", kind=SeatKind.BOT, bot_level="easy"),
            SeatInfo(name="cat", kind=SeatKind.BOT, bot_level="easy"),
        ]
        match = await _start(service, 3, seats)
        await service.submit(match, Action.leave("ann"), "player")
        assert match not in service.runtimes
        async with db.session() as s:
            row = await repo.get(s, match)
            results = {r.name: r for r in await repo.results(s, match)}
        assert row is not None and row.status == "abandoned"
        assert results["ann"].left and results["ann"].rating_change < 0
        await service.close()
        await db.close()

    asyncio.run(main())


def test_r_time_clock_advances_only_on_a_new_turn_or_the_movers_action() -> None:
    """R-TIME: another player's UNO call or catch does not reset the turn clock; a new
    turn does; the last minute of a timed match gives 5-second turns."""
    rules = Rules.from_preset("younuo", turn_seconds=15, match_seconds=120)
    game = Game.new(PLAYERS, rules, seed=5)
    public = game.view(None)
    start = Clock(match_deadline=1000.0 + 120)
    first = advance(start, game, public, 1000.0, None, next_round_delay=5, catch_grace=1)
    assert first.turn_player == game.current and first.turn_deadline == 1015.0
    other = next(n for n in PLAYERS if n != game.current)
    same = advance(
        first, game, public, 1003.0, Action.uno(other), next_round_delay=5, catch_grace=1
    )
    assert same.turn_deadline == 1015.0
    late = advance(
        Clock(match_deadline=1100.0), game, public, 1050.0, None, next_round_delay=5, catch_grace=1
    )
    assert late.turn_deadline == 1055.0


def test_r_time_one_timer_per_match_follows_the_turn_clock(tmp_path: Path) -> None:
    """R-TIME through the match's one timer: each move sets it to the new turn deadline
    (no task waits per match), and when the deadline passes it times the player out."""

    async def main() -> None:
        service, db = await _service(tmp_path)
        rules = Rules.from_preset("younuo", turn_seconds=1, scoring="single")
        seats = [SeatInfo(name=n, kind=SeatKind.HUMAN, account=f"a{n}") for n in PLAYERS]
        rt, row = service.prepare("rtest", seats, rules, None, "leave", seed=3)
        async with service.db.session() as s, s.begin():
            await repo.create(s, row)
        service.launch(rt)
        assert rt.timer is not None and rt.firing is None
        assert rt.armed_at == rt.clock.turn_deadline
        current = rt.game.current
        assert current is not None
        await service.submit(rt.id, Action.draw(current), "player")
        assert rt.armed_at == rt.clock.turn_deadline and rt.timer is not None
        version, mover = rt.version, rt.game.current
        deadline = time.time() + 5
        while rt.version == version and time.time() < deadline:
            await asyncio.sleep(0.05)
        assert rt.game.history[-1].type is ActionType.TIMEOUT
        assert rt.game.history[-1].player == mover
        assert rt.armed_at == rt.clock.turn_deadline and rt.firing is None
        await service.close()
        assert rt.timer is None
        await db.close()

    asyncio.run(main())
