"""Stored series and the finished instances counted for them (docs/tournaments.md, Series).

A series is written once (:func:`add`); the ``series`` job reads every series, and
:func:`count` records a finished instance's places once, in the same transaction as the
title it gives (``store.titles.replace``): a node dying between the two cannot award a
title twice or lose one. Each function runs in the caller's transaction.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import SeriesResult, SeriesRow, TournamentRow


async def add(
    s: AsyncSession, value: dict[str, Any], creator: str | None, now: float
) -> SeriesRow | None:
    """Store a new series (``value``: ``Series.to_dict()``); None if its key is taken."""
    if await s.get(SeriesRow, value["key"]) is not None:
        return None
    row = SeriesRow(key=str(value["key"]), value=value, creator=creator, created_at=now)
    s.add(row)
    await s.flush()
    return row


async def get(s: AsyncSession, key: str) -> SeriesRow | None:
    return await s.get(SeriesRow, key)


async def every(s: AsyncSession) -> list[SeriesRow]:
    """Every series, oldest first."""
    return list(await s.scalars(select(SeriesRow).order_by(SeriesRow.created_at)))


async def results(s: AsyncSession, series: str) -> dict[str, list[str]]:
    """The counted instances of ``series``: instance key to places (champion first)."""
    rows = await s.scalars(select(SeriesResult).where(SeriesResult.series == series))
    return {r.instance: list(r.places) for r in rows}


async def count(s: AsyncSession, series: str, instance: str, places: list[str], now: float) -> bool:
    """Record a finished instance once; False if it was counted already (by another node)."""
    if await s.get(SeriesResult, instance) is not None:
        return False
    s.add(SeriesResult(instance=instance, series=series, places=places, at=now))
    await s.flush()
    return True


async def uncounted(s: AsyncSession, series: str, status: str) -> list[TournamentRow]:
    """The instances of ``series`` in ``status`` (finished) not counted yet, oldest first:
    the job's work, read without the series' whole history."""
    rows = await s.scalars(
        select(TournamentRow)
        .where(TournamentRow.id.startswith(f"{series}:", autoescape=True))
        .where(TournamentRow.status == status)
        .where(~exists().where(SeriesResult.instance == TournamentRow.id))
        .order_by(TournamentRow.created_at)
    )
    return list(rows)
