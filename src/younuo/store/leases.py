"""Named leases: one holder at a time, on the database's clock (docs/scaling.md).

:func:`hold` takes a lease that is free or has run out, or renews one already held, in
one statement (an insert that, on conflict, updates only when the lease is the caller's
or has run out), so two nodes can never both hold it. The clock is the database's, as
for the nodes' own leases (:mod:`younuo.store.nodes`), so machines need not agree on
the time. Works on SQLite (one process) and PostgreSQL.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, literal, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import Lease


def _postgres(s: AsyncSession) -> bool:
    return s.get_bind().dialect.name == "postgresql"


def _db_now(s: AsyncSession) -> Any:
    """The database's own time, epoch seconds."""
    if _postgres(s):
        return func.extract("epoch", func.now())
    return (func.julianday("now") - literal(2440587.5)) * literal(86400.0)


async def hold(s: AsyncSession, name: str, holder: str, seconds: float) -> bool:
    """Take or renew the lease ``name`` for ``seconds``; whether ``holder`` holds it now."""
    now = _db_now(s)
    insert = postgresql.insert if _postgres(s) else sqlite.insert
    statement = insert(Lease).values(name=name, holder=holder, until=now + seconds)
    statement = statement.on_conflict_do_update(
        index_elements=[Lease.name],
        set_={"holder": holder, "until": now + seconds},
        where=(Lease.holder == holder) | (Lease.until <= now),
    )
    await s.execute(statement)
    return await holder_of(s, name) == holder


async def holder_of(s: AsyncSession, name: str) -> str | None:
    """Who holds the lease now (None when nobody does)."""
    row = await s.scalar(select(Lease.holder).where(Lease.name == name, Lease.until > _db_now(s)))
    return row


async def release(s: AsyncSession, name: str, holder: str) -> None:
    """Give the lease up now, if ``holder`` has it (a node that stops)."""
    await s.execute(
        update(Lease).where(Lease.name == name, Lease.holder == holder).values(until=0.0)
    )
