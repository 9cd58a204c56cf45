"""A running match's transitions, as pure functions: no I/O, no clock, no lock.

Everything that changes a running match is one of these transitions:

- :func:`move`: an action applied in the engine (a person's, a bot's, the server's
  timeout, match clock or next deal), with what it does to the seats (acting yourself
  ends auto-play, two timeouts in a row start it, leaving records the hand's points)
  and to the clocks;
- :func:`seat_change`: the server's state of one seat changes without a move (a
  connection dropped or came back, auto-play switched, the bot takes over, the grace
  ran out in an ``abandon: bot`` room); :func:`new_avatar` is one too, of who sits
  there (an emote).

Both give a :class:`Change`: the seats' and clocks' new state, and, when the match
ends with it, how (:class:`Ending`: status, results, rating changes). Nothing is
committed here: the shell (:mod:`younuo.server.match.service`) writes the change, and only
once it is stored makes it the match's state. A move's engine work is the exception: the
engine applies an action to its game in place, so a change that could not be stored
makes the shell rebuild the game from the database.

The core is pure in the sense of docs/architecture.md: it returns domain values and
raises :class:`~younuo.server.match.errors.MatchRefused`; it imports no wire model, no
store and no event loop (an import-linter contract in pyproject.toml says so).
:mod:`.wire` turns its values into the protocol's models, :mod:`.storage` into the
database's columns.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from younuo.engine import (
    Action,
    ActionType,
    Event,
    Game,
    IllegalAction,
    PlayerView,
    hand_points,
    rating_breakdown,
)
from younuo.server.match.clocks import Clock, SeatControl, advance
from younuo.server.match.errors import MatchRefused
from younuo.server.match.kinds import Abandon, Deadline, Lapse, MatchStatus, SeatKind, Source
from younuo.server.match.snapshots import Snapshot
from younuo.server.seats.seat import Seat
from younuo.social.skill import Standing, standings


@dataclass(frozen=True, slots=True)
class Timing:
    """The settings the transitions use (seconds)."""

    next_round_delay: float
    catch_grace: float
    reconnect_grace: float
    away_takeover: float


SeatInfo = Seat
"""A player of a match: the one seat value (``younuo.server.seats``), carried in from the
room by ``match_seat`` and stored in ``matches.seats``."""


@dataclass
class MatchState:
    """A running match as the node running it holds it: the engine's game and the
    server's state of the seats and clocks, at the last committed ``version``."""

    id: str
    room_id: str | None
    game: Game
    version: int
    seats: list[SeatInfo]
    control: dict[str, SeatControl]
    clock: Clock
    abandon: Abandon = Abandon.LEAVE
    status: MatchStatus = MatchStatus.RUNNING
    opening: tuple[Event, ...] = ()
    public: PlayerView | None = None
    """The public view at ``version`` (the clocks are advanced from it)."""
    snapshot: Snapshot | None = None
    """Every seat's view and legal actions at ``version``: what every ``state`` and
    ``update`` is built from, and the base of the next update's deltas. Replaced only
    together with ``version``, once a change is committed."""

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
        return (
            seat.kind is SeatKind.BOT or control.autoplay or control.away_bot or control.abandoned
        )

    def player_of(self, account: str) -> str | None:
        """The seat an account plays, if it still plays (not left)."""
        name = self.by_account.get(account)
        if name is None or self.control[name].left:
            return None
        return name

    def next_due(self) -> float | None:
        """When something is due next: a turn's end, the match clock, the next deal, a
        seat's grace or the bot's takeover of a dropped seat."""
        times = [t for t in (self.clock.next_due(),) if t is not None]
        for c in self.control.values():
            if c.away_until is not None and not c.left:
                times.append(c.away_until)
            if c.takeover_at is not None and not c.left:
                times.append(c.takeover_at)
        return min(times) if times else None


@dataclass(slots=True)
class Change:
    """What a transition made of a match: its state after, not committed yet."""

    control: dict[str, SeatControl]
    clock: Clock
    action: Action | None = None
    """The move's action; None for a change of the seats alone (the version stays)."""
    source: Source = Source.SERVER
    events: tuple[Event, ...] = ()
    public: PlayerView | None = None
    """The game's public view after the move (moves only)."""
    seats: list[SeatInfo] | None = None
    """New avatars at the table (an emote), when they changed."""
    end: Ending | None = None


