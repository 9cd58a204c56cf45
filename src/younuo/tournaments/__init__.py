"""Competitive events: formats, seating, standings, lifecycle, titles and series (issue 27).

Pure logic, like the engine: no I/O, no clock (times come in as UTC datetimes or
dates), no global random state (seeds come in).
"""

from younuo.tournaments.entrants import Entrant, EntrantKind
from younuo.tournaments.errors import ErrorCode, TournamentError
from younuo.tournaments.results import (
    BYE_POINTS,
    PLACEMENT_SCALE,
    TableResult,
    placement_points,
    rank_players,
)
from younuo.tournaments.sizing import Fit, fit, table_sizes
from younuo.tournaments.spec import Format, NoShow, TournamentSpec

__all__ = [
    "BYE_POINTS",
    "PLACEMENT_SCALE",
    "Entrant",
    "EntrantKind",
    "ErrorCode",
    "Fit",
    "Format",
    "NoShow",
    "TableResult",
    "TournamentError",
    "TournamentSpec",
    "fit",
    "placement_points",
    "rank_players",
    "table_sizes",
]
