"""Stays of accounts in rooms (``room_visits``): who could read a room's chat, and when.

A visit opens when an account becomes a room's player or spectator and closes when it
leaves or changes role (:mod:`younuo.store.rooms` writes them with the memberships, so
that no way in or out of a room is missed). A report's evidence is what the reporter
could read during their visits (:mod:`younuo.social.evidence`). Visits exist only to
judge stored chat, so they go when the chat of their time has gone (:func:`purge_before`).
Each function runs inside the caller's transaction.
"""

from __future__ import annotations

import time

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import RoomVisit


async def arrive(s: AsyncSession, account_id: str, room_id: str, role: str) -> None:
    """``account_id`` is now ``role`` in ``room_id``: close its other open visits, and open
    one here unless the same one is open already."""
    now = time.time()
    open_ = list(
        await s.scalars(
            select(RoomVisit).where(RoomVisit.account_id == account_id, RoomVisit.until.is_(None))
        )
    )
    if any(v.room_id == room_id and v.role == role for v in open_):
        return
    for visit in open_:
        visit.until = now
    s.add(RoomVisit(account_id=account_id, room_id=room_id, role=role, since=now, until=None))
    await s.flush()


async def leave(s: AsyncSession, account_id: str, room_id: str | None = None) -> None:
    """Close the account's open visit (of ``room_id`` only, when given)."""
    query = update(RoomVisit).where(RoomVisit.account_id == account_id, RoomVisit.until.is_(None))
    if room_id is not None:
        query = query.where(RoomVisit.room_id == room_id)
    await s.execute(query.values(until=time.time()).execution_options(synchronize_session=False))


async def of(s: AsyncSession, account_id: str, room_id: str) -> list[RoomVisit]:
    """The account's visits of a room, oldest first."""
    rows = await s.scalars(
        select(RoomVisit)
        .where(RoomVisit.account_id == account_id, RoomVisit.room_id == room_id)
        .order_by(RoomVisit.since)
    )
    return list(rows)


async def of_account(s: AsyncSession, account_id: str) -> list[RoomVisit]:
    """Every stored visit of an account, oldest first (its data export)."""
    rows = await s.scalars(
        select(RoomVisit).where(RoomVisit.account_id == account_id).order_by(RoomVisit.since)
    )
    return list(rows)


async def purge_before(s: AsyncSession, cutoff: float) -> int:
    """Delete visits that ended before ``cutoff`` (the chat of their time is gone); how many."""
    result = await s.execute(delete(RoomVisit).where(RoomVisit.until < cutoff))
    return int(getattr(result, "rowcount", 0) or 0)


async def forget(s: AsyncSession, account_id: str) -> None:
    """Delete every visit of an account (its account is deleted)."""
    await s.execute(delete(RoomVisit).where(RoomVisit.account_id == account_id))


__all__ = ["arrive", "forget", "leave", "of", "of_account", "purge_before"]
