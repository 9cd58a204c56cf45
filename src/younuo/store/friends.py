"""Friend links and blocks in the database (the rules are younuo.social.friendship/blocks).

Each function runs inside the caller's transaction. A pair's link is one row keyed with
the smaller id first, so the row is found the same way whoever asks.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.social.blocks import Block
from younuo.social.friendship import Link, LinkStatus
from younuo.store.models import BlockEntry, FriendLink


def _key(a: str, b: str) -> tuple[str, str]:
    """The row key of the pair: smaller id first."""
    return (a, b) if a < b else (b, a)


async def get_link(s: AsyncSession, a: str, b: str) -> Link | None:
    """The link between ``a`` and ``b``, or None."""
    row = await s.get(FriendLink, _key(a, b))
    if row is None:
        return None
    other = row.high_id if row.requester_id == row.low_id else row.low_id
    return Link(row.requester_id, other, LinkStatus(row.status))


async def put_link(s: AsyncSession, link: Link, *, at: float) -> None:
    """Store ``link`` (insert or replace the pair's row)."""
    low, high = _key(link.requester, link.addressee)
    row = await s.get(FriendLink, (low, high))
    if row is None:
        s.add(FriendLink(low_id=low, high_id=high, requester_id=link.requester,
                         status=link.status.value, at=at))  # fmt: skip
    else:
        row.requester_id, row.status, row.at = link.requester, link.status.value, at
    await s.flush()


async def delete_link(s: AsyncSession, a: str, b: str) -> None:
    """Remove the pair's link, if any."""
    low, high = _key(a, b)
    await s.execute(delete(FriendLink).where(FriendLink.low_id == low, FriendLink.high_id == high))


async def links_of(s: AsyncSession, account_id: str) -> list[Link]:
    """Every link (pending either way, or friends) of an account."""
    rows = await s.scalars(
        select(FriendLink).where(
            or_(FriendLink.low_id == account_id, FriendLink.high_id == account_id)
        )
    )
    links = []
    for row in rows:
        other = row.high_id if row.requester_id == row.low_id else row.low_id
        links.append(Link(row.requester_id, other, LinkStatus(row.status)))
    return links


async def block(s: AsyncSession, blocker: str, blocked: str, *, at: float) -> None:
    """``blocker`` blocks ``blocked``; any link between them ends (docs/social.md)."""
    if await s.get(BlockEntry, (blocker, blocked)) is None:
        s.add(BlockEntry(blocker_id=blocker, blocked_id=blocked, at=at))
    await delete_link(s, blocker, blocked)
    await s.flush()


async def unblock(s: AsyncSession, blocker: str, blocked: str) -> None:
    """Lift a block (nothing else comes back)."""
    await s.execute(
        delete(BlockEntry).where(BlockEntry.blocker_id == blocker, BlockEntry.blocked_id == blocked)
    )


async def blocked_by(s: AsyncSession, blocker: str) -> list[BlockEntry]:
    """The blocks ``blocker`` set, newest first."""
    rows = await s.scalars(
        select(BlockEntry).where(BlockEntry.blocker_id == blocker).order_by(BlockEntry.at.desc())
    )
    return list(rows)


async def blocked_since(s: AsyncSession, a: str, b: str) -> float | None:
    """Since when a block between ``a`` and ``b`` (either way) stands, or None (a report's
    evidence leaves out what the block kept from the reporter)."""
    earliest = await s.scalar(
        select(func.min(BlockEntry.at)).where(
            or_(
                (BlockEntry.blocker_id == a) & (BlockEntry.blocked_id == b),
                (BlockEntry.blocker_id == b) & (BlockEntry.blocked_id == a),
            )
        )
    )
    return None if earliest is None else float(earliest)


async def blocks_among(s: AsyncSession, ids: Collection[str]) -> set[Block]:
    """The blocks between any two of ``ids`` (for quick match and reach checks)."""
    if not ids:
        return set()
    rows = await s.execute(
        select(BlockEntry.blocker_id, BlockEntry.blocked_id).where(
            BlockEntry.blocker_id.in_(ids), BlockEntry.blocked_id.in_(ids)
        )
    )
    return {(row[0], row[1]) for row in rows}
