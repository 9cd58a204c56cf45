"""TournamentSpec: every field's rule, the rules a table plays, and storage."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from younuo.engine import Rules
from younuo.tournaments import ErrorCode, Format, NoShow, TournamentError, TournamentSpec

from .driving import START, spec


def refused(
    expected: ErrorCode, fmt: Format = Format.ELIMINATION, **fields: Any
) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        spec(fmt, **fields)
    assert caught.value.code is expected, caught.value
    assert caught.value.message
    return caught.value


def test_defaults_make_a_valid_elimination() -> None:
    s = spec()
    assert (s.table_min, s.table_max, s.advance, s.no_show) == (4, 8, 2, NoShow.BYE)
    assert not s.private


@pytest.mark.parametrize("name", ["", "  ", " Cup", "Cup ", "x" * 81, 7])
def test_bad_names(name: Any) -> None:
    refused(ErrorCode.BAD_NAME, name=name)


def test_start_time_must_be_utc() -> None:
    refused(ErrorCode.BAD_START_TIME, starts_at=datetime(2026, 12, 1, 19))
    refused(
        ErrorCode.BAD_START_TIME,
        starts_at=datetime(2026, 12, 1, tzinfo=timezone(timedelta(hours=8))),
    )
    refused(ErrorCode.BAD_START_TIME, starts_at="2026-12-01T19:00:00+00:00")


def test_rules_are_checked_by_the_engine() -> None:
    error = refused(ErrorCode.BAD_RULES, options={"stacking": "sideways"})
    assert "stacking" in error.message
    refused(ErrorCode.BAD_RULES, options={"no_such_option": 1})
    refused(ErrorCode.BAD_RULES, preset="poker")
    refused(ErrorCode.BAD_OPTIONS, options=["scoring"])


@pytest.mark.parametrize("key", ["preset", "target", "match_seconds", "partner_rotation"])
def test_options_that_have_their_own_field_are_refused(key: str) -> None:
    refused(ErrorCode.BAD_OPTIONS, options={key: 1})


@pytest.mark.parametrize(("low", "high"), [(3, 8), (4, 9), (6, 5), (2, 2), (4.0, 8)])
def test_table_bounds(low: Any, high: Any) -> None:
    refused(ErrorCode.BAD_TABLE_SIZE, table_min=low, table_max=high)


def test_advance_without_gaps_is_up_to_table_min_minus_one() -> None:
    assert spec(table_min=4, table_max=8, advance=3).advance == 3
    refused(ErrorCode.BAD_ADVANCE, table_min=4, table_max=8, advance=4)
    refused(ErrorCode.BAD_ADVANCE, advance=0)


def test_advance_with_gaps_is_at_most_half_of_table_min() -> None:
    # Tables of 5 to 8 leave 9 players unseatable: K is then at most 5 // 2.
    assert spec(table_min=5, table_max=8, advance=2).advance == 2
    refused(ErrorCode.BAD_ADVANCE, table_min=5, table_max=8, advance=3)
    refused(ErrorCode.BAD_ADVANCE, table_min=6, table_max=6, advance=4)


def test_advance_is_ignored_outside_elimination() -> None:
    assert spec(Format.SWISS, advance=99).format is Format.SWISS


def test_swiss_rounds() -> None:
    assert spec(Format.SWISS, rounds=1).rounds == 1
    refused(ErrorCode.BAD_ROUNDS, Format.SWISS, rounds=0)
    refused(ErrorCode.BAD_ROUNDS, Format.SWISS, rounds=51)


def test_clock_and_target() -> None:
    s = spec(match_seconds=600, target=200)
    assert s.table_rules()["match_seconds"] == 600 and s.table_rules()["target"] == 200
    refused(ErrorCode.BAD_CLOCK, match_seconds=-1)
    refused(ErrorCode.BAD_CLOCK, match_seconds=86_401)
    refused(ErrorCode.BAD_TARGET, target=0)
    refused(ErrorCode.BAD_TARGET, Format.LEAGUE, target=100)


def test_unset_clock_keeps_the_presets() -> None:
    def clock(**fields: Any) -> int:
        return Rules.from_dict(spec(options={}, **fields).table_rules()).match_seconds

    assert clock(preset="party") == 180
    assert clock(preset="younuo") == 0
    assert clock(preset="party", match_seconds=0) == 0


def test_bot_level_cap_check_in_and_code() -> None:
    refused(ErrorCode.BAD_BOT_LEVEL, bot_level="genius")
    refused(ErrorCode.BAD_CAP, cap=3)
    refused(ErrorCode.BAD_CAP, table_min=6, cap=5)
    refused(ErrorCode.BAD_CAP, cap=5000)
    refused(ErrorCode.BAD_CAP, Format.LEAGUE, cap=6)
    refused(ErrorCode.BAD_CHECK_IN, check_in=timedelta(hours=25))
    refused(ErrorCode.BAD_CHECK_IN, check_in=timedelta(seconds=-1))
    refused(ErrorCode.BAD_CHECK_IN, check_in=timedelta(seconds=1.5))
    refused(ErrorCode.BAD_CODE, code="abc")
    refused(ErrorCode.BAD_CODE, code="ab cd")
    assert spec(code="K7Q2MX").private


def test_league_rules() -> None:
    four = Rules.from_dict(spec(Format.LEAGUE, cap=4).table_rules())
    assert four.partner_rotation
    eight = Rules.from_dict(
        spec(Format.LEAGUE, cap=8, options={"scoring": "cumulative"}).table_rules()
    )
    assert not eight.partner_rotation and eight.scoring == "single"
    refused(ErrorCode.BAD_OPTIONS, Format.LEAGUE, options={"scoring": "negative"})


def test_lowest_wins_follows_the_scoring() -> None:
    assert spec(options={"scoring": "negative"}).lowest_wins
    assert not spec(options={"scoring": "cumulative"}).lowest_wins


def test_options_cannot_be_changed_through_the_callers_dict() -> None:
    options = {"scoring": "single"}
    s = spec(options=options)
    options["scoring"] = "bogus"
    assert s.options["scoring"] == "single"
    with pytest.raises(TypeError):
        s.options["scoring"] = "negative"  # type: ignore[index]


def test_round_trip_through_json() -> None:
    s = spec(
        Format.SWISS, rounds=3, code="ABCD12", match_seconds=300, check_in=timedelta(minutes=20)
    )
    again = TournamentSpec.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again == s
    assert again.starts_at == START


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"surprise": 1}, ErrorCode.BAD_SPEC),
        ({"format": "ladder"}, ErrorCode.BAD_SPEC),
        ({"no_show": "maybe"}, ErrorCode.BAD_SPEC),
        ({"starts_at": "tomorrow"}, ErrorCode.BAD_START_TIME),
        ({"starts_at": "2026-12-01T19:00:00"}, ErrorCode.BAD_START_TIME),
        ({"check_in": "600"}, ErrorCode.BAD_CHECK_IN),
    ],
)
def test_from_dict_refuses_bad_records(change: dict[str, Any], code: ErrorCode) -> None:
    data = {**spec().to_dict(), **change}
    with pytest.raises(TournamentError) as caught:
        TournamentSpec.from_dict(data)
    assert caught.value.code is code


def test_from_dict_needs_the_three_fields() -> None:
    with pytest.raises(TournamentError) as caught:
        TournamentSpec.from_dict({"name": "Cup"})
    assert caught.value.code is ErrorCode.BAD_SPEC
    assert TournamentSpec.from_dict(
        {"name": "Cup", "format": "swiss", "starts_at": START.isoformat()}
    ).starts_at == START.astimezone(UTC)


def test_error_to_dict() -> None:
    error = refused(ErrorCode.BAD_CAP, cap=1)
    assert error.to_dict() == {"code": "bad_cap", "message": error.message}


@pytest.mark.parametrize("seconds", [10**15, 2**63, 10**30, -(10**14), 86_401, True, 1.5])
def test_a_stored_check_in_past_its_bounds_is_refused_not_overflowed(seconds: Any) -> None:
    """A stored or sent spec's window is checked before the timedelta is made (10**15
    seconds overflowed it: OverflowError, a 500)."""
    data = {**spec().to_dict(), "check_in": seconds}
    with pytest.raises(TournamentError) as caught:
        TournamentSpec.from_dict(data)
    assert caught.value.code is ErrorCode.BAD_CHECK_IN


@pytest.mark.parametrize(
    "when",
    [
        datetime(9999, 12, 31, tzinfo=UTC),
        datetime(2200, 1, 1, tzinfo=UTC),
        datetime(1999, 12, 31, 23, 59, tzinfo=UTC),
        datetime(1, 1, 1, tzinfo=UTC),
    ],
)
def test_a_start_is_on_the_calendar(when: datetime) -> None:
    refused(ErrorCode.BAD_START_TIME, starts_at=when)
    stored = {**spec().to_dict(), "starts_at": when.isoformat()}
    with pytest.raises(TournamentError):
        TournamentSpec.from_dict(stored)


def test_an_event_starts_within_a_year_of_its_creation() -> None:
    from younuo.tournaments import Tournament
    from younuo.tournaments.spec import STARTS_AHEAD_MAX

    from .driving import NOW

    later = spec(starts_at=NOW + STARTS_AHEAD_MAX)
    assert Tournament.create("cup", later, "boss", NOW, admin=True).tournament.spec == later
    too_late = spec(starts_at=NOW + STARTS_AHEAD_MAX + timedelta(seconds=1))
    with pytest.raises(TournamentError) as caught:
        Tournament.create("cup", too_late, "boss", NOW, admin=True)
    assert caught.value.code is ErrorCode.STARTS_TOO_LATE
