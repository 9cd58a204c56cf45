"""Accounts and sessions: the repository functions, each inside the caller's transaction.

::

    async with db.session() as s, s.begin():
        account = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")
        await accounts.add_session(s, token_hash, account.id, expires_at)
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Sequence

from sqlalchemy import case, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store.errors import NameTaken
from younuo.store.ids import new_id
from younuo.store.models import Account, Session


def name_key(name: str) -> str:
    """The form names are compared by: NFKC, case-folded, NFKC again (Unicode's
    NFKC_Casefold, less the removal of default-ignorable characters, which names may
    not hold). Names that differ only by case or by a compatibility form fold together:
    ``ＡＤＭＩＮ`` (fullwidth), ``𝐀𝐝𝐦𝐢𝐧`` (mathematical bold), ``Ⓐdmin``, ``ﬁ`` and
    ``fi``, ``ß`` and ``ss``, ``K`` (Kelvin sign) and ``k``. Letters of other scripts
    that only look alike (Cyrillic ``а``) stay apart (docs/security.md)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


async def create(
    s: AsyncSession,
    name: str,
    *,
    guest: bool,
    outfit: str,
    expression: str,
    password_hash: str | None = None,
) -> Account:
    """A new account. A registered name already in use raises :class:`NameTaken`, for a
    new guest too (a guest may not pass for a registered player; guests may share a
    name among themselves)."""
    if await by_name(s, name) is not None:
        raise NameTaken(name)
    account = Account(
        id=new_id("a"),
        name=name,
        name_key=name_key(name),
        guest=guest,
        password_hash=password_hash,
        rating=0,
        outfit=outfit,
        expression=expression,
        created_at=time.time(),
    )
    s.add(account)
    try:
        await s.flush()
    except IntegrityError:
        raise NameTaken(name) from None
    return account


async def get(s: AsyncSession, account_id: str) -> Account | None:
    return await s.get(Account, account_id)


async def get_many(s: AsyncSession, ids: Sequence[str]) -> dict[str, Account]:
    if not ids:
        return {}
    rows = await s.scalars(select(Account).where(Account.id.in_(list(ids))))
    return {a.id: a for a in rows}


async def by_name(s: AsyncSession, name: str) -> Account | None:
    """The registered account of that name (compared by :func:`name_key`), if any.

    Migration 0011 left the later of two registered names that fold together under its
    former key, ``casefold()``: that account is found by its own name still (its former
    key is the closer match, so it comes first)."""
    legacy = name.casefold()
    rows = await s.scalars(
        select(Account).where(
            Account.name_key.in_({name_key(name), legacy}), Account.guest.is_(False)
        )
    )
    found = list(rows)
    return next((a for a in found if a.name_key == legacy), found[0] if found else None)


async def named(s: AsyncSession, name: str, limit: int) -> list[Account]:
    """Accounts called ``name``: registered (case-insensitive) first, then guests, newest first."""
    rows = await s.scalars(
        select(Account)
        .where(Account.name_key == name_key(name))
        .order_by(Account.guest, Account.created_at.desc())
        .limit(limit)
    )
    return list(rows)


async def register(s: AsyncSession, account: Account, name: str, password_hash: str) -> None:
    """Turn a guest into a registered account (rating and history kept)."""
    other = await by_name(s, name)
    if other is not None and other.id != account.id:
        raise NameTaken(name)
    account.name = name
    account.name_key = name_key(name)
    account.guest = False
    account.password_hash = password_hash
    try:
        await s.flush()
    except IntegrityError:
        raise NameTaken(name) from None


async def rename(s: AsyncSession, account: Account, name: str) -> None:
    """A new name; a registered account's name (:func:`name_key`) raises
    :class:`NameTaken`, for guests too (a guest may not pass for a registered player)."""
    other = await by_name(s, name)
    if other is not None and other.id != account.id:
        raise NameTaken(name)
    account.name = name
    account.name_key = name_key(name)
    try:
        await s.flush()
    except IntegrityError:
        raise NameTaken(name) from None


async def add_rating(s: AsyncSession, account_id: str, delta: int) -> int | None:
    """Add ``delta`` rating points in the database (not read-modify-write); the new rating."""
    result = await s.execute(
        update(Account)
        .where(Account.id == account_id)
        .values(rating=Account.rating + delta)
        .returning(Account.rating)
    )
    return result.scalar_one_or_none()


async def deduct_rating(s: AsyncSession, account_id: str, points: int) -> int | None:
    """Take ``points`` rating points away (a moderator's decision), never below 0."""
    result = await s.execute(
        update(Account)
        .where(Account.id == account_id)
        .values(rating=case((Account.rating > points, Account.rating - points), else_=0))
        .returning(Account.rating)
    )
    return result.scalar_one_or_none()


async def leaderboard(s: AsyncSession, limit: int) -> list[Account]:
    """The ``limit`` accounts of the highest skill (docs/rating.md), then of the most
    level points, then the oldest."""
    rows = await s.scalars(
        select(Account)
        .order_by(Account.skill.desc(), Account.rating.desc(), Account.created_at)
        .limit(limit)
    )
    return list(rows)


# ------------------------------------------------------------------ sessions
async def add_session(s: AsyncSession, token_hash: str, account_id: str, expires_at: float) -> None:
    s.add(
        Session(
            token_hash=token_hash,
            account_id=account_id,
            created_at=time.time(),
            expires_at=expires_at,
        )
    )
    await s.flush()


async def session_account(s: AsyncSession, token_hash: str, now: float) -> Account | None:
    """The account of an unexpired session, or None."""
    return await s.scalar(
        select(Account)
        .join(Session, Session.account_id == Account.id)
        .where(Session.token_hash == token_hash, Session.expires_at > now)
    )


async def session_expiry(s: AsyncSession, token_hash: str) -> float | None:
    return await s.scalar(select(Session.expires_at).where(Session.token_hash == token_hash))


async def delete_session(s: AsyncSession, token_hash: str) -> None:
    await s.execute(delete(Session).where(Session.token_hash == token_hash))


async def purge_sessions(s: AsyncSession, now: float) -> int:
    """Delete expired sessions; how many."""
    result = await s.execute(delete(Session).where(Session.expires_at <= now))
    return int(getattr(result, "rowcount", 0) or 0)


__all__ = [
    "add_rating",
    "add_session",
    "by_name",
    "create",
    "delete_session",
    "get",
    "get_many",
    "leaderboard",
    "name_key",
    "purge_sessions",
    "register",
    "rename",
    "session_account",
    "session_expiry",
]
