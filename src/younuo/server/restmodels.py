"""The REST API's own bodies and answers (docs/protocol.md §1), apart from its routes.

The models the REST API shares with the WebSocket (``SessionOut``, ``AccountOut``,
``RoomOut``, ...) are in :mod:`younuo.server.protocol`; these are the REST-only ones.
They live apart from :mod:`younuo.server.api` so that a program that speaks the
protocol (``younuo.client``) can import them without loading the web application
(FastAPI, the store), which takes seconds.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from younuo.server.protocol import Avatar, ResultOut, TitleName


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


class SeriesIn(BaseModel):
    """An admin's new series: ``series`` in the form of ``Series.to_dict()``."""

    model_config = ConfigDict(extra="forbid")
    series: dict[str, Any]


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
    "GuestIn",
    "LeaderRow",
    "MatchSummary",
    "Ok",
    "ProfileIn",
    "RecordOut",
    "RevokeTitleIn",
    "SeriesIn",
    "SeriesOut",
    "TitleOut",
    "TitlesOut",
    "UpcomingOut",
]
