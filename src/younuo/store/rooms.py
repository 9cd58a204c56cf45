"""Rooms and memberships: repository functions inside the caller's transaction.

A room is written whole with a version check (:func:`save`), like a match's moves, so
two processes changing one room cannot overwrite each other.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store import visits
from younuo.store.errors import VersionConflict
from younuo.store.models import Membership, Room


async def insert(s: AsyncSession, room: Room) -> None:
    s.add(room)
    await s.flush()


async def get(s: AsyncSession, room_id: str) -> Room | None:
    return await s.get(Room, room_id)


async def by_code(s: AsyncSession, code: str) -> Room | None:
    return await s.scalar(select(Room).where(Room.code == code.upper(), Room.status != "closed"))


async def save(s: AsyncSession, room_id: str, expected_version: int, **values: Any) -> int:
    """Write ``values`` if the room is still at ``expected_version``; the new version.

    Raises :class:`VersionConflict` otherwise.
    """
    new_version = expected_version + 1
    result = await s.execute(
        update(Room)
        .where(Room.id == room_id, Room.version == expected_version)
        .values(version=new_version, updated_at=time.time(), **values)
        .execution_options(synchronize_session=False)
    )
    if getattr(result, "rowcount", 0) != 1:
        raise VersionConflict("room", room_id, expected_version)
    return new_version


async def listed(s: AsyncSession, limit: int = 200) -> list[Room]:
    """Public rooms that are open or playing, newest first (filters are the caller's)."""
    rows = await s.scalars(
        select(Room)
        .where(Room.private.is_(False), Room.status.in_(("open", "playing")))
        .order_by(Room.updated_at.desc())
        .limit(limit)
    )
    return list(rows)


async def with_status(s: AsyncSession, status: str) -> list[Room]:
    return list(await s.scalars(select(Room).where(Room.status == status)))


# ------------------------------------------------------------------ memberships
async def membership(s: AsyncSession, account_id: str) -> Membership | None:
    return await s.get(Membership, account_id)


async def set_membership(s: AsyncSession, account_id: str, room_id: str, role: str) -> None:
    """``account_id`` is ``role`` in ``room_id`` now; its stay there is written as a visit
    (:mod:`younuo.store.visits`: what a report of it may hold)."""
    await visits.arrive(s, account_id, room_id, role)
    found = await s.get(Membership, account_id)
    if found is None:
        s.add(Membership(account_id=account_id, room_id=room_id, role=role))
    else:
        found.room_id = room_id
        found.role = role
    await s.flush()


async def drop_membership(s: AsyncSession, account_id: str, room_id: str | None = None) -> None:
    """``account_id`` left its room (``room_id`` only, when given); its visit ends."""
    await visits.leave(s, account_id, room_id)
    query = delete(Membership).where(Membership.account_id == account_id)
    if room_id is not None:
        query = query.where(Membership.room_id == room_id)
    await s.execute(query)


async def members(s: AsyncSession, room_id: str) -> list[Membership]:
    return list(await s.scalars(select(Membership).where(Membership.room_id == room_id)))


__all__ = [
    "by_code",
    "drop_membership",
    "get",
    "insert",
    "listed",
    "members",
    "membership",
    "save",
    "set_membership",
    "with_status",
]
