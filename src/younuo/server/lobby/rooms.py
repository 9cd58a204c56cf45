"""Rooms: the original game's preparation screen as plain values and pure operations.

A :class:`RoomState` holds the settings, the seats (people and bots, ready states,
camps, avatars), the host and the spectators. Every operation checks who asks and
raises :class:`RoomError` with a protocol code when it is refused; the lobby service
(``younuo.server.lobby.service``) loads a room, applies an operation and stores the result
with a version check. Nothing here does I/O, so the rules of the room are tested
without sockets or a database.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from younuo.bots import LEVELS as BOT_LEVELS
from younuo.engine import Rules, RulesError
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import (
    Avatar,
    LevelOut,
    RoomOut,
    RoomSettingsOut,
    RoomSettingsPatch,
    RoomSummary,
    SeatOut,
)
from younuo.server.accounts.names import ROOM_NAME_MAX, InvalidName, clean_name, same_name
from younuo.server.accounts.seatfacts import SeatFacts

MODES = ("ffa", "teams")
CAMPS = ("red", "blue")
DEFAULT_SEATS = 8
DEFAULT_NEEDED = 4
BOT_NAMES = ("Mimi", "Lulu", "Pipi", "Dodo", "Kiki", "Nini", "Bobo", "Coco", "Fufu", "Gigi")


class RoomError(Exception):
    """A refused room operation, with its protocol ``code``."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


@dataclass
class Settings:
    """A room's settings (``RoomSettings`` of docs/protocol.md)."""

    name: str
    seats: int = DEFAULT_SEATS
    needed: int = DEFAULT_NEEDED
    mode: str = "ffa"
    preset: str = "younuo"
    options: dict[str, Any] = field(default_factory=dict)
    private: bool = False
    abandon: str = "leave"
    free_text: bool = True
    """Free text in this room's chat (the host's switch; docs/social.md)."""

    def rules(self) -> Rules:
        """The rules the room plays by (RulesError when the options are bad)."""
        return Rules.from_dict({"preset": self.preset, **self.options})

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "seats": self.seats,
            "needed": self.needed,
            "mode": self.mode,
            "preset": self.preset,
            "options": dict(self.options),
            "private": self.private,
            "abandon": self.abandon,
            "free_text": self.free_text,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        return cls(**data)

    def patched(self, patch: RoomSettingsPatch) -> Settings:
        """These settings with ``patch`` applied and checked (``bad_options``)."""
        out = copy.deepcopy(self)
        if patch.name is not None:
            try:
                out.name = clean_name(patch.name, ROOM_NAME_MAX)
            except InvalidName as exc:
                raise RoomError(ErrorCode.BAD_NAME, f"room name: {exc}") from None
        if patch.seats is not None:
            out.seats = patch.seats
        if patch.needed is not None:
            out.needed = patch.needed
        if patch.mode is not None:
            out.mode = patch.mode
        if patch.preset is not None:
            out.preset = patch.preset
        if patch.options is not None:
            for key, value in patch.options.items():
                if value is None:
                    out.options.pop(key, None)
                else:
                    out.options[key] = value
        if patch.private is not None:
            out.private = patch.private
        if patch.abandon is not None:
            out.abandon = patch.abandon
        if patch.free_text is not None:
            out.free_text = patch.free_text
        if out.needed > out.seats:
            raise RoomError(
                ErrorCode.BAD_OPTIONS, f"needed ({out.needed}) is more than the seats ({out.seats})"
            )
        if "preset" in out.options:
            raise RoomError(
                ErrorCode.BAD_OPTIONS, "set the preset with the preset field, not in options"
            )
        try:
            out.rules()
        except RulesError as exc:
            raise RoomError(ErrorCode.BAD_OPTIONS, exc.message, {"rule_code": exc.code}) from None
        except TypeError:
            raise RoomError(
                ErrorCode.BAD_OPTIONS, "options must map option names to values"
            ) from None
        return out


