"""Bots at human pace (``bot_timing = "human"``): a bot's report of a forgotten UNO
waits out the people's catch grace, and a forgetful bot can be reported (R-UNO-2,
docs/bots.md *Timing*). Small settings keep it quick: a 0.5 s grace, quick bots."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from pathlib import Path
from typing import Any

from younuo.bots import HUMAN, Bot, Timing, make_bot
from younuo.engine import Action, ActionType, Card, Rules
from younuo.protocol.messages import ProtocolError
from younuo.server.match.clocks import bot_wait
from younuo.server.match.kinds import SeatKind
from younuo.server.match.service import MatchService, SeatInfo
from younuo.server.realtime.connections import Hub
from younuo.server.settings import Settings as ServerSettings
from younuo.store import Database
from younuo.store import matches as repo

RULES = Rules.from_preset("classic", turn_seconds=0, scoring="single")
GRACE = 0.5
TURN = (ActionType.PLAY, ActionType.DRAW, ActionType.PASS, ActionType.CHOOSE_COLOR)


def test_bot_wait_holds_a_catch_until_the_grace_is_over() -> None:
    """A catch waits for ``catch_until`` even when the bot reacts sooner; a slower bot
    keeps its own delay; other actions, and a catch with no grace running, keep theirs."""
    catch = Action.catch("cat", "ann")
    assert bot_wait(catch, 0.1, 100.0, 101.0) == 1.0
    assert bot_wait(catch, 1.5, 100.0, 101.0) == 1.5
    assert bot_wait(catch, 0.1, 100.0, None) == 0.1
    assert bot_wait(catch, 0.1, 102.0, 101.0) == 0.1
    assert bot_wait(Action.play("cat", Card.parse("R5")), 0.1, 100.0, 101.0) == 0.1
    assert bot_wait(Action.uno("cat"), -1.0, 100.0, 101.0) == 0.0


def _maker(forget: float) -> Any:
    def make(level: str, seed: int, timing: Any) -> Bot:
        assert timing == "human"  # the service asks for human pace
        quick = Timing(catch=(0.02, 0.05), uno_call=(0.02, 0.05), forget_uno=forget)
        return make_bot(level, seed=seed, timing=quick)

    return make


async def _service(tmp_path: Path, forget: float) -> tuple[MatchService, Database]:
    db = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'y.db'}", sqlite_synchronous="normal")
    await db.migrate()
    config = ServerSettings.load(data=tmp_path, bot_timing="human", catch_grace=GRACE)
    return MatchService(db, Hub(), config, _maker(forget)), db


async def _start(service: MatchService, seed: int) -> str:
    seats = [
        SeatInfo(name="ann", kind=SeatKind.HUMAN, account="aann"),
        SeatInfo(name="bob", kind=SeatKind.HUMAN, account="abob"),
        SeatInfo(name="cat", kind=SeatKind.BOT, bot_level="normal"),
    ]
    rt, row = service.prepare(f"r{seed}", seats, RULES, None, "leave", seed=seed)
    async with service.db.session() as s, s.begin():
        await repo.create(s, row)
    service.launch(rt)
    return rt.id


async def _play_until_exposed(service: MatchService, who: set[str]) -> tuple[str, str]:
    """Matches where the people play at random (never calling UNO), until one of
    ``who`` holds one card without having called: the match and that player."""
    for seed in range(30):
        match = await _start(service, seed)
        exposed = await _play(service, match, who)
        if exposed is not None:
            return match, exposed
    raise AssertionError("nobody was open to a catch")


async def _play(service: MatchService, match: str, who: set[str]) -> str | None:
    rt = service.runtimes[match]
    rng = random.Random(7)
    for _ in range(2000):
        exposed = rt.game.view(None).exposed
        if exposed in who:
            return exposed
        if rt.game.status != "playing":
            break
        current = rt.game.current
        if current in ("ann", "bob") and rt.clock.catch_until is None:
            legal = [a for a in rt.game.legal_actions(current) if a.type in TURN]
            if legal:
                # Refused when the bot moved first (a jump-in): look again.
                with contextlib.suppress(ProtocolError):
                    await service.submit(match, rng.choice(legal), "player")
                continue
        await asyncio.sleep(0.01)
    return None


def test_a_bots_report_comes_no_sooner_than_the_catch_grace(tmp_path: Path) -> None:
    """A person forgets UNO; the bot (reacting in 0.05 s) reports them only once the
    people's grace is over, and its report counts."""

    async def main() -> None:
        service, db = await _service(tmp_path, 0.0)
        match, exposed = await _play_until_exposed(service, {"ann", "bob"})
        rt = service.runtimes[match]
        until = rt.clock.catch_until
        assert until is not None
        caught = len([a for a in rt.game.history if a.type is ActionType.CATCH])
        await asyncio.sleep(max(0.0, until - 0.05 - time.time()))
        assert len([a for a in rt.game.history if a.type is ActionType.CATCH]) == caught
        for _ in range(300):
            if rt.game.history and rt.game.history[-1].type is ActionType.CATCH:
                break
            await asyncio.sleep(0.01)
        catch = [a for a in rt.game.history if a.type is ActionType.CATCH][-1]
        assert (catch.player, catch.target) == ("cat", exposed)
        assert time.time() >= until
        await service.close()
        await db.close()

    asyncio.run(main())


def test_a_bot_that_forgot_uno_can_be_reported_by_a_person(tmp_path: Path) -> None:
    """A bot that forgets (``forget_uno`` 1) goes down to one card silently: the
    window opens on it and a person's catch counts (R-UNO-2)."""

    async def main() -> None:
        service, db = await _service(tmp_path, 1.0)
        match, exposed = await _play_until_exposed(service, {"cat"})
        rt = service.runtimes[match]
        assert exposed == "cat"
        catcher = next(
            n for n in ("ann", "bob") if Action.catch(n, "cat") in rt.game.legal_actions(n)
        )
        await service.submit(match, Action.catch(catcher, "cat"), "player")
        assert rt.game.history[-1] == Action.catch(catcher, "cat")
        assert len(rt.game.view("cat").hand) > 1
        await service.close()
        await db.close()

    asyncio.run(main())


def test_a_bot_playing_for_a_person_never_forgets_uno(tmp_path: Path) -> None:
    """A bot seat forgets as its level does; the bot that plays a person's seat
    (auto-play, away) waits like a person but never forgets: the person would pay."""

    async def main() -> None:
        db = Database.from_url(
            f"sqlite+aiosqlite:///{tmp_path / 'y.db'}", sqlite_synchronous="normal"
        )
        await db.migrate()
        config = ServerSettings.load(data=tmp_path, bot_timing="human")
        service = MatchService(db, Hub(), config)
        match = await _start(service, 1)
        rt = service.runtimes[match]
        seat_bot, person = service.driver.bot(rt, "cat").bot, service.driver.bot(rt, "ann").bot
        assert seat_bot.timing == HUMAN["normal"] and seat_bot.timing.forget_uno > 0
        assert person.timing.forget_uno == 0.0
        assert person.timing.think == HUMAN["normal"].think
        await service.close()
        await db.close()

    asyncio.run(main())