# ---------------------------------------------------------------------- transitions
def move(match: MatchState, action: Action, source: Source, now: float, timing: Timing) -> Change:
    """Apply ``action`` to the match's game (:class:`MatchRefused` when the engine
    refuses, with the engine's code)."""
    game = match.game
    try:
        events = game.apply(action)
    except IllegalAction as exc:
        raise MatchRefused(exc.code, exc.message) from None
    control = {name: c.copy() for name, c in match.control.items()}
    name = action.player
    if name is not None and source is Source.PLAYER:
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
        match.clock,
        game,
        public,
        now,
        action,
        next_round_delay=timing.next_round_delay,
        catch_grace=timing.catch_grace,
    )
    change = Change(control, clock, action, source, events, public)
    change.end = _ending(match, control, now, game.is_over)
    return change


SeatEdit = Callable[[SeatControl], None]
"""A change of one seat's server state, made in place on a copy."""


def seat_change(match: MatchState, name: str, edit: SeatEdit, now: float) -> Change:
    """``edit`` applied to a copy of seat ``name``'s state; the match ends (abandoned)
    when no person is left playing."""
    control = {n: c.copy() for n, c in match.control.items()}
    edit(control[name])
    change = Change(control, match.clock)
    change.end = _ending(match, control, now, over=False)
    return change


def away(now: float, timing: Timing) -> SeatEdit:
    """The seat's connection dropped: the grace starts, a bot plays after the takeover."""

    def edit(c: SeatControl) -> None:
        c.away_until = now + timing.reconnect_grace
        c.takeover_at = now + timing.away_takeover
        c.away_bot = False

    return edit


def back(c: SeatControl) -> None:
    """The player came back within the grace: the seat is theirs again."""
    c.away_until = c.takeover_at = None
    c.away_bot = False


def take_over(c: SeatControl) -> None:
    """The reconnect grace goes on; from now a bot plays the dropped seat."""
    c.takeover_at = None
    c.away_bot = True


def grace_void(c: SeatControl) -> None:
    """The grace ended but the player could not be made to leave: stop waiting for it."""
    c.away_until = None


def autoplay(on: bool) -> SeatEdit:
    def edit(c: SeatControl) -> None:
        c.autoplay = on

    return edit


def keep_for_bot(points: int) -> SeatEdit:
    """R-LEAVE in an ``abandon: bot`` room: past the grace the player has left (their
    hand's ``points`` count for the rating) and a bot keeps the seat."""

    def edit(c: SeatControl) -> None:
        c.away_until = c.takeover_at = None
        c.abandoned = True
        c.left_points = points

    return edit


def grace_ended(match: MatchState, now: float) -> tuple[str, Lapse] | None:
    """The first seat whose reconnect grace or takeover time has passed, if any, and
    which of the two it is."""
    for name, c in match.control.items():
        if c.left:
            continue
        if c.away_until is not None and c.away_until <= now:
            return name, Lapse.GRACE
        if c.takeover_at is not None and c.takeover_at <= now:
            return name, Lapse.TAKEOVER
    return None


def due_action(match: MatchState, now: float) -> tuple[Action, Deadline] | None:
    """The server's action due now, and the clock field that made it due: the match
    clock, the next deal, or the turn's timeout."""
    clock = match.clock
    if clock.match_deadline is not None and clock.match_deadline <= now:
        return Action.match_clock(), Deadline.MATCH
    if clock.next_round_at is not None and clock.next_round_at <= now:
        return Action.next_round(), Deadline.NEXT_ROUND
    if clock.turn_deadline is not None and clock.turn_deadline <= now:
        player = match.game.current
        if player is not None and player == clock.turn_player:
            return Action.timeout(player), Deadline.TURN
    return None


def restarted(match: MatchState, online: set[str], now: float, timing: Timing) -> Change:
    """The match is taken up by a node that did not run it a moment ago (a restart, a
    takeover): each person not connected now (not in ``online``) gets the full grace,
    as if they had just dropped."""
    control = {n: c.copy() for n, c in match.control.items()}
    for seat in match.seats:
        c = control[seat.name]
        if _playing(seat, c) and seat.account not in online:
            away(now, timing)(c)
    return Change(control, match.clock)


