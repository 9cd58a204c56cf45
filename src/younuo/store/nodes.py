"""Nodes and the matches they run: leases on the database's clock (docs/scaling.md).

Several server processes ("nodes") share one PostgreSQL. Each renews its row in
``nodes`` (:func:`renew`) well within ``match_lease`` seconds; a running match whose
owner's lease has run out (or that has no owner) is an orphan (:func:`orphans`), and a
living node takes it with :func:`claim`, a conditional update that only one node can
win. Times come from the database's own clock (``now()``), never a node's, so nodes on
different machines agree on whose lease has run out.
"""

from __future__ import annotations

from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.models import Match, Node


def _db_now() -> object:
    return func.extract("epoch", func.now())


async def renew(s: AsyncSession, node: str, lease: float, draining: bool) -> None:
    """Register ``node`` or renew its lease for ``lease`` seconds from now."""
    until = _db_now() + lease  # type: ignore[operator]
    statement = insert(Node).values(
        id=node, lease_until=until, draining=draining, started_at=_db_now()
    )
    await s.execute(
        statement.on_conflict_do_update(
            index_elements=[Node.id], set_={"lease_until": until, "draining": draining}
        )
    )


async def retire(s: AsyncSession, node: str) -> None:
    """``node`` stops: its lease ends now (its matches are orphans at once)."""
    await s.execute(update(Node).where(Node.id == node).values(lease_until=0.0, draining=True))


async def live(s: AsyncSession) -> dict[str, bool]:
    """The nodes whose lease runs, with whether each is draining."""
    rows = await s.execute(select(Node.id, Node.draining).where(Node.lease_until > _db_now()))
    return {node: bool(draining) for node, draining in rows.all()}


async def lease_left(s: AsyncSession, nodes: set[str]) -> float | None:
    """Seconds until the first of ``nodes``' running leases ends (None: none runs)."""
    now = _db_now()
    left = await s.scalar(
        select(func.min(Node.lease_until) - now).where(Node.id.in_(nodes), Node.lease_until > now)
    )
    return None if left is None else float(left)


async def orphans(s: AsyncSession) -> list[tuple[str, str | None]]:
    """Running matches no living node runs: ``(match id, last owner)``."""
    rows = await s.execute(
        select(Match.id, Match.owner)
        .outerjoin(Node, Node.id == Match.owner)
        .where(
            Match.status == "running",
            or_(Match.owner.is_(None), Node.id.is_(None), Node.lease_until <= _db_now()),
        )
    )
    return [(match, owner) for match, owner in rows.all()]


async def claim(s: AsyncSession, match_id: str, old: str | None, node: str) -> bool:
    """Make ``node`` the owner of a running match still owned by ``old``; whether it won."""
    owner = Match.owner.is_(None) if old is None else Match.owner == old
    done = await s.execute(
        update(Match)
        .where(and_(Match.id == match_id, Match.status == "running", owner))
        .values(owner=node)
        .execution_options(synchronize_session=False)
    )
    return getattr(done, "rowcount", 0) == 1


async def claim_all(s: AsyncSession, found: list[tuple[str, str | None]], node: str) -> list[str]:
    """:func:`claim` for many ``(match, old owner)`` pairs at once: one statement per old
    owner (a takeover has one, the dead node), not a round trip per match; the matches
    won, each still running and still owned by its ``old`` when claimed."""
    by_old: dict[str | None, list[str]] = {}
    for match_id, old in found:
        by_old.setdefault(old, []).append(match_id)
    won: list[str] = []
    for old, ids in by_old.items():
        owner = Match.owner.is_(None) if old is None else Match.owner == old
        rows = await s.scalars(
            update(Match)
            .where(and_(Match.id.in_(ids), Match.status == "running", owner))
            .values(owner=node)
            .returning(Match.id)
            .execution_options(synchronize_session=False)
        )
        won += list(rows)
    return won


async def owner_of(s: AsyncSession, match_id: str) -> tuple[str | None, str] | None:
    """``(owner, status)`` of a match, or None when there is no such match."""
    row = (await s.execute(select(Match.owner, Match.status).where(Match.id == match_id))).first()
    return None if row is None else (row[0], row[1])


async def owned(s: AsyncSession, node: str) -> list[str]:
    """The running matches ``node`` owns."""
    rows = await s.scalars(select(Match.id).where(Match.status == "running", Match.owner == node))
    return list(rows)


__all__ = [
    "claim",
    "claim_all",
    "lease_left",
    "live",
    "orphans",
    "owned",
    "owner_of",
    "renew",
    "retire",
]
