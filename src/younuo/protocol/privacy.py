"""The REST models of a player's own data: its download and the deletion of the account
(docs/protocol.md §1, docs/security.md *Privacy*)."""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

EXPORT_FORMAT: Final = "younuo-data/1"
"""The ``format`` of a data download."""


class DataExport(BaseModel):
    """``GET /api/me/data``: everything the server keeps that is the account's own."""

    format: Literal["younuo-data/1"] = EXPORT_FORMAT
    exported_at: float
    account: dict[str, Any]
    social_settings: dict[str, Any] | None
    friends: list[dict[str, Any]]
    blocks: list[dict[str, Any]]
    notices: list[dict[str, Any]]
    messages: list[dict[str, Any]]
    matches: list[dict[str, Any]]
    reports_filed: list[dict[str, Any]]
    sessions: list[dict[str, Any]]
    bots: list[dict[str, Any]]
    titles: list[dict[str, Any]]
    room_visits: list[dict[str, Any]]
    connections: list[dict[str, Any]]
    fairplay_decisions: list[dict[str, Any]]


class DeleteAccountIn(BaseModel):
    """``DELETE /api/me``: the account's name typed again, and a registered account's
    password (a guest has none)."""

    model_config = ConfigDict(extra="forbid")
    confirm: Annotated[str, Field(max_length=40)]
    password: Annotated[str | None, Field(max_length=200)] = None


class AccountDeleted(BaseModel):
    """The account is gone: its id, the matches anonymised, the bots deleted with it."""

    deleted: str
    matches_anonymised: int
    bots_deleted: int


__all__ = ["EXPORT_FORMAT", "AccountDeleted", "DataExport", "DeleteAccountIn"]
