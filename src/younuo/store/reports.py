"""Reports in the database: the moderators' queue (the rules are younuo.social.reports).

Each function runs inside the caller's transaction.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import Report


async def add(
    s: AsyncSession,
    *,
    reporter: str,
    reported: str,
    reason: str,
    source: str,
    match_id: str | None,
    evidence: dict[str, Any],
    at: float,
) -> Report:
    """Store an open report."""
    row = Report(reporter_id=reporter, reported_id=reported, reason=reason, source=source,
                 match_id=match_id, evidence=evidence, status="open", opened_at=at)  # fmt: skip
    s.add(row)
    await s.flush()
    return row


async def get(s: AsyncSession, report_id: int) -> Report | None:
    """One report, or None."""
    return await s.get(Report, report_id)


async def queue(s: AsyncSession, *, status: str | None, limit: int) -> list[Report]:
    """Reports in ``status`` (None: any), oldest first: the first reported is seen first."""
    query = select(Report)
    if status is not None:
        query = query.where(Report.status == status)
    return list(await s.scalars(query.order_by(Report.id).limit(limit)))


async def purge_evidence(s: AsyncSession, cutoff: float, *, at: float) -> int:
    """Empty the evidence of reports decided before ``cutoff`` (an open one: filed before
    it): the messages and the note go, the room and ``purged_at`` stay. How many."""
    since = func.coalesce(Report.decided_at, Report.opened_at)
    rows = await s.scalars(
        select(Report).where(Report.evidence_purged_at.is_(None), since < cutoff)
    )
    count = 0
    for row in rows:
        row.evidence = {"room": row.evidence.get("room"), "purged_at": at}
        row.evidence_purged_at = at
        count += 1
    await s.flush()
    return count


async def filed_by(s: AsyncSession, account_id: str) -> list[Report]:
    """The reports an account filed, oldest first (its data export)."""
    return list(
        await s.scalars(select(Report).where(Report.reporter_id == account_id).order_by(Report.id))
    )
