"""The match service: the one path every action takes, from anyone.

A person's message, a bot's choice, a turn clock running out, the next round's deal,
a player's grace running out: all of them call :meth:`MatchService.submit`, which

1. waits out the UNO catch grace when the action would close an open catch window,
2. applies the action in the engine (a refusal goes back to the sender alone),
3. writes it to the match's action log with its new clocks in one transaction,
   conditional on the version it was applied to (``store.matches.append``),
4. and only then sends each member of the room their own view and redacted events.

Every ``state`` and ``update`` is built from the match's :class:`Snapshot` of its last
committed version, never from the game, which holds a move before it is committed
(:mod:`younuo.server.snapshots`). A connection joins a match's fan-out when it is sent
its first ``state`` of the match (``Connection.seen``), in the same step: it never gets
an update for a version before the state it applies to.

Everything a match needs to go on lives in the database (the record's recipe, the
action log, the clocks and seat states): a :class:`Runtime` is only a cache of it, and
:meth:`MatchService.restore` rebuilds every running match after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, update

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
    rating_breakdown,
)
from younuo.engine.records import Record
from younuo.server.auth import level_out
from younuo.server.botseats import BotMaker, BotSeat
from younuo.server.clocks import CLOSING, Clock, SeatControl, advance, start_clock
from younuo.server.connections import Hub
from younuo.server.protocol import (
    Avatar,
    ClockOut,
    Emote,
    MatchOver,
    ProtocolError,
    ResultOut,
    State,
    TableSeat,
    update_text,
)
from younuo.server.settings import Settings
from younuo.server.snapshots import Snapshot, take_snapshot
from younuo.server.views import changes, seat_changes
from younuo.store import Database, VersionConflict
from younuo.store import matches as repo
from younuo.store.ids import new_id
from younuo.store.models import Match, Result
from younuo.store.movelog import MoveWrite, apply_results

log = logging.getLogger(__name__)

AUTOPLAY_LEVEL = "normal"
"""R-TIME: the bot that plays for a person on auto-play or away."""

NOT_FOR_BOTS = frozenset({ActionType.LEAVE, ActionType.NEXT_ROUND})


@dataclass
class SeatInfo:
    """A player of a match: who sits there (stored in ``matches.seats``)."""

    name: str
    kind: str  # human or bot
    account: str | None = None
    bot_level: str | None = None
    camp: str | None = None
    outfit: str = "red"
    expression: str = "smile"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "account": self.account,
            "bot_level": self.bot_level,
            "camp": self.camp,
            "outfit": self.outfit,
            "expression": self.expression,
        }


@dataclass
class Runtime:
    """A running match held in memory: the engine's game and the match's server state."""

    id: str
    room_id: str | None
    game: Game
    version: int
    seats: list[SeatInfo]
    control: dict[str, SeatControl]
    clock: Clock
    abandon: str = "leave"
    status: str = "running"
    opening: tuple[Event, ...] = ()
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[str, BotSeat] = field(default_factory=dict)
    bot_tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    """The event loop's call at the match's next due time (:meth:`MatchService._arm`)."""
    armed_at: float | None = None
    """The due time (epoch seconds) ``timer`` was set for."""
    firing: asyncio.Task[None] | None = None
    """The task firing what is due, while it runs."""
    public: PlayerView | None = None
    """The public view at ``version`` (the clocks are advanced from it)."""
    snapshot: Snapshot | None = None
    """Every seat's view and legal actions at ``version``: what every ``state`` and
    ``update`` is built from, and the base of the next update's deltas. Replaced only
    together with ``version``, once a move is committed."""
    _table: tuple[list[Any], list[TableSeat], list[dict[str, Any]]] | None = field(
        default=None, repr=False
    )
    """The last :meth:`table` and what it was built from."""

    def __post_init__(self) -> None:
        self.by_account = {s.account: s.name for s in self.seats if s.account is not None}
        self.by_name = {s.name: s for s in self.seats}
        self.rules_json = self.game.rules.to_dict()  # the same for the whole match

    def driven_by_bot(self, name: str) -> bool:
        """Whether a bot acts for this seat now: a bot seat, auto-play, away or abandoned."""
        seat = self.by_name[name]
        control = self.control[name]
        if control.left_points is not None and not control.abandoned:
            return False
        return seat.kind == "bot" or control.autoplay or control.away_bot or control.abandoned

    def player_of(self, account: str) -> str | None:
        """The seat an account plays, if it still plays (not left)."""
        name = self.by_account.get(account)
        if name is None or self.control[name].left:
            return None
        return name

    def humans_playing(self) -> list[str]:
        return [
            s.name
            for s in self.seats
            if s.kind == "human"
            and not self.control[s.name].left
            and not self.control[s.name].abandoned
        ]

    def table(self) -> list[TableSeat]:
        """Who sits where and how (every ``state`` and ``update`` carries it).

        Built again only when something it shows changed: it goes out with every move,
        and seat states change a few times a match.
        """
        key = [
            (seat.outfit, seat.expression, seat.camp, self.control[seat.name].to_dict())
            for seat in self.seats
        ]
        if self._table is not None and self._table[0] == key:
            return self._table[1]
        out = []
        for seat in self.seats:
            control = self.control[seat.name]
            out.append(
                TableSeat(
                    name=seat.name,
                    kind="bot" if seat.kind == "bot" else "human",
                    account=seat.account,
                    bot_level=seat.bot_level,
                    away=control.away_until is not None or control.abandoned,
                    autoplay=control.autoplay,
                    left=control.left,
                    camp=seat.camp,  # type: ignore[arg-type]
                    avatar=Avatar.model_validate(
                        {"outfit": seat.outfit, "expression": seat.expression}
                    ),
                )
            )
        self._table = (key, out, [seat.model_dump() for seat in out])
        return out

    def table_dicts(self) -> list[dict[str, Any]]:
        """:meth:`table` as JSON-ready dicts (built with it)."""
        self.table()
        assert self._table is not None
        return self._table[2]

    def clock_out(self) -> ClockOut:
        return ClockOut.model_validate(self.clock_dict())

    def clock_dict(self) -> dict[str, Any]:
        """:meth:`clock_out` as a JSON-ready dict (the clock a client sees)."""
        c = self.clock
        return {
            "turn_player": c.turn_player,
            "turn_deadline": c.turn_deadline,
            "match_deadline": c.match_deadline,
            "next_round_at": c.next_round_at,
            "catch_until": c.catch_until,
        }

    def next_due(self) -> float | None:
        times = [t for t in (self.clock.next_due(),) if t is not None]
        for c in self.control.values():
            if c.away_until is not None and not c.left:
                times.append(c.away_until)
            if c.takeover_at is not None and not c.left:
                times.append(c.takeover_at)
        return min(times) if times else None


MatchOverHook = Callable[[str | None, str], Awaitable[None]]


class MatchService:
    """Starts, runs, restores and ends matches."""

    def __init__(
        self, db: Database, hub: Hub, settings: Settings, bot_maker: BotMaker | None = None
    ) -> None:
        """``bot_maker``: makes the bots, ``(level, seed, timing)`` (default: ``make_bot``)."""
        self.db = db
        self.hub = hub
        self.settings = settings
        self.bot_maker: BotMaker = bot_maker or _make_bot
        # Bots decide here, off the event loop (younuo.server.botseats).
        self.bot_pool = ThreadPoolExecutor(settings.bot_workers, thread_name_prefix="younuo-bot")
        self.runtimes: dict[str, Runtime] = {}
        self.on_match_over: MatchOverHook | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.moves = 0  # accepted actions since start, for /healthz and the benchmark

    # ------------------------------------------------------------------ starting
    def prepare(
        self,
        room_id: str,
        seats: list[SeatInfo],
        rules: Rules,
        teams: list[list[str]] | None,
        abandon: str,
        seed: int | None = None,
    ) -> tuple[Runtime, Match]:
        """A new match's runtime and database row (not stored yet: see :meth:`launch`)."""
        if seed is None:
            seed = self.settings.deal_seed
        if seed is None:
            seed = secrets.randbelow(2**53)  # exact in JavaScript too
        game = Game.new([s.name for s in seats], rules, seed=seed, teams=teams)
        now = time.time()
        public = game.view(None)
        clock = start_clock(game, public, now, self.settings.catch_grace)
        control = {s.name: SeatControl() for s in seats}
        rt = Runtime(
            id=new_id("m"),
            room_id=room_id,
            game=game,
            version=0,
            seats=seats,
            control=control,
            clock=clock,
            abandon=abandon,
            opening=game.opening_events,
            public=public,
        )
        row = Match(
            id=rt.id,
            room_id=room_id,
            status="running",
            rules=rules.changes(),
            players=[s.name for s in seats],
            teams=teams,
            seed=seed,
            setup=None,
            seats=[s.to_dict() for s in seats],
            control=_control_dict(control, abandon),
            clock=clock.to_dict(),
            version=0,
            created_at=now,
            updated_at=now,
        )
        return rt, row

    def launch(self, rt: Runtime) -> None:
        """Take a stored new match into play: send everyone the table and start the clocks."""
        self.runtimes[rt.id] = rt
        for seat in rt.seats:
            if seat.kind == "bot":
                self._bot(rt, seat.name).observe(rt.game.redact(e, seat.name) for e in rt.opening)
        assert rt.public is not None
        rt.snapshot = take_snapshot(rt.game, rt.public, rt.rules_json, rt.version)
        self._broadcast_state(rt, with_opening=True)
        self._arm(rt)
        self._drive(rt)

    # ------------------------------------------------------------------ the one path
    async def submit(
        self,
        match_id: str,
        action: Action,
        source: str,
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
        rt = self.runtimes.get(match_id)
        if rt is None or rt.status != "running":
            raise ProtocolError("no_match", "no such running match")
        if version is not None and version != rt.version and not strict:
            raise ProtocolError(
                "stale_version",
                f"the match is at version {rt.version}, not {version}",
                details={"version": rt.version},
            )
        deferred = await self._catch_grace(rt, action)
        async with rt.lock:
            if rt.status != "running":
                raise ProtocolError("no_match", "the match has ended")
            if version is not None and version != rt.version:
                if strict:
                    return None
                if not deferred:
                    raise ProtocolError(
                        "stale_version",
                        f"the match is at version {rt.version}, not {version}",
                        details={"version": rt.version},
                    )
            return await self._apply(rt, action, source)

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

    async def _apply(self, rt: Runtime, action: Action, source: str) -> int:
        game = rt.game
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            raise ProtocolError(exc.code, exc.message) from None
        now = time.time()
        control = {name: c.copy() for name, c in rt.control.items()}
        name = action.player
        if name is not None and source == "player":
            control[name].autoplay = False  # R-TIME: acting yourself ends auto-play
        public = game.view(None)
        seat = game.players.index(name) if name is not None else None
        if action.type is ActionType.TIMEOUT and seat is not None and public.timeouts[seat] >= 2:
            control[game.players[seat]].autoplay = True  # R-TIME: two timeouts in a row
        for event in events:
            if event.type == "leave" and event.player is not None:
                held = event.points if event.points is not None else 0
                if control[event.player].left_points is None:
                    control[event.player].left_points = held
                control[event.player].away_until = None
                control[event.player].takeover_at = None
        clock = advance(
            rt.clock,
            game,
            public,
            now,
            action,
            next_round_delay=self.settings.next_round_delay,
            catch_grace=self.settings.catch_grace,
        )
        status = "running"
        if game.is_over:
            status = "over"
        elif not any(
            s.kind == "human" and not control[s.name].left and not control[s.name].abandoned
            for s in rt.seats
        ):
            status = "abandoned"  # every person left: nobody to play for
        values: dict[str, Any] = {
            "clock": clock.to_dict(),
            "control": _control_dict(control, rt.abandon),
        }
        rows: list[dict[str, Any]] = []
        deltas: dict[str, int] = {}
        if status != "running":
            final = game.snapshot()
            values.update(
                status=status,
                winner=final["match_winner"] if status == "over" else None,
                final=final,
                ended_at=now,
            )
            rows, deltas = _result_rows(rt, control, now, status)
        move = MoveWrite(rt.id, rt.version, action.to_dict(), source, now, values, rows, deltas)
        try:
            ratings = await self.db.moves.write(move)
        except VersionConflict:
            # Another process moved first: our game holds a move that did not happen.
            await self._reload(rt)
            if rt.status == "running":
                self._broadcast_state(rt)  # versions were skipped here: start again
            raise ProtocolError(
                "stale_version", "someone else moved first", details={"version": rt.version}
            ) from None
        except Exception:
            log.exception("could not store an action of match %s", rt.id)
            await self._reload(rt)
            raise ProtocolError("internal", "the move could not be stored; try again") from None
        results = [{**r, "rating_after": ratings.get(r["account_id"] or "")} for r in rows]
        # Committed: the new version, its snapshot and its updates, with no await between.
        previous = rt.snapshot
        assert previous is not None
        rt.version += 1
        rt.clock = clock
        rt.control = control
        rt.public = public
        rt.snapshot = take_snapshot(game, public, rt.rules_json, rt.version)
        self.moves += 1
        self._fan_out(rt, previous, events)
        if status != "running":
            await self._end(rt, status, results)
        else:
            self._arm(rt)
            self._drive(rt, events)
        return rt.version

    # ------------------------------------------------------------------ sending
    def _recipients(self, rt: Runtime) -> list[tuple[str, str | None]]:
        """(account, seat name or None for the public view) for each member online."""
        out: list[tuple[str, str | None]] = []
        members = self.hub.members(rt.room_id) if rt.room_id else set()
        for account in members | set(rt.by_account):
            if not self.hub.online(account):
                continue
            name = rt.player_of(account)
            if name is None and account not in members:
                continue
            out.append((account, name))
        return out

    def _fan_out(self, rt: Runtime, before: Snapshot, events: tuple[Event, ...]) -> None:
        """Each member's ``update`` from ``before`` to the new snapshot: their seat's view
        (or only what changed in it, for a connection that asked for deltas and saw the
        previous version), their legal actions, the events as they may see them. One
        text per kind of receiver. A connection not yet sent a ``state`` of the match is
        left out: its state, when it comes, is its start."""
        game = rt.game
        snapshot = rt.snapshot
        assert snapshot is not None
        previous, views = before.views, snapshot.views
        now = time.time()
        table = rt.table_dicts()
        clock = rt.clock_dict()
        texts: dict[tuple[str | None, bool], str] = {}
        public_delta: dict[str, Any] | None = None
        for account, name in self._recipients(rt):
            conn = self.hub.by_account.get(account)
            if conn is None:
                continue
            seen = conn.seen.get(rt.id)
            if seen is None:
                continue
            delta = conn.deltas and name in previous and seen == (name, rt.version - 1)
            text = texts.get((name, delta))
            if text is None:
                if delta:
                    if public_delta is None:
                        public_delta = changes(previous[None], views[None])
                    view = seat_changes(previous, views, public_delta, name)
                else:
                    view = views[name]
                text = texts[(name, delta)] = update_text(
                    rt.id,
                    rt.version,
                    now,
                    [game.redact(e, name).to_dict() for e in events],
                    view,
                    delta,
                    table,
                    clock,
                    None if name is None else snapshot.legal_out(name),
                )
            conn.send(text)
            conn.seen[rt.id] = (name, rt.version)

    def state_for(
        self, rt: Runtime, account: str, ref: Any = None, with_opening: bool = False
    ) -> State:
        """The full table as ``account`` may see it (a player's own view, else the public
        one), at the last committed version: from the snapshot, never from the game."""
        name = rt.player_of(account)
        snapshot = rt.snapshot
        assert snapshot is not None
        game = rt.game
        events = [game.redact(e, name).to_dict() for e in rt.opening] if with_opening else []
        return State(
            ref=ref,
            match=rt.id,
            version=snapshot.version,
            server_time=time.time(),
            you=name,
            view=snapshot.views[name],
            table=rt.table(),
            clock=rt.clock_out(),
            events=events,
            legal=None if name is None else snapshot.legal_out(name),
        )

    def send_state(
        self, rt: Runtime, account: str, ref: Any = None, with_opening: bool = False
    ) -> None:
        """Send ``account`` the full table (:meth:`state_for`): also the base of deltas.

        This is where a connection joins the match's fan-out (``seen``), in the same
        step as its state is queued: the next update it gets follows this state.
        """
        conn = self.hub.by_account.get(account)
        if conn is None:
            return
        state = self.state_for(rt, account, ref, with_opening)
        conn.send(state)
        conn.seen[rt.id] = (state.you, state.version)

    def _broadcast_state(self, rt: Runtime, with_opening: bool = False) -> None:
        for account, _ in self._recipients(rt):
            self.send_state(rt, account, with_opening=with_opening)

    def _broadcast_table(self, rt: Runtime) -> None:
        """Seat states changed (away, auto-play) without a move: a fresh ``state``."""
        self._broadcast_state(rt)

    # ------------------------------------------------------------------ ending
    async def _end(self, rt: Runtime, status: str, results: list[dict[str, Any]]) -> None:
        rt.status = status
        message = MatchOver(
            match=rt.id,
            status="over" if status == "over" else "abandoned",
            winner=rt.game.snapshot()["match_winner"] if status == "over" else None,
            results=[result_out(Result(**r)) for r in results],
        )
        for account, _ in self._recipients(rt):
            self.hub.send(account, message)
            conn = self.hub.by_account.get(account)
            if conn is not None:
                conn.seen.pop(rt.id, None)
        self._stop(rt)
        self.runtimes.pop(rt.id, None)
        if self.on_match_over is not None:
            await self.on_match_over(rt.room_id, rt.id)

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

    # ------------------------------------------------------------------ seats
    async def set_autoplay(self, match_id: str, account: str, on: bool) -> None:
        rt = self._running(match_id)
        name = rt.player_of(account)
        if name is None:
            raise ProtocolError("not_a_player", "you do not play in this match")
        async with rt.lock:
            rt.control[name].autoplay = on
            await self._store_control(rt)
        self._broadcast_table(rt)
        self._drive(rt)

    async def emote(self, account: str, avatar: Avatar) -> bool:
        """A player's new avatar at their table: the match's seats and an ``emote`` to all.

        Whether the account plays a running match (else there is nobody to tell).
        """
        rt = self.match_of(account)
        name = rt.player_of(account) if rt is not None else None
        if rt is None or name is None:
            return False
        seat = rt.by_name[name]
        seat.outfit, seat.expression = avatar.outfit, avatar.expression
        async with self.db.session() as s, s.begin():
            await repo.update_fields(s, rt.id, seats=[x.to_dict() for x in rt.seats])
        text = Emote(match=rt.id, player=name, avatar=avatar).model_dump_json()
        for member, _ in self._recipients(rt):
            self.hub.send(member, text)
        return True

    async def away(self, account: str) -> None:
        """A player's connection dropped: a bot plays the seat during the grace."""
        for rt in list(self.runtimes.values()):
            name = rt.player_of(account)
            if name is None or rt.control[name].abandoned:
                continue
            async with rt.lock:
                now = time.time()
                rt.control[name].away_until = now + self.settings.reconnect_grace
                rt.control[name].takeover_at = now + self.settings.away_takeover
                await self._store_control(rt)
            self._arm(rt)
            self._broadcast_table(rt)
            self._drive(rt)

    async def back(self, account: str) -> Runtime | None:
        """A player came back within the grace: the seat is theirs again. Their match."""
        found = None
        for rt in list(self.runtimes.values()):
            name = rt.player_of(account)
            if name is None:
                continue
            found = rt
            if rt.control[name].away_until is None or rt.control[name].abandoned:
                continue
            async with rt.lock:
                control = rt.control[name]
                control.away_until = control.takeover_at = None
                control.away_bot = False
                await self._store_control(rt)
            task = rt.bot_tasks.pop(name, None)
            if task is not None and not rt.driven_by_bot(name):
                task.cancel()
            self._broadcast_table(rt)
        return found

    def match_of(self, account: str) -> Runtime | None:
        for rt in self.runtimes.values():
            if rt.player_of(account) is not None:
                return rt
        return None

    async def _grace_over(self, rt: Runtime, name: str) -> None:
        """R-LEAVE: past the grace, the player has left, or a bot keeps the seat."""
        if rt.abandon == "bot":
            async with rt.lock:
                control = rt.control[name]
                control.away_until = control.takeover_at = None
                control.abandoned = True
                control.left_points = hand_points(rt.game.hand(name))
                await self._store_control(rt)
            self._broadcast_table(rt)
            self._drive(rt)
            if not rt.humans_playing():
                await self._abandon(rt)
            return
        try:
            await self.submit(rt.id, Action.leave(name), "server")
        except ProtocolError as exc:
            log.warning(
                "match %s: %s could not leave after the grace: %s", rt.id, name, exc.message
            )
            async with rt.lock:
                rt.control[name].away_until = None

    async def _abandon(self, rt: Runtime) -> None:
        """Every person has gone: end the match, rating only the escapes."""
        async with rt.lock:
            if rt.status != "running":
                return
            now = time.time()
            rows, deltas = _result_rows(rt, rt.control, now, "abandoned")
            final = rt.game.snapshot()

            def finish(conn: Connection) -> dict[str, int]:
                conn.execute(
                    update(Match)
                    .where(Match.id == rt.id)
                    .values(status="abandoned", ended_at=now, final=final)
                )
                return apply_results(conn, rows, deltas)

            async with self.db.engine.begin() as conn:
                ratings = await conn.run_sync(finish)
            results = [{**r, "rating_after": ratings.get(r["account_id"] or "")} for r in rows]
            await self._end(rt, "abandoned", results)

    async def _store_control(self, rt: Runtime) -> None:
        async with self.db.session() as s, s.begin():
            await repo.update_fields(
                s, rt.id, control=_control_dict(rt.control, rt.abandon), clock=rt.clock.to_dict()
            )

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

        The decisions run in worker threads (:mod:`younuo.server.botseats`); each seat's
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
            source = "bot" if seat.kind == "bot" else "autoplay"
            rt.bot_tasks[name] = self._spawn(
                self._bot_act(rt, name, game.view(name), legal, source, snapshot.version)
            )

    async def _bot_act(
        self,
        rt: Runtime,
        name: str,
        view: PlayerView,
        legal: list[Action],
        source: str,
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
            if exc.code in ("stale_version", "no_match"):
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
                except Exception:
                    log.exception("clock of match %s failed", rt.id)
                    await asyncio.sleep(0.5)
        finally:
            if rt.firing is asyncio.current_task():
                rt.firing = None
                self._arm(rt)

    async def _fire(self, rt: Runtime) -> None:
        now = time.time()
        game = rt.game
        clock = rt.clock
        version = rt.version
        for name, control in list(rt.control.items()):
            if control.away_until is not None and control.away_until <= now and not control.left:
                await self._grace_over(rt, name)
                return
            if control.takeover_at is not None and control.takeover_at <= now:
                # The reconnect grace goes on; from now a bot plays the seat. Under the
                # lock: a move being stored puts back its own copy of the seat states
                # when it commits, which would undo a change made meanwhile.
                async with rt.lock:
                    control = rt.control[name]
                    if control.takeover_at is not None:
                        control.takeover_at = None
                        control.away_bot = True
                self._broadcast_table(rt)
                self._drive(rt)
                return
        if clock.match_deadline is not None and clock.match_deadline <= now:
            await self._server_action(rt, Action.match_clock(), version, "match_deadline")
        elif clock.next_round_at is not None and clock.next_round_at <= now:
            await self._server_action(rt, Action.next_round(), version, "next_round_at")
        elif clock.turn_deadline is not None and clock.turn_deadline <= now:
            player = game.current
            if player is None or player != clock.turn_player:
                clock.turn_deadline = None
                return
            await self._server_action(rt, Action.timeout(player), version, "turn_deadline")

    async def _server_action(
        self, rt: Runtime, action: Action, version: int, deadline: str
    ) -> None:
        try:
            result = await self.submit(rt.id, action, "server", version=version, strict=True)
        except ProtocolError as exc:
            if exc.code == "no_match":
                return
            # The engine refuses: the deadline is void (never fire it in a loop).
            log.warning("match %s: %s refused at %s: %s", rt.id, action.type, deadline, exc.message)
            if rt.version == version:
                setattr(rt.clock, deadline, None)
            return
        if result is None and rt.version == version:
            setattr(rt.clock, deadline, None)

    # ------------------------------------------------------------------ restoring
    async def restore(self) -> int:
        """Rebuild every running match from the database (after a restart or a crash)."""
        async with self.db.session() as s:
            rows = await repo.running(s)
            logs = {row.id: await repo.actions(s, row.id) for row in rows}
        now = time.time()
        for row in rows:
            try:
                rt = self._rebuild(row, [a.action for a in logs[row.id]])
            except (RecordError, IllegalAction, ValueError, KeyError, TypeError) as exc:
                log.error("match %s cannot be restored (%s): marked abandoned", row.id, exc)
                async with self.db.session() as s, s.begin():
                    await repo.update_fields(s, row.id, status="abandoned", ended_at=now)
                continue
            # Everyone is disconnected after a restart: each person gets the full grace.
            for seat in rt.seats:
                control = rt.control[seat.name]
                if seat.kind == "human" and not control.left and not control.abandoned:
                    control.away_until = now + self.settings.reconnect_grace
                    control.takeover_at = now + self.settings.away_takeover
                    control.away_bot = False
            await self._store_control(rt)
            self.runtimes[rt.id] = rt
            self._arm(rt)
            self._drive(rt)
        return len(rows)

    def _rebuild(self, row: Match, actions: list[dict[str, Any]]) -> Runtime:
        record = Record.from_dict(
            {
                "format": "younuo-record/1",
                "rules": row.rules,
                "players": row.players,
                "teams": row.teams,
                "setup": row.setup,
                "seed": row.seed,
                "actions": actions,
            }
        )
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

    # ------------------------------------------------------------------ helpers
    def _running(self, match_id: str) -> Runtime:
        rt = self.runtimes.get(match_id)
        if rt is None or rt.status != "running":
            raise ProtocolError("no_match", "no such running match")
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


def _result_rows(
    rt: Runtime, control: dict[str, SeatControl], now: float, status: str
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Result rows and rating deltas of an ended match (R-LEAVE, R-LEVEL).

    An abandoned match (every person gone) rates only the escapes: nobody finished it.
    """
    game = rt.game
    rules = game.rules
    left = {n: c.left_points for n, c in control.items() if c.left_points is not None}
    stayed = {n: hand_points(game.hand(n)) for n in game.players if n not in left}
    parts = rating_breakdown(game.players, game.scores(), rules.scoring, rules.target, left, stayed)
    winners = _winners(game) if status == "over" else set()
    scores = game.scores()
    rows: list[dict[str, Any]] = []
    deltas: dict[str, int] = {}
    for seat in rt.seats:
        part = parts[seat.name]
        rated = status == "over" or seat.name in left
        total = part.total if rated else 0
        if seat.account is not None:
            deltas[seat.account] = total
        rows.append(
            {
                "match_id": rt.id,
                "name": seat.name,
                "account_id": seat.account,
                "bot_level": seat.bot_level,
                "score": scores[seat.name],
                "winner": seat.name in winners,
                "left": seat.name in left,
                "rating_change": total,
                "breakdown": {
                    "score": part.score if rated else 0,
                    "penalty": part.penalty,
                    "compensation": part.compensation if rated else 0,
                    "bonus": part.bonus if rated else 0,
                },
                "ended_at": now,
            }
        )
    return rows, deltas


def _control_dict(control: dict[str, SeatControl], abandon: str) -> dict[str, Any]:
    """The ``matches.control`` column: the room's abandon rule and each seat's state."""
    return {"abandon": abandon, "seats": {name: c.to_dict() for name, c in control.items()}}


def _winners(game: Game) -> set[str]:
    """The match winner, and in team play their team-mates (R-TEAM)."""
    view = game.view(None)
    winner = view.match_winner
    if winner is None:
        return set()
    if view.teams is None:
        return {winner}
    team = view.teams[game.players.index(winner)]
    return {name for name, t in zip(game.players, view.teams, strict=True) if t == team}


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
