"""What every social operation reads first: the account it names (or :class:`NotFound`)
and whether a block stands between two accounts, either way."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from younuo.social import blocks as blocks_rules
from younuo.store import accounts as accounts_repo
from younuo.store import friends as friends_repo
from younuo.store.models import Account


class NotFound(Exception):
    """No such account, notice or room for this caller: REST ``404`` ``not_found``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


async def account_of(s: AsyncSession, account_id: str) -> Account:
    """The account of that id, or :class:`NotFound`."""
    account = await accounts_repo.get(s, account_id)
    if account is None:
        raise NotFound(f"no account {account_id!r}")
    return account


async def blocked(s: AsyncSession, a: str, b: str) -> bool:
    """Whether either of ``a`` and ``b`` blocks the other."""
    return blocks_rules.between(await friends_repo.blocks_among(s, [a, b]), a, b)


__all__ = ["NotFound", "account_of", "blocked"]
