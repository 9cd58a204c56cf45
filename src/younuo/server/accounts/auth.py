"""Accounts and sessions: guests, registration with argon2, random hashed expiring tokens.

A token is 32 random bytes (URL-safe base64); the database keeps only its SHA-256, so a
stolen copy of the database lets nobody in. A guest account is as durable as a
registered one: it lives behind its token, and registering turns it into a registered
account with its rating and history.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.engine.rating import level
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import OUTFITS, AccountOut, Avatar, LevelOut, SessionOut, TitleName
from younuo.protocol.roles import Role, Standing, standing_now
from younuo.server.accounts.names import InvalidName, check_password, clean_name
from younuo.store import Database, NameTaken
from younuo.store import accounts as repo
from younuo.store import bots as bots_repo
from younuo.store.models import Account

log = logging.getLogger(__name__)

_HASHER = PasswordHasher()
# Verified against when a name is unknown, so that a wrong name costs as long as a
# wrong password (no telling which names exist by timing).
_DUMMY_HASH = _HASHER.hash("not a password of anyone")
HASH_NICENESS = 10
"""How much lower than the event loop the hashing threads run (Linux thread niceness)."""


def _yield_cpu() -> None:
    """Make this hashing thread give way to the event loop when they compete for a core.

    One argon2 check is about 0.2 s of CPU on several threads (its lanes, which inherit
    this niceness): at equal priority a burst of logins would take the cores from play.
    """
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASH_NICENESS)


def _check(stored: str, password: str) -> bool:
    try:
        return bool(_HASHER.verify(stored, password))
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


class AuthError(Exception):
    """A refused login, registration or token; ``code`` for the protocol."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def hash_password(password: str) -> str:
    """The stored form of a password (argon2id); for the command line, which has no pool."""
    return str(_HASHER.hash(password))


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def level_out(rating: int) -> LevelOut:
    found = level(rating)
    return LevelOut(number=found.number, name=found.name, name_zh=found.name_zh)


def account_out(account: Account) -> AccountOut:
    return AccountOut(
        id=account.id,
        name=account.name,
        guest=account.guest,
        rating=account.rating,
        level=level_out(account.rating),
        skill=account.skill,
        avatar=Avatar.model_validate({"outfit": account.outfit, "expression": account.expression}),
        role=Role(account.role),
        bot=bool(account.bot),
        bot_owner=account.bot_owner,
        title=title_of(account),
    )


def title_of(account: Account) -> TitleName | None:
    """The title shown beside the account's name today (UTC), from its stored pair."""
    until = account.title_until
    if account.title is None or (
        until is not None and until <= datetime.now(UTC).date().isoformat()
    ):
        return None
    return "lifetime_master" if account.title == "lifetime_master" else "master"


def check_standing(account: Account, now: float, owner: Account | None = None) -> None:
    """Refuse a suspended or banned account (:class:`AuthError`), saying until when.

    A bot account is refused while its ``owner`` is suspended or banned too, with the
    owner's code: a sanctioned owner's bots do nothing (docs/security.md, Sanctions)."""
    for who, whose in ((account, "this account"), (owner, "this bot's owner")):
        if who is None:
            continue
        standing = standing_now(who.standing, who.standing_until, now)
        if standing is Standing.BANNED:
            raise AuthError(ErrorCode.ACCOUNT_BANNED, f"{whose} is banned")
        if standing is Standing.SUSPENDED:
            until = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(who.standing_until or now))
            raise AuthError(ErrorCode.ACCOUNT_SUSPENDED, f"{whose} is suspended until {until}")


