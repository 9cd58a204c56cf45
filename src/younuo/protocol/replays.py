"""The replay viewer's answer: every step of an ended match (``GET /api/matches/{id}/replay``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class ReplayStepOut(BaseModel):
    """One step: the action (None for the deal), what it caused, the table after it."""

    action: dict[str, Any] | None
    events: list[dict[str, Any]]
    state: dict[str, Any]


class ReplayOut(BaseModel):
    """``GET /api/matches/{id}/replay``: every step of an ended match."""

    match: str
    steps: list[ReplayStepOut]
    error: dict[str, Any] | None = None
    """Where the record stops replaying (``{"index", "code", "message"}``), else None."""
