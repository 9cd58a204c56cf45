"""Matches, their action logs and results: repository functions.

The one write a move needs is :func:`append`: the action goes into the log and the
match's version goes up by one, in the caller's transaction, only if the match is still
at the version the caller read. A second process that read the same version gets
:class:`VersionConflict` and must reload: one winner per move.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.errors import VersionConflict
from younuo.store.models import Match, MatchAction, Result


async def create(s: AsyncSession, match: Match) -> None:
    s.add(match)
    await s.flush()


async def get(s: AsyncSession, match_id: str) -> Match | None:
    return await s.get(Match, match_id)


async def append(
    s: AsyncSession,
    match_id: str,
    expected_version: int,
    action: dict[str, Any],
    source: str,
    at: float,
    **values: Any,
) -> int:
    """Log ``action`` as number ``expected_version`` and bump the version; the new version.

    ``values`` updates other columns of the match in the same statement (clock, control,
    status, ...). Raises :class:`VersionConflict` when the match moved on.
    """
    new_version = expected_version + 1
    result = await s.execute(
        update(Match)
        .where(Match.id == match_id, Match.version == expected_version)
        .values(version=new_version, updated_at=at, **values)
        .execution_options(synchronize_session=False)
    )
    if getattr(result, "rowcount", 0) != 1:
        raise VersionConflict("match", match_id, expected_version)
    # The primary key (match_id, seq) is a second guard against two writers.
    await s.execute(
        insert(MatchAction).values(
            match_id=match_id, seq=expected_version, action=action, source=source, at=at
        )
    )
    return new_version


async def update_fields(s: AsyncSession, match_id: str, **values: Any) -> None:
    """Change the match's server-side state (control, clock) without a move."""
    await s.execute(
        update(Match)
        .where(Match.id == match_id)
        .values(**values)
        .execution_options(synchronize_session=False)
    )


async def actions(s: AsyncSession, match_id: str) -> list[MatchAction]:
    """The action log in order."""
    rows = await s.scalars(
        select(MatchAction).where(MatchAction.match_id == match_id).order_by(MatchAction.seq)
    )
    return list(rows)


async def running(s: AsyncSession) -> list[Match]:
    return list(await s.scalars(select(Match).where(Match.status == "running")))


async def add_results(s: AsyncSession, results: list[Result]) -> None:
    s.add_all(results)
    await s.flush()


async def results(s: AsyncSession, match_id: str) -> list[Result]:
    return list(await s.scalars(select(Result).where(Result.match_id == match_id)))


async def history(s: AsyncSession, account_id: str, limit: int) -> list[tuple[Match, Result]]:
    """A player's ended matches with their own result, newest first."""
    rows = await s.execute(
        select(Match, Result)
        .join(Result, Result.match_id == Match.id)
        .where(Result.account_id == account_id)
        .order_by(Result.ended_at.desc())
        .limit(limit)
    )
    return [(m, r) for m, r in rows.all()]


async def count_running(s: AsyncSession) -> int:
    return int(
        await s.scalar(select(func.count()).select_from(Match).where(Match.status == "running"))
        or 0
    )


__all__ = [
    "actions",
    "add_results",
    "append",
    "count_running",
    "create",
    "get",
    "history",
    "results",
    "running",
    "update_fields",
]
