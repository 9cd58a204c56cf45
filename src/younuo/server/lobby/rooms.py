"""Rooms: the original game's preparation screen as plain values and pure operations.

A :class:`RoomState` holds the settings (``lobby.settings``), the seats (the one
:class:`~younuo.server.seats.seat.Seat`: people and bots, ready states, camps, avatars),
the host and the spectators. Every operation checks who asks and raises
:class:`~younuo.server.lobby.errors.RoomError` with a protocol code when it is refused;
whether the host may start and in what order the match seats its players are the rules
of ``lobby.readiness``. The lobby service (``younuo.server.lobby.service``) loads a room,
applies an operation and stores the result with a version check; ``lobby.rows`` and
``lobby.wire`` turn a room into its database row and its wire models. Nothing here does
I/O or builds a wire model (an import-linter contract holds that), so the rules of the
room are tested without sockets or a database.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum

from younuo.bots import LEVELS as BOT_LEVELS
from younuo.protocol.errors import ErrorCode
from younuo.server.accounts.names import same_name
from younuo.server.accounts.seatfacts import SeatFacts
from younuo.server.lobby import readiness
from younuo.server.lobby.errors import RoomError
from younuo.server.lobby.settings import MODES, Settings, SettingsPatch, default_settings
from younuo.server.seats.seat import Seat, SeatKind

CAMPS = ("red", "blue")
BOT_NAMES = ("Mimi", "Lulu", "Pipi", "Dodo", "Kiki", "Nini", "Bobo", "Coco", "Fufu", "Gigi")
BOT_OUTFITS = ("teal", "purple", "orange", "pink", "green", "yellow", "blue", "red")


class RoomStatus(StrEnum):
    """Where a room is (stored in ``rooms.status`` and sent as the value)."""

    OPEN = "open"
    PLAYING = "playing"
    CLOSED = "closed"


@dataclass
class RoomState:
    """One room as the server holds it between operations."""

    id: str
    settings: Settings
    host: str | None
    seats: list[Seat | None]
    status: RoomStatus = RoomStatus.OPEN
    code: str | None = None
    match_id: str | None = None
    version: int = 0
    spectators: list[str] = field(default_factory=list)
    arrivals: list[str] = field(default_factory=list)
    """The seated people in the order they sat down: who has sat longest takes the room
    from a host gone for the reconnect grace (``lobby.handover``)."""

    def __post_init__(self) -> None:
        # Stored rows give the status as its string: it is the enum from here on.
        self.status = RoomStatus(self.status)

    # ------------------------------------------------------------------ reading
    @property
    def is_playing(self) -> bool:
        return self.status is RoomStatus.PLAYING

    def seat_of(self, account: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.account == account:
                return i
        return None

    def is_member(self, account: str) -> bool:
        return self.seat_of(account) is not None or account in self.spectators

    def humans(self) -> list[str]:
        return [s.account for s in self.seats if s is not None and s.account is not None]

    def seniority(self) -> list[str]:
        """The seated people, longest seated first: the kept order of ``arrivals``, then
        anyone seated without one (rows stored before it was kept) in seat order."""
        seated = self.humans()
        known = [a for a in self.arrivals if a in seated]
        return [*known, *(a for a in seated if a not in known)]

    def members(self) -> list[str]:
        return [*self.humans(), *self.spectators]

    def taken(self) -> int:
        return sum(seat is not None for seat in self.seats)

    def free_seats(self) -> int:
        return len(self.seats) - self.taken()

    def host_name(self) -> str | None:
        """The name the host sits under (None when the host only watches)."""
        return next((s.name for s in self.seats if s is not None and s.account == self.host), None)

    def copy(self) -> RoomState:
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ people
    def sit(self, account: str, facts: SeatFacts, seat: int | None = None) -> int:
        """Seat a person (or a bot account) showing ``facts``; the seat number.
        Spectators leave the spectators to sit."""
        if self.seat_of(account) is not None:
            raise RoomError(ErrorCode.ALREADY_IN_ROOM, "you already sit at this table")
        self._check_name(facts.name)
        index = self._free_seat(seat)
        self.seats[index] = Seat.person(account, facts, camp=self._camp_for_newcomer())
        if account in self.spectators:
            self.spectators.remove(account)
        self.arrivals = [*(a for a in self.arrivals if a != account), account]
        if self.host is None:
            self.host = account
        return index

    def take_seat(self, account: str, facts: SeatFacts, seat: int | None = None) -> int:
        """A spectator sits (``take_seat``): only while no match runs, as standing up.

        (Joining a room during a match seats a newcomer for the next match; a
        spectator of the running match waits for it to end.)
        """
        self._not_playing("take a seat")
        return self.sit(account, facts, seat)

    def watch(self, account: str) -> None:
        if self.seat_of(account) is not None:
            raise RoomError(ErrorCode.ALREADY_IN_ROOM, "you sit at this table: stand up to watch")
        if account not in self.spectators:
            self.spectators.append(account)

    def stand_up(self, account: str) -> None:
        index = self._seated(account)
        self._not_playing("stand up")
        self.seats[index] = None
        self.spectators.append(account)
        self._departed(account)

    def remove(self, account: str) -> None:
        """Take a person out of the room (leave, kick); the host passes on to the
        longest-seated person, else the first spectator."""
        index = self.seat_of(account)
        if index is not None:
            self.seats[index] = None
        self._departed(account)
        if account in self.spectators:
            self.spectators.remove(account)
        if self.host == account:
            self.host = next(iter(self.seniority()), None)
            if self.host is None and self.spectators:
                self.host = self.spectators[0]

    def set_ready(self, account: str, ready: bool) -> None:
        seat = self.seats[self._seated(account)]
        assert seat is not None
        seat.ready = ready

    def set_avatar(self, account: str, outfit: str, expression: str) -> None:
        index = self.seat_of(account)
        if index is not None:
            seat = self.seats[index]
            assert seat is not None
            seat.outfit, seat.expression = outfit, expression

    # ------------------------------------------------------------------ host powers
    def kick(self, actor: str, index: int) -> Seat:
        self._host(actor)
        self._not_playing("kick players")
        seat = self._taken(index)
        if seat.account == actor:
            raise RoomError(
                ErrorCode.BAD_SEAT, "the host cannot kick themselves: leave the room instead"
            )
        self.seats[index] = None
        if seat.account is not None:
            self._departed(seat.account)
        return seat

    def set_camp(self, actor: str, index: int, camp: str) -> None:
        self._host(actor)
        self._not_playing("move players between camps")
        if not self.settings.teams:
            raise RoomError(ErrorCode.BAD_OPTIONS, "camps are for team mode: switch the mode first")
        self._taken(index).camp = camp

    def configure(self, actor: str, patch: SettingsPatch) -> None:
        self._host(actor)
        self._not_playing("change the settings")
        settings = self.settings.patched(patch)
        if settings.seats != len(self.seats):
            if any(seat is not None for seat in self.seats[settings.seats :]):
                raise RoomError(
                    ErrorCode.BAD_SEAT,
                    f"seats {settings.seats + 1} and up are taken: empty them first",
                )
            self.seats = (self.seats + [None] * settings.seats)[: settings.seats]
        mode_changed = settings.mode != self.settings.mode
        self.settings = settings
        if mode_changed:
            self._assign_camps()

    def add_bot(self, actor: str, level: str, index: int | None = None) -> int:
        self._host(actor)
        self._not_playing("add bots")
        if level not in BOT_LEVELS:
            raise RoomError(
                ErrorCode.BAD_OPTIONS,
                f"unknown bot level {level!r}: use one of {', '.join(BOT_LEVELS)}",
            )
        where = self._free_seat(index)
        taken = {s.name.casefold() for s in self.seats if s is not None}
        name = next(
            (f"Bot {n}" for n in BOT_NAMES if f"bot {n}".casefold() not in taken),
            f"Bot {where + 1}",
        )
        outfit = BOT_OUTFITS[where % len(BOT_OUTFITS)]
        self.seats[where] = Seat.bot(name, level, self._camp_for_newcomer(), outfit)
        return where

    def remove_bot(self, actor: str, index: int) -> None:
        self._host(actor)
        self._not_playing("remove bots")
        if not self._taken(index).is_bot:
            raise RoomError(
                ErrorCode.BAD_SEAT, f"seat {index} holds a person, not a bot: kick instead"
            )
        self.seats[index] = None

    # ------------------------------------------------------------------ starting
    def start_problems(self, actor: str) -> list[readiness.StartProblem]:
        """Why the host cannot start now (empty when they can; ``readiness``)."""
        self._host(actor)
        return readiness.start_problems(self, actor)

    def lineup(self, actor: str) -> tuple[list[Seat], list[list[str]] | None]:
        """The match's players in seat order, host first, and the teams (``readiness``)."""
        return readiness.lineup(self, actor)

    def started(self, actor: str, match_id: str) -> None:
        """The host started ``match_id``: they are ready (starting says so), the room plays."""
        for seat in self.seats:
            if seat is not None and seat.account == actor:
                seat.ready = True
        self.status = RoomStatus.PLAYING
        self.match_id = match_id

    def match_over(self) -> None:
        """Back to the preparation screen: people must get ready again."""
        self.status = RoomStatus.OPEN
        self.match_id = None
        for seat in self.seats:
            if seat is not None and seat.kind is SeatKind.HUMAN:
                seat.ready = False

    # ------------------------------------------------------------------ helpers
    def _departed(self, account: str) -> None:
        """``account`` no longer sits here: if they sit again, they are the newest."""
        if account in self.arrivals:
            self.arrivals.remove(account)

    def _host(self, actor: str) -> None:
        if actor != self.host:
            raise RoomError(ErrorCode.NOT_HOST, "only the host (桌長) may do that")

    def _not_playing(self, what: str) -> None:
        if self.is_playing:
            raise RoomError(ErrorCode.ROOM_PLAYING, f"cannot {what} while a match is running")

    def _seated(self, account: str) -> int:
        index = self.seat_of(account)
        if index is None:
            raise RoomError(ErrorCode.NOT_SEATED, "you do not sit at this table")
        return index

    def _taken(self, index: int) -> Seat:
        if not 0 <= index < len(self.seats) or self.seats[index] is None:
            raise RoomError(ErrorCode.BAD_SEAT, f"seat {index} is empty or does not exist")
        seat = self.seats[index]
        assert seat is not None
        return seat

    def _free_seat(self, index: int | None) -> int:
        if index is not None:
            if not 0 <= index < len(self.seats):
                raise RoomError(ErrorCode.BAD_SEAT, f"there is no seat {index}")
            if self.seats[index] is not None:
                raise RoomError(ErrorCode.SEAT_TAKEN, f"seat {index} is taken")
            return index
        for i, seat in enumerate(self.seats):
            if seat is None:
                return i
        raise RoomError(ErrorCode.ROOM_FULL, "every seat is taken")

    def _check_name(self, name: str) -> None:
        for seat in self.seats:
            if seat is not None and same_name(seat.name, name):
                raise RoomError(
                    ErrorCode.NAME_TAKEN, f"someone called {seat.name!r} sits at this table already"
                )

    def _camp_for_newcomer(self) -> str | None:
        if not self.settings.teams:
            return None
        red = sum(1 for s in self.seats if s is not None and s.camp == "red")
        blue = sum(1 for s in self.seats if s is not None and s.camp == "blue")
        return "red" if red <= blue else "blue"

    def _assign_camps(self) -> None:
        taken = [s for s in self.seats if s is not None]
        for i, seat in enumerate(taken):
            seat.camp = CAMPS[i % 2] if self.settings.teams else None


__all__ = [
    "BOT_NAMES",
    "CAMPS",
    "MODES",
    "RoomError",
    "RoomState",
    "RoomStatus",
    "Seat",
    "Settings",
    "default_settings",
]
