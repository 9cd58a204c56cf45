"""Typed refusals: every error carries a stable :class:`ErrorCode` and a message for people.

The shell turns a :class:`TournamentError` into an answer as it does the engine's
``RulesError``: ``code`` for programs, ``message`` for the person who asked.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """Why a spec, a transition, a title or a series was refused."""

    # The spec of an event (spec.py).
    BAD_NAME = "bad_name"
    BAD_RULES = "bad_rules"
    BAD_OPTIONS = "bad_options"
    BAD_TABLE_SIZE = "bad_table_size"
    BAD_ADVANCE = "bad_advance"
    BAD_ROUNDS = "bad_rounds"
    BAD_CLOCK = "bad_clock"
    BAD_TARGET = "bad_target"
    BAD_CAP = "bad_cap"
    BAD_CHECK_IN = "bad_check_in"
    BAD_START_TIME = "bad_start_time"
    BAD_CODE = "bad_code"
    BAD_BOT_LEVEL = "bad_bot_level"
    BAD_SPEC = "bad_spec"
    # The lifecycle of one event (tournament.py).
    BAD_ID = "bad_id"
    BAD_TIME = "bad_time"
    NOT_ADMIN = "not_admin"
    STARTS_IN_PAST = "starts_in_past"
    STARTS_TOO_LATE = "starts_too_late"
    """An event created to start more than ``STARTS_AHEAD_MAX`` (a year) ahead."""
    BAD_ACCOUNT = "bad_account"
    REGISTRATION_CLOSED = "registration_closed"
    WRONG_CODE = "wrong_code"
    NOT_QUALIFIED = "not_qualified"
    ALREADY_REGISTERED = "already_registered"
    FULL = "full"
    NOT_REGISTERED = "not_registered"
    CHECK_IN_NOT_OPEN = "check_in_not_open"
    CHECK_IN_CLOSED = "check_in_closed"
    TOO_EARLY = "too_early"
    NOT_RUNNING = "not_running"
    ALREADY_OVER = "already_over"
    UNKNOWN_TABLE = "unknown_table"
    BAD_RESULT = "bad_result"
    RESULT_CONFLICT = "result_conflict"
    BAD_RECORD = "bad_record"
    BOT_NOT_RATED = "bot_not_rated"
    """A bot account refused from a (rated) event: an admin has not allowed it (the shell)."""
    # Titles (titles.py).
    UNKNOWN_TITLE = "unknown_title"
    ALREADY_REVOKED = "already_revoked"
    BAD_REASON = "bad_reason"
    # Series (series.py).
    BAD_SERIES = "bad_series"
    BAD_SCHEDULE = "bad_schedule"
    BAD_FEED = "bad_feed"
    UNKNOWN_EVENT = "unknown_event"
    UNKNOWN_INSTANCE = "unknown_instance"
    SERIES_TAKEN = "series_taken"
    # The shell (server/tournaments/service.py).
    CODE_TAKEN = "code_taken"
    """A private event's code is another event's already (codes are unique)."""


class TournamentError(Exception):
    """A refused spec, transition, title change or series: nothing was changed."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": str(self.code), "message": self.message}
