"""Bot accounts and their API tokens: the repository functions, in the caller's transaction.

A bot account is an ``accounts`` row with ``bot`` set and ``bot_owner`` naming the
registered account that made it; its tokens are ``bot_tokens`` rows holding only the
SHA-256 of each token (the token itself is shown once, when it is made).
"""

from __future__ import annotations

import time

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.ids import new_id
from younuo.store.models import Account, BotToken


async def owned(s: AsyncSession, owner_id: str) -> list[Account]:
    """The bot accounts ``owner_id`` made, oldest first."""
    rows = await s.scalars(
        select(Account)
        .where(Account.bot.is_(True), Account.bot_owner == owner_id)
        .order_by(Account.created_at)
    )
    return list(rows)


async def add_token(s: AsyncSession, account_id: str, token_hash: str, label: str) -> BotToken:
    row = BotToken(
        id=new_id("t"),
        account_id=account_id,
        token_hash=token_hash,
        label=label,
        created_at=time.time(),
    )
    s.add(row)
    await s.flush()
    return row


async def tokens(s: AsyncSession, account_id: str) -> list[BotToken]:
    rows = await s.scalars(
        select(BotToken).where(BotToken.account_id == account_id).order_by(BotToken.created_at)
    )
    return list(rows)


async def delete_token(s: AsyncSession, account_id: str, token_id: str) -> str | None:
    """Delete a token of ``account_id``; its hash (to close its sockets), None if none."""
    hashed = await s.scalar(
        select(BotToken.token_hash).where(
            BotToken.id == token_id, BotToken.account_id == account_id
        )
    )
    if hashed is not None:
        await s.execute(delete(BotToken).where(BotToken.id == token_id))
    return hashed


async def token_account(s: AsyncSession, token_hash: str) -> Account | None:
    """The bot account of a live API token, or None."""
    return await s.scalar(
        select(Account)
        .join(BotToken, BotToken.account_id == Account.id)
        .where(BotToken.token_hash == token_hash)
    )


__all__ = ["add_token", "delete_token", "owned", "token_account", "tokens"]
