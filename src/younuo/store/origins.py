"""Where accounts' connections came from (``connection_origins``), for the fair-play scan.

The server writes one row per signed-in WebSocket connection (hashed values only); the
scan reads the rows of its window at once and picks, for each seat of a match, the
account's latest connection before the match ended. Rows older than the retention go.
"""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import ConnectionOrigin


async def add(
    s: AsyncSession, account_id: str, address: str | None, browser: str | None, at: float
) -> None:
    s.add(ConnectionOrigin(account_id=account_id, address=address, browser=browser, at=at))
    await s.flush()


async def since(s: AsyncSession, start: float) -> list[ConnectionOrigin]:
    """Every connection from ``start`` on, oldest first."""
    rows = await s.scalars(
        select(ConnectionOrigin).where(ConnectionOrigin.at >= start).order_by(ConnectionOrigin.at)
    )
    return list(rows)


async def purge(s: AsyncSession, before: float) -> int:
    """Delete the rows older than ``before``; how many went."""
    result = await s.execute(delete(ConnectionOrigin).where(ConnectionOrigin.at < before))
    return int(getattr(result, "rowcount", 0) or 0)
