"""A table's result as the shell delivers it, and the placement points it is worth.

The shell reads a finished match (the match service's final state) into a
:class:`TableResult`: the seats from first to last and each one's match score.
:meth:`TableResult.from_match` does that from what every finished match has: its
players, scores, winner and the players who left.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from younuo.tournaments.errors import ErrorCode, TournamentError

PLACEMENT_SCALE = 420
"""Placement points of a table's winner. 420 is the least common multiple of 1 to 7, so
every place at every table of 2 to 8 is worth a whole number of points (module doc)."""

BYE_POINTS = PLACEMENT_SCALE // 2
"""A Swiss bye is worth a middle place: half a win."""


def placement_points(place: int, size: int) -> int:
    """Placement points for ``place`` (1 first) at a table of ``size``: 420 down to 0.

    The winner gets 420, the last 0, and the places between are evenly spaced, so a
    place is worth the same share of the table whatever its size: 2nd of 4 is 280,
    2nd of 8 is 360, 4th of 7 is 210.

    >>> [placement_points(p, 4) for p in range(1, 5)]
    [420, 280, 140, 0]
    """
    if not 1 <= place <= size or size < 2:
        raise ValueError(f"place {place} at a table of {size}")
    return PLACEMENT_SCALE * (size - place) // (size - 1)


def rank_players(
    players: Sequence[str],
    scores: Mapping[str, int],
    winner: str | None,
    lowest_wins: bool,
    left: Collection[str] = (),
) -> tuple[str, ...]:
    """A finished match's places: the engine's match winner first, then by score.

    After the winner (who already won every tie by the engine's R-SCORE-4), the others
    go by match score (lowest first under negative and elimination scoring), players
    who left the match after everyone who stayed, and equal scores by seat order.
    """
    sign = 1 if lowest_wins else -1

    def key(name: str) -> tuple[bool, bool, int, int]:
        return (name != winner, name in left, sign * scores[name], players.index(name))

    return tuple(sorted(players, key=key))


@dataclass(frozen=True, slots=True)
class TableResult:
    """The outcome of one table: ``places`` (entrant ids, first to last) and their scores.

    ``scores`` are the engine's match scores (``Game.scores()``), by entrant id; they
    break ties between tables and make the league's totals.
    """

    table_id: str
    places: tuple[str, ...]
    scores: Mapping[str, int]

    def __post_init__(self) -> None:
        if not isinstance(self.table_id, str) or not self.table_id:
            raise TournamentError(ErrorCode.BAD_RESULT, "a result names its table")
        if not isinstance(self.places, (tuple, list)) or not isinstance(self.scores, Mapping):
            raise TournamentError(ErrorCode.BAD_RESULT, "places is a list and scores an object")
        object.__setattr__(self, "places", tuple(self.places))
        object.__setattr__(self, "scores", MappingProxyType(dict(self.scores)))
        if len(set(self.places)) != len(self.places) or set(self.places) != set(self.scores):
            raise TournamentError(
                ErrorCode.BAD_RESULT, "places name every seat once, and scores the same seats"
            )
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in self.scores.values()):
            raise TournamentError(ErrorCode.BAD_RESULT, "scores are whole numbers")

    def place(self, entrant: str) -> int:
        """``entrant``'s place at the table, 1 for the winner."""
        return self.places.index(entrant) + 1

    def points(self, entrant: str) -> int:
        """``entrant``'s placement points."""
        return placement_points(self.place(entrant), len(self.places))

    @classmethod
    def from_match(
        cls,
        table_id: str,
        players: Sequence[str],
        scores: Mapping[str, int],
        winner: str | None,
        lowest_wins: bool,
        left: Collection[str] = (),
    ) -> TableResult:
        """The result of a finished match (see :func:`rank_players`)."""
        places = rank_players(players, scores, winner, lowest_wins, left)
        return cls(table_id, places, {name: scores[name] for name in players})

    def to_dict(self) -> dict[str, Any]:
        return {"table_id": self.table_id, "places": list(self.places), "scores": dict(self.scores)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableResult:
        try:
            return cls(data["table_id"], tuple(data["places"]), dict(data["scores"]))
        except (KeyError, TypeError, ValueError):
            raise TournamentError(
                ErrorCode.BAD_RESULT, "a result is {table_id, places, scores}"
            ) from None
