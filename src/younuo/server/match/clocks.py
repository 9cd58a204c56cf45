"""The server's clocks (R-TIME) as data: deadlines stored with the match.

Nothing here sleeps or schedules. :func:`advance` computes the match's new
:class:`Clock` after each accepted action; the match service stores it in the same
transaction as the action, and the match's timer fires whatever is due. A restarted server
reads the clocks back and carries on: a timer is never the only record of a deadline,
and a deadline that belonged to a turn already played is simply replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from younuo.engine import Action, ActionType, Game, PlayerView

LAST_MINUTE = 60.0
"""R-TIME: the last minute of a timed match, when the turn clock gets shorter."""
LAST_MINUTE_TURN = 5
"""R-TIME (NetEase edition): seconds per turn in the last minute of a timed match."""


@dataclass
class Clock:
    """A match's deadlines (epoch seconds; None: not running)."""

    turn_player: str | None = None
    turn_deadline: float | None = None
    match_deadline: float | None = None
    next_round_at: float | None = None
    catch_player: str | None = None
    catch_until: float | None = None

    def to_dict(self) -> dict[str, Any]:
        # Spelled out: written with every move, and asdict's deep copies cost more.
        return {
            "turn_player": self.turn_player,
            "turn_deadline": self.turn_deadline,
            "match_deadline": self.match_deadline,
            "next_round_at": self.next_round_at,
            "catch_player": self.catch_player,
            "catch_until": self.catch_until,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Clock:
        return cls(**(data or {}))

    def next_due(self) -> float | None:
        """The earliest deadline that makes the server act (the catch grace does not)."""
        times = [
            t
            for t in (self.turn_deadline, self.match_deadline, self.next_round_at)
            if t is not None
        ]
        return min(times) if times else None


@dataclass
class SeatControl:
    """The server's own state of one seat, stored with the match (``control``)."""

    autoplay: bool = False
    away_until: float | None = None  # dropped: the seat's grace ends then
    takeover_at: float | None = None  # dropped: a bot starts playing the seat then
    away_bot: bool = False  # dropped, and a bot plays the seat until they come back
    abandoned: bool = False  # past the grace in an ``abandon: bot`` room: a bot keeps the seat
    left_points: int | None = None  # hand points when the player left (R-LEAVE rating)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        # Spelled out: written with every move, and asdict's deep copies cost more.
        return {
            "autoplay": self.autoplay,
            "away_until": self.away_until,
            "takeover_at": self.takeover_at,
            "away_bot": self.away_bot,
            "abandoned": self.abandoned,
            "left_points": self.left_points,
            "extra": dict(self.extra),
        }

    def copy(self) -> SeatControl:
        # Spelled out: every move copies each seat's control (dataclasses.replace is slow).
        return SeatControl(
            self.autoplay,
            self.away_until,
            self.takeover_at,
            self.away_bot,
            self.abandoned,
            self.left_points,
            dict(self.extra),
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatControl:
        return cls(**data)

    @property
    def left(self) -> bool:
        return self.left_points is not None


def turn_seconds(game: Game, match_deadline: float | None, now: float) -> float:
    """Seconds for a turn starting now: ``turn_seconds``, 5 in a timed match's last minute."""
    seconds = float(game.rules.turn_seconds)
    if seconds > 0 and match_deadline is not None and match_deadline - now <= LAST_MINUTE:
        seconds = min(seconds, LAST_MINUTE_TURN)
    return seconds


def start_clock(game: Game, view: PlayerView, now: float, catch_grace: float) -> Clock:
    """The clock of a match dealt at ``now``."""
    seconds = game.rules.match_seconds
    clock = Clock(match_deadline=now + seconds if seconds > 0 else None)
    return advance(clock, game, view, now, None, next_round_delay=0.0, catch_grace=catch_grace)


def advance(
    prev: Clock,
    game: Game,
    public: PlayerView,
    now: float,
    action: Action | None,
    *,
    next_round_delay: float,
    catch_grace: float,
) -> Clock:
    """The clock after ``action`` was applied at ``now`` (``public``: the spectators' view)."""
    clock = Clock(match_deadline=prev.match_deadline)
    if game.is_over:
        clock.match_deadline = None
        return clock
    if game.status == "round_over":
        # The server deals the next round by itself after a pause (docs/records.md, *Actions*).
        clock.next_round_at = (
            prev.next_round_at if prev.next_round_at is not None else now + next_round_delay
        )
        return clock
    current = game.current
    seconds = turn_seconds(game, prev.match_deadline, now)
    if current is not None and seconds > 0:
        # A new turn, or the player to move acted (drew, named a color): a fresh clock.
        # Others' actions (a UNO call, a catch) leave the running clock alone.
        fresh = (
            prev.turn_player != current
            or prev.turn_deadline is None
            or (
                action is not None
                and action.player == current
                and action.type is not ActionType.TIMEOUT
            )
            or (action is not None and action.type is ActionType.TIMEOUT)
        )
        clock.turn_player = current
        clock.turn_deadline = now + seconds if fresh else prev.turn_deadline
    if public.exposed is not None:
        # R-UNO-2 catch window: kept open at least ``catch_grace`` from when it opened.
        if prev.catch_player == public.exposed and prev.catch_until is not None:
            clock.catch_player, clock.catch_until = prev.catch_player, prev.catch_until
        else:
            clock.catch_player, clock.catch_until = public.exposed, now + catch_grace
    return clock


CLOSING = frozenset(
    {
        ActionType.PLAY,
        ActionType.DRAW,
        ActionType.PASS,
        ActionType.CHALLENGE,
        ActionType.CHOOSE_COLOR,
        ActionType.TIMEOUT,
    }
)
"""R-UNO-2: the actions that close a catch window (and so wait for the catch grace)."""


def bot_wait(action: Action, delay: float, now: float, catch_until: float | None) -> float:
    """Seconds a bot at human pace waits before sending ``action`` it chose at ``now``.

    ``delay``: its reaction time (:class:`younuo.bots.timing.Timing`). A catch also
    waits for the end of the catch grace (``catch_until``): the grace is the people's
    time to report a forgotten UNO, and a bot that reported inside it would always beat
    them to it (docs/bots.md, *Timing*).
    """
    wait = max(0.0, delay)
    if action.type is ActionType.CATCH and catch_until is not None:
        wait = max(wait, catch_until - now)
    return wait


__all__ = [
    "CLOSING",
    "LAST_MINUTE",
    "LAST_MINUTE_TURN",
    "Clock",
    "SeatControl",
    "advance",
    "bot_wait",
    "start_clock",
    "turn_seconds",
]
