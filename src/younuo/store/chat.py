"""Chat messages in the database: kept for moderation, purged after the retention period.

Only the service reads them back, for the room's members (younuo.social.chatpolicy) and
for the evidence of a report; each function runs inside the caller's transaction.
"""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import ChatMessage


async def post(
    s: AsyncSession,
    *,
    channel: str,
    place: str,
    sender_id: str,
    at: float,
    phrase: str | None = None,
    text: str | None = None,
) -> ChatMessage:
    """Store one message (a quick ``phrase`` id or free ``text``)."""
    row = ChatMessage(channel=channel, place=place, sender_id=sender_id, phrase=phrase,
                      text=text, at=at)  # fmt: skip
    s.add(row)
    await s.flush()
    return row


async def recent(
    s: AsyncSession, *, place: str, limit: int, sender_id: str | None = None
) -> list[ChatMessage]:
    """The newest messages of a place first (of one sender if given: a report's evidence)."""
    query = select(ChatMessage).where(ChatMessage.place == place)
    if sender_id is not None:
        query = query.where(ChatMessage.sender_id == sender_id)
    return list(await s.scalars(query.order_by(ChatMessage.id.desc()).limit(limit)))


async def purge_before(s: AsyncSession, cutoff: float) -> int:
    """Delete messages older than ``cutoff`` (the scheduler's retention job); how many."""
    result = await s.execute(delete(ChatMessage).where(ChatMessage.at < cutoff))
    return int(getattr(result, "rowcount", 0) or 0)
