"""An event so far, as a format reads it to decide what follows a finished stage.

Every format (:mod:`.elimination`, :mod:`.swiss`, :mod:`.league`) answers the same
question with the same facts; they travel together as one value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from younuo.tournaments.entrants import Entrant
from younuo.tournaments.seeds import EventSeed
from younuo.tournaments.spec import TournamentSpec
from younuo.tournaments.stages import Stage
from younuo.tournaments.standings import rank


@dataclass(frozen=True, slots=True)
class Progress:
    """The event's spec, id and seed, its entrants, and the stages played (the last done)."""

    spec: TournamentSpec
    tournament_id: str
    seed: EventSeed
    entrants: Sequence[Entrant]
    stages: Sequence[Stage]

    def standing(self) -> tuple[str, ...]:
        """The entrants' ids in the order of the standings so far (first first)."""
        return tuple(s.entrant for s in rank(self.spec, self.entrants, self.stages))


__all__ = ["Progress"]
