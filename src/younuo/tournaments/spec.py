"""What an event is: its format, rules, table sizes, clock or target, and how people enter.

A :class:`TournamentSpec` is checked when it is made, so a spec that exists can be run:
an impossible one raises :class:`~younuo.tournaments.errors.TournamentError` with a
code and a message that says what to change::

    spec = TournamentSpec(
        name="Friday cup",
        format=Format.ELIMINATION,
        starts_at=datetime(2026, 12, 4, 19, 0, tzinfo=UTC),
        options={"scoring": "single"},
        advance=2,
    )
    spec.table_rules()   # {"preset": "younuo", "scoring": "single", ...}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from younuo.bots import LEVELS as BOT_LEVELS
from younuo.engine import PRESETS, Rules, RulesError
from younuo.tournaments.errors import ErrorCode, TournamentError


class Format(StrEnum):
    """How an event is played (docs/tournaments.md, Formats)."""

    ELIMINATION = "elimination"
    """Stages of tables; the top ``advance`` of each table go on, to one final table."""
    SWISS = "swiss"
    """A fixed number of rounds of tables, re-seated by standing, placement points."""
    LEAGUE = "league"
    """Partner rotation: 4 players in one 12-round match, or 8 in 28 rounds at two tables."""


class NoShow(StrEnum):
    """What happens to a registered player who has not checked in at the start."""

    BYE = "bye"
    """Dropped: the tables are formed from those present; awkward counts give byes."""
    BOT = "bot"
    """Their seat is given to a bot; awkward counts are filled with bots."""


TABLE_MIN = 4
"""The smallest table an event may ask for."""
TABLE_MAX = 8
"""The largest table an event may ask for."""
LEAGUE_SIZES = (4, 8)
"""The partner-rotation league is played by exactly 4 or exactly 8 players."""
CAP_MAX = 4096
"""The most entrants an event may take (a typo guard, like the engine's number bounds)."""
ROUNDS_MAX = 50
"""The most Swiss rounds."""
CHECK_IN_MAX = timedelta(days=1)
"""The longest check-in window."""
NAME_MAX = 80
"""The longest event name."""
FIRST_DAY = date(2000, 1, 1)
"""The earliest day anything is scheduled on (an event's start, a series' first day)."""
LAST_DAY = date(2199, 12, 31)
"""The latest day anything is scheduled on: far from ``date.max`` (9999-12-31), so that
the calendar's arithmetic (a series' next period, a check-in window) never leaves the
dates Python can hold."""
EARLIEST = datetime.combine(FIRST_DAY, time(0), UTC)
"""The earliest start time of an event."""
LATEST = datetime.combine(LAST_DAY, time.max, UTC)
"""The latest start time of an event."""
STARTS_AHEAD_MAX = timedelta(days=366)
"""How far ahead of its creation an event may start (a series' instance is made at most
a year before its start too): every waiting event starts, or is cancelled, within a year."""
# Set by the spec's own fields (or by the format), never through options.
RESERVED_OPTIONS = ("preset", "target", "match_seconds", "partner_rotation")
_CODE = re.compile(r"[A-Za-z0-9]{4,16}")
# Scoring methods where the winning side scores the round: the league adds them up.
_LEAGUE_SCORING = ("cumulative", "single")


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """The settings of one event; every field is checked when the spec is made.

    ``options`` are engine options set over ``preset`` (never ``preset``, ``target``,
    ``match_seconds`` or ``partner_rotation``: they have fields, or the format sets
    them). ``match_seconds`` and ``target`` left None keep the preset's own (0 seconds:
    no match clock). ``advance`` is used by elimination, ``rounds`` by Swiss; a league is
    played by exactly ``cap`` players (4 or 8) at tables of 4, whatever the table bounds.
    ``check_in`` is the window before ``starts_at`` in which registered players confirm
    (zero: no check-in, everyone registered is expected). ``code`` makes the event
    private: registering needs it (compared ignoring case); None is a public event.
    """

    name: str
    format: Format
    starts_at: datetime
    preset: str = "younuo"
    options: Mapping[str, Any] = field(default_factory=dict)
    table_min: int = TABLE_MIN
    table_max: int = TABLE_MAX
    advance: int = 2
    rounds: int = 4
    match_seconds: int | None = None
    target: int | None = None
    no_show: NoShow = NoShow.BYE
    bot_level: str = "normal"
    cap: int = 64
    check_in: timedelta = timedelta(minutes=15)
    code: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.options, Mapping):
            raise TournamentError(ErrorCode.BAD_OPTIONS, "options must map option names to values")
        # A private copy: the caller's dict cannot change the spec afterwards.
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        _check(self)

    @property
    def private(self) -> bool:
        """Whether registering needs the code."""
        return self.code is not None

    @property
    def check_in_opens(self) -> datetime:
        """When the check-in window opens (it closes at the start)."""
        return self.starts_at - self.check_in

    def table_rules(self) -> dict[str, Any]:
        """The rules every table of the event plays, as the engine's ``Rules.changes()``.

        A 4-player league turns on ``partner_rotation`` (one 12-round match); an 8-player
        league plays each of its 28 rounds as a one-round match (``scoring: single``).
        """
        return _rules(self).changes()

    @property
    def lowest_wins(self) -> bool:
        """Whether a lower match score is better at the tables (negative, elimination)."""
        return _rules(self).scoring in ("negative", "elimination")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values: the time as ISO 8601, the check-in window in seconds."""
        return {
            "name": self.name,
            "format": str(self.format),
            "starts_at": self.starts_at.isoformat(),
            "preset": self.preset,
            "options": dict(self.options),
            "table_min": self.table_min,
            "table_max": self.table_max,
            "advance": self.advance,
            "rounds": self.rounds,
            "match_seconds": self.match_seconds,
            "target": self.target,
            "no_show": str(self.no_show),
            "bot_level": self.bot_level,
            "cap": self.cap,
            "check_in": int(self.check_in.total_seconds()),
            "code": self.code,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentSpec:
        """Read :meth:`to_dict`'s form (missing fields take their defaults), checked."""
        if not isinstance(data, Mapping):
            raise TournamentError(ErrorCode.BAD_SPEC, "a spec is an object of fields")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise TournamentError(ErrorCode.BAD_SPEC, f"unknown spec fields: {', '.join(unknown)}")
        missing = [k for k in ("name", "format", "starts_at") if k not in data]
        if missing:
            raise TournamentError(ErrorCode.BAD_SPEC, f"missing spec fields: {', '.join(missing)}")
        fields = dict(data)
        try:
            fields["format"] = Format(fields["format"])
            if "no_show" in fields:
                fields["no_show"] = NoShow(fields["no_show"])
        except ValueError as exc:
            raise TournamentError(ErrorCode.BAD_SPEC, str(exc)) from None
        fields["starts_at"] = _read_time(fields["starts_at"])
        if "check_in" in fields:
            seconds = fields["check_in"]
            # Checked before the timedelta is made: 10**15 seconds overflows it.
            if not _is_int(seconds) or not 0 <= seconds <= CHECK_IN_MAX.total_seconds():
                raise TournamentError(
                    ErrorCode.BAD_CHECK_IN, "check_in is 0 to 86400 whole seconds"
                )
            fields["check_in"] = timedelta(seconds=seconds)
        return cls(**fields)


