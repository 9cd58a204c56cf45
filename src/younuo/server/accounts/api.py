"""The REST API of accounts: sign-in and sessions, one's own profile and decisions, an
account's public face, and the leaderboard (docs/protocol.md §1).

Thin handlers over :class:`younuo.server.accounts.auth.Auth` and the accounts' storage;
logins and sign-ups count against the caller's address (and the name tried).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import AccountOut, SessionOut
from younuo.protocol.rest import CredentialsIn, DecisionOut, GuestIn, LeaderRow, Ok, ProfileIn
from younuo.server.accounts.auth import AuthError, account_out, title_of
from younuo.server.accounts.caller import (
    Authorization,
    Me,
    app_service,
    auth_of,
    bearer,
    rest_router,
)
from younuo.server.accounts.names import InvalidName, clean_name
from younuo.server.edge.limits import AuthLimits, Write
from younuo.server.edge.writebudget import spend_write
from younuo.server.lobby.service import Lobby
from younuo.server.problems import Problem, refused, too_many
from younuo.server.services import services_of
from younuo.store import NameTaken
from younuo.store import accounts as accounts_repo

router = rest_router(prefix="/api")


_lobby = app_service(Lobby, "lobby")


def _limit(request: Request, name: object = None) -> None:
    """Count a login or sign-up from the caller's address (and for ``name``): 429 past it."""
    limits: AuthLimits = services_of(request).auth_limits
    refusal = limits.check(request.client.host if request.client else None, name)
    if refusal is not None:
        raise too_many(refusal)


@router.post("/auth/guest", response_model=SessionOut, tags=["accounts"])
async def guest(body: GuestIn, request: Request) -> SessionOut:
    """Play as a guest: a durable account behind the returned token."""
    _limit(request)
    try:
        return await auth_of(request).guest(body.name)
    except AuthError as exc:
        raise refused(exc) from None


@router.post("/auth/register", response_model=SessionOut, tags=["accounts"])
async def register(
    body: CredentialsIn, request: Request, authorization: Authorization = None
) -> SessionOut:
    """Register a name and password; with a guest's token, that guest keeps its rating."""
    _limit(request, body.name)
    try:
        return await auth_of(request).register(body.name, body.password, bearer(authorization))
    except AuthError as exc:
        raise refused(exc) from None


@router.post("/auth/login", response_model=SessionOut, tags=["accounts"])
async def login(body: CredentialsIn, request: Request) -> SessionOut:
    _limit(request, body.name)
    try:
        return await auth_of(request).login(body.name, body.password)
    except AuthError as exc:
        raise refused(exc) from None


@router.post("/auth/logout", response_model=Ok, tags=["accounts"])
async def logout(request: Request, me: Me, authorization: Authorization = None) -> Ok:
    """Revoke the token: its session is deleted and its WebSockets are closed at once."""
    token = bearer(authorization)
    assert token is not None
    revoked = await auth_of(request).logout(token)
    _lobby(request).hub.revoke_everywhere(revoked)
    return Ok()


@router.get("/me", response_model=AccountOut, tags=["accounts"])
async def get_me(me: Me) -> AccountOut:
    return account_out(me)


@router.get("/me/decisions", response_model=list[DecisionOut], tags=["accounts"])
async def my_decisions(request: Request, me: Me) -> list[DecisionOut]:
    """The moderators' decisions on fair-play cases that named you, newest first."""
    decided = await services_of(request).fairplay.decisions_for(me.id)
    return [
        DecisionOut(
            kind=c.kind,
            verdict=str((c.decision or {}).get("verdict", "")),
            note=str((c.decision or {}).get("note", "")),
            points=int((c.decision or {}).get("points", 0)),
            decided_at=c.decided_at,
        )
        for c in decided
    ]


@router.patch("/me", response_model=AccountOut, tags=["accounts"])
async def patch_me(body: ProfileIn, request: Request, me: Me) -> AccountOut:
    """Change the avatar and/or the name."""
    lobby = _lobby(request)
    if body.name is not None:
        try:
            name = clean_name(body.name)
        except InvalidName as exc:
            raise Problem(400, ErrorCode.BAD_NAME, str(exc)) from None
        if name != me.name:
            await spend_write(request, me, Write.RENAMES)
        async with lobby.db.session() as s, s.begin():
            account = await accounts_repo.get(s, me.id)
            assert account is not None
            try:
                await accounts_repo.rename(s, account, name)
            except NameTaken:
                raise Problem(
                    409, ErrorCode.NAME_TAKEN, f"the name {name!r} is registered already"
                ) from None
        me.name = name
    if body.avatar is not None:
        await lobby.set_avatar(me, body.avatar)
    return account_out(me)


@router.get("/accounts/{account_id}", response_model=AccountOut, tags=["accounts"])
async def get_account(account_id: str, request: Request) -> AccountOut:
    async with _lobby(request).db.session() as s:
        account = await accounts_repo.get(s, account_id)
    if account is None:
        raise Problem(404, ErrorCode.NOT_FOUND, "no such account")
    return account_out(account)


@router.get("/leaderboard", response_model=list[LeaderRow], tags=["history"])
async def leaderboard(
    request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 50
) -> list[LeaderRow]:
    """The accounts of the highest skill, highest first (docs/rating.md)."""
    async with _lobby(request).db.session() as s:
        rows = await accounts_repo.leaderboard(s, limit)
    return [
        LeaderRow(
            account=a.id,
            name=a.name,
            rating=a.rating,
            level=account_out(a).level.model_dump(),
            skill=a.skill,
            title=title_of(a),
        )
        for a in rows
    ]


__all__ = ["router"]
