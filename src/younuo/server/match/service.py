"""The match service: the shell around the match's pure transitions.

Everything that changes a running match takes one path, :meth:`MatchService._commit`:

1. under the match's lock, check it is running and at the version the sender saw;
2. make the change with a pure transition of :mod:`younuo.server.match.core` (a move:
   a person's message, a bot's choice, a turn clock running out, the next deal, a
   player's grace running out; or a change of a seat: away, back, auto-play, the bot
   taking over, the seat kept for a bot);
3. write it (``Database.moves``, one :class:`~younuo.store.movelog.MatchWrite`,
   conditional on the version and, with several nodes, on this node still running
   the match);
4. and only then make it the match's state and announce it (:mod:`younuo.server.realtime.feed`:
   each member's own view and redacted events, on this node and, with several nodes,
   on the others), set the match's timer and let the bots decide.

A person's action that would close a young UNO catch window waits out the grace first
(:meth:`submit`). Every ``state`` and ``update`` is built from the announced change,
never from the game, which holds a move before it is committed.

Everything a match needs to go on lives in the database (the record's recipe, the
action log, the clocks and seat states): a :class:`Runtime` is only a cache of it, and
:meth:`MatchService.restore` (or, with several nodes, a takeover: :meth:`take_up_all`)
rebuilds a running match from it.

The service is the facade of the package and holds the one path; its other jobs are
parts it builds in its constructor, each in its own module: :mod:`.lifecycle` (a new
match prepared and opened), :mod:`.driver` (bots acting for their seats),
:mod:`.timers` (what the clocks make due), :mod:`.recovery` (a match rebuilt from the
database) and :mod:`.running` (the matches held here and their tasks).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from younuo.engine import Action, Rules
from younuo.engine.rng import Seed
from younuo.protocol.messages import Avatar, ProtocolError
from younuo.server.match import core, storage, wire
from younuo.server.match.bots import BotMaker
from younuo.server.match.committed import committed
from younuo.server.match.core import Change, SeatEdit, SeatInfo, Source
from younuo.server.match.driver import AUTOPLAY_LEVEL, BotDriver
from younuo.server.match.errors import MatchRefused
from younuo.server.match.kinds import MatchStatus
from younuo.server.match.lifecycle import Lifecycle
from younuo.server.match.ports import Deployment, MatchOverHook, SingleNode
from younuo.server.match.recovery import Recovery
from younuo.server.match.running import Running
from younuo.server.match.runtime import Runtime, fresh_deal_key
from younuo.server.match.seats import Seats
from younuo.server.match.snapshots import take_snapshot
from younuo.server.match.timers import Timers, catch_grace
from younuo.server.match.wire import result_out
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.feed import Committed, Feeds, Kind
from younuo.server.settings import Settings
from younuo.store import Database, NotOwner, VersionConflict
from younuo.store.errors import is_outage
from younuo.store.models import Match
from younuo.store.movelog import MatchEnd

log = logging.getLogger(__name__)

Presence = Callable[[Iterable[str]], Awaitable[set[str]]]
"""Which of these accounts are connected (to any node)."""


class MatchService:
    """Starts, runs, restores and ends the matches this node runs."""

    def __init__(
        self,
        db: Database,
        hub: Hub,
        settings: Settings,
        bot_maker: BotMaker | None = None,
        *,
        feeds: Feeds | None = None,
        deployment: Deployment | None = None,
        match_ended: MatchOverHook | None = None,
    ) -> None:
        """``bot_maker``: makes the bots, ``(level, seed, timing)`` (default: ``make_bot``);
        ``feeds``: this node's fan-out (default: its own); ``deployment``: the node's
        place among others (default: :class:`SingleNode`); ``match_ended``: told of every
        match's end (usually a :class:`MatchEnded` the lobby and the tables listen to)."""
        self.db = db
        self.hub = hub
        self.settings = settings
        self.timing = core.Timing(
            next_round_delay=settings.next_round_delay,
            catch_grace=settings.catch_grace,
            reconnect_grace=settings.reconnect_grace,
            away_takeover=settings.away_takeover,
        )
        self.running = Running()
        self.runtimes: dict[str, Runtime] = self.running.runtimes
        self.driver = BotDriver(
            self.submit,
            self.running.spawn,
            settings.bot_workers,
            human=settings.bot_timing == "human",
            bot_maker=bot_maker,
        )
        self.timers = Timers(self.submit, self._seat, self.running.spawn)
        self.seats = Seats(self.running, self._seat, self.timing)
        self.recovery = Recovery(db, self.driver)
        self.lifecycle = Lifecycle(
            self.running, self.driver, settings.catch_grace, settings.deal_seed
        )
        self.feeds = feeds if feeds is not None else Feeds(hub)
        deployment = deployment if deployment is not None else SingleNode(self.feeds, hub)
        self.announce: Callable[[Committed], None] = deployment.announce
        """Where committed changes go: this node's feeds (a cluster sends them on too)."""
        self.presence: Presence = deployment.presence
        self.node: str | None = deployment.node
        """This node's id when several share the database: every write is fenced by it."""
        self.ready: Callable[[], None] = deployment.ready
        """Raises ProtocolError ``unavailable`` when changes cannot be announced."""
        self.on_match_over: MatchOverHook | None = match_ended
        self.on_lost: Callable[[str, str | None], None] | None = deployment.lost
        """Called when another node turned out to run a match this node held."""
        self.moves = 0  # accepted actions since start, for /healthz and the benchmark

    # ------------------------------------------------------------------ starting
    def prepare(
        self,
        room_id: str,
        seats: list[SeatInfo],
        rules: Rules,
        teams: list[list[str]] | None,
        abandon: str,
        seed: Seed | None = None,
        match_id: str | None = None,
    ) -> tuple[Runtime, Match]:
        """A new match's runtime and database row (not stored yet: see :meth:`launch`).

        ``match_id``: a given id in place of a random one (a tournament's table has an id
        derived from the event and the table, so that starting it twice is once).
        """
        return self.lifecycle.prepare(
            room_id, seats, rules, teams, abandon, seed, match_id, self.node
        )

    def unprepare(self, rt: Runtime) -> None:
        """A prepared match was not stored after all (:meth:`prepare`)."""
        self.lifecycle.unprepare(rt)

    def launch(self, rt: Runtime) -> None:
        """Take a stored new match into play: send everyone the table and start the clocks."""
        self.lifecycle.open(rt)
        self.announce(committed(rt, Kind.STATE, rt.opening, opening=True))
        self.timers.arm(rt)
        self.driver.drive(rt)

    async def absent_away(self, rt: Runtime) -> None:
        """Mark the people not connected to any node as away, as a restart does: a bot
        plays their seat during the grace (a tournament's table starts whether or not its
        players are there; those who come back within the grace take their seat)."""
        online = await self.presence(a for a in rt.by_account)
        if set(rt.by_account) <= online:
            return
        await self._commit(rt, lambda now: core.restarted(rt, online, now, self.timing))

    # ------------------------------------------------------------------ the one path
    async def submit(
        self,
        match_id: str,
        action: Action,
        source: Source | str,
        *,
        version: int | None = None,
        strict: bool = False,
    ) -> int | None:
        """Apply ``action`` to the match; the new version, or None when it was dropped.

        ``source``: ``player``, ``bot``, ``autoplay`` or ``server``. ``version``: the
        version the sender saw; a different current version refuses the action
        (``stale_version``). ``strict`` (bots and clocks): the version must still hold
        after the catch grace, else the action is dropped silently (they decide again
        on the new state).
        """
        rt = self.running.get(match_id)
        if version is not None and version != rt.version and not strict:
            raise wire.stale(rt.version)
        sender = Source(source)
        deferred = await catch_grace(rt, action)

        def transition(now: float) -> Change:
            return core.move(rt, action, sender, now, self.timing)

        return await self._commit(rt, transition, version, strict, deferred)

    async def _seat(self, rt: Runtime, name: str, edit: SeatEdit) -> None:
        """Change seat ``name``'s state without a move (away, back, auto-play, ...)."""
        await self._commit(rt, lambda now: core.seat_change(rt, name, edit, now))

    async def _commit(
        self,
        rt: Runtime,
        transition: Callable[[float], Change],
        version: int | None = None,
        strict: bool = False,
        deferred: bool = False,
    ) -> int | None:
        """The one path of every change (see the module docstring); the new version, or
        None when a ``strict`` change found the match moved on."""
        self.ready()
        async with rt.lock:
            if rt.status != MatchStatus.RUNNING:
                raise wire.ended()
            if version is not None and version != rt.version:
                if strict:
                    return None
                if not deferred:
                    raise wire.stale(rt.version)
            now = time.time()
            try:
                change = transition(now)
            except MatchRefused as exc:
                raise wire.refused(exc) from None
            write = storage.match_write(change, rt, now, self.node)
            try:
                ratings = await self.db.moves.write(write)
            except NotOwner as exc:
                self._lose(rt, exc.owner)
                raise wire.moved() from None
            except VersionConflict:
                # Another process moved first: our game holds a move that did not happen.
                await self.recovery.reload(rt)
                if rt.status == MatchStatus.RUNNING:
                    self.announce(committed(rt, Kind.STATE))  # start again from here
                raise wire.stale(rt.version) from None
            except Exception as exc:
                if is_outage(exc):
                    log.warning("match %s: the database did not answer: %s", rt.id, exc)
                else:
                    log.exception("could not store a change of match %s", rt.id)
                if change.action is not None:
                    self.recovery.undo(rt)
                raise wire.unavailable() from None
            self._apply(rt, change, write.end, ratings, now)
        if change.end is None:
            self.timers.arm(rt)
            self.driver.drive(rt, change.events)
        elif self.on_match_over is not None:
            await self.on_match_over(rt.room_id, rt.id)
        return rt.version

    def _apply(
        self,
        rt: Runtime,
        change: Change,
        end: MatchEnd | None,
        ratings: dict[str, int],
        now: float,
    ) -> None:
        """Make a stored change the match's state and announce it, with no await between.

        ``end``: the match's end as the store wrote it (an unrated bot account's rating
        change zeroed), which ``match_over`` must say."""
        rt.clock, rt.control = change.clock, change.control
        if change.action is not None:
            assert change.public is not None
            rt.version += 1
            rt.public = change.public
            rt.snapshot = take_snapshot(rt.game, change.public, rt.rules_json, rt.version)
            self.moves += 1
            self.announce(committed(rt, Kind.UPDATE, change.events, at=now))
        elif change.seats is not None:
            rt.seats = change.seats
            rt.by_name = {s.name: s for s in rt.seats}
        else:
            self.announce(committed(rt, Kind.STATE))
        if change.end is not None:
            assert end is not None
            rt.status = change.end.status
            message = wire.match_over(rt.id, end, ratings)
            self.announce(committed(rt, Kind.OVER, message=message))
            self.running.drop(rt)

    def latest(self, rt: Runtime) -> Committed:
        """The match as it stands, for a node that has nothing of it yet."""
        return committed(rt, Kind.STATE)

    # ------------------------------------------------------------------ leaving a node
    def _lose(self, rt: Runtime, owner: str | None) -> None:
        """Another node runs the match now (a takeover while this one was cut off)."""
        log.warning("match %s is run by %s now: letting it go", rt.id, owner)
        rt.status = MatchStatus.MOVED
        self.running.drop(rt)
        if self.on_lost is not None:
            self.on_lost(rt.id, owner)

    async def release(self, match_id: str) -> Runtime | None:
        """Stop running a match here (a drain hands it to another node); its runtime."""
        return await self.running.release(match_id)

    # ------------------------------------------------------------------ seats
    async def emote(self, match_id: str, account: str, avatar: Avatar) -> None:
        """A player's new avatar at their table: the match's seats and an ``emote`` to all."""
        rt = self.running.get(match_id)
        name = rt.player_of(account)
        if name is None:
            return
        outfit, expression = avatar.outfit, avatar.expression
        await self._commit(rt, lambda now: core.new_avatar(rt, name, outfit, expression))
        self.announce(committed(rt, Kind.EMOTE, message=wire.emote(rt.id, name, avatar)))

    async def set_autoplay(self, match_id: str, account: str, on: bool) -> None:
        """Switch auto-play of ``account``'s seat on or off (ProtocolError if not a player)."""
        await self.seats.autoplay(match_id, account, on)

    async def away(self, account: str, match_id: str | None = None) -> None:
        """A player's connection dropped: a bot plays the seat during the grace."""
        await self.seats.away(account, match_id)

    async def back(self, account: str, match_id: str | None = None) -> Runtime | None:
        """A player came back within the grace: the seat is theirs again. Their match."""
        return await self.seats.back(account, match_id)

    # ------------------------------------------------------------------ restoring
    async def restore(self) -> int:
        """Rebuild every running match this node runs from the database (after a
        restart or a crash): all of them, or with several nodes those it owns."""
        rows = await self.recovery.stored_running(self.node)
        for row in rows:
            await self._take_up(row)
        return len(rows)

    async def take_up_all(self, match_ids: list[str], at_once: int) -> set[str]:
        """Run matches another node ran (a takeover, a handover): their rows and logs
        read in one go, then rebuilt ``at_once`` at a time; those that run here now. A
        match that fails is logged and left out (the next scan tries again)."""
        wanted = [m for m in match_ids if m not in self.runtimes]
        stored = await self.recovery.rows_and_logs(wanted) if wanted else []
        gate = asyncio.Semaphore(at_once)

        async def one(row: Match, actions: list[dict[str, Any]]) -> None:
            if row.status != MatchStatus.RUNNING or row.owner != self.node:
                return
            async with gate:
                try:
                    await self._take_up(row, actions)
                except Exception:
                    log.exception("match %s could not be taken up", row.id)

        await asyncio.gather(*(one(row, actions) for row, actions in stored))
        return {m for m in match_ids if m in self.runtimes}

    async def _take_up(self, row: Match, actions: list[dict[str, Any]] | None = None) -> bool:
        taking = self.running.taking
        if row.id in self.runtimes or row.id in taking:
            return row.id in self.runtimes
        taking.add(row.id)
        try:
            rt = await self.recovery.load(row, actions)
            return rt is not None and await self._run_restored(rt)
        finally:
            taking.discard(row.id)

    async def _run_restored(self, rt: Runtime) -> bool:
        online = await self.presence(a for a in rt.by_account)
        self.runtimes[rt.id] = rt
        # Whoever is not connected now gets the full grace, as if they had just dropped.
        try:
            await self._commit(rt, lambda now: core.restarted(rt, online, now, self.timing))
        except ProtocolError as exc:
            log.warning("match %s: seats not marked away on restore: %s", rt.id, exc.message)
            self.announce(committed(rt, Kind.STATE))
            self.timers.arm(rt)
            self.driver.drive(rt)
        return rt.id in self.runtimes

    # ------------------------------------------------------------------ helpers

    async def close(self) -> None:
        await self.running.close()
        self.driver.close()


__all__ = [
    "AUTOPLAY_LEVEL",
    "MatchService",
    "Runtime",
    "SeatInfo",
    "fresh_deal_key",
    "result_out",
]