def new_avatar(match: MatchState, name: str, outfit: str, expression: str) -> Change:
    """Seat ``name``'s player shows a new avatar at the table (an emote)."""
    seats = [
        dataclasses.replace(s, outfit=outfit, expression=expression) if s.name == name else s
        for s in match.seats
    ]
    return Change(match.control, match.clock, seats=seats)


# ---------------------------------------------------------------------- endings
@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's result in an ended match (R-LEAVE, R-LEVEL)."""

    name: str
    account: str | None
    bot_level: str | None
    score: int
    winner: bool
    left: bool
    rating_change: int
    breakdown: dict[str, int]
    """The rating change's parts: score, penalty, compensation, bonus."""


@dataclass(frozen=True, slots=True)
class Ending:
    """How a match ended, to be written with the change that ends it."""

    status: MatchStatus
    """:attr:`MatchStatus.OVER` or :attr:`MatchStatus.ABANDONED`."""
    at: float
    final: dict[str, Any]
    """The engine's final snapshot of the game."""
    winner: str | None
    results: tuple[SeatResult, ...]
    ratings: dict[str, int]
    """Rating changes by account."""
    standings: tuple[Standing, ...] = ()
    """The camps' places by seat name, which move the skill (younuo.social.skill); none
    for an abandoned match, which nobody finished."""


def _ending(
    match: MatchState, control: dict[str, SeatControl], now: float, over: bool
) -> Ending | None:
    if over:
        return match_end(match, control, now, MatchStatus.OVER)
    if not any(_playing(s, control[s.name]) for s in match.seats):
        return match_end(match, control, now, MatchStatus.ABANDONED)  # nobody to play for
    return None


def match_end(
    match: MatchState, control: dict[str, SeatControl], now: float, status: MatchStatus
) -> Ending:
    """Results and rating changes of an ended match (R-LEAVE, R-LEVEL).

    An abandoned match (every person gone) rates only the escapes: nobody finished it.
    """
    game = match.game
    rules = game.rules
    over = status is MatchStatus.OVER
    left = {n: c.left_points for n, c in control.items() if c.left_points is not None}
    stayed = {n: hand_points(game.hand(n)) for n in game.players if n not in left}
    parts = rating_breakdown(game.players, game.scores(), rules.scoring, rules.target, left, stayed)
    final = game.snapshot()
    winners = _winners(game) if over else set()
    scores = game.scores()
    results: list[SeatResult] = []
    deltas: dict[str, int] = {}
    for seat in match.seats:
        part = parts[seat.name]
        rated = over or seat.name in left
        total = part.total if rated else 0
        if seat.account is not None:
            deltas[seat.account] = total
        results.append(
            SeatResult(
                name=seat.name,
                account=seat.account,
                bot_level=seat.bot_level,
                score=scores[seat.name],
                winner=seat.name in winners,
                left=seat.name in left,
                rating_change=total,
                breakdown={
                    "score": part.score if rated else 0,
                    "penalty": part.penalty,
                    "compensation": part.compensation if rated else 0,
                    "bonus": part.bonus if rated else 0,
                },
            )
        )
    return Ending(
        status=MatchStatus.OVER if over else MatchStatus.ABANDONED,
        at=now,
        final=final,
        winner=final["match_winner"] if over else None,
        results=tuple(results),
        ratings=deltas,
        standings=(
            standings(
                game.players, scores, winners, set(left), rules.scoring, game.view(None).teams
            )
            if over
            else ()
        ),
    )


def _playing(seat: SeatInfo, c: SeatControl) -> bool:
    """Whether a person still plays this seat (not left, not kept for a bot)."""
    return seat.kind is SeatKind.HUMAN and not c.left and not c.abandoned


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


__all__ = [
    "Change",
    "Ending",
    "MatchState",
    "SeatEdit",
    "SeatInfo",
    "SeatResult",
    "Source",
    "Timing",
    "autoplay",
    "away",
    "back",
    "due_action",
    "grace_ended",
    "grace_void",
    "keep_for_bot",
    "match_end",
    "move",
    "new_avatar",
    "restarted",
    "seat_change",
    "take_over",
]
