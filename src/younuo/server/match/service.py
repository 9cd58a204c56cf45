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
:meth:`MatchService.restore` (or, with several nodes, a takeover: :meth:`take_up`)
rebuilds a running match from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from younuo.bots import Bot, make_bot
from younuo.bots.base import TURN_TYPES
from younuo.engine import (
    Action,
    ActionType,
    Event,
    Game,
    IllegalAction,
    PlayerView,
    RecordError,
    Rules,
    hand_points,
)
from younuo.engine.records import Record, seed_fields
from younuo.engine.rng import KEY_BYTES, Seed
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import Avatar, Emote, MatchOver, ProtocolError, ResultOut
from younuo.server.accounts.auth import level_out
from younuo.server.match import core
from younuo.server.match.bots import BotMaker, BotSeat
from younuo.server.match.clocks import CLOSING, Clock, SeatControl, start_clock
from younuo.server.match.core import Change, MatchState, SeatEdit, SeatInfo, Source
from younuo.server.match.ports import Deployment, MatchOverHook, SingleNode
from younuo.server.match.snapshots import take_snapshot
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.feed import Committed, Feeds, Kind
from younuo.server.settings import Settings
from younuo.store import Database, NotOwner, VersionConflict
from younuo.store import matches as repo
from younuo.store.errors import is_outage
from younuo.store.ids import new_id
from younuo.store.models import Match, Result

log = logging.getLogger(__name__)

AUTOPLAY_LEVEL = "normal"
"""R-TIME: the bot that plays for a person on auto-play or away."""

NOT_FOR_BOTS = frozenset({ActionType.LEAVE, ActionType.NEXT_ROUND})


