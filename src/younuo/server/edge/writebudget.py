"""A REST write spends its account's budget (rooms, renames, friend requests, reports)."""

from __future__ import annotations

from fastapi import Request

from younuo.protocol.errors import ErrorCode
from younuo.server.edge.limits import Write, WriteLimits
from younuo.server.problems import too_many
from younuo.server.services import services_of
from younuo.store.models import Account


async def spend_write(request: Request, account: Account, kind: Write) -> None:
    """Count one ``kind`` write of ``account`` against its budget: 429
    ``too_many_writes`` (with ``Retry-After``) past it."""
    limits: WriteLimits = services_of(request).write_limits
    refusal = await limits.check(account, kind)
    if refusal is not None:
        raise too_many(refusal, ErrorCode.TOO_MANY_WRITES)


__all__ = ["spend_write"]
