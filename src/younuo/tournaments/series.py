"""A series as data: its events, which feed which, the schedule, and the titles it awards.

A :class:`Series` is made once (checked when made) and stored; the server's scheduler
asks :func:`due` which event instances should exist by ``now`` and creates each under
its instance key (``spring:weekly:2026-W49``), which is the same whichever node asks,
so creating one that exists already is a no-op. :func:`qualifiers` says who may enter
an instance from the results of the instances that feed it.

Decisions (docs/tournaments.md, Series):

- One occurrence per period: the week (ISO weeks, Monday first), the month, the quarter
  or the year of the event's level. The schedule places it in its period (weekday;
  day of the month 1-28, so every month has it; month of the quarter or of the year)
  at a UTC time of day, and the instance exists from ``opens`` before its start.
- :func:`due` returns the instances open now and not yet started. An instance whose
  start passed while no scheduler ran is not made up later.
- An instance of the target of a feed is fed by the source's instances that start from
  the previous target instance's start (or the series' first day) up to its own start.
- The top ``places`` players of each feeding instance qualify, instances in time order;
  a player already qualified does not take a second place, the next one down does
  (bots never qualify).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from younuo.tournaments.entrants import BOT_PREFIX
from younuo.tournaments.errors import ErrorCode, TournamentError
from younuo.tournaments.levels import CADENCE, SPAN, Cadence, EventLevel
from younuo.tournaments.spec import FIRST_DAY, LAST_DAY, TournamentSpec
from younuo.tournaments.titles import TitleRules

_KEY = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
OPENS_MAX = timedelta(days=366)


@dataclass(frozen=True, slots=True)
class Schedule:
    """Where in its period an event is held: ``at`` (UTC time of day) and the day.

    ``weekday`` (0 Monday to 6 Sunday) for weekly events; ``day`` (1-28) for the others;
    ``month`` the month of the quarter (1-3) or of the year (1-12). ``opens``: how long
    before the start the instance is created and registration opens.
    """

    at: time
    weekday: int = 0
    day: int = 1
    month: int = 1
    opens: timedelta = timedelta(days=6)

    def to_dict(self) -> dict[str, Any]:
        return {
            "at": self.at.isoformat(),
            "weekday": self.weekday,
            "day": self.day,
            "month": self.month,
            "opens": int(self.opens.total_seconds()),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Schedule:
        opens = data["opens"]
        # Checked before the timedelta is made: 10**15 seconds overflows it.
        if not isinstance(opens, int) or not 0 < opens <= OPENS_MAX.total_seconds():
            raise TournamentError(ErrorCode.BAD_SCHEDULE, "opens is 1 second to 366 days")
        return cls(
            at=time.fromisoformat(data["at"]),
            weekday=data["weekday"],
            day=data["day"],
            month=data["month"],
            opens=timedelta(seconds=opens),
        )


@dataclass(frozen=True, slots=True)
class SeriesEvent:
    """One recurring event: its ``key``, level, schedule, and the spec of every instance.

    ``spec`` is a template: each instance's name is ``"{spec.name} {period}"`` and its
    start the scheduled time (the template's ``starts_at`` is not used).
    """

    key: str
    level: EventLevel
    schedule: Schedule
    spec: TournamentSpec

    @property
    def cadence(self) -> Cadence:
        return CADENCE[self.level]

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "level": str(self.level),
            "schedule": self.schedule.to_dict(),
            "spec": self.spec.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeriesEvent:
        return cls(
            key=data["key"],
            level=EventLevel(data["level"]),
            schedule=Schedule.from_dict(data["schedule"]),
            spec=TournamentSpec.from_dict(data["spec"]),
        )


@dataclass(frozen=True, slots=True)
class Feed:
    """The top ``places`` of each ``source`` instance qualify for the next ``target`` one."""

    source: str
    target: str
    places: int

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "target": self.target, "places": self.places}


@dataclass(frozen=True, slots=True)
class EventInstance:
    """One occurrence of a series event: what the scheduler creates.

    ``key`` (``{series}:{event}:{period}``) is the instance's identity and a valid
    tournament id. ``qualifiers_only``: it is fed by other events, so it is created
    with entry limited to qualifiers (``Tournament.create(..., qualified=())``).
    """

    key: str
    series: str
    event: str
    level: EventLevel
    period: str
    starts_at: datetime
    opens_at: datetime
    spec: TournamentSpec
    qualifiers_only: bool


@dataclass(frozen=True, slots=True)
class Series:
    """A series: checked when made (``bad_series``, ``bad_schedule``, ``bad_feed``, ...).

    ``starts``: no instance starts before this day. ``top``: the series' top event,
    whose champion is a lifetime master (it must feed nothing). ``titles``: which levels
    give the master title.
    """

    key: str
    name: str
    starts: date
    events: tuple[SeriesEvent, ...]
    feeds: tuple[Feed, ...] = ()
    top: str | None = None
    titles: TitleRules = field(default_factory=TitleRules)

    def __post_init__(self) -> None:
        object.__setattr__(self, "events", tuple(self.events))
        object.__setattr__(self, "feeds", tuple(self.feeds))
        _check(self)

    def event(self, key: str) -> SeriesEvent:
        for candidate in self.events:
            if candidate.key == key:
                return candidate
        raise TournamentError(ErrorCode.UNKNOWN_EVENT, f"the series has no event {key!r}")

    def is_top(self, event: str) -> bool:
        return event == self.top

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "starts": self.starts.isoformat(),
            "events": [e.to_dict() for e in self.events],
            "feeds": [f.to_dict() for f in self.feeds],
            "top": self.top,
            "titles": self.titles.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Series:
        try:
            return cls(
                key=data["key"],
                name=data["name"],
                starts=date.fromisoformat(data["starts"]),
                events=tuple(SeriesEvent.from_dict(e) for e in data["events"]),
                feeds=tuple(Feed(f["source"], f["target"], f["places"]) for f in data["feeds"]),
                top=data["top"],
                titles=TitleRules.from_dict(data["titles"]),
            )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise TournamentError(ErrorCode.BAD_SERIES, f"not a stored series: {exc!r}") from None


# ---------------------------------------------------------------------- the calendar
def due(series: Series, now: datetime) -> tuple[EventInstance, ...]:
    """The instances that should exist at ``now``: open (``opens_at <= now``), not started."""
    out: list[EventInstance] = []
    for event in series.events:
        for made in _walk(series, event, now):
            if made.opens_at > now:
                break
            if made.starts_at > now:
                out.append(made)
    return tuple(sorted(out, key=lambda i: (i.starts_at, i.key)))


def occurrences(
    series: Series, event: str, start: datetime, end: datetime
) -> tuple[EventInstance, ...]:
    """``event``'s instances starting at or after ``start`` and before ``end``."""
    found = []
    for made in _walk(series, series.event(event), start):
        if made.starts_at >= end:
            break
        if made.starts_at >= start:
            found.append(made)
    return tuple(found)


def upcoming(series: Series, now: datetime) -> tuple[EventInstance, ...]:
    """Each event's next instance, the first to start after ``now`` (open for entry or
    not yet), in time order: what a player looks forward to."""
    found = [next(m for m in _walk(series, e, now) if m.starts_at > now) for e in series.events]
    return tuple(sorted(found, key=lambda i: (i.starts_at, i.key)))


def instance(series: Series, key: str) -> EventInstance:
    """The instance of ``key`` (``{series}:{event}:{period}``); ``unknown_instance`` if none."""
    parts = key.split(":")
    if len(parts) != 3 or parts[0] != series.key:
        raise TournamentError(ErrorCode.UNKNOWN_INSTANCE, f"{key!r} is not of this series")
    event = series.event(parts[1])
    period = _parse_period(event.cadence, parts[2])
    if period is None:
        raise TournamentError(ErrorCode.UNKNOWN_INSTANCE, f"{parts[2]!r} is no period")
    made = _instance(series, event, period)
    if made.starts_at.date() < series.starts:
        raise TournamentError(ErrorCode.UNKNOWN_INSTANCE, f"{key} is before the series starts")
    return made


def feeders(series: Series, target: EventInstance) -> tuple[EventInstance, ...]:
    """The source instances whose results qualify players for ``target``, in time order."""
    event = series.event(target.event)
    before = _instance(series, event, _step(event.cadence, _period_of(event, target), -1))
    since = max(before.starts_at, datetime.combine(series.starts, time(0), UTC))
    found: list[EventInstance] = []
    for feed in series.feeds:
        if feed.target == target.event:
            found += occurrences(series, feed.source, since, target.starts_at)
    return tuple(sorted(found, key=lambda i: (i.starts_at, i.key)))


def qualifiers(
    series: Series, target: EventInstance, results: Mapping[str, Sequence[str]]
) -> tuple[str, ...]:
    """Who may enter ``target``, from ``results`` (instance key: places, champion first).

    Feeding instances without results yet give nobody (yet); call again as they finish.
    """
    places_of = {f.source: f.places for f in series.feeds if f.target == target.event}
    chosen: dict[str, None] = {}
    for source in feeders(series, target):
        places = results.get(source.key)
        if places is None:
            continue
        taken = 0
        for name in places:
            if taken == places_of[source.event]:
                break
            if name.startswith(BOT_PREFIX) or name in chosen:
                continue
            chosen[name] = None
            taken += 1
    return tuple(chosen)


# ---------------------------------------------------------------------- periods
# A period is (year, number): the ISO week, the month (1-12), the quarter (1-4), or 1.
Period = tuple[int, int]


def _walk(series: Series, event: SeriesEvent, start: datetime) -> Iterator[EventInstance]:
    """Instances in time order, endlessly, from the one before ``start`` (or the series' first).

    Starting a period early catches an instance of ``start``'s period that starts before
    ``start`` but is still wanted (the caller filters); none starts before the series.
    """
    first = datetime.combine(series.starts, time(0), UTC)
    period = _step(event.cadence, _period_at(event.cadence, max(start, first).date()), -1)
    while True:
        # The start first: an instance before the series (which may fall before the
        # calendar's first day) is never made.
        if _start(event, period).date() >= series.starts:
            yield _instance(series, event, period)
        period = _step(event.cadence, period, 1)


def _period_at(cadence: Cadence, day: date) -> Period:
    if cadence is Cadence.WEEKLY:
        year, week, _ = day.isocalendar()
        return (year, week)
    if cadence is Cadence.MONTHLY:
        return (day.year, day.month)
    if cadence is Cadence.QUARTERLY:
        return (day.year, (day.month - 1) // 3 + 1)
    return (day.year, 1)


def _period_of(event: SeriesEvent, target: EventInstance) -> Period:
    period = _parse_period(event.cadence, target.period)
    assert period is not None
    return period


def _step(cadence: Cadence, period: Period, by: int) -> Period:
    year, number = period
    if cadence is Cadence.WEEKLY:
        monday = date.fromisocalendar(year, number, 1) + timedelta(weeks=by)
        return _period_at(cadence, monday)
    if cadence is Cadence.ANNUAL:
        return (year + by, 1)
    per_year = 12 if cadence is Cadence.MONTHLY else 4
    index = year * per_year + number - 1 + by
    return (index // per_year, index % per_year + 1)


def _start(event: SeriesEvent, period: Period) -> datetime:
    year, number = period
    s = event.schedule
    cadence = event.cadence
    if cadence is Cadence.WEEKLY:
        day = date.fromisocalendar(year, number, s.weekday + 1)
    elif cadence is Cadence.MONTHLY:
        day = date(year, number, s.day)
    elif cadence is Cadence.QUARTERLY:
        day = date(year, 3 * (number - 1) + s.month, s.day)
    else:
        day = date(year, s.month, s.day)
    return datetime.combine(day, s.at.replace(tzinfo=None), UTC)


def _label(cadence: Cadence, period: Period) -> str:
    year, number = period
    if cadence is Cadence.WEEKLY:
        return f"{year}-W{number:02d}"
    if cadence is Cadence.MONTHLY:
        return f"{year}-{number:02d}"
    if cadence is Cadence.QUARTERLY:
        return f"{year}-Q{number}"
    return f"{year}"


_PERIOD = {
    Cadence.WEEKLY: re.compile(r"(\d{4})-W(\d{2})"),
    Cadence.MONTHLY: re.compile(r"(\d{4})-(\d{2})"),
    Cadence.QUARTERLY: re.compile(r"(\d{4})-Q(\d)"),
    Cadence.ANNUAL: re.compile(r"(\d{4})()"),
}


def _parse_period(cadence: Cadence, text: str) -> Period | None:
    match = _PERIOD[cadence].fullmatch(text)
    if match is None:
        return None
    year, number = int(match[1]), int(match[2] or 1)
    period = (year, number)
    try:
        if _label(cadence, _period_at(cadence, _first_day(cadence, period))) != text:
            return None
    except ValueError:
        return None
    return period


def _first_day(cadence: Cadence, period: Period) -> date:
    year, number = period
    if cadence is Cadence.WEEKLY:
        return date.fromisocalendar(year, number, 1)
    if cadence is Cadence.MONTHLY:
        return date(year, number, 1)
    if cadence is Cadence.QUARTERLY:
        if not 1 <= number <= 4:
            raise ValueError(number)
        return date(year, 3 * (number - 1) + 1, 1)
    return date(year, 1, 1)


def _instance(series: Series, event: SeriesEvent, period: Period) -> EventInstance:
    label = _label(event.cadence, period)
    starts = _start(event, period)
    spec = replace(event.spec, name=f"{event.spec.name} {label}", starts_at=starts)
    return EventInstance(
        key=f"{series.key}:{event.key}:{label}",
        series=series.key,
        event=event.key,
        level=event.level,
        period=label,
        starts_at=starts,
        opens_at=starts - event.schedule.opens,
        spec=spec,
        qualifiers_only=any(f.target == event.key for f in series.feeds),
    )


# ---------------------------------------------------------------------- checks
def _check(series: Series) -> None:
    if not isinstance(series.key, str) or not _KEY.fullmatch(series.key):
        raise TournamentError(ErrorCode.BAD_SERIES, "a series key is a-z, 0-9 and -, up to 32")
    if not isinstance(series.name, str) or not series.name.strip():
        raise TournamentError(ErrorCode.BAD_SERIES, "a series has a name")
    if not isinstance(series.starts, date) or isinstance(series.starts, datetime):
        raise TournamentError(ErrorCode.BAD_SERIES, "starts is a date")
    if not FIRST_DAY <= series.starts <= LAST_DAY:
        # 9999-12-31 was stored once, and every listing's next instance overflowed.
        raise TournamentError(ErrorCode.BAD_SERIES, f"starts is {FIRST_DAY} to {LAST_DAY}")
    if not series.events:
        raise TournamentError(ErrorCode.BAD_SERIES, "a series has at least one event")
    keys = [e.key for e in series.events]
    if len(set(keys)) != len(keys):
        raise TournamentError(ErrorCode.BAD_SERIES, "event keys are unique in a series")
    for event in series.events:
        if not isinstance(event.key, str) or not _KEY.fullmatch(event.key):
            raise TournamentError(ErrorCode.BAD_SERIES, "an event key is a-z, 0-9 and -, up to 32")
        _check_schedule(event)
        # Every instance's spec must be valid: the name with its period must still fit,
        # and the first instance start on the calendar (by 2199-12-31), so that no
        # listing of the series ever meets one that cannot be made.
        next(_walk(series, event, datetime.combine(series.starts, time(0), UTC)))
    _check_feeds(series)
    if series.top is not None:
        series.event(series.top)
        if any(f.source == series.top for f in series.feeds):
            raise TournamentError(ErrorCode.BAD_SERIES, "the top event feeds no other event")


def _check_schedule(event: SeriesEvent) -> None:
    s = event.schedule
    cadence = event.cadence
    if not isinstance(s.at, time) or (s.at.tzinfo is not None and s.at.utcoffset() != timedelta(0)):
        raise TournamentError(ErrorCode.BAD_SCHEDULE, "the time of day is a time in UTC")
    if not isinstance(s.opens, timedelta) or not timedelta(0) < s.opens <= OPENS_MAX:
        raise TournamentError(ErrorCode.BAD_SCHEDULE, "opens is more than 0 and at most a year")
    if cadence is Cadence.WEEKLY and s.weekday not in range(7):
        raise TournamentError(ErrorCode.BAD_SCHEDULE, "weekday is 0 (Monday) to 6 (Sunday)")
    if cadence is not Cadence.WEEKLY and s.day not in range(1, 29):
        raise TournamentError(ErrorCode.BAD_SCHEDULE, "day is 1 to 28 (every month has it)")
    if cadence is Cadence.QUARTERLY and s.month not in range(1, 4):
        raise TournamentError(ErrorCode.BAD_SCHEDULE, "month is the month of the quarter, 1-3")
    if cadence is Cadence.ANNUAL and s.month not in range(1, 13):
        raise TournamentError(ErrorCode.BAD_SCHEDULE, "month is 1 to 12")


def _check_feeds(series: Series) -> None:
    for feed in series.feeds:
        source, target = series.event(feed.source), series.event(feed.target)
        if feed.source == feed.target:
            raise TournamentError(ErrorCode.BAD_FEED, "an event cannot feed itself")
        if SPAN[source.cadence] > SPAN[target.cadence]:
            raise TournamentError(
                ErrorCode.BAD_FEED,
                f"a {source.cadence} event cannot feed a {target.cadence} one",
            )
        if not isinstance(feed.places, int) or not 1 <= feed.places <= source.spec.cap:
            raise TournamentError(
                ErrorCode.BAD_FEED, f"places is 1 to the cap of {feed.source} ({source.spec.cap})"
            )
    pairs = [(f.source, f.target) for f in series.feeds]
    if len(set(pairs)) != len(pairs):
        raise TournamentError(ErrorCode.BAD_FEED, "one feed per pair of events")
    # Feeds between events of one cadence could loop (a weekly feeding a weekly back).
    graph = {e.key: [f.target for f in series.feeds if f.source == e.key] for e in series.events}
    state: dict[str, int] = {}

    def visit(key: str) -> None:
        if state.get(key) == 1:
            raise TournamentError(ErrorCode.BAD_FEED, "feeds go round in a circle")
        if state.get(key) == 2:
            return
        state[key] = 1
        for nxt in graph[key]:
            visit(nxt)
        state[key] = 2

    for key in graph:
        visit(key)
