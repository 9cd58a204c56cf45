"""The tournament REST API's bodies and answers (docs/protocol.md §1, *Tournaments*).

Plain pydantic models with no web application or store behind them, like
:mod:`younuo.protocol.rest`. A spec is checked by ``TournamentSpec`` itself (its
error codes: ``bad_name``, ``bad_cap``, ...): the body has the right shapes, and each
number and time its bounds (:mod:`younuo.protocol.bounds`; ``422 bad_message`` past them).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from younuo.protocol.bounds import (
    CalendarTime,
    CheckInSeconds,
    EventCap,
    MatchSeconds,
    Rounds,
    TableSize,
    Target,
)

Format = Literal["elimination", "swiss", "league"]
NoShowPolicy = Literal["bye", "bot"]
EventStatus = Literal["registration", "running", "finished", "cancelled"]


class TournamentIn(BaseModel):
    """A new event's spec: ``TournamentSpec`` fields (docs/tournaments.md); left out, a
    field takes the spec's default. ``code`` makes it private (a player's always is:
    without a code one is made)."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=200)]
    format: Format
    starts_at: CalendarTime
    preset: Annotated[str, Field(max_length=40)] | None = None
    options: (
        Annotated[dict[Annotated[str, Field(max_length=40)], Any], Field(max_length=40)] | None
    ) = None
    table_min: TableSize | None = None
    table_max: TableSize | None = None
    advance: TableSize | None = None
    rounds: Rounds | None = None
    match_seconds: MatchSeconds | None = None
    target: Target | None = None
    no_show: NoShowPolicy | None = None
    bot_level: Annotated[str, Field(max_length=40)] | None = None
    cap: EventCap | None = None
    check_in: CheckInSeconds | None = None
    code: Annotated[str, Field(max_length=40)] | None = None


class CodeIn(BaseModel):
    """The body of ``register``: the private event's code (null for a public one)."""

    model_config = ConfigDict(extra="forbid")
    code: Annotated[str, Field(max_length=40)] | None = None


class TournamentSummary(BaseModel):
    """A listed event."""

    id: str
    name: str
    format: Format
    status: EventStatus
    starts_at: str
    private: bool
    registered: int
    cap: int


class RegistrationOut(BaseModel):
    account: str
    rating: int
    checked_in: bool


class EntrantOut(BaseModel):
    """A seat-holder fixed at the start: a person (``id`` is the account) or ``bot:N``."""

    id: str
    kind: Literal["player", "bot"]
    rating: int
    bot_level: str | None
    replaces: str | None


class StandingOut(BaseModel):
    place: int
    entrant: str
    played: int
    points: int
    opposition: float
    wins: int
    score: int
    stage: int
    out: bool


class EventTableOut(BaseModel):
    """One table of the event: its match (and room) once started, its places once done."""

    id: str
    stage: int
    number: int
    seats: list[str]
    match: str
    room: str
    done: bool
    places: list[str] | None


class TournamentOut(BaseModel):
    """One event as everyone sees it (``code`` only for its creator and admins)."""

    id: str
    name: str
    status: EventStatus
    spec: dict[str, Any]
    creator: str
    private: bool
    code: str | None
    registrations: list[RegistrationOut]
    entrants: list[EntrantOut]
    standings: list[StandingOut]
    bracket: dict[str, Any]
    tables: list[EventTableOut]
    places: list[str]
    cancelled: str | None
    qualified: list[str] | None
    """Only these accounts may register (a series' event fed by others); None: anyone."""


__all__ = [
    "CodeIn",
    "EntrantOut",
    "EventTableOut",
    "RegistrationOut",
    "StandingOut",
    "TournamentIn",
    "TournamentOut",
    "TournamentSummary",
]
