"""The levels of events in a series, and how often each comes round."""

from __future__ import annotations

from enum import StrEnum


class EventLevel(StrEnum):
    """Where an event stands in a series, lowest first."""

    WEEKLY_QUALIFIER = "weekly_qualifier"
    WEEKLY = "weekly"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"
    ANNUAL = "annual"


class Cadence(StrEnum):
    """How often an event is held; each occurrence has one period (a week, a month, ...)."""

    WEEKLY = "weekly"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"
    ANNUAL = "annual"


CADENCE: dict[EventLevel, Cadence] = {
    EventLevel.WEEKLY_QUALIFIER: Cadence.WEEKLY,
    EventLevel.WEEKLY: Cadence.WEEKLY,
    EventLevel.MONTHLY: Cadence.MONTHLY,
    EventLevel.QUARTERLY: Cadence.QUARTERLY,
    EventLevel.ANNUAL: Cadence.ANNUAL,
}
"""Each level's cadence: the level says how often it is held."""

SPAN: dict[Cadence, int] = {
    Cadence.WEEKLY: 1,
    Cadence.MONTHLY: 2,
    Cadence.QUARTERLY: 3,
    Cadence.ANNUAL: 4,
}
"""Cadences from the shortest period to the longest (a feed never goes to a shorter one)."""
