"""Players' titles in the database (younuo.tournaments.titles.Title, one row each).

The rules (award, extension, expiry, lifetime, revocation) are pure functions in
``younuo.tournaments.titles``; this module only stores their values: :func:`replace`
writes an account's whole list as those functions returned it. Each function runs in
the caller's transaction.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import Account, TitleRow
from younuo.tournaments.titles import Title, shown


async def of_account(s: AsyncSession, account_id: str) -> list[Title]:
    """An account's titles, in the order they were awarded."""
    rows = await s.scalars(
        select(TitleRow).where(TitleRow.account_id == account_id).order_by(TitleRow.id)
    )
    return [Title.from_dict(r.value) for r in rows]


async def replace(
    s: AsyncSession, account_id: str, titles: list[Title], on: date | None = None
) -> None:
    """Store ``titles`` as the account's whole list (the pure functions' result), and
    the title shown beside the name from ``on`` (default: today, UTC) on the account:
    what ``shown`` picks stays right until it expires, since it is the latest to expire,
    so only a change of the list changes it."""
    today = on or datetime.now(UTC).date()
    title = shown(titles, today)
    await s.execute(
        update(Account)
        .where(Account.id == account_id)
        .values(
            title=None if title is None else str(title.kind),
            title_until=None
            if title is None or title.expires is None
            else title.expires.isoformat(),
        )
    )
    await s.execute(delete(TitleRow).where(TitleRow.account_id == account_id))
    for title in titles:
        s.add(
            TitleRow(
                account_id=account_id,
                kind=str(title.kind),
                event=title.event,
                awarded=title.awarded.isoformat(),
                expires=None if title.expires is None else title.expires.isoformat(),
                lifetime=title.expires is None,
                revoked=None
                if title.revoked is None
                else {"on": title.revoked.on.isoformat(), "reason": title.revoked.reason},
                value=title.to_dict(),
            )
        )
    await s.flush()
