"""The REST API's own bodies and answers (docs/protocol.md §1), apart from its routes.

The models the REST API shares with the WebSocket (``SessionOut``, ``AccountOut``,
``RoomOut``, ...) are in :mod:`younuo.protocol.messages`; these are the REST-only ones.
They live apart from the routes (``younuo.server.*.api``) so that a program that speaks the
protocol (``younuo.client``) can import them without loading the web application
(FastAPI, the store), which takes seconds.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from younuo.protocol.bounds import CalendarDay, Day, Month, OpensSeconds, Places, TimeOfDay, Weekday
from younuo.protocol.messages import Avatar, ResultOut, TitleName
from younuo.protocol.tournaments import TournamentIn


class GuestIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=200)]


class CredentialsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=200)]
    password: Annotated[str, Field(max_length=1000)]


class ProfileIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=200)] | None = None
    avatar: Avatar | None = None


class Ok(BaseModel):
    ok: bool = True


class LeaderRow(BaseModel):
    account: str
    name: str
    rating: int
    level: dict[str, Any]
    skill: int
    """The skill rating (docs/rating.md), by which the leaderboard is ordered."""
    title: TitleName | None = None


class MatchSummary(BaseModel):
    id: str
    room: str | None
    status: str
    rules: dict[str, Any]
    players: list[str]
    winner: str | None
    created_at: float
    ended_at: float | None
    version: int
    results: list[ResultOut] = []
    node: str | None = None
    """The node running the match (several nodes, while it runs); None otherwise."""


class DecisionOut(BaseModel):
    """A moderator's decision on a fair-play case, as the player it named sees it."""

    kind: str
    verdict: str
    note: str
    points: int
    decided_at: float | None


class RecordOut(BaseModel):
    complete: bool
    record: dict[str, Any]


# ------------------------------------------------------------------ bot accounts
class BotIn(BaseModel):
    """A new bot account of the caller (``POST /api/me/bots``)."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=200)]


class BotTokenIn(BaseModel):
    """A new API token of a bot (``POST /api/me/bots/{id}/tokens``); the label is a note."""

    model_config = ConfigDict(extra="forbid")
    label: Annotated[str, Field(max_length=200)] = ""


class BotTokenOut(BaseModel):
    """A bot's API token as listed: never the token itself (only its hash is kept)."""

    id: str
    label: str
    created_at: float


class BotTokenCreated(BotTokenOut):
    """A token just made: ``token`` is shown this once."""

    token: str


class BotRatedIn(BaseModel):
    """An admin allowing (or no longer allowing) a bot into rated play."""

    model_config = ConfigDict(extra="forbid")
    allowed: bool
    reason: Annotated[str, Field(max_length=1000)]


class TitleOut(BaseModel):
    """One title (docs/tournaments.md, Titles): dates are ISO days (UTC); ``expires`` is
    the first day it is no longer valid (None: lifetime); ``extensions`` the events that
    added a year each; ``revoked_on``/``revoked_reason`` a moderator's revocation."""

    kind: TitleName
    event: str
    awarded: str
    expires: str | None
    extensions: list[str]
    revoked_on: str | None
    revoked_reason: str | None


class TitlesOut(BaseModel):
    """An account's titles today: the one shown beside the name, the valid ones (highest
    first) and the history (expired or revoked, latest first)."""

    shown: TitleOut | None
    active: list[TitleOut]
    history: list[TitleOut]


class RevokeTitleIn(BaseModel):
    """A moderator revoking the title won at ``event``, with the reason the player sees."""

    model_config = ConfigDict(extra="forbid")
    event: Annotated[str, Field(min_length=1, max_length=80)]
    reason: Annotated[str, Field(max_length=200)]


SeriesKey = Annotated[str, Field(max_length=40)]
"""A series' or a series event's key (the series checks its form: ``bad_series``)."""


class ScheduleIn(BaseModel):
    """Where in its period a series event is held (``Schedule``): ``at`` a UTC time of
    day, ``weekday`` 0-6 (weekly), ``day`` 1-28, ``month`` 1-12 (of the quarter: 1-3),
    ``opens`` seconds before the start (1 to 366 days)."""

    model_config = ConfigDict(extra="forbid")
    at: TimeOfDay
    weekday: Weekday = 0
    day: Day = 1
    month: Month = 1
    opens: OpensSeconds = 6 * 86_400


class SeriesEventIn(BaseModel):
    """One recurring event of a series: its key, level, schedule and instances' spec."""

    model_config = ConfigDict(extra="forbid")
    key: SeriesKey
    level: Annotated[str, Field(max_length=20)]
    schedule: ScheduleIn
    spec: TournamentIn


class FeedIn(BaseModel):
    """The top ``places`` of each ``source`` instance qualify for the next ``target`` one."""

    model_config = ConfigDict(extra="forbid")
    source: SeriesKey
    target: SeriesKey
    places: Places


class TitleRulesIn(BaseModel):
    """Which event levels make their champion a master."""

    model_config = ConfigDict(extra="forbid")
    master_levels: Annotated[list[Annotated[str, Field(max_length=20)]], Field(max_length=8)]


class SeriesSpecIn(BaseModel):
    """A series in the form of ``Series.to_dict()``, each number and day bounded."""

    model_config = ConfigDict(extra="forbid")
    key: SeriesKey
    name: Annotated[str, Field(max_length=200)]
    starts: CalendarDay
    events: Annotated[list[SeriesEventIn], Field(max_length=16)]
    feeds: Annotated[list[FeedIn], Field(max_length=64)] = []
    top: SeriesKey | None = None
    titles: TitleRulesIn = TitleRulesIn(master_levels=["monthly", "quarterly", "annual"])

    def value(self) -> dict[str, Any]:
        """The ``Series.from_dict()`` form: each event's spec without the fields left out
        (null in a ``TournamentIn`` is the spec's default, as in ``POST /api/tournaments``)."""
        out = self.model_dump(mode="json")
        for event, given in zip(out["events"], self.events, strict=True):
            event["spec"] = given.spec.model_dump(mode="json", exclude_none=True)
        return out


class SeriesIn(BaseModel):
    """An admin's new series."""

    model_config = ConfigDict(extra="forbid")
    series: SeriesSpecIn


class UpcomingOut(BaseModel):
    """A series event's next instance (``tournaments.series.upcoming``): its tournament
    id, open for registration from ``opens_at``; ``qualifiers_only`` when other events
    feed it."""

    key: str
    event: str
    level: str
    starts_at: datetime
    opens_at: datetime
    qualifiers_only: bool


class SeriesOut(BaseModel):
    """A series as stored, with the places of its finished instances (champion first)
    and each event's next instance."""

    key: str
    name: str
    series: dict[str, Any]
    results: dict[str, list[str]]
    upcoming: list[UpcomingOut]


__all__ = [
    "BotIn",
    "BotRatedIn",
    "BotTokenCreated",
    "BotTokenIn",
    "BotTokenOut",
    "CredentialsIn",
    "DecisionOut",
    "FeedIn",
    "GuestIn",
    "LeaderRow",
    "MatchSummary",
    "Ok",
    "ProfileIn",
    "RecordOut",
    "RevokeTitleIn",
    "ScheduleIn",
    "SeriesEventIn",
    "SeriesIn",
    "SeriesOut",
    "SeriesSpecIn",
    "TitleOut",
    "TitleRulesIn",
    "TitlesOut",
    "UpcomingOut",
]
