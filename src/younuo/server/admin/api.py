"""The admin REST API (``/api/admin``): accounts' roles and standing, and the audit log.

Thin handlers over :class:`younuo.server.admin.service.Admin` and
:class:`younuo.server.admin.fairplay.FairPlay`, which check the caller's role; what they refuse
(:class:`AdminError`) is answered by :func:`refusal_handler`, ``403 forbidden`` for a
role that may not (docs/protocol.md §1).
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from younuo.protocol.bounds import ROW_ID_MAX
from younuo.protocol.rest import BotRatedIn
from younuo.protocol.roles import Role, Standing, standing_now
from younuo.server.accounts.caller import Me, Page, Problem, app_service, rest_router
from younuo.server.admin.fairplay import Decision, FairPlay, Verdict
from younuo.server.admin.sanctions import Sanctions
from younuo.server.admin.service import Admin, AdminError, Outcome
from younuo.server.problems import problem_handler
from younuo.server.realtime.connections import Hub
from younuo.server.services import services_of
from younuo.store.models import Account, AuditEntry, FairplayCase

log = logging.getLogger(__name__)

router = rest_router("admin", "/api/admin")

STATUS = {
    "forbidden": 403,
    "not_found": 404,
    "bad_request": 400,
    "unknown_title": 404,
    "already_revoked": 409,
    "series_taken": 409,
    "name_taken": 409,
}


class RoleIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    role: Role


class StandingIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    standing: Standing
    reason: Annotated[str, Field(max_length=500)]
    seconds: Annotated[float, Field(gt=0, le=366 * 86400)] | None = None


class RenameIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=200)]
    reason: Annotated[str, Field(max_length=500)]


class AdminAccountOut(BaseModel):
    id: str
    name: str
    guest: bool
    rating: int
    role: Role
    standing: Standing
    standing_until: float | None
    # Bot accounts (younuo.server.accounts.bots): a bot, and whether it may play rated.
    bot: bool = False
    bot_rated: bool = False


class AuditOut(BaseModel):
    id: int
    at: float
    actor: str | None
    action: str
    target: str | None
    details: dict[str, Any]


class DecisionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    verdict: Verdict
    note: Annotated[str, Field(max_length=1000)]
    points: Annotated[int, Field(ge=0, le=10_000)] = 0


class CaseOut(BaseModel):
    key: str
    kind: str
    score: float
    status: str
    opened_at: float
    seen_at: float
    evidence: dict[str, Any]
    decision: dict[str, Any] | None
    decided_by: str | None
    decided_at: float | None


def _case(case: FairplayCase) -> CaseOut:
    # Every field of CaseOut is the stored case's column of that name.
    return CaseOut.model_validate(case, from_attributes=True)


_fairplay = app_service(FairPlay, "fairplay")
_admin = app_service(Admin, "admin")
_hub = app_service(Hub, "hub")
_sanctions = app_service(Sanctions, "sanctions")


def _out(account: Account) -> AdminAccountOut:
    return AdminAccountOut(
        id=account.id,
        name=account.name,
        guest=account.guest,
        rating=account.rating,
        role=Role(account.role),
        standing=standing_now(account.standing, account.standing_until, time.time()),
        standing_until=account.standing_until,
        bot=bool(account.bot),
        bot_rated=bool(account.bot_rated),
    )


async def refusal_handler(_request: Request, exc: Exception) -> Response:
    """An admin action refused (:class:`AdminError`): the protocol's error body, with
    403 for ``forbidden`` and 404 for ``not_found``."""
    assert isinstance(exc, AdminError)
    return await problem_handler(
        _request, Problem(STATUS.get(exc.code, 400), exc.code, exc.message)
    )


def _closed(request: Request, outcome: Outcome) -> AdminAccountOut:
    """Close the sockets of the sessions the action ended, on every node."""
    hub = _hub(request)
    for token_hash in outcome.ended_sessions:
        hub.revoke_everywhere(token_hash)
    return _out(outcome.account)


@router.get("/accounts", response_model=list[AdminAccountOut])
async def find_accounts(
    request: Request, me: Me, name: Annotated[str, Query(min_length=1, max_length=40)]
) -> list[AdminAccountOut]:
    """Accounts by name (moderators and admins): the registered one, then guests."""
    return [_out(a) for a in await _admin(request).find(me, name.strip())]


@router.get("/accounts/{account_id}", response_model=AdminAccountOut)
async def get_account(account_id: str, request: Request, me: Me) -> AdminAccountOut:
    """An account as moderators see it (role, standing)."""
    return _out(await _admin(request).account(me, account_id))


@router.post("/accounts/{account_id}/role", response_model=AdminAccountOut)
async def set_role(account_id: str, body: RoleIn, request: Request, me: Me) -> AdminAccountOut:
    """Make an account a player, moderator or admin (admins only)."""
    return _closed(request, await _admin(request).set_role(me, account_id, body.role))


@router.post("/accounts/{account_id}/standing", response_model=AdminAccountOut)
async def set_standing(
    account_id: str, body: StandingIn, request: Request, me: Me
) -> AdminAccountOut:
    """Suspend (``seconds``), ban, or reinstate an account, with a reason. A suspension
    or a ban ends at once every session and bot API token of the account and of the
    bots it owns (their sockets close with 4002 on every node, as after a logout) and
    takes them out of rooms, matches and registrations as players who leave
    (docs/security.md, Sanctions); reinstating restores none of it."""
    outcome = await _admin(request).set_standing(
        me, account_id, body.standing, body.reason, body.seconds
    )
    ended = await _sanctions(request).carry_out(outcome, datetime.now(UTC))
    if outcome.sanctioned:
        log.info(
            "%s %s: %d token(s) ended, out of rooms %s and events %s",
            body.standing.value,
            account_id,
            ended.tokens,
            list(ended.rooms),
            list(ended.events),
        )
    return _out(outcome.account)


@router.post("/accounts/{account_id}/name", response_model=AdminAccountOut)
async def rename(account_id: str, body: RenameIn, request: Request, me: Me) -> AdminAccountOut:
    """Rename an account whose name offends (moderators and admins), with a reason; the
    player gets a ``moderation`` notice of it."""
    outcome = await _admin(request).rename(me, account_id, body.name, body.reason)
    if outcome.notice is not None:
        services_of(request).social.deliver(outcome.notice)
    return _out(outcome.account)


@router.get("/audit", response_model=list[AuditOut])
async def audit(
    request: Request,
    me: Me,
    limit: Page = 50,
    target: Annotated[str | None, Query(max_length=80)] = None,
    before: Annotated[int | None, Query(ge=1, le=ROW_ID_MAX)] = None,
) -> list[AuditOut]:
    """The audit log, newest first (moderators and admins)."""
    entries: list[AuditEntry] = await _admin(request).audit_log(me, limit, target, before)
    # Every field of AuditOut is the stored entry's column of that name.
    return [AuditOut.model_validate(e, from_attributes=True) for e in entries]


@router.get("/cases", response_model=list[CaseOut])
async def cases(
    request: Request,
    me: Me,
    status: Annotated[str, Query(pattern="^(open|decided)$")] = "open",
    limit: Page = 50,
) -> list[CaseOut]:
    """The fair-play review queue (moderators and admins): the strongest cases first."""
    return [_case(c) for c in await _fairplay(request).queue(me, status, limit)]


@router.get("/cases/{key}", response_model=CaseOut)
async def case(key: str, request: Request, me: Me) -> CaseOut:
    """One case with its evidence: the matches, the moves cited, the figures."""
    return _case(await _fairplay(request).case(me, key))


@router.post("/cases/{key}/decision", response_model=CaseOut)
async def decide(key: str, body: DecisionIn, request: Request, me: Me) -> CaseOut:
    """Decide an open case (dismiss, warn, or deduct rating points), with a reason that
    the players named see; written to the audit log."""
    decision = Decision(body.verdict, body.note, body.points)
    return _case(await _fairplay(request).decide(me, key, decision))


# ------------------------------------------------------------------ bot accounts
@router.post("/accounts/{account_id}/bot-rated", response_model=AdminAccountOut)
async def set_bot_rated(
    account_id: str, body: BotRatedIn, request: Request, me: Me
) -> AdminAccountOut:
    """Allow a bot account into rated play, or no longer (admins only; audit-logged)."""
    outcome = await _admin(request).set_bot_rated(me, account_id, body.allowed, body.reason)
    return _out(outcome.account)
