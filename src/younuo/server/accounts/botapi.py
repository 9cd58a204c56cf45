"""The REST API of bot accounts: ``/api/me/bots`` and each bot's tokens (issue 28).

A thin shell over :class:`younuo.server.accounts.bots.BotAccounts`: the caller is the owner
(a registered account's session token); revoking a token also closes its sockets on
every node at once.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from younuo.protocol.messages import AccountOut
from younuo.protocol.rest import BotIn, BotTokenCreated, BotTokenIn, BotTokenOut, Ok
from younuo.server.accounts.auth import account_out
from younuo.server.accounts.bots import BotAccounts, BotError
from younuo.server.api import ERROR_RESPONSES, Me, Problem, SafeJSONResponse, StrictJsonRoute
from younuo.server.lobby.service import Lobby
from younuo.store.models import BotToken

router = APIRouter(
    prefix="/api/me/bots",
    route_class=StrictJsonRoute,
    default_response_class=SafeJSONResponse,
    responses=ERROR_RESPONSES,
    tags=["bots"],
)


def _bots(request: Request) -> BotAccounts:
    bots: BotAccounts = request.app.state.bot_accounts
    return bots


def _refuse(exc: BotError) -> Problem:
    return Problem(exc.status, exc.code, exc.message)


def _token(row: BotToken) -> BotTokenOut:
    return BotTokenOut(id=row.id, label=row.label, created_at=row.created_at)


@router.get("", response_model=list[AccountOut])
async def list_bots(request: Request, me: Me) -> list[AccountOut]:
    """Your bot accounts, oldest first."""
    try:
        return [account_out(b) for b in await _bots(request).owned(me)] if not me.guest else []
    except BotError as exc:
        raise _refuse(exc) from None


@router.post("", response_model=AccountOut)
async def create_bot(body: BotIn, request: Request, me: Me) -> AccountOut:
    """Make a bot account you own (registered accounts only); then give it a token."""
    try:
        return account_out(await _bots(request).create(me, body.name))
    except BotError as exc:
        raise _refuse(exc) from None


@router.get("/{bot_id}/tokens", response_model=list[BotTokenOut])
async def list_tokens(bot_id: str, request: Request, me: Me) -> list[BotTokenOut]:
    """Your bot's API tokens (never the tokens themselves: only their hashes are kept)."""
    try:
        return [_token(t) for t in await _bots(request).tokens(me, bot_id)]
    except BotError as exc:
        raise _refuse(exc) from None


@router.post("/{bot_id}/tokens", response_model=BotTokenCreated)
async def create_token(bot_id: str, body: BotTokenIn, request: Request, me: Me) -> BotTokenCreated:
    """A new API token of your bot: ``token`` is shown in this answer only."""
    try:
        row, token = await _bots(request).add_token(me, bot_id, body.label)
    except BotError as exc:
        raise _refuse(exc) from None
    return BotTokenCreated(id=row.id, label=row.label, created_at=row.created_at, token=token)


@router.delete("/{bot_id}/tokens/{token_id}", response_model=Ok)
async def revoke_token(bot_id: str, token_id: str, request: Request, me: Me) -> Ok:
    """Revoke a token: it opens nothing from now on, and its open sockets close at once."""
    try:
        hashed = await _bots(request).revoke(me, bot_id, token_id)
    except BotError as exc:
        raise _refuse(exc) from None
    lobby: Lobby = request.app.state.lobby
    lobby.hub.revoke_everywhere(hashed)
    return Ok()


__all__ = ["router"]