def _read_time(value: Any) -> datetime:
    if not isinstance(value, str):
        raise TournamentError(ErrorCode.BAD_START_TIME, "starts_at is an ISO 8601 time in UTC")
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise TournamentError(
            ErrorCode.BAD_START_TIME, f"not an ISO 8601 time: {value!r}"
        ) from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(spec: TournamentSpec) -> None:
    """Every rule of a spec, in field order: the first broken one is reported."""
    if not isinstance(spec.name, str) or not spec.name.strip() or spec.name != spec.name.strip():
        raise TournamentError(ErrorCode.BAD_NAME, "the name is text without spaces around it")
    if len(spec.name) > NAME_MAX:
        raise TournamentError(ErrorCode.BAD_NAME, f"the name is at most {NAME_MAX} characters")
    if not isinstance(spec.format, Format):
        raise TournamentError(ErrorCode.BAD_SPEC, f"format is one of {', '.join(Format)}")
    _check_start(spec.starts_at)
    if spec.preset not in PRESETS:
        raise TournamentError(ErrorCode.BAD_RULES, f"preset is one of {', '.join(PRESETS)}")
    for key in spec.options:
        if key in RESERVED_OPTIONS:
            raise TournamentError(
                ErrorCode.BAD_OPTIONS,
                f"{key} is not an option here: the spec's own field or the format sets it",
            )
    _check_sizes(spec)
    if spec.format is Format.ELIMINATION:
        _check_advance(spec)
    if spec.format is Format.SWISS and (
        not _is_int(spec.rounds) or not 1 <= spec.rounds <= ROUNDS_MAX
    ):
        raise TournamentError(ErrorCode.BAD_ROUNDS, f"Swiss plays 1 to {ROUNDS_MAX} rounds")
    if spec.match_seconds is not None and (
        not _is_int(spec.match_seconds) or not 0 <= spec.match_seconds <= 86_400
    ):
        raise TournamentError(
            ErrorCode.BAD_CLOCK, "match_seconds is 0 (no clock) to 86400, or None for the preset's"
        )
    if spec.target is not None:
        if not _is_int(spec.target) or not 1 <= spec.target <= 1_000_000:
            raise TournamentError(ErrorCode.BAD_TARGET, "target is 1 to 1000000, or None")
        if spec.format is Format.LEAGUE:
            raise TournamentError(
                ErrorCode.BAD_TARGET, "a league plays a fixed number of rounds: leave target unset"
            )
    if not isinstance(spec.no_show, NoShow):
        raise TournamentError(ErrorCode.BAD_SPEC, f"no_show is one of {', '.join(NoShow)}")
    if spec.bot_level not in BOT_LEVELS:
        raise TournamentError(
            ErrorCode.BAD_BOT_LEVEL, f"bot_level is one of {', '.join(BOT_LEVELS)}"
        )
    _check_cap(spec)
    if (
        not isinstance(spec.check_in, timedelta)
        or not timedelta(0) <= spec.check_in <= CHECK_IN_MAX
        or spec.check_in.microseconds
    ):
        raise TournamentError(
            ErrorCode.BAD_CHECK_IN, "the check-in window is 0 to 24 hours, in whole seconds"
        )
    if spec.code is not None and (not isinstance(spec.code, str) or not _CODE.fullmatch(spec.code)):
        raise TournamentError(ErrorCode.BAD_CODE, "a private code is 4 to 16 letters or digits")
    rules = _rules(spec)
    if spec.format is Format.LEAGUE and rules.scoring not in _LEAGUE_SCORING:
        raise TournamentError(
            ErrorCode.BAD_OPTIONS,
            "a league adds up the points won: scoring is cumulative or single",
        )


