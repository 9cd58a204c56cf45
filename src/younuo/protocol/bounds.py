"""The bounds of the numbers and dates the wire accepts, as types the models share.

Every integer, float and date a REST body, a query or a WebSocket message carries is
bounded where the input is parsed, by its pydantic type: out of bounds is ``422
bad_message`` (``error`` ``bad_message`` on the socket), before any handler, database
or calendar sees it. Unbounded, ``check_in: 10**15`` overflowed a ``timedelta`` and
``before=10**30`` a database integer (500 both), and a series starting 9999-12-31 made
every later listing overflow the calendar. docs/security.md (Limits on input) lists
each field's bounds; the rules that relate one field to another (a cap at least the
table size, ...) stay with the code that owns them, which answers with its own codes.
"""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Annotated, Any

from pydantic import AfterValidator, AwareDatetime, BeforeValidator, Field

from younuo.tournaments.series import OPENS_MAX
from younuo.tournaments.spec import (
    CAP_MAX,
    CHECK_IN_MAX,
    FIRST_DAY,
    LAST_DAY,
    ROUNDS_MAX,
    TABLE_MAX,
)

SAFE_INT = 2**53 - 1
"""The largest integer every JSON client holds exactly (a JavaScript number)."""
ROW_ID_MAX = 2**31 - 1
"""The largest id of a stored row (a 32-bit integer in every database)."""

SafeInt = Annotated[int, Field(ge=-SAFE_INT, le=SAFE_INT)]
"""Any integer a JSON client holds exactly (a message's ``ref``)."""
Version = Annotated[int, Field(ge=0, le=SAFE_INT)]
"""A match's version as a client last saw it."""
ProtocolNumber = Annotated[int, Field(ge=0, le=1000)]
"""The protocol version a client speaks (``hello``)."""
RowId = Annotated[int, Field(ge=1, le=ROW_ID_MAX)]
"""A stored row's id (notices, reports, audit entries)."""

TableSize = Annotated[int, Field(ge=1, le=TABLE_MAX)]
"""An event's table size or advance (the spec checks them against each other)."""
EventCap = Annotated[int, Field(ge=1, le=CAP_MAX)]
"""The most entrants of an event."""
Rounds = Annotated[int, Field(ge=1, le=ROUNDS_MAX)]
"""Swiss rounds."""
MatchSeconds = Annotated[int, Field(ge=0, le=86_400)]
"""A table's match clock (0: none)."""
Target = Annotated[int, Field(ge=1, le=1_000_000)]
"""A table's target score."""
CheckInSeconds = Annotated[int, Field(ge=0, le=int(CHECK_IN_MAX.total_seconds()))]
"""An event's check-in window: up to a day."""
OpensSeconds = Annotated[int, Field(ge=1, le=int(OPENS_MAX.total_seconds()))]
"""How long before its start a series' instance opens: up to 366 days."""
Places = Annotated[int, Field(ge=1, le=CAP_MAX)]
"""How many of a feeding event qualify."""
Weekday = Annotated[int, Field(ge=0, le=6)]
Day = Annotated[int, Field(ge=1, le=28)]
Month = Annotated[int, Field(ge=1, le=12)]


def _text(value: Any) -> Any:
    """Times and days are ISO 8601 text on the wire, never a number of seconds."""
    if not isinstance(value, str | date | time):
        raise ValueError("an ISO 8601 text")
    return value


def _on_calendar(day: date) -> date:
    if not FIRST_DAY <= day <= LAST_DAY:
        raise ValueError(f"a day from {FIRST_DAY} to {LAST_DAY}")
    return day


def _in_time(moment: datetime) -> datetime:
    # The local day (not converted to UTC: 9999-12-31 at -05:00 has no UTC day).
    if not FIRST_DAY <= moment.date() <= LAST_DAY:
        raise ValueError(f"a time from {FIRST_DAY} to {LAST_DAY}")
    return moment


CalendarDay = Annotated[date, BeforeValidator(_text), AfterValidator(_on_calendar)]
"""An ISO day from :data:`FIRST_DAY` to :data:`LAST_DAY` (2000-01-01 to 2199-12-31)."""
CalendarTime = Annotated[AwareDatetime, BeforeValidator(_text), AfterValidator(_in_time)]
"""An ISO 8601 time with its offset, on a day from :data:`FIRST_DAY` to :data:`LAST_DAY`."""
TimeOfDay = Annotated[time, BeforeValidator(_text)]
"""An ISO time of day (``19:00``, ``19:00:00``)."""


__all__ = [
    "ROW_ID_MAX",
    "SAFE_INT",
    "CalendarDay",
    "CalendarTime",
    "CheckInSeconds",
    "Day",
    "EventCap",
    "MatchSeconds",
    "Month",
    "OpensSeconds",
    "Places",
    "ProtocolNumber",
    "Rounds",
    "RowId",
    "SafeInt",
    "TableSize",
    "Target",
    "TimeOfDay",
    "Version",
    "Weekday",
]