def may_play(account: Account, now: float, owner: Account | None = None) -> bool:
    """Whether ``account`` (a bot: with its ``owner``) is in good standing now."""
    try:
        check_standing(account, now, owner)
    except AuthError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a token belongs to, as the server needs it for a connection."""

    account_id: str
    name: str
    guest: bool


class Auth:
    """Account and session operations over the database."""

    def __init__(self, db: Database, token_days: float, hash_workers: int = 2) -> None:
        self.db = db
        self.token_seconds = token_days * 86400
        # Password hashing is slow on purpose: in the event loop a few logins at once
        # would stop every table; a bounded pool also bounds argon2's memory (64 MiB each).
        self._hashing = ThreadPoolExecutor(
            hash_workers, thread_name_prefix="password-hash", initializer=_yield_cpu
        )

    def close(self) -> None:
        """Stop the hashing threads (checks still waiting are dropped)."""
        self._hashing.shutdown(wait=False, cancel_futures=True)

    async def _hash(self, password: str) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._hashing, _HASHER.hash, password)

    async def _verify(self, stored: str, password: str) -> bool:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._hashing, _check, stored, password)

    async def password_matches(self, account: Account, password: str) -> bool:
        """Whether ``password`` is the registered account's (a guest has none: False);
        off the event loop, like a login (deleting an account asks for it again)."""
        if account.password_hash is None:
            return False
        return await self._verify(account.password_hash, password)

    async def guest(self, name: str) -> SessionOut:
        name = _name(name)
        outfit = OUTFITS[secrets.randbelow(len(OUTFITS))]
        async with self.db.session() as s, s.begin():
            try:
                account = await repo.create(s, name, guest=True, outfit=outfit, expression="smile")
            except NameTaken:
                raise AuthError(
                    ErrorCode.NAME_TAKEN, f"the name {name!r} is a registered player's"
                ) from None
            return await self._session(s, account)

    async def register(self, name: str, password: str, token: str | None = None) -> SessionOut:
        """A new registered account, or the guest behind ``token`` registered."""
        name = _name(name)
        try:
            check_password(password)
        except InvalidName as exc:
            raise AuthError(ErrorCode.BAD_PASSWORD, str(exc)) from None
        hashed = await self._hash(password)
        async with self.db.session() as s, s.begin():
            try:
                guest = None
                if token is not None:
                    guest = await repo.session_account(s, token_hash(token), time.time())
                if guest is not None and guest.guest:
                    await repo.register(s, guest, name, hashed)
                    account = guest
                else:
                    outfit = OUTFITS[secrets.randbelow(len(OUTFITS))]
                    account = await repo.create(
                        s,
                        name,
                        guest=False,
                        outfit=outfit,
                        expression="smile",
                        password_hash=hashed,
                    )
            except NameTaken:
                raise AuthError(
                    ErrorCode.NAME_TAKEN, f"the name {name!r} is registered already"
                ) from None
            return await self._session(s, account)

    async def login(self, name: str, password: str) -> SessionOut:
        async with self.db.session() as s:
            account = await repo.by_name(s, name.strip()) if isinstance(name, str) else None
        stored = account.password_hash if account is not None else None
        # Checked with no database session open: the check takes a while.
        ok = await self._verify(stored or _DUMMY_HASH, password) and stored is not None
        if not ok or account is None:
            raise AuthError(ErrorCode.BAD_PASSWORD, "wrong name or password")
        async with self.db.session() as s, s.begin():
            return await self._session(s, account)

    async def logout(self, token: str) -> str:
        """Delete the token's session; its hash, by which its connections are found
        (``Hub.revoke``): a revoked token must keep no socket open either."""
        hashed = token_hash(token)
        async with self.db.session() as s, s.begin():
            await repo.delete_session(s, hashed)
        return hashed

    async def account(self, token: str | None) -> Account:
        """The account of a live token, or :class:`AuthError` ``bad_token``."""
        if not token:
            raise AuthError(ErrorCode.NOT_AUTHENTICATED, "log in or play as a guest first")
        async with self.db.session() as s:
            account = await repo.session_account(s, token_hash(token), time.time())
            if account is None:
                # A bot account's API token (younuo.server.accounts.bots): same hash.
                account = await bots_repo.token_account(s, token_hash(token))
            owner = None
            if account is not None and account.bot and account.bot_owner is not None:
                owner = await repo.get(s, account.bot_owner)
        if account is None:
            raise AuthError(ErrorCode.BAD_TOKEN, "the session token is unknown or has expired")
        check_standing(account, time.time(), owner)
        return account

    async def purge_expired(self) -> int:
        """Delete the sessions whose tokens have expired; how many. A scheduler job
        (``session_purge_seconds``): an expired token opens nothing, but its row would
        stay forever."""
        async with self.db.session() as s, s.begin():
            purged = await repo.purge_sessions(s, time.time())
        if purged:
            log.info("purged %d expired session(s)", purged)
        return purged

    async def _session(self, s: AsyncSession, account: Account) -> SessionOut:
        check_standing(account, time.time())
        token = new_token()
        expires_at = time.time() + self.token_seconds
        await repo.add_session(s, token_hash(token), account.id, expires_at)
        return SessionOut(token=token, expires_at=expires_at, account=account_out(account))


def _name(name: object) -> str:
    try:
        return clean_name(name)
    except InvalidName as exc:
        raise AuthError(ErrorCode.BAD_NAME, str(exc)) from None


__all__ = [
    "Auth",
    "AuthError",
    "Identity",
    "account_out",
    "check_standing",
    "hash_password",
    "level_out",
    "may_play",
    "new_token",
    "token_hash",
]