@dataclass
class Seat:
    """A taken seat: a person or a bot."""

    kind: str  # human or bot
    name: str
    account: str | None = None
    bot_level: str | None = None
    ready: bool = False
    camp: str | None = None
    outfit: str = "red"
    expression: str = "smile"
    bot_account: bool = False
    """A person's seat held by a bot account (a program on the network, shown as one)."""
    title: str | None = None
    """The title shown beside the person's name when they sat down."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "account": self.account,
            "bot_level": self.bot_level,
            "ready": self.ready,
            "camp": self.camp,
            "outfit": self.outfit,
            "expression": self.expression,
            "bot_account": self.bot_account,
            "title": self.title,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(**data)

    @classmethod
    def person(
        cls, account: str, facts: SeatFacts, camp: str | None = None, ready: bool = False
    ) -> Seat:
        """A person's seat showing ``facts`` (``seatfacts.seat_facts``): every table's
        people are seated through here."""
        return cls(
            kind="human",
            name=facts.name,
            account=account,
            ready=ready,
            camp=camp,
            outfit=facts.avatar.outfit,
            expression=facts.avatar.expression,
            bot_account=facts.bot_account,
            title=facts.title,
        )

    @property
    def is_ready(self) -> bool:
        return self.ready or self.kind == "bot"


@dataclass
class RoomState:
    """One room as the server holds it between operations."""

    id: str
    settings: Settings
    host: str | None
    seats: list[Seat | None]
    status: str = "open"  # open, playing, closed
    code: str | None = None
    match_id: str | None = None
    version: int = 0
    spectators: list[str] = field(default_factory=list)

    # ------------------------------------------------------------------ reading
    def seat_of(self, account: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.account == account:
                return i
        return None

    def is_member(self, account: str) -> bool:
        return self.seat_of(account) is not None or account in self.spectators

    def humans(self) -> list[str]:
        return [s.account for s in self.seats if s is not None and s.account is not None]

    def members(self) -> list[str]:
        return [*self.humans(), *self.spectators]

    def taken(self) -> int:
        return sum(seat is not None for seat in self.seats)

    def free_seats(self) -> int:
        return len(self.seats) - self.taken()

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

    def remove(self, account: str) -> None:
        """Take a person out of the room (leave, kick); the host passes on."""
        index = self.seat_of(account)
        if index is not None:
            self.seats[index] = None
        if account in self.spectators:
            self.spectators.remove(account)
        if self.host == account:
            self.host = next(iter(self.humans()), None)
            if self.host is None and self.spectators:
                self.host = self.spectators[0]

    def set_ready(self, account: str, ready: bool) -> None:
        seat = self.seats[self._seated(account)]
        assert seat is not None
        seat.ready = ready

    def set_avatar(self, account: str, avatar: Avatar) -> None:
        index = self.seat_of(account)
        if index is not None:
            seat = self.seats[index]
            assert seat is not None
            seat.outfit, seat.expression = avatar.outfit, avatar.expression

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
        return seat

    def set_camp(self, actor: str, index: int, camp: str) -> None:
        self._host(actor)
        self._not_playing("move players between camps")
        if self.settings.mode != "teams":
            raise RoomError(ErrorCode.BAD_OPTIONS, "camps are for team mode: switch the mode first")
        self._taken(index).camp = camp

    def configure(self, actor: str, patch: RoomSettingsPatch) -> None:
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
        outfit = ("teal", "purple", "orange", "pink", "green", "yellow", "blue", "red")[where % 8]
        self.seats[where] = Seat(
            kind="bot",
            name=name,
            bot_level=level,
            ready=True,
            camp=self._camp_for_newcomer(),
            outfit=outfit,
            expression="grin",
        )
        return where

    def remove_bot(self, actor: str, index: int) -> None:
        self._host(actor)
        self._not_playing("remove bots")
        if self._taken(index).kind != "bot":
            raise RoomError(
                ErrorCode.BAD_SEAT, f"seat {index} holds a person, not a bot: kick instead"
            )
        self.seats[index] = None

    # ------------------------------------------------------------------ starting
    def start_problems(self, actor: str) -> list[dict[str, str]]:
        """Why the host cannot start now (empty when they can). The host counts as ready."""
        self._host(actor)
        reasons: list[dict[str, str]] = []
        if self.status == "playing":
            return [{"code": "playing", "message": "a match is already running"}]
        lineup = self._ready_seats(actor)
        count = len(lineup)
        needed = self.settings.needed
        if count < needed:
            reasons.append(
                {
                    "code": "too_few_ready",
                    "message": f"{count} ready of the {needed} needed to start",
                }
            )
        if self.settings.mode == "teams":
            if count % 2:
                reasons.append(
                    {
                        "code": "odd_count",
                        "message": f"team mode needs an even number of players, not {count}",
                    }
                )
            red = sum(1 for s in lineup if s.camp == "red")
            blue = count - red
            if red != blue and count % 2 == 0:
                reasons.append(
                    {
                        "code": "unbalanced_camps",
                        "message": f"the camps must be even: {red} red against {blue} blue",
                    }
                )
        try:
            self.settings.rules().check_table(count, self.settings.mode == "teams")
        except RulesError as exc:
            if count >= 2:
                reasons.append({"code": "rules", "message": exc.message})
        return reasons

    def lineup(self, actor: str) -> tuple[list[Seat], list[list[str]] | None]:
        """The match's players in seat order, host first, and the teams (R-SETUP-2, R-TEAM)."""
        seats = self._ready_seats(actor)
        host_at = next((i for i, s in enumerate(seats) if s.account == self.host), 0)
        seats = seats[host_at:] + seats[:host_at]
        if self.settings.mode != "teams":
            return seats, None
        first = seats[0].camp or "red"
        ours = [s for s in seats if s.camp == first]
        theirs = [s for s in seats if s.camp != first]
        order = [s for pair in zip(ours, theirs, strict=True) for s in pair]
        return order, [[s.name for s in ours], [s.name for s in theirs]]

    def _ready_seats(self, actor: str) -> list[Seat]:
        return [s for s in self.seats if s is not None and (s.is_ready or s.account == actor)]

    def match_over(self) -> None:
        """Back to the preparation screen: people must get ready again."""
        self.status = "open"
        self.match_id = None
        for seat in self.seats:
            if seat is not None and seat.kind == "human":
                seat.ready = False

    # ------------------------------------------------------------------ views
    def to_out(
        self,
        viewer: str | None,
        ratings: dict[str, int],
        connected: set[str],
        level_of: Any,
    ) -> RoomOut:
        settings = self.settings
        seats: list[SeatOut | None] = []
        for i, seat in enumerate(self.seats):
            if seat is None:
                seats.append(None)
                continue
            rating = ratings.get(seat.account) if seat.account else None
            level: LevelOut | None = level_of(rating) if rating is not None else None
            seats.append(
                SeatOut(
                    seat=i,
                    kind="bot" if seat.kind == "bot" else "human",
                    account=seat.account,
                    name=seat.name,
                    ready=seat.is_ready,
                    camp=seat.camp if settings.mode == "teams" else None,  # type: ignore[arg-type]
                    avatar=Avatar.model_validate(
                        {"outfit": seat.outfit, "expression": seat.expression}
                    ),
                    rating=rating,
                    level=level,
                    bot_level=seat.bot_level,
                    bot_account=seat.bot_account,
                    title=seat.title,  # type: ignore[arg-type]
                    connected=seat.kind == "bot" or seat.account in connected,
                )
            )
        try:
            rules = settings.rules().changes()
        except RulesError:
            rules = {"preset": settings.preset}
        return RoomOut(
            id=self.id,
            name=settings.name,
            status=self.status,
            version=self.version,
            host=self.host,
            private=settings.private,
            code=self.code if viewer is not None and self.is_member(viewer) else None,
            settings=RoomSettingsOut.model_validate(settings.to_dict()),
            rules=rules,
            seats=seats,
            spectators=len(self.spectators),
            match=self.match_id,
        )

    def summary(self) -> RoomSummary:
        host = next((s.name for s in self.seats if s is not None and s.account == self.host), None)
        # The clock and target let a newcomer pick a room they can keep up with.
        try:
            rules = self.settings.rules()
        except RulesError:
            rules = Rules.from_preset(self.settings.preset)
        return RoomSummary(
            id=self.id,
            name=self.settings.name,
            mode="teams" if self.settings.mode == "teams" else "ffa",
            preset=self.settings.preset,
            seats=len(self.seats),
            taken=self.taken(),
            needed=self.settings.needed,
            status=self.status,
            host_name=host,
            turn_seconds=rules.turn_seconds,
            target=rules.target,
            bot_accounts=sum(1 for s in self.seats if s is not None and s.bot_account),
        )

    def to_row(self) -> dict[str, Any]:
        """The columns of ``store.models.Room`` this state fills."""
        return {
            "name": self.settings.name,
            "status": self.status,
            "private": self.settings.private,
            "code": self.code,
            "host_id": self.host,
            "settings": self.settings.to_dict(),
            "seats": {
                "seats": [None if s is None else s.to_dict() for s in self.seats],
                "spectators": self.spectators,
            },
            "match_id": self.match_id,
        }

    @classmethod
    def from_row(cls, row: Any) -> RoomState:
        data = row.seats
        return cls(
            id=row.id,
            settings=Settings.from_dict(dict(row.settings)),
            host=row.host_id,
            seats=[None if s is None else Seat.from_dict(s) for s in data["seats"]],
            status=row.status,
            code=row.code,
            match_id=row.match_id,
            version=row.version,
            spectators=list(data.get("spectators", [])),
        )

    # ------------------------------------------------------------------ helpers
    def _host(self, actor: str) -> None:
        if actor != self.host:
            raise RoomError(ErrorCode.NOT_HOST, "only the host (桌長) may do that")

    def _not_playing(self, what: str) -> None:
        if self.status == "playing":
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
        if self.settings.mode != "teams":
            return None
        red = sum(1 for s in self.seats if s is not None and s.camp == "red")
        blue = sum(1 for s in self.seats if s is not None and s.camp == "blue")
        return "red" if red <= blue else "blue"

    def _assign_camps(self) -> None:
        taken = [s for s in self.seats if s is not None]
        for i, seat in enumerate(taken):
            seat.camp = CAMPS[i % 2] if self.settings.mode == "teams" else None


def default_settings(name: str) -> Settings:
    return Settings(name=name)


__all__ = [
    "BOT_NAMES",
    "CAMPS",
    "MODES",
    "RoomError",
    "RoomState",
    "Seat",
    "Settings",
    "default_settings",
]
