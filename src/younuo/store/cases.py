"""The fair-play review queue in the database (docs/fairplay.md, the server's part).

A scan files each finding under its stable key (:func:`file`): a new key opens a case,
a known open one has its evidence refreshed, a decided one is left as decided (its
``seen_at`` says it was found again). Each function runs in the caller's transaction.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import FairplayCase, FairplayCaseAccount

OPEN = "open"
DECIDED = "decided"


async def file(s: AsyncSession, evidence: dict[str, Any], accounts: list[str], now: float) -> bool:
    """File one finding (``evidence``: a Case's ``to_dict``); whether it opened a case."""
    key = str(evidence["key"])
    case = await s.get(FairplayCase, key)
    if case is None:
        s.add(
            FairplayCase(
                key=key,
                kind=str(evidence["kind"]),
                score=float(evidence["score"]),
                evidence=evidence,
                status=OPEN,
                opened_at=now,
                seen_at=now,
            )
        )
        await s.flush()
        for account in dict.fromkeys(accounts):
            s.add(FairplayCaseAccount(case_key=key, account_id=account))
        await s.flush()
        return True
    case.seen_at = now
    if case.status == OPEN:
        case.evidence = evidence
        case.score = float(evidence["score"])
    return False


async def get(s: AsyncSession, key: str) -> FairplayCase | None:
    return await s.get(FairplayCase, key)


async def queue(s: AsyncSession, status: str, limit: int) -> list[FairplayCase]:
    """Cases of a status, the strongest first (open: the queue)."""
    rows = await s.scalars(
        select(FairplayCase)
        .where(FairplayCase.status == status)
        .order_by(FairplayCase.score.desc(), FairplayCase.opened_at)
        .limit(limit)
    )
    return list(rows)


async def accounts_of(s: AsyncSession, key: str) -> list[str]:
    rows = await s.scalars(
        select(FairplayCaseAccount.account_id).where(FairplayCaseAccount.case_key == key)
    )
    return list(rows)


async def decided_for(s: AsyncSession, account_id: str, limit: int) -> list[FairplayCase]:
    """The decided cases naming ``account_id``, newest decision first (what it may see)."""
    rows = await s.scalars(
        select(FairplayCase)
        .join(FairplayCaseAccount, FairplayCaseAccount.case_key == FairplayCase.key)
        .where(FairplayCaseAccount.account_id == account_id, FairplayCase.status == DECIDED)
        .order_by(FairplayCase.decided_at.desc())
        .limit(limit)
    )
    return list(rows)
