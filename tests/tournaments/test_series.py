"""Series: the calendar of instances, their keys, feeds and qualifiers, and the checks."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest

from younuo.tournaments import ErrorCode, Format, Tournament, TournamentError
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.series import (
    Feed,
    Schedule,
    Series,
    SeriesEvent,
    due,
    feeders,
    instance,
    occurrences,
    qualifiers,
    upcoming,
)
from younuo.tournaments.titles import award

from .driving import spec


def at(year: int, month: int, day: int, hour: int = 0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=UTC)


def event(key: str, level: EventLevel, schedule: Schedule, name: str = "") -> SeriesEvent:
    return SeriesEvent(key, level, schedule, spec(name=name or f"Spring {key}", cap=64))


def spring(**changes: Any) -> Series:
    events = (
        event("qual", EventLevel.WEEKLY_QUALIFIER, Schedule(time(18), weekday=0)),
        event("weekly", EventLevel.WEEKLY, Schedule(time(18), weekday=5)),
        event("monthly", EventLevel.MONTHLY, Schedule(time(19), day=28, opens=timedelta(days=14))),
        event("quarterly", EventLevel.QUARTERLY, Schedule(time(19), day=20, month=3)),
        event("annual", EventLevel.ANNUAL, Schedule(time(19), day=20, month=12)),
    )
    feeds = (
        Feed("qual", "weekly", 4),
        Feed("weekly", "monthly", 2),
        Feed("monthly", "quarterly", 2),
        Feed("quarterly", "annual", 4),
    )
    fields: dict[str, Any] = {
        "key": "spring",
        "name": "Spring Cup",
        "starts": date(2026, 1, 1),
        "events": events,
        "feeds": feeds,
        "top": "annual",
    }
    fields.update(changes)
    return Series(**fields)


def test_due_lists_the_instances_open_now_and_not_started() -> None:
    series = spring()
    # Wednesday 2026-03-04 12:00: this Saturday's weekly (open since Sunday 18:00) and
    # next Monday's qualifier (since Tuesday 18:00); not the March monthly (14 March).
    keys = [i.key for i in due(series, at(2026, 3, 4, 12))]
    assert keys == ["spring:weekly:2026-W10", "spring:qual:2026-W11"]
    # Tuesday 17 March 18:00: the qualifier of 23 March opens that very moment; the
    # first quarterly (20 March) and the March monthly (28 March) are open too.
    keys = [i.key for i in due(series, at(2026, 3, 17, 18))]
    assert keys == [
        "spring:quarterly:2026-Q1",
        "spring:weekly:2026-W12",
        "spring:qual:2026-W13",
        "spring:monthly:2026-03",
    ]


def test_due_is_the_same_whoever_asks_and_its_bounds() -> None:
    series = spring()
    weekly = instance(series, "spring:weekly:2026-W10")
    assert weekly.starts_at == at(2026, 3, 7, 18) and weekly.opens_at == at(2026, 3, 1, 18)
    assert weekly in due(series, weekly.opens_at)
    assert weekly not in due(series, weekly.opens_at - timedelta(seconds=1))
    assert weekly not in due(series, weekly.starts_at)
    assert due(series, at(2026, 3, 4)) == due(Series.from_dict(series.to_dict()), at(2026, 3, 4))


def test_nothing_is_due_before_the_series_starts() -> None:
    series = spring(starts=date(2026, 6, 1))
    assert due(series, at(2026, 3, 4, 12)) == ()
    keys = [i.key for i in due(series, at(2026, 5, 31, 18))]
    assert keys == ["spring:qual:2026-W23", "spring:weekly:2026-W23"]


def test_upcoming_is_each_events_next_instance_open_or_not() -> None:
    series = spring()
    # Wednesday 2026-03-04 12:00: the weekly and the qualifier are open already, the
    # monthly, quarterly and annual are not, yet each is listed, soonest first.
    soon = upcoming(series, at(2026, 3, 4, 12))
    assert [i.key for i in soon] == [
        "spring:weekly:2026-W10",
        "spring:qual:2026-W11",
        "spring:quarterly:2026-Q1",
        "spring:monthly:2026-03",
        "spring:annual:2026",
    ]
    assert [i.qualifiers_only for i in soon] == [True, False, True, True, True]
    weekly = soon[0]
    # At its start it is no longer upcoming: the next week's is.
    later = upcoming(series, weekly.starts_at)
    assert "spring:weekly:2026-W11" in [i.key for i in later]
    assert weekly.key not in [i.key for i in later]
    # Before the series starts, its first instances.
    first = upcoming(spring(starts=date(2026, 6, 1)), at(2026, 3, 4))
    assert min(i.starts_at for i in first).date() >= date(2026, 6, 1)


def test_instance_keys_and_specs() -> None:
    series = spring()
    monthly = instance(series, "spring:monthly:2026-02")
    assert monthly.starts_at == at(2026, 2, 28, 19) and monthly.level is EventLevel.MONTHLY
    assert monthly.spec.name == "Spring monthly 2026-02"
    assert monthly.spec.starts_at == monthly.starts_at and monthly.qualifiers_only
    assert instance(series, "spring:quarterly:2026-Q2").starts_at == at(2026, 6, 20, 19)
    assert instance(series, "spring:annual:2026").starts_at == at(2026, 12, 20, 19)
    assert not instance(series, "spring:qual:2026-W02").qualifiers_only


@pytest.mark.parametrize(
    "key",
    [
        "autumn:weekly:2026-W10",
        "spring:daily:2026-W10",
        "spring:weekly:2026-10",
        "spring:weekly:2027-W53",  # 2027 has 52 ISO weeks
        "spring:monthly:2026-13",
        "spring:quarterly:2026-Q5",
        "spring:annual:26",
        "spring:weekly:2025-W40",  # before the series
        "spring:weekly",
    ],
)
def test_unknown_instances(key: str) -> None:
    with pytest.raises(TournamentError) as caught:
        instance(spring(), key)
    assert caught.value.code in (ErrorCode.UNKNOWN_INSTANCE, ErrorCode.UNKNOWN_EVENT)


def test_weeks_cross_the_year_as_iso_weeks() -> None:
    found = occurrences(spring(), "weekly", at(2026, 12, 20), at(2027, 1, 15))
    assert [i.period for i in found] == ["2026-W52", "2026-W53", "2027-W01"]
    assert found[1].starts_at == at(2027, 1, 2, 18)


def test_feeders_are_the_sources_since_the_previous_target() -> None:
    series = spring()
    weekly = instance(series, "spring:weekly:2026-W10")
    assert [i.key for i in feeders(series, weekly)] == ["spring:qual:2026-W10"]
    # The March monthly (Saturday 28th, 19:00) is fed by the weeklies from the February
    # one's start (Saturday 28th, 19:00: that day's weekly at 18:00 fed February) to its own.
    march = instance(series, "spring:monthly:2026-03")
    assert [i.period for i in feeders(series, march)] == [
        "2026-W10",
        "2026-W11",
        "2026-W12",
        "2026-W13",
    ]
    # The first target of the series is fed from the series' first day.
    january = instance(series, "spring:monthly:2026-01")
    assert [i.period for i in feeders(series, january)] == [f"2026-W0{w}" for w in (1, 2, 3, 4)]


def test_qualifiers_pass_a_place_down_and_never_to_bots() -> None:
    series = spring()
    march = instance(series, "spring:monthly:2026-03")
    results = {
        "spring:weekly:2026-W10": ["ann", "bob", "cat"],
        "spring:weekly:2026-W11": ["ann", "bot:3", "dan", "eve"],
        # W12 has not been played yet.
        "spring:weekly:2026-W13": ["fay", "dan", "gus"],
    }
    assert qualifiers(series, march, results) == ("ann", "bob", "dan", "eve", "fay", "gus")
    assert qualifiers(series, march, {}) == ()


def test_a_qualifier_event_end_to_end() -> None:
    series = spring()
    weekly = instance(series, "spring:weekly:2026-W10")
    t = Tournament.create(
        weekly.key, weekly.spec, "scheduler", weekly.opens_at, admin=True, qualified=()
    ).tournament
    results = {"spring:qual:2026-W10": ["ann", "bob", "cat", "dan", "eve"]}
    t = t.qualify(qualifiers(series, weekly, results)).tournament
    assert t.qualified == ("ann", "bob", "cat", "dan")
    t = t.register("dan", 1000, weekly.opens_at).tournament
    with pytest.raises(TournamentError) as caught:
        t.register("eve", 1000, weekly.opens_at)
    assert caught.value.code is ErrorCode.NOT_QUALIFIED


def test_titles_follow_the_series() -> None:
    series = spring()
    annual = instance(series, "spring:annual:2026")
    titles = award(
        (),
        annual.key,
        annual.level,
        annual.starts_at.date(),
        series.titles,
        series.is_top(annual.event),
    )
    assert titles[0].expires is None
    assert not series.is_top("monthly")


def test_round_trip_through_json() -> None:
    series = spring()
    assert Series.from_dict(json.loads(json.dumps(series.to_dict()))) == series
    with pytest.raises(TournamentError) as caught:
        Series.from_dict({"key": "x"})
    assert caught.value.code is ErrorCode.BAD_SERIES


def _refused(expected: ErrorCode, **changes: Any) -> None:
    with pytest.raises(TournamentError) as caught:
        spring(**changes)
    assert caught.value.code is expected, caught.value


def test_series_checks() -> None:
    base = spring()
    weekly = base.event("weekly")
    _refused(ErrorCode.BAD_SERIES, key="Spring Cup")
    _refused(ErrorCode.BAD_SERIES, name=" ")
    _refused(ErrorCode.BAD_SERIES, starts=at(2026, 1, 1))
    _refused(ErrorCode.BAD_SERIES, events=(), feeds=(), top=None)
    _refused(ErrorCode.BAD_SERIES, events=(weekly, weekly), feeds=(), top=None)
    _refused(ErrorCode.BAD_SERIES, events=(replace(weekly, key="Weekly"),), feeds=(), top=None)
    _refused(ErrorCode.UNKNOWN_EVENT, top="final")
    _refused(ErrorCode.BAD_SERIES, top="monthly")  # the top event feeds nothing
    # The name with its period must still be a valid name.
    long = replace(weekly, spec=spec(name="x" * 75))
    _refused(ErrorCode.BAD_NAME, events=(long,), feeds=(), top=None)


@pytest.mark.parametrize(
    ("feeds", "code"),
    [
        ((Feed("weekly", "nowhere", 2),), ErrorCode.UNKNOWN_EVENT),
        ((Feed("weekly", "weekly", 2),), ErrorCode.BAD_FEED),
        ((Feed("monthly", "weekly", 2),), ErrorCode.BAD_FEED),
        ((Feed("weekly", "monthly", 0),), ErrorCode.BAD_FEED),
        ((Feed("weekly", "monthly", 65),), ErrorCode.BAD_FEED),
        ((Feed("weekly", "monthly", 2), Feed("weekly", "monthly", 3)), ErrorCode.BAD_FEED),
        ((Feed("qual", "weekly", 2), Feed("weekly", "qual", 2)), ErrorCode.BAD_FEED),
    ],
)
def test_feed_checks(feeds: tuple[Feed, ...], code: ErrorCode) -> None:
    _refused(code, feeds=feeds)


@pytest.mark.parametrize(
    ("level", "schedule"),
    [
        (EventLevel.WEEKLY, Schedule(time(18), weekday=7)),
        (EventLevel.MONTHLY, Schedule(time(18), day=29)),
        (EventLevel.MONTHLY, Schedule(time(18), day=0)),
        (EventLevel.QUARTERLY, Schedule(time(18), month=4)),
        (EventLevel.ANNUAL, Schedule(time(18), month=13)),
        (EventLevel.WEEKLY, Schedule(time(18), opens=timedelta(0))),
        (EventLevel.WEEKLY, Schedule(time(18), opens=timedelta(days=400))),
        (EventLevel.WEEKLY, Schedule(time(18, tzinfo=None).replace(tzinfo=UTC))),
    ],
)
def test_schedule_checks(level: EventLevel, schedule: Schedule) -> None:
    one = SeriesEvent("one", level, schedule, spec(Format.SWISS))
    if schedule.at.tzinfo is UTC:
        # A time of day in UTC is accepted as such.
        assert Series("s", "S", date(2026, 1, 1), (one,)).events == (one,)
        return
    with pytest.raises(TournamentError) as caught:
        Series("s", "S", date(2026, 1, 1), (one,))
    assert caught.value.code is ErrorCode.BAD_SCHEDULE


def test_a_time_of_day_in_another_zone_is_refused() -> None:
    from datetime import timezone

    away = Schedule(time(18, tzinfo=timezone(timedelta(hours=8))))
    with pytest.raises(TournamentError) as caught:
        Series("s", "S", date(2026, 1, 1), (SeriesEvent("one", EventLevel.WEEKLY, away, spec()),))
    assert caught.value.code is ErrorCode.BAD_SCHEDULE


@pytest.mark.parametrize("opens", [10**15, 2**63, 10**30, -(10**14), 0, 366 * 86_400 + 1])
def test_a_stored_schedule_past_its_bounds_is_refused_not_overflowed(opens: int) -> None:
    data = spring().to_dict()
    data["events"][0]["schedule"]["opens"] = opens
    with pytest.raises(TournamentError) as caught:
        Series.from_dict(data)
    assert caught.value.code is ErrorCode.BAD_SCHEDULE


def test_a_series_lies_on_the_calendar() -> None:
    """9999-12-31 was once stored, and every listing of the series overflowed the
    calendar looking for its next instance."""
    _refused(ErrorCode.BAD_SERIES, starts=date(9999, 12, 31))
    _refused(ErrorCode.BAD_SERIES, starts=date(1999, 12, 31))
    # Its first instances must start on the calendar too (by 2199-12-31).
    _refused(ErrorCode.BAD_START_TIME, starts=date(2199, 12, 21))
    stored = {**spring().to_dict(), "starts": "9999-12-31"}
    with pytest.raises(TournamentError):
        Series.from_dict(stored)
    # The calendar's first day works, though the week before it is off the calendar.
    first = spring(starts=date(2000, 1, 1))
    assert min(i.starts_at for i in upcoming(first, at(2000, 1, 1))).year == 2000
