"""Bots driving a match's seats: a bot seat, and a person's seat on auto-play, away or
kept for a bot.

After every committed change each bot-driven seat sees what happened and, when it may
act, decides in a worker thread (:mod:`.bots`) and sends its action through the match's
one path; each seat's newest decision replaces the one it was about to send.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import zlib
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, Protocol

from younuo.bots import Bot, Timing, human_timing, make_bot
from younuo.bots.base import TURN_TYPES
from younuo.engine import Action, ActionType, Event, PlayerView
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError
from younuo.server.match.bots import BotMaker, BotSeat
from younuo.server.match.clocks import bot_wait
from younuo.server.match.kinds import MatchStatus, SeatKind, Source
from younuo.server.match.runtime import Runtime

log = logging.getLogger(__name__)

AUTOPLAY_LEVEL = "normal"
"""R-TIME: the bot that plays for a person on auto-play or away."""

NOT_FOR_BOTS = frozenset({ActionType.LEAVE, ActionType.NEXT_ROUND})
"""Actions a bot never chooses: leaving, and the server's next deal."""


class Submit(Protocol):
    """The match's one path for a bot's action (:meth:`.service.MatchService.submit`)."""

    async def __call__(
        self,
        match_id: str,
        action: Action,
        source: Source | str,
        *,
        version: int | None = None,
        strict: bool = False,
    ) -> int | None: ...


class BotDriver:
    """Makes each match's bots and lets them act for the seats they drive."""

    def __init__(
        self,
        submit: Submit,
        spawn: Callable[[Awaitable[None]], asyncio.Task[None]],
        workers: int,
        human: bool,
        bot_maker: BotMaker | None = None,
    ) -> None:
        """``workers``: the threads bots decide in; ``human``: bots wait like people;
        ``bot_maker``: makes the bots, ``(level, seed, timing)`` (default: ``make_bot``)."""
        self.submit = submit
        self.spawn = spawn
        self.human = human
        self.bot_maker: BotMaker = bot_maker or _make_bot
        # Bots decide here, off the event loop (younuo.server.match.bots).
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="younuo-bot")

    def bot(self, rt: Runtime, name: str) -> BotSeat:
        """Seat ``name``'s bot, made the first time it is needed."""
        seat_bot = rt.bots.get(name)
        if seat_bot is None:
            seat = rt.by_name[name]
            level = (
                seat.bot_level if seat.kind is SeatKind.BOT and seat.bot_level else AUTOPLAY_LEVEL
            )
            seed = zlib.crc32(f"{rt.id}/{name}".encode())
            timing: Timing | str | None = "human" if self.human else None
            if self.human and seat.kind is not SeatKind.BOT:
                # Playing for a person (auto-play, away): a person's pace, but never a
                # forgotten UNO that the person would pay for (docs/bots.md, *Timing*).
                timing = replace(human_timing(level), forget_uno=0.0)
            bot = self.bot_maker(level, seed, timing)
            bot.reset(name)
            seat_bot = rt.bots[name] = BotSeat(bot)
        return seat_bot

    def seat_bots(self, rt: Runtime) -> list[str]:
        """The bot seats (each with its bot made), having seen the match's opening."""
        names = [s.name for s in rt.seats if s.kind is SeatKind.BOT]
        for name in names:
            self.bot(rt, name).observe(rt.game.redact(e, name) for e in rt.opening)
        return names

    def drive(self, rt: Runtime, events: tuple[Event, ...] = ()) -> None:
        """Let every bot-driven seat see what happened and decide whether to act."""
        game = rt.game
        snapshot = rt.snapshot
        assert snapshot is not None
        if events:
            for name, seat_bot in rt.bots.items():
                seat_bot.observe([game.redact(e, name) for e in events])
        if game.status != "playing":
            return
        for seat in rt.seats:
            name = seat.name
            if not rt.driven_by_bot(name):
                continue
            task = rt.bot_tasks.get(name)
            if task is not None and not task.done():
                task.cancel()
            legal = [a for a in snapshot.legal[name] if a.type not in NOT_FOR_BOTS]
            if not legal:
                continue
            self.bot(rt, name)
            source = Source.BOT if seat.kind is SeatKind.BOT else Source.AUTOPLAY
            rt.bot_tasks[name] = self.spawn(
                self._act(rt, name, game.view(name), legal, source, snapshot.version)
            )

    async def _act(
        self,
        rt: Runtime,
        name: str,
        view: PlayerView,
        legal: list[Action],
        source: Source,
        version: int,
    ) -> None:
        """A bot decides on the match at ``version`` (in a worker) and sends its action."""
        seat_bot = self.bot(rt, name)
        try:
            action, delay = await seat_bot.decide(view, legal, self.pool, self.human)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot %s failed in match %s", name, rt.id)
            action, delay = _fallback(view, legal), 0.0
        if action is None:
            return
        if self.human:
            # A bot's report waits out the people's catch grace (R-UNO-2, docs/bots.md).
            delay = bot_wait(action, delay, time.time(), rt.clock.catch_until)
        if delay > 0:
            await asyncio.sleep(delay)
        if rt.version != version or rt.status != MatchStatus.RUNNING:
            return
        if rt.bot_tasks.get(name) is asyncio.current_task():
            del rt.bot_tasks[name]
        try:
            await self.submit(rt.id, action, source, version=version, strict=True)
        except ProtocolError as exc:
            if exc.code == ErrorCode.UNAVAILABLE:
                # The database or Redis is away: try again, or the seat would wait for
                # a move that nothing else is going to trigger.
                await asyncio.sleep(1.0)
                if rt.version == version and rt.status == MatchStatus.RUNNING:
                    self.drive(rt)
                return
            if exc.code in (ErrorCode.STALE_VERSION, ErrorCode.NO_MATCH):
                return
            log.warning("match %s: bot for %s refused (%s): %s", rt.id, name, exc.code, exc.message)
            if rt.version == version and rt.game.current == name:
                # Never leave a table stuck on a bot's mistake: its first turn action.
                legal = [a for a in rt.game.legal_actions(name) if a.type in TURN_TYPES]
                if legal:
                    with contextlib.suppress(ProtocolError):
                        await self.submit(rt.id, legal[0], source, version=version, strict=True)

    def close(self) -> None:
        """Let the worker threads go (a decision in progress is dropped)."""
        self.pool.shutdown(wait=False, cancel_futures=True)


def _make_bot(level: str, seed: int, timing: Any) -> Bot:
    return make_bot(level, seed=seed, timing=timing)


def _fallback(view: PlayerView, legal: list[Action]) -> Action | None:
    if view.current != view.player:
        return None
    turn = [a for a in legal if a.type in TURN_TYPES]
    return turn[0] if turn else None


__all__ = ["AUTOPLAY_LEVEL", "NOT_FOR_BOTS", "BotDriver", "Submit"]
