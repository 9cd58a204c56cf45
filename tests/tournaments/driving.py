"""Helpers that drive events in the tests: specs to start with."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from younuo.tournaments import Format, TournamentSpec

NOW = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
START = NOW + timedelta(hours=1)


def spec(fmt: Format = Format.ELIMINATION, **fields: Any) -> TournamentSpec:
    """A spec starting at START, one-round tables unless told, no check-in unless told."""
    fields.setdefault("options", {} if fmt is Format.LEAGUE else {"scoring": "single"})
    fields.setdefault("check_in", timedelta(0))
    if fmt is Format.LEAGUE:
        fields.setdefault("cap", 4)
    return TournamentSpec(fields.pop("name", "Cup"), fmt, fields.pop("starts_at", START), **fields)