@dataclass
class Runtime(MatchState):
    """A running match held in memory by the node running it: its state, and what the
    shell runs for it (the lock, the bots, the timer)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[str, BotSeat] = field(default_factory=dict)
    bot_tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    """The event loop's call at the match's next due time (:meth:`MatchService._arm`)."""
    armed_at: float | None = None
    """The due time (epoch seconds) ``timer`` was set for."""
    firing: asyncio.Task[None] | None = None
    """The task firing what is due, while it runs."""
    recipe: dict[str, Any] = field(default_factory=dict)
    """The match's record without its actions (docs/records.md): rebuilds the game."""


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
        self.bot_maker: BotMaker = bot_maker or _make_bot
        # Bots decide here, off the event loop (younuo.server.match.bots).
        self.bot_pool = ThreadPoolExecutor(settings.bot_workers, thread_name_prefix="younuo-bot")
        self.runtimes: dict[str, Runtime] = {}
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
        self._tasks: set[asyncio.Task[Any]] = set()
        self._taking: set[str] = set()
        """Matches being rebuilt from the database right now (once at a time)."""
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
        if seed is None:
            seed = self.settings.deal_seed
        if seed is None:
            seed = fresh_deal_key()
        game = Game.new([s.name for s in seats], rules, seed=seed, teams=teams)
        now = time.time()
        public = game.view(None)
        clock = start_clock(game, public, now, self.settings.catch_grace)
        control = {s.name: SeatControl() for s in seats}
        rt = Runtime(
            id=match_id or new_id("m"),
            room_id=room_id,
            game=game,
            version=0,
            seats=seats,
            control=control,
            clock=clock,
            abandon=abandon,
            opening=game.opening_events,
            public=public,
            recipe=_recipe(rules.changes(), [s.name for s in seats], teams, None, seed),
        )
        # Until launch, the match is being started here: a scan that finds it stored
        # with this node as owner must not take it up as well.
        self._taking.add(rt.id)
        row = Match(
            id=rt.id,
            room_id=room_id,
            status="running",
            rules=rules.changes(),
            players=[s.name for s in seats],
            teams=teams,
            **repo.seed_columns(seed),
            setup=None,
            seats=[s.to_dict() for s in seats],
            control=core.control_dict(control, abandon),
            clock=clock.to_dict(),
            version=0,
            created_at=now,
            updated_at=now,
            owner=self.node,
        )
        return rt, row

    def launch(self, rt: Runtime) -> None:
        """Take a stored new match into play: send everyone the table and start the clocks."""
        self._taking.discard(rt.id)
        self.runtimes[rt.id] = rt
        for seat in rt.seats:
            if seat.kind == "bot":
                self._bot(rt, seat.name).observe(rt.game.redact(e, seat.name) for e in rt.opening)
        assert rt.public is not None
        rt.snapshot = take_snapshot(rt.game, rt.public, rt.rules_json, rt.version)
        self.announce(self._committed(rt, Kind.STATE, rt.opening, opening=True))
        self._arm(rt)
        self._drive(rt)

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
        rt = self._running(match_id)
        if version is not None and version != rt.version and not strict:
            raise _stale(rt)
        sender = Source(source)
        deferred = await self._catch_grace(rt, action)

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
            if rt.status != "running":
                raise ProtocolError(ErrorCode.NO_MATCH, "the match has ended")
            if version is not None and version != rt.version:
                if strict:
                    return None
                if not deferred:
                    raise _stale(rt)
            now = time.time()
            change = transition(now)
            try:
                ratings = await self.db.moves.write(change.write(rt, now, self.node))
            except NotOwner as exc:
                self._lose(rt, exc.owner)
                raise ProtocolError(
                    ErrorCode.UNAVAILABLE, "the match moved to another server: retry"
                ) from None
            except VersionConflict:
                # Another process moved first: our game holds a move that did not happen.
                await self._reload(rt)
                if rt.status == "running":
                    self.announce(self._committed(rt, Kind.STATE))  # start again from here
                raise _stale(rt) from None
            except Exception as exc:
                if is_outage(exc):
                    log.warning("match %s: the database did not answer: %s", rt.id, exc)
                else:
                    log.exception("could not store a change of match %s", rt.id)
                if change.action is not None:
                    self._undo(rt)
                raise _unavailable() from None
            self._apply(rt, change, ratings, now)
        if change.end is None:
            self._arm(rt)
            self._drive(rt, change.events)
        elif self.on_match_over is not None:
            await self.on_match_over(rt.room_id, rt.id)
        return rt.version

    def _apply(self, rt: Runtime, change: Change, ratings: dict[str, int], now: float) -> None:
        """Make a stored change the match's state and announce it, with no await between."""
        rt.clock, rt.control = change.clock, change.control
        if change.action is not None:
            assert change.public is not None
            rt.version += 1
            rt.public = change.public
            rt.snapshot = take_snapshot(rt.game, change.public, rt.rules_json, rt.version)
            self.moves += 1
            self.announce(self._committed(rt, Kind.UPDATE, change.events, at=now))
        elif change.seats is not None:
            rt.seats = change.seats
            rt.by_name = {s.name: s for s in rt.seats}
        else:
            self.announce(self._committed(rt, Kind.STATE))
        if change.end is not None:
            self._end(rt, change, ratings)

    def _committed(
        self,
        rt: Runtime,
        kind: Kind,
        events: Iterable[Event] = (),
        *,
        at: float | None = None,
        opening: bool = False,
        message: str | None = None,
    ) -> Committed:
        """The match's last committed version, as every node's feeds deliver it."""
        snapshot = rt.snapshot
        assert snapshot is not None
        game = rt.game
        happened = tuple(events)
        return Committed(
            match=rt.id,
            room=rt.room_id,
            version=rt.version,
            kind=kind,
            at=time.time() if at is None else at,
            views=snapshot.views,
            table=rt.table_dicts(),
            clock=rt.clock_dict(),
            players={a: n for a, n in rt.by_account.items() if not rt.control[n].left},
            events=lambda name: [game.redact(e, name).to_dict() for e in happened],
            legal=snapshot.legal_out,
            opening=opening,
            message=message,
        )

    async def _catch_grace(self, rt: Runtime, action: Action) -> bool:
        """Hold an action that would close a young catch window (docs/protocol.md §5)."""
        until = rt.clock.catch_until
        if until is None or action.type not in CLOSING:
            return False
        wait = until - time.time()
        if wait <= 0:
            return False
        await asyncio.sleep(wait)
        return True

    def unprepare(self, rt: Runtime) -> None:
        """A prepared match was not stored after all (:meth:`prepare`)."""
        self._taking.discard(rt.id)

    def latest(self, rt: Runtime) -> Committed:
        """The match as it stands, for a node that has nothing of it yet."""
        return self._committed(rt, Kind.STATE)

    # ------------------------------------------------------------------ ending
    def _end(self, rt: Runtime, change: Change, ratings: dict[str, int]) -> None:
        end = change.end
        assert end is not None
        rt.status = end.status
        results = [{**r, "rating_after": ratings.get(r["account_id"] or "")} for r in end.results]
        message = MatchOver(
            match=rt.id,
            status=end.status,
            winner=end.winner,
            results=[result_out(Result(**r)) for r in results],
        ).model_dump_json()
        self.announce(self._committed(rt, Kind.OVER, message=message))
        self._stop(rt)
        self.runtimes.pop(rt.id, None)

    def _stop(self, rt: Runtime) -> None:
        for task in rt.bot_tasks.values():
            task.cancel()
        rt.bot_tasks.clear()
        if rt.timer is not None:
            rt.timer.cancel()
        rt.timer = rt.armed_at = None
        if rt.firing is not None and rt.firing is not asyncio.current_task():
            rt.firing.cancel()
        # A cancelled task keeps its CancelledError, whose traceback holds the task's
        # frame, which holds the runtime: let go of the task, or that is a cycle that
        # only the collector's full passes would reclaim.
        rt.firing = None

    def _lose(self, rt: Runtime, owner: str | None) -> None:
        """Another node runs the match now (a takeover while this one was cut off)."""
        log.warning("match %s is run by %s now: letting it go", rt.id, owner)
        rt.status = "moved"
        self._stop(rt)
        self.runtimes.pop(rt.id, None)
        if self.on_lost is not None:
            self.on_lost(rt.id, owner)

    async def release(self, match_id: str) -> Runtime | None:
        """Stop running a match here (a drain hands it to another node); its runtime.

        Taken under the match's lock, so no change of it is half made."""
        rt = self.runtimes.get(match_id)
        if rt is None:
            return None
        async with rt.lock:
            self._stop(rt)
            self.runtimes.pop(match_id, None)
            rt.status = "moved"
        return rt

    # ------------------------------------------------------------------ seats
    async def set_autoplay(self, match_id: str, account: str, on: bool) -> None:
        rt = self._running(match_id)
        name = rt.player_of(account)
        if name is None:
            raise ProtocolError(ErrorCode.NOT_A_PLAYER, "you do not play in this match")
        await self._seat(rt, name, core.autoplay(on))

    async def emote(self, match_id: str, account: str, avatar: Avatar) -> None:
        """A player's new avatar at their table: the match's seats and an ``emote`` to all."""
        rt = self._running(match_id)
        name = rt.player_of(account)
        if name is None:
            return
        seats = [
            core.SeatInfo(
                **{**s.to_dict(), "outfit": avatar.outfit, "expression": avatar.expression}
            )
            if s.name == name
            else s
            for s in rt.seats
        ]

        def transition(now: float) -> Change:
            return Change(rt.control, rt.clock, seats=seats)

        await self._commit(rt, transition)
        text = Emote(match=rt.id, player=name, avatar=avatar).model_dump_json()
        self.announce(self._committed(rt, Kind.EMOTE, message=text))

    async def away(self, account: str, match_id: str | None = None) -> None:
        """A player's connection dropped: a bot plays the seat during the grace."""
        for rt in self._playing(account, match_id):
            name = rt.player_of(account)
            if name is None or rt.control[name].abandoned:
                continue
            await self._seat(rt, name, core.away(time.time(), self.timing))

    async def back(self, account: str, match_id: str | None = None) -> Runtime | None:
        """A player came back within the grace: the seat is theirs again. Their match."""
        found = None
        for rt in self._playing(account, match_id):
            name = rt.player_of(account)
            if name is None:
                continue
            found = rt
            if rt.control[name].away_until is None or rt.control[name].abandoned:
                continue
            await self._seat(rt, name, core.back)
            task = rt.bot_tasks.pop(name, None)
            if task is not None and not rt.driven_by_bot(name):
                task.cancel()
        return found

    def _playing(self, account: str, match_id: str | None) -> list[Runtime]:
        if match_id is not None:
            rt = self.runtimes.get(match_id)
            return [rt] if rt is not None and rt.status == "running" else []
        return [rt for rt in list(self.runtimes.values()) if rt.player_of(account) is not None]

    # ------------------------------------------------------------------ bots
    def _bot(self, rt: Runtime, name: str) -> BotSeat:
        seat_bot = rt.bots.get(name)
        if seat_bot is None:
            seat = rt.by_name[name]
            level = seat.bot_level if seat.kind == "bot" and seat.bot_level else AUTOPLAY_LEVEL
            seed = zlib.crc32(f"{rt.id}/{name}".encode())
            timing = "human" if self.settings.bot_timing == "human" else None
            bot = self.bot_maker(level, seed, timing)
            bot.reset(name)
            seat_bot = rt.bots[name] = BotSeat(bot)
        return seat_bot

    def _drive(self, rt: Runtime, events: tuple[Event, ...] = ()) -> None:
        """Let every bot-driven seat see what happened and decide whether to act.

        The decisions run in worker threads (:mod:`younuo.server.match.bots`); each seat's
        newest decision replaces the one it was about to send.
        """
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
            self._bot(rt, name)
            source = Source.BOT if seat.kind == "bot" else Source.AUTOPLAY
            rt.bot_tasks[name] = self._spawn(
                self._bot_act(rt, name, game.view(name), legal, source, snapshot.version)
            )

    async def _bot_act(
        self,
        rt: Runtime,
        name: str,
        view: PlayerView,
        legal: list[Action],
        source: Source,
        version: int,
    ) -> None:
        """A bot decides on the match at ``version`` (in a worker) and sends its action."""
        seat_bot = self._bot(rt, name)
        human = self.settings.bot_timing == "human"
        try:
            action, delay = await seat_bot.decide(view, legal, self.bot_pool, human)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot %s failed in match %s", name, rt.id)
            action, delay = _fallback(view, legal), 0.0
        if action is None:
            return
        if delay > 0:
            await asyncio.sleep(delay)
        if rt.version != version or rt.status != "running":
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
                if rt.version == version and rt.status == "running":
                    self._drive(rt)
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

    # ------------------------------------------------------------------ clocks
    def _arm(self, rt: Runtime) -> None:
        """Set the match's timer for its next due time (after anything that may move it).

        One call of the event loop per match, moved only when the due time changes: a
        task per match woken after every move cost more than the move's own clock work.
        While what was due is being fired, the firing task sets the timer when it ends.
        """
        due = rt.next_due() if rt.status == "running" else None
        if due == rt.armed_at and (rt.timer is not None or due is None):
            return
        if rt.timer is not None:
            rt.timer.cancel()
        rt.timer, rt.armed_at = None, due
        if due is None or rt.firing is not None:
            return  # the firing task sets the timer again when it is done
        loop = asyncio.get_running_loop()
        rt.timer = loop.call_at(loop.time() + max(0.0, due - time.time()), self._due, rt)

    def _due(self, rt: Runtime) -> None:
        rt.timer = rt.armed_at = None
        if rt.firing is None and rt.status == "running":
            rt.firing = self._spawn(self._tick(rt))

    async def _tick(self, rt: Runtime) -> None:
        """Fire what is due: timeouts, the match clock, the next deal, ended graces."""
        try:
            while rt.status == "running":
                due = rt.next_due()
                if due is None or due > time.time():
                    break
                try:
                    await self._fire(rt)
                except Exception as exc:
                    if not (isinstance(exc, ProtocolError) and exc.code == ErrorCode.UNAVAILABLE):
                        log.exception("clock of match %s failed", rt.id)
                    await asyncio.sleep(0.5)  # try again: the database or Redis is back soon
        finally:
            if rt.firing is asyncio.current_task():
                rt.firing = None
                self._arm(rt)

    async def _fire(self, rt: Runtime) -> None:
        """Make the first thing that is due happen, through the one path."""
        now = time.time()
        version = rt.version
        ended = core.grace_ended(rt, now)
        if ended is not None:
            name, grace = ended
            if not grace:
                await self._seat(rt, name, core.take_over)
            elif rt.abandon == "bot":
                await self._seat(rt, name, core.keep_for_bot(hand_points(rt.game.hand(name))))
            else:
                await self._leave_after_grace(rt, name)
            return
        due = core.due_action(rt, now)
        if due is None:
            rt.clock.turn_deadline = None  # the turn it timed has been played
            return
        action, deadline = due
        try:
            result = await self.submit(rt.id, action, Source.SERVER, version=version, strict=True)
        except ProtocolError as exc:
            if exc.code in (ErrorCode.NO_MATCH, ErrorCode.UNAVAILABLE):
                raise
            # The engine refuses: the deadline is void (never fire it in a loop).
            log.warning("match %s: %s refused at %s: %s", rt.id, action.type, deadline, exc.message)
            result = None
        if result is None and rt.version == version:
            setattr(rt.clock, deadline, None)

    async def _leave_after_grace(self, rt: Runtime, name: str) -> None:
        """R-LEAVE: past the grace, the player has left."""
        try:
            await self.submit(rt.id, Action.leave(name), Source.SERVER)
        except ProtocolError as exc:
            if exc.code == ErrorCode.UNAVAILABLE:
                raise
            log.warning(
                "match %s: %s could not leave after the grace: %s", rt.id, name, exc.message
            )
            await self._seat(rt, name, core.grace_void)

    # ------------------------------------------------------------------ restoring
    async def restore(self) -> int:
        """Rebuild every running match this node runs from the database (after a
        restart or a crash): all of them, or with several nodes those it owns."""
        async with self.db.session() as s:
            rows = await repo.running(s, owner=self.node)
        for row in rows:
            await self._take_up(row)
        return len(rows)

    async def take_up(self, match_id: str) -> bool:
        """Run a match another node ran (a takeover or a handover); whether it runs here."""
        if match_id in self.runtimes:
            return True
        async with self.db.session() as s:
            row = await repo.get(s, match_id)
        if row is None or row.status != "running" or row.owner != self.node:
            return False
        return await self._take_up(row)

    async def _take_up(self, row: Match) -> bool:
        if row.id in self.runtimes or row.id in self._taking:
            return row.id in self.runtimes
        self._taking.add(row.id)
        try:
            return await self._rebuild_and_run(row)
        finally:
            self._taking.discard(row.id)

    async def _rebuild_and_run(self, row: Match) -> bool:
        for _ in range(3):
            async with self.db.session() as s:
                actions = [a.action for a in await repo.actions(s, row.id)]
            if len(actions) == row.version:
                break
            # The row was read before a move that is in the log now: read both again.
            async with self.db.session() as s:
                fresh = await repo.get(s, row.id)
            if fresh is None or fresh.status != "running":
                return False
            row = fresh
        now = time.time()
        try:
            rt = self._rebuild(row, actions)
        except (RecordError, IllegalAction, ValueError, KeyError, TypeError) as exc:
            log.error("match %s cannot be restored (%s): marked abandoned", row.id, exc)
            async with self.db.session() as s, s.begin():
                await repo.mark_abandoned(s, row.id, now)
            return False
        online = await self.presence(a for a in rt.by_account)
        self.runtimes[rt.id] = rt
        # Whoever is not connected now gets the full grace, as if they had just dropped.
        try:
            await self._commit(rt, lambda now: core.restarted(rt, online, now, self.timing))
        except ProtocolError as exc:
            log.warning("match %s: seats not marked away on restore: %s", rt.id, exc.message)
            self.announce(self._committed(rt, Kind.STATE))
            self._arm(rt)
            self._drive(rt)
        return rt.id in self.runtimes

    def _rebuild(self, row: Match, actions: list[dict[str, Any]]) -> Runtime:
        recipe = _recipe(row.rules, row.players, row.teams, row.setup, repo.seed_of(row))
        record = Record.from_dict({**recipe, "actions": actions})
        game = record.start()
        seats = [SeatInfo(**s) for s in row.seats]
        rt = Runtime(
            id=row.id,
            room_id=row.room_id,
            game=game,
            version=0,
            seats=seats,
            control={name: SeatControl.from_dict(c) for name, c in row.control["seats"].items()},
            clock=Clock.from_dict(row.clock),
            abandon=str(row.control.get("abandon", "leave")),
            opening=game.opening_events,
            recipe=recipe,
        )
        bots = [s.name for s in seats if s.kind == "bot"]
        for name in bots:
            self._bot(rt, name).observe(game.redact(e, name) for e in rt.opening)
        for action in record.actions:
            events = game.apply(action)
            for name in bots:
                rt.bots[name].observe(game.redact(e, name) for e in events)
        if len(record.actions) != row.version:
            raise ValueError(f"log holds {len(record.actions)} actions, version is {row.version}")
        rt.version = row.version
        rt.public = game.view(None)
        rt.snapshot = take_snapshot(game, rt.public, rt.rules_json, rt.version)
        return rt

    async def _reload(self, rt: Runtime) -> None:
        """Throw away the cached game and read the match back from the database."""
        async with self.db.session() as s:
            row = await repo.get(s, rt.id)
            actions = [a.action for a in await repo.actions(s, rt.id)] if row is not None else []
        if row is None:
            rt.status = "gone"
            return
        fresh = self._rebuild(row, actions)
        rt.game, rt.version, rt.clock, rt.control = (
            fresh.game,
            fresh.version,
            fresh.clock,
            fresh.control,
        )
        rt.public, rt.bots, rt.snapshot = fresh.public, fresh.bots, fresh.snapshot
        if row.status != "running":
            rt.status = row.status

    def _undo(self, rt: Runtime) -> None:
        """The engine applied a move that was not stored: the game again without it,
        from the match's recipe and its committed actions (no database needed, so that
        bots and clocks go on deciding from the committed table while it is away)."""
        committed = [a.to_dict() for a in rt.game.history[: rt.version]]
        record = Record.from_dict({**rt.recipe, "actions": committed})
        game = record.start()
        for action in record.actions:
            game.apply(action)
        rt.game = game

    # ------------------------------------------------------------------ helpers
    def _running(self, match_id: str) -> Runtime:
        rt = self.runtimes.get(match_id)
        if rt is None or rt.status != "running":
            raise ProtocolError(ErrorCode.NO_MATCH, "no such running match")
        return rt

    def _spawn(self, coro: Awaitable[None]) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        for rt in self.runtimes.values():
            self._stop(rt)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.bot_pool.shutdown(wait=False, cancel_futures=True)


