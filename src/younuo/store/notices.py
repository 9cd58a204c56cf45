"""Notices in the database: what an account is told while away (requests, invitations).

A notice is kept until its account reads it, and after (marked read), so that an
invitation made while a friend was offline waits for them. Each function runs inside the
caller's transaction.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import Notice


async def add(
    s: AsyncSession, account_id: str, kind: str, payload: dict[str, Any], *, at: float
) -> Notice:
    """Store one notice for ``account_id``."""
    row = Notice(account_id=account_id, kind=kind, payload=payload, created_at=at, read_at=None)
    s.add(row)
    await s.flush()
    return row


async def of(s: AsyncSession, account_id: str, *, unread: bool, limit: int) -> list[Notice]:
    """The account's notices, newest first (only the unread ones if ``unread``)."""
    query = select(Notice).where(Notice.account_id == account_id)
    if unread:
        query = query.where(Notice.read_at.is_(None))
    return list(await s.scalars(query.order_by(Notice.id.desc()).limit(limit)))


async def mark_read(
    s: AsyncSession, account_id: str, notice_id: int, *, at: float
) -> Notice | None:
    """Mark the account's notice read; None if it has no notice of that id."""
    row = await s.get(Notice, notice_id)
    if row is None or row.account_id != account_id:
        return None
    if row.read_at is None:
        row.read_at = at
    await s.flush()
    return row
