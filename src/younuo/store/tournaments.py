"""Stored tournaments in the database (the shell's part of docs/tournaments.md).

Each row holds one event's whole ``Tournament.to_dict()`` value; every change is written
with :func:`save`, a conditional write on ``version``, so that two nodes (or a scheduler
tick racing a request) never overwrite each other: the loser gets ``VersionConflict``
and reads again. Each function runs in the caller's transaction, so a new value is
stored together with whatever caused it (a match's end, a registration).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.errors import VersionConflict
from younuo.store.models import TournamentRow


class Kind(StrEnum):
    """Who may see an event: everyone (an admin's) or holders of its code (a player's)."""

    PUBLIC = "public"
    PRIVATE = "private"


async def add(
    s: AsyncSession,
    value: dict[str, Any],
    kind: Kind,
    code: str | None,
    now: float,
    starts_at: float | None = None,
) -> TournamentRow:
    """Store a new event (``value``: a Tournament's ``to_dict``) at version 0;
    ``starts_at`` its start (POSIX time), for :func:`due`."""
    row = TournamentRow(
        id=str(value["id"]),
        kind=str(kind),
        code=code,
        status=str(value["status"]),
        value=value,
        version=0,
        created_at=now,
        updated_at=now,
        starts_at=starts_at,
    )
    s.add(row)
    await s.flush()
    return row


async def get(s: AsyncSession, tournament_id: str) -> TournamentRow | None:
    return await s.get(TournamentRow, tournament_id)


async def by_code(s: AsyncSession, code: str) -> TournamentRow | None:
    """The private event joined with ``code`` (codes are unique)."""
    row: TournamentRow | None = await s.scalar(
        select(TournamentRow).where(TournamentRow.code == code)
    )
    return row


async def public(s: AsyncSession, limit: int) -> list[TournamentRow]:
    """Public events, the newest first (the list everyone sees)."""
    rows = await s.scalars(
        select(TournamentRow)
        .where(TournamentRow.kind == str(Kind.PUBLIC))
        .order_by(TournamentRow.created_at.desc())
        .limit(limit)
    )
    return list(rows)


async def with_status(s: AsyncSession, statuses: list[str]) -> list[TournamentRow]:
    """Events in any of ``statuses`` (the scheduler: those to start, those running)."""
    rows = await s.scalars(
        select(TournamentRow)
        .where(TournamentRow.status.in_(statuses))
        .order_by(TournamentRow.created_at)
    )
    return list(rows)


async def due(s: AsyncSession, status: str, now: float) -> list[TournamentRow]:
    """Events in ``status`` whose start has come by ``now`` (or is not known): what the
    tick starts, read by index, so that waiting events cost it nothing until due."""
    rows = await s.scalars(
        select(TournamentRow)
        .where(TournamentRow.status == status)
        .where(or_(TournamentRow.starts_at <= now, TournamentRow.starts_at.is_(None)))
        .order_by(TournamentRow.created_at)
    )
    return list(rows)


async def with_prefix(s: AsyncSession, prefix: str, statuses: list[str]) -> list[TournamentRow]:
    """Events whose id starts with ``prefix`` (a series' instances: ``{series}:``)."""
    rows = await s.scalars(
        select(TournamentRow)
        .where(TournamentRow.id.startswith(prefix, autoescape=True))
        .where(TournamentRow.status.in_(statuses))
        .order_by(TournamentRow.created_at)
    )
    return list(rows)


async def save(
    s: AsyncSession, tournament_id: str, value: dict[str, Any], expected: int, now: float
) -> int:
    """Write a new value if the row is still at ``expected``; the new version.

    Raises ``VersionConflict`` when someone else wrote first (nothing is changed).
    """
    done = await s.execute(
        update(TournamentRow)
        .where(TournamentRow.id == tournament_id, TournamentRow.version == expected)
        .values(
            value=value,
            status=str(value["status"]),
            version=expected + 1,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    if getattr(done, "rowcount", 0) != 1:
        raise VersionConflict("tournament", tournament_id, expected)
    return expected + 1