def _recipe(
    rules: dict[str, Any],
    players: list[Any],
    teams: list[Any] | None,
    setup: dict[str, Any] | None,
    seed: Seed | None,
) -> dict[str, Any]:
    """A match's record without its actions (held by the runtime, never sent)."""
    return {
        "format": "younuo-record/1",
        "rules": rules,
        "players": players,
        "teams": teams,
        "setup": setup,
        **seed_fields(seed),
    }


def fresh_deal_key() -> str:
    """A new match's deal key: 128 bits from the operating system's CSPRNG, as the
    keyed generator takes it (32 hex digits). It decides every card of the match, so it
    is shown to nobody before the match ends (docs/security.md, "Threat model")."""
    return secrets.token_hex(KEY_BYTES)


def _stale(rt: Runtime) -> ProtocolError:
    return ProtocolError(
        ErrorCode.STALE_VERSION,
        f"the match is at version {rt.version}",
        details={"version": rt.version},
    )


def _unavailable() -> ProtocolError:
    return ProtocolError(
        ErrorCode.UNAVAILABLE, "the database did not answer: nothing was changed, retry"
    )


def _make_bot(level: str, seed: int, timing: Any) -> Bot:
    return make_bot(level, seed=seed, timing=timing)


def _fallback(view: PlayerView, legal: list[Action]) -> Action | None:
    if view.current != view.player:
        return None
    turn = [a for a in legal if a.type in TURN_TYPES]
    return turn[0] if turn else None


def result_out(row: Result) -> ResultOut:
    return ResultOut(
        name=row.name,
        account=row.account_id,
        score=row.score,
        left=row.left,
        winner=row.winner,
        rating_change=row.rating_change,
        breakdown=dict(row.breakdown),
        rating=row.rating_after,
        level=level_out(row.rating_after) if row.rating_after is not None else None,
    )


__all__ = [
    "AUTOPLAY_LEVEL",
    "MatchService",
    "Runtime",
    "SeatInfo",
    "result_out",
]
