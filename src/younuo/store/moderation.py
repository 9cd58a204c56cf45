"""Moderation in the database: the audit log, and accounts' sessions and tokens ended at once.

Each function runs inside the caller's transaction, so an admin action and its audit
entry are written together or not at all.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import AuditEntry, BotToken, Session


async def audit(
    s: AsyncSession,
    *,
    at: float,
    actor: str | None,
    action: str,
    target: str | None,
    details: dict[str, Any],
) -> AuditEntry:
    """Append one entry (``actor`` None: the command line, on the server's machine)."""
    entry = AuditEntry(at=at, actor=actor, action=action, target=target, details=details)
    s.add(entry)
    await s.flush()
    return entry


async def audit_log(
    s: AsyncSession, *, limit: int, target: str | None = None, before: int | None = None
) -> list[AuditEntry]:
    """The newest entries first, about ``target`` if given, older than id ``before``."""
    query = select(AuditEntry).order_by(AuditEntry.id.desc()).limit(limit)
    if target is not None:
        query = query.where(AuditEntry.target == target)
    if before is not None:
        query = query.where(AuditEntry.id < before)
    return list(await s.scalars(query))


async def end_tokens(s: AsyncSession, account_ids: Collection[str]) -> list[str]:
    """Delete every session and every bot API token of the accounts (a ban or a
    suspension of a person and the bots they own); the hashes of all of them, by which
    their sockets are closed. A deleted token opens nothing again: nothing restores it."""
    ids = list(account_ids)
    hashes = list(await s.scalars(select(Session.token_hash).where(Session.account_id.in_(ids))))
    hashes += await s.scalars(select(BotToken.token_hash).where(BotToken.account_id.in_(ids)))
    await s.execute(delete(Session).where(Session.account_id.in_(ids)))
    await s.execute(delete(BotToken).where(BotToken.account_id.in_(ids)))
    return hashes
