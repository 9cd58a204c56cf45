"""What a transition asks the shell to do: typed commands, carried out idempotently.

The shell stores the new :class:`~younuo.tournaments.tournament.Tournament` and then
carries out its commands. Each one is safe to carry out twice (a table's match is
created under the table's id; finishing or cancelling an event twice is once), and
``Tournament.resume()`` gives the commands a stored event still needs, so a shell that
died between storing and doing simply asks again after its restart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from younuo.engine.rng import Seed
from younuo.tournaments.entrants import Entrant
from younuo.tournaments.stages import Teams


class CancelReason(StrEnum):
    TOO_FEW_PLAYERS = "too_few_players"
    """At the start, too few were present to seat a table (or a league), as the policy says."""
    BY_ORGANISER = "by_organiser"
    """The organiser (the creator or an admin, as the shell checks) called it off."""


@dataclass(frozen=True, slots=True)
class StartTable:
    """Start the match of one table and bring its players to it.

    ``seats`` in seat order (people and bots, with the bot's level); ``teams`` pairs
    them for partner play (the engine's ``teams``); ``rules`` for ``Rules.from_dict``;
    ``match_seconds`` is the match clock the shell runs (0: none; also in ``rules``);
    ``seed`` the engine's seed for the deal, derived from the event's deal secret (a
    key; an integer in an event stored before keyed deals): never to be shown while
    the table's match runs.
    """

    table_id: str
    stage: int
    seats: tuple[Entrant, ...]
    teams: Teams | None
    rules: Mapping[str, Any]
    match_seconds: int
    seed: Seed

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))


@dataclass(frozen=True, slots=True)
class TournamentFinished:
    """The event is over: store the places and award what they earn (titles, series)."""

    places: tuple[Entrant, ...]

    @property
    def champion(self) -> Entrant:
        return self.places[0]


@dataclass(frozen=True, slots=True)
class TournamentCancelled:
    """The event will not be played (or not played on): tell its players."""

    reason: CancelReason


Command = StartTable | TournamentFinished | TournamentCancelled
"""Every command a transition may return."""
