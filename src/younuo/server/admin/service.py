"""Administration: roles, suspensions and bans, each checked and written to the audit log.

Every method takes the acting account (None: the command line on the server's own
machine, which may do anything) and refuses with :class:`AdminError` ``forbidden`` what
its role does not allow (:mod:`younuo.protocol.roles`). A change and its audit entry are
one transaction. Decisions: nobody changes their own role or standing (an admin cannot
lock the last admin out by mistake), and a moderator acts on players only.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from younuo.protocol.errors import ErrorCode
from younuo.protocol.roles import Permission, Role, Standing, allows
from younuo.server.accounts.names import InvalidName, check_password, clean_name
from younuo.store import Database, NameTaken, moderation
from younuo.store import accounts as repo
from younuo.store import bots as bots_repo
from younuo.store import notices as notices_repo
from younuo.store.models import Account, AuditEntry, Notice

MAX_REASON = 500


class AdminError(Exception):
    """A refused admin action; ``code`` for the protocol (forbidden, not_found, bad_request)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an action changed: the account, the tokens it ended (sessions' and bot API
    tokens' hashes, to close their sockets), the accounts it took out of play (a
    sanction's: the account and the bots it owns, see ``server/admin/sanctions.py``), and the
    notice stored for the player (to push)."""

    account: Account
    ended_sessions: tuple[str, ...] = ()
    notice: Notice | None = None
    sanctioned: tuple[str, ...] = ()


def _permit(actor: Account | None, permission: Permission) -> None:
    if actor is not None and not allows(actor.role, permission):
        raise AdminError(ErrorCode.FORBIDDEN, f"your role may not do this ({permission.value})")


def _reason(reason: str) -> str:
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
        raise AdminError(ErrorCode.BAD_REQUEST, f"give a reason of 1 to {MAX_REASON} characters")
    return reason.strip()


class Admin:
    """The admin and moderator actions over the database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def _target(self, s: Any, actor: Account | None, target_id: str) -> Account:
        target = await repo.get(s, target_id)
        if target is None:
            raise AdminError(ErrorCode.NOT_FOUND, f"no account {target_id!r}")
        if actor is not None and target.id == actor.id:
            raise AdminError(ErrorCode.FORBIDDEN, "you may not change your own role or standing")
        if actor is not None and actor.role != Role.ADMIN and target.role != Role.PLAYER:
            raise AdminError(ErrorCode.FORBIDDEN, "only an admin acts on moderators and admins")
        return target

    async def set_role(self, actor: Account | None, target_id: str, role: Role) -> Outcome:
        """Make an account a player, moderator or admin."""
        _permit(actor, Permission.SET_ROLES)
        async with self.db.session() as s, s.begin():
            target = await self._target(s, actor, target_id)
            if target.guest and role is not Role.PLAYER:
                raise AdminError(
                    ErrorCode.BAD_REQUEST, "a guest cannot hold a role: register it first"
                )
            before = target.role
            target.role = role.value
            await moderation.audit(
                s,
                at=time.time(),
                actor=actor.id if actor else None,
                action="set_role",
                target=target.id,
                details={"from": before, "to": role.value},
            )
        return Outcome(target)

    async def set_standing(
        self,
        actor: Account | None,
        target_id: str,
        standing: Standing,
        reason: str,
        seconds: float | None = None,
    ) -> Outcome:
        """Suspend (for ``seconds``), ban, or make active again.

        A suspension or a ban ends, in the same transaction, every session and bot API
        token of the account and of the bot accounts it owns (docs/security.md,
        Sanctions): the outcome names their hashes and those accounts, for the shell to
        close their sockets and take them out of play (``sanctions.Sanctions``). Making
        an account active again restores none of it."""
        reason = _reason(reason)
        if standing is Standing.SUSPENDED and (seconds is None or not 0 < seconds <= 366 * 86400):
            raise AdminError(ErrorCode.BAD_REQUEST, "a suspension lasts from a second to a year")
        async with self.db.session() as s, s.begin():
            target = await self._target(s, actor, target_id)
            # Banning, and lifting a ban, are an admin's; suspending is a moderator's too.
            banning = Standing.BANNED in (standing, target.standing)
            _permit(actor, Permission.BAN if banning else Permission.SUSPEND)
            now = time.time()
            until = now + seconds if standing is Standing.SUSPENDED and seconds else None
            target.standing = standing.value
            target.standing_until = until
            ended: list[str] = []
            sanctioned: tuple[str, ...] = ()
            details: dict[str, Any] = {"reason": reason, "until": until}
            if standing is not Standing.ACTIVE:
                bots = tuple(b.id for b in await bots_repo.owned(s, target.id))
                sanctioned = (target.id, *bots)
                ended = await moderation.end_tokens(s, sanctioned)
                details |= {"bots": list(bots), "tokens_ended": len(ended)}
            await moderation.audit(
                s,
                at=now,
                actor=actor.id if actor else None,
                action=f"standing_{standing.value}",
                target=target.id,
                details=details,
            )
        return Outcome(target, tuple(ended), sanctioned=sanctioned)

    async def set_bot_rated(
        self, actor: Account | None, target_id: str, allowed: bool, reason: str
    ) -> Outcome:
        """Allow a bot account into rated play, or no longer (an admin's; audit-logged):
        until then its results move no rating (younuo.server.accounts.bots.may_enter_rated)."""
        reason = _reason(reason)
        _permit(actor, Permission.ALLOW_RATED_BOTS)
        async with self.db.session() as s, s.begin():
            target = await repo.get(s, target_id)
            if target is None:
                raise AdminError(ErrorCode.NOT_FOUND, f"no account {target_id!r}")
            if not target.bot:
                raise AdminError(
                    ErrorCode.BAD_REQUEST, "only a bot account is allowed into rated play"
                )
            before = target.bot_rated
            target.bot_rated = allowed
            await moderation.audit(
                s,
                at=time.time(),
                actor=actor.id if actor else None,
                action="bot_rated",
                target=target.id,
                details={"from": before, "to": allowed, "reason": reason},
            )
        return Outcome(target)

    async def rename(
        self, actor: Account | None, target_id: str, name: str, reason: str
    ) -> Outcome:
        """A moderator's rename of an offensive name (reported ``name``), with the reason
        the player is shown (a ``moderation`` notice, stored with the change); audit-logged
        with the old and the new name."""
        _permit(actor, Permission.RENAME)
        reason = _reason(reason)
        try:
            new = clean_name(name)
        except InvalidName as exc:
            raise AdminError(ErrorCode.BAD_NAME, str(exc)) from None
        async with self.db.session() as s, s.begin():
            target = await self._target(s, actor, target_id)
            before = target.name
            try:
                await repo.rename(s, target, new)
            except NameTaken:
                raise AdminError(ErrorCode.NAME_TAKEN, f"the name {new!r} is taken") from None
            now = time.time()
            await moderation.audit(
                s,
                at=now,
                actor=actor.id if actor else None,
                action="rename",
                target=target.id,
                details={"from": before, "to": new, "reason": reason},
            )
            notice = await notices_repo.add(
                s,
                target.id,
                "moderation",
                {"action": "rename", "note": reason, "name": new, "from": before},
                at=now,
            )
        return Outcome(target, notice=notice)

    async def account(self, actor: Account | None, target_id: str) -> Account:
        """An account with its role and standing, as moderators see it."""
        _permit(actor, Permission.READ_AUDIT)
        async with self.db.session() as s:
            account = await repo.get(s, target_id)
        if account is None:
            raise AdminError(ErrorCode.NOT_FOUND, f"no account {target_id!r}")
        return account

    async def find(self, actor: Account | None, name: str) -> list[Account]:
        """The registered account of that name (case-insensitive), and guests of exactly
        that name, newest first (a guest's name is not unique): at most 20."""
        _permit(actor, Permission.READ_AUDIT)
        async with self.db.session() as s:
            return await repo.named(s, name, limit=20)

    async def audit_log(
        self, actor: Account | None, limit: int, target: str | None, before: int | None
    ) -> list[AuditEntry]:
        _permit(actor, Permission.READ_AUDIT)
        async with self.db.session() as s:
            return await moderation.audit_log(s, limit=limit, target=target, before=before)

    async def create_admin(self, name: str, password_hash: str | None) -> tuple[Account, bool]:
        """The command line's ``admin create``: the registered account ``name`` made an
        admin, created first (with ``password_hash``) if there is none; (account, created)."""
        async with self.db.session() as s, s.begin():
            account = await repo.by_name(s, name)
            created = account is None
            if account is None:
                if password_hash is None:
                    raise AdminError(
                        ErrorCode.BAD_REQUEST, f"no account {name!r}: give a password to create it"
                    )
                account = await repo.create(
                    s,
                    name,
                    guest=False,
                    outfit="red",
                    expression="smile",
                    password_hash=password_hash,
                )
            before = account.role
            account.role = Role.ADMIN.value
            await moderation.audit(
                s,
                at=time.time(),
                actor=None,
                action="set_role",
                target=account.id,
                details={"from": before, "to": Role.ADMIN.value, "created": created},
            )
        return account, created


def admin_name(name: str) -> str:
    """A name as the command line takes it, or :class:`AdminError`."""
    try:
        return clean_name(name)
    except InvalidName as exc:
        raise AdminError(ErrorCode.BAD_REQUEST, str(exc)) from None


def admin_password(password: str) -> str:
    try:
        check_password(password)
    except InvalidName as exc:
        raise AdminError(ErrorCode.BAD_REQUEST, str(exc)) from None
    return password


__all__ = ["Admin", "AdminError", "Outcome", "admin_name", "admin_password"]