def _check_start(starts_at: Any) -> None:
    if not isinstance(starts_at, datetime) or starts_at.utcoffset() != timedelta(0):
        raise TournamentError(
            ErrorCode.BAD_START_TIME, "starts_at is a datetime in UTC (tzinfo=UTC)"
        )
    if not EARLIEST <= starts_at <= LATEST:
        raise TournamentError(
            ErrorCode.BAD_START_TIME, f"starts_at is between {FIRST_DAY} and {LAST_DAY}"
        )


def _check_sizes(spec: TournamentSpec) -> None:
    low, high = spec.table_min, spec.table_max
    if not (_is_int(low) and _is_int(high) and TABLE_MIN <= low <= high <= TABLE_MAX):
        raise TournamentError(
            ErrorCode.BAD_TABLE_SIZE,
            f"tables seat {TABLE_MIN} to {TABLE_MAX}: table_min <= table_max within those",
        )


def _check_advance(spec: TournamentSpec) -> None:
    """K rules (docs/tournaments.md, Advancing): every table loses someone, every stage shrinks.

    With no gaps in the sizes (every count from ``table_min`` up fits tables:
    ``table_max >= 2 * table_min - 1``) K may be up to ``table_min - 1``. With gaps, bots
    or byes round awkward counts and K is at most ``table_min // 2``, which still makes
    each stage smaller than the one before.
    """
    low, high = spec.table_min, spec.table_max
    most = low - 1 if high >= 2 * low - 1 else low // 2
    if not _is_int(spec.advance) or not 1 <= spec.advance <= most:
        raise TournamentError(
            ErrorCode.BAD_ADVANCE,
            f"with tables of {low} to {high}, advance is 1 to {most} per table",
        )


def _check_cap(spec: TournamentSpec) -> None:
    if spec.format is Format.LEAGUE:
        if spec.cap not in LEAGUE_SIZES or not _is_int(spec.cap):
            raise TournamentError(ErrorCode.BAD_CAP, "a league is played by exactly 4 or 8")
        return
    if not _is_int(spec.cap) or not spec.table_min <= spec.cap <= CAP_MAX:
        raise TournamentError(
            ErrorCode.BAD_CAP, f"the cap is from table_min ({spec.table_min}) to {CAP_MAX}"
        )


def _rules(spec: TournamentSpec) -> Rules:
    """The engine's rules for the event's tables (BAD_RULES when the engine refuses them)."""
    options: dict[str, Any] = dict(spec.options)
    if spec.match_seconds is not None:
        options["match_seconds"] = spec.match_seconds
    if spec.target is not None:
        options["target"] = spec.target
    if spec.format is Format.LEAGUE and spec.cap == 4:
        options["partner_rotation"] = True
    try:
        rules = Rules.from_dict({"preset": spec.preset, **options})
        if spec.format is Format.LEAGUE and spec.cap == 8:
            rules = rules.replace(scoring="single") if rules.scoring in _LEAGUE_SCORING else rules
    except RulesError as exc:
        raise TournamentError(ErrorCode.BAD_RULES, exc.message) from None
    except TypeError:
        raise TournamentError(
            ErrorCode.BAD_OPTIONS, "options must map option names to values"
        ) from None
    return rules
