"""The REST bodies and answers of social play (docs/protocol.md §1, docs/social.md).

The messages that also cross the WebSocket (``ChatOut``, ``NoticeOut``) are in
:mod:`younuo.protocol.messages`; these are the REST-only ones of
:mod:`younuo.server.social.api`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from younuo.protocol.messages import Id
from younuo.social.reports import ReportReason, ReportSource

Invites = Literal["friends", "nobody"]
"""Who may invite an account to a room."""
Requests = Literal["everyone", "nobody"]
"""Who may ask an account to be friends."""
Messages = Literal["friends", "nobody"]
"""Who may send an account direct messages (only friends ever can)."""


class FriendRequestIn(BaseModel):
    """Ask an account to be friends, by its id or by its registered name."""

    model_config = ConfigDict(extra="forbid")
    account: Id | None = None
    name: Annotated[str, Field(max_length=40)] | None = None


class FriendActionIn(BaseModel):
    """Answer a request addressed to you (``decline`` also withdraws your own)."""

    model_config = ConfigDict(extra="forbid")
    action: Literal["accept", "decline"]


class PresenceOut(BaseModel):
    """Where a friend is (younuo.social.presence); ``room`` only when one may join or
    watch it."""

    state: Literal["offline", "online", "lobby", "room", "playing"]
    room: str | None
    joinable: bool
    watchable: bool


class FriendOut(BaseModel):
    """A friend, or a request either way, with the friend's presence."""

    account: str
    name: str
    status: Literal["friends", "incoming", "outgoing"]
    presence: PresenceOut


class BlockIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    account: Id


class BlockOut(BaseModel):
    account: str
    name: str
    at: float


class InvitationIn(BaseModel):
    """Invite a friend to a room: yours (the default) or one you name that you are in."""

    model_config = ConfigDict(extra="forbid")
    account: Id
    room: Id | None = None


class SocialSettingsIn(BaseModel):
    """Change your social settings (every field optional)."""

    model_config = ConfigDict(extra="forbid")
    free_text: bool | None = None
    invites: Invites | None = None
    requests: Requests | None = None
    messages: Messages | None = None


class SocialSettingsOut(BaseModel):
    free_text: bool
    muted_until: float | None
    invites: Invites
    requests: Requests
    messages: Messages


class ReportIn(BaseModel):
    """Report a player; the server attaches their recent messages in ``room`` or, with no
    room, their recent direct messages to the reporter."""

    model_config = ConfigDict(extra="forbid")
    account: Id
    reason: ReportReason
    source: ReportSource
    match: Id | None = None
    room: Id | None = None
    note: Annotated[str, Field(max_length=500)] = ""


class ReportFiled(BaseModel):
    """What the reporter sees of their report: that it is in the queue."""

    id: int
    status: Literal["open", "actioned", "dismissed"]


class ReportOut(BaseModel):
    """A report as moderators see it, with its evidence."""

    id: int
    reporter: str
    reported: str
    reason: ReportReason
    source: ReportSource
    match: str | None
    evidence: dict[str, Any]
    status: Literal["open", "actioned", "dismissed"]
    opened_at: float
    decision: dict[str, Any] | None
    decided_by: str | None
    decided_at: float | None


class ReportDecisionIn(BaseModel):
    """A moderator's decision: dismiss, warn, or mute for ``minutes`` (1 to 30 days)."""

    model_config = ConfigDict(extra="forbid")
    action: Literal["dismiss", "warn", "mute"]
    note: Annotated[str, Field(min_length=1, max_length=1000)]
    minutes: Annotated[int, Field(ge=1, le=30 * 24 * 60)] | None = None


__all__ = [
    "BlockIn",
    "BlockOut",
    "FriendActionIn",
    "FriendOut",
    "FriendRequestIn",
    "InvitationIn",
    "Invites",
    "Messages",
    "PresenceOut",
    "ReportDecisionIn",
    "ReportFiled",
    "ReportIn",
    "ReportOut",
    "Requests",
    "SocialSettingsIn",
    "SocialSettingsOut",
]
