"""Whether a room's host may start, and the match's lineup: pure rules of the room.

The host counts as ready (starting is their way of saying so). A refusal lists every
reason at once (``cannot_start`` carries them as ``details.reasons``), each with a code
of :class:`StartBlock`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from younuo.engine import RulesError
from younuo.server.seats.seat import Seat

if TYPE_CHECKING:  # rooms imports this module
    from younuo.server.lobby.rooms import RoomState


class StartBlock(StrEnum):
    """Why a match cannot start yet (the ``code`` of each ``cannot_start`` reason)."""

    PLAYING = "playing"
    TOO_FEW_READY = "too_few_ready"
    ODD_COUNT = "odd_count"
    UNBALANCED_CAMPS = "unbalanced_camps"
    RULES = "rules"


@dataclass(frozen=True, slots=True)
class StartProblem:
    """One reason a match cannot start, with the words that explain it."""

    code: StartBlock
    message: str


def ready_seats(room: RoomState, actor: str) -> list[Seat]:
    """The seats that would play now: the ready ones and the host's (``actor``)."""
    return [s for s in room.seats if s is not None and (s.is_ready or s.account == actor)]


def start_problems(room: RoomState, actor: str) -> list[StartProblem]:
    """Why ``actor`` cannot start now (empty when they can)."""
    if room.is_playing:
        return [StartProblem(StartBlock.PLAYING, "a match is already running")]
    reasons: list[StartProblem] = []
    lineup = ready_seats(room, actor)
    count = len(lineup)
    needed = room.settings.needed
    if count < needed:
        reasons.append(
            StartProblem(StartBlock.TOO_FEW_READY, f"{count} ready of the {needed} needed to start")
        )
    teams = room.settings.teams
    if teams:
        if count % 2:
            reasons.append(
                StartProblem(
                    StartBlock.ODD_COUNT,
                    f"team mode needs an even number of players, not {count}",
                )
            )
        red = sum(1 for s in lineup if s.camp == "red")
        blue = count - red
        if red != blue and count % 2 == 0:
            reasons.append(
                StartProblem(
                    StartBlock.UNBALANCED_CAMPS,
                    f"the camps must be even: {red} red against {blue} blue",
                )
            )
    try:
        room.settings.rules().check_table(count, teams)
    except RulesError as exc:
        if count >= 2:
            reasons.append(StartProblem(StartBlock.RULES, exc.message))
    return reasons


def lineup(room: RoomState, actor: str) -> tuple[list[Seat], list[list[str]] | None]:
    """The match's players in seat order, host first, and the teams (R-SETUP-2, R-TEAM)."""
    seats = ready_seats(room, actor)
    host_at = next((i for i, s in enumerate(seats) if s.account == room.host), 0)
    seats = seats[host_at:] + seats[:host_at]
    if not room.settings.teams:
        return seats, None
    first = seats[0].camp or "red"
    ours = [s for s in seats if s.camp == first]
    theirs = [s for s in seats if s.camp != first]
    order = [s for pair in zip(ours, theirs, strict=True) for s in pair]
    return order, [[s.name for s in ours], [s.name for s in theirs]]


__all__ = ["StartBlock", "StartProblem", "lineup", "ready_seats", "start_problems"]
