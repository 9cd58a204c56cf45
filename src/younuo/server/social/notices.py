"""Notices: stored for an account (a friend request, an invitation, a moderator's
decision), listed and marked read by it, and pushed at once wherever it is connected."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from younuo.protocol.messages import NoticeMessage, NoticeOut
from younuo.server.realtime.connections import Hub
from younuo.server.social.facts import NotFound
from younuo.server.social.wire import notice_out
from younuo.store import Database
from younuo.store import notices as notices_repo
from younuo.store.models import Account, Notice

MAX_NOTICES = 100
"""Notices one listing returns at most."""


class Notices:
    """An account's notices, over the database and the hub."""

    def __init__(self, db: Database, hub: Hub) -> None:
        self.db = db
        self.hub = hub

    async def add(
        self, s: AsyncSession, account_id: str, kind: str, payload: dict[str, Any]
    ) -> NoticeOut:
        """Store a notice (in the caller's transaction); push it with :meth:`push` once
        the transaction is committed."""
        return notice_out(await notices_repo.add(s, account_id, kind, payload, at=time.time()))

    def push(self, account_id: str, notice: NoticeOut) -> None:
        """Tell a connected account of its new notice, after the notice is stored."""
        self.hub.tell(account_id, NoticeMessage(notice=notice))

    def deliver(self, row: Notice) -> None:
        """Push a notice another service stored (an admin's rename), wherever its
        account is connected."""
        self.push(row.account_id, notice_out(row))

    async def of(self, me: Account, *, unread: bool) -> list[NoticeOut]:
        """Your notices, newest first."""
        async with self.db.session() as s:
            rows = await notices_repo.of(s, me.id, unread=unread, limit=MAX_NOTICES)
        return [notice_out(r) for r in rows]

    async def read(self, me: Account, notice_id: int) -> NoticeOut:
        """Mark one of your notices read; someone else's is as unknown as none."""
        async with self.db.session() as s, s.begin():
            row = await notices_repo.mark_read(s, me.id, notice_id, at=time.time())
            if row is None:
                raise NotFound("you have no notice of that id")
            return notice_out(row)


__all__ = ["MAX_NOTICES", "Notices"]
