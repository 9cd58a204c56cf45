"""Matches, their action logs and results: repository functions.

A running match changes only through ``Database.moves.write`` (a typed
:class:`~younuo.store.movelog.MatchWrite`, conditional on its version and owner): these
functions create matches and read them, their logs and their results.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.engine.records import seed_fields
from younuo.engine.rng import Seed
from younuo.store.models import Match, MatchAction, Result


async def create(s: AsyncSession, match: Match) -> None:
    s.add(match)
    await s.flush()


async def get(s: AsyncSession, match_id: str) -> Match | None:
    return await s.get(Match, match_id)


async def mark_abandoned(s: AsyncSession, match_id: str, at: float) -> None:
    """Give up a running match that cannot be rebuilt (a log the engine refuses)."""
    await update_fields(s, match_id, status="abandoned", ended_at=at)


async def update_fields(s: AsyncSession, match_id: str, **values: Any) -> None:
    """Change columns of a match that is not running (tests and repairs)."""
    await s.execute(
        update(Match)
        .where(Match.id == match_id)
        .values(**values)
        .execution_options(synchronize_session=False)
    )


def seed_of(match: Match) -> Seed | None:
    """The match's seed: its deal key, or the integer seed of a match dealt before keys."""
    return match.deal_key if match.deal_key is not None else match.seed


def seed_columns(seed: Seed | None) -> dict[str, Any]:
    """``seed`` and ``deal_key`` for a new match row dealt from ``seed``."""
    if isinstance(seed, str):
        return {"seed": None, "deal_key": seed}
    return {"seed": seed, "deal_key": None}


def record_of(match: Match, log: list[MatchAction], complete: bool = True) -> dict[str, Any]:
    """The match's game record (docs/records.md); without ``complete`` only its public part:
    the seed, key or setup would reveal every hand and every future draw of a running
    match, so none of them (nor the generator's name) is in it."""
    return {
        "format": "younuo-record/1",
        "rules": match.rules,
        "players": match.players,
        "teams": match.teams,
        "setup": match.setup if complete else None,
        **seed_fields(seed_of(match) if complete else None),
        "actions": [entry.action for entry in log],
    }


async def ended_since(s: AsyncSession, since: float, limit: int) -> list[Match]:
    """The newest ``limit`` matches that ended (over, not abandoned) at or after
    ``since``, oldest first."""
    rows = await s.scalars(
        select(Match)
        .where(Match.status == "over", Match.ended_at >= since)
        .order_by(Match.ended_at.desc())
        .limit(limit)
    )
    return list(reversed(list(rows)))


async def actions(s: AsyncSession, match_id: str) -> list[MatchAction]:
    """The action log in order."""
    rows = await s.scalars(
        select(MatchAction).where(MatchAction.match_id == match_id).order_by(MatchAction.seq)
    )
    return list(rows)


async def rows_and_logs(
    s: AsyncSession, match_ids: list[str]
) -> list[tuple[Match, list[dict[str, Any]]]]:
    """The rows of ``match_ids`` (those that exist), each with its action log in order:
    two queries for all of them (a takeover rebuilds hundreds at once)."""
    rows = list(await s.scalars(select(Match).where(Match.id.in_(match_ids))))
    logs: dict[str, list[dict[str, Any]]] = {row.id: [] for row in rows}
    found = await s.execute(
        select(MatchAction.match_id, MatchAction.action)
        .where(MatchAction.match_id.in_(list(logs)))
        .order_by(MatchAction.match_id, MatchAction.seq)
    )
    for match_id, action in found:
        logs[match_id].append(action)
    return [(row, logs[row.id]) for row in rows]


async def running(s: AsyncSession, owner: str | None = None) -> list[Match]:
    """The running matches: all of them, or those ``owner`` (a node) runs."""
    query = select(Match).where(Match.status == "running")
    if owner is not None:
        query = query.where(Match.owner == owner)
    return list(await s.scalars(query))


async def add_results(s: AsyncSession, results: list[Result]) -> None:
    s.add_all(results)
    await s.flush()


async def results(s: AsyncSession, match_id: str) -> list[Result]:
    return list(await s.scalars(select(Result).where(Result.match_id == match_id)))


EVERY_PRIVATE = "*"
"""``history(private_of=EVERY_PRIVATE)``: every private match too (the player, a moderator)."""


async def history(
    s: AsyncSession, account_id: str, limit: int, *, private_of: str | None = EVERY_PRIVATE
) -> list[tuple[Match, Result]]:
    """A player's ended matches with their own result, newest first.

    Private rooms' matches: all of them with ``private_of=EVERY_PRIVATE``, none with
    None, else those that the account ``private_of`` played as well."""
    query = (
        select(Match, Result)
        .join(Result, Result.match_id == Match.id)
        .where(Result.account_id == account_id)
    )
    if private_of is None:
        query = query.where(Match.private.is_(False))
    elif private_of != EVERY_PRIVATE:
        theirs = select(Result.match_id).where(Result.account_id == private_of)
        query = query.where(or_(Match.private.is_(False), Match.id.in_(theirs)))
    rows = await s.execute(query.order_by(Result.ended_at.desc()).limit(limit))
    return [(m, r) for m, r in rows.all()]


async def count_running(s: AsyncSession) -> int:
    return int(
        await s.scalar(select(func.count()).select_from(Match).where(Match.status == "running"))
        or 0
    )


__all__ = [
    "EVERY_PRIVATE",
    "actions",
    "add_results",
    "count_running",
    "create",
    "get",
    "history",
    "mark_abandoned",
    "results",
    "running",
    "update_fields",
]
