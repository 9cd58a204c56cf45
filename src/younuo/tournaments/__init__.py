"""Competitive events: formats, seating, standings, lifecycle, titles and series (issue 27).

Pure logic, like the engine: no I/O, no clock (times come in as UTC datetimes or
dates), no global random state (an event's secrets come in: ``EventSecrets``). The
server's shell stores the values and carries out the commands they return. Titles are functions in
``younuo.tournaments.titles`` (``award``, ``extend``, ``revoke``, ``active``, ``history``);
series in ``younuo.tournaments.series`` (``due``, ``feeders``, ``qualifiers``).
``docs/tournaments.md`` has the rules in words, with the decisions taken.

::

    from younuo.tournaments import Format, Tournament, TournamentSpec, TableResult

    spec = TournamentSpec("Friday cup", Format.SWISS, starts_at, rounds=3)
    t, _ = Tournament.create("cup7", spec, creator="acc1", now=now, admin=True)
    t, _ = t.register("acc2", rating=1200, now=now)
    secrets = EventSecrets(deals=..., seats=...)     # two 128-bit secrets, from the shell
    t, commands = t.start(now=starts_at, seed=secrets)  # StartTable, one per table
    t, commands = t.record(TableResult.from_match(...))
"""

from younuo.tournaments.commands import (
    CancelReason,
    Command,
    StartTable,
    TournamentCancelled,
    TournamentFinished,
)
from younuo.tournaments.entrants import Entrant, EntrantKind
from younuo.tournaments.errors import ErrorCode, TournamentError
from younuo.tournaments.levels import Cadence, EventLevel
from younuo.tournaments.results import (
    BYE_POINTS,
    PLACEMENT_SCALE,
    TableResult,
    placement_points,
    rank_players,
)
from younuo.tournaments.seeds import EventSecrets, EventSeed
from younuo.tournaments.series import EventInstance, Feed, Schedule, Series, SeriesEvent
from younuo.tournaments.sizing import Fit, fit, table_sizes
from younuo.tournaments.spec import Format, NoShow, TournamentSpec
from younuo.tournaments.stages import Stage, Table
from younuo.tournaments.standings import Standing
from younuo.tournaments.titles import Title, TitleKind, TitleRules
from younuo.tournaments.tournament import Registration, Status, Step, Tournament

__all__ = [
    "BYE_POINTS",
    "PLACEMENT_SCALE",
    "Cadence",
    "CancelReason",
    "Command",
    "Entrant",
    "EntrantKind",
    "ErrorCode",
    "EventInstance",
    "EventLevel",
    "EventSecrets",
    "EventSeed",
    "Feed",
    "Fit",
    "Format",
    "NoShow",
    "Registration",
    "Schedule",
    "Series",
    "SeriesEvent",
    "Stage",
    "Standing",
    "StartTable",
    "Status",
    "Step",
    "Table",
    "TableResult",
    "Title",
    "TitleKind",
    "TitleRules",
    "Tournament",
    "TournamentCancelled",
    "TournamentError",
    "TournamentFinished",
    "TournamentSpec",
    "fit",
    "placement_points",
    "rank_players",
    "table_sizes",
]
