"""Blocks: the accounts you block, blocking (which ends any friendship or request between
you) and lifting a block."""

from __future__ import annotations

import time

from younuo.protocol.social import BlockOut
from younuo.server.social.facts import account_of
from younuo.social import blocks as blocks_rules
from younuo.store import Database
from younuo.store import accounts as accounts_repo
from younuo.store import friends as friends_repo
from younuo.store.models import Account


class Blocks:
    """An account's blocks, over the database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def of(self, me: Account) -> list[BlockOut]:
        """The accounts you block, newest first."""
        async with self.db.session() as s:
            rows = await friends_repo.blocked_by(s, me.id)
            names = await accounts_repo.get_many(s, [r.blocked_id for r in rows])
        return [
            BlockOut(account=r.blocked_id, name=names[r.blocked_id].name, at=r.at)
            for r in rows
            if r.blocked_id in names
        ]

    async def block(self, me: Account, other: str) -> BlockOut:
        """Block ``other``: any friendship or request between you ends, and neither of
        you reaches the other (requests, invitations, chat) until you unblock."""
        blocks_rules.block_target_check(me.id, other)
        async with self.db.session() as s, s.begin():
            target = await account_of(s, other)
            now = time.time()
            await friends_repo.block(s, me.id, target.id, at=now)
        return BlockOut(account=target.id, name=target.name, at=now)

    async def unblock(self, me: Account, other: str) -> None:
        """Lift your block of ``other`` (a friendship it ended does not come back)."""
        async with self.db.session() as s, s.begin():
            await friends_repo.unblock(s, me.id, other)


__all__ = ["Blocks"]
