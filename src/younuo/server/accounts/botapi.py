"""The REST API of bot accounts: ``/api/me/bots`` and each bot's tokens (issue 28).

A thin shell over :class:`younuo.server.accounts.bots.BotAccounts`: the caller is the owner
(a registered account's session token); revoking a token also closes its sockets on
every node at once.
"""

from __future__ import annotations

from fastapi import Request

from younuo.protocol.messages import AccountOut
from younuo.protocol.rest import BotIn, BotTokenCreated, BotTokenIn, BotTokenOut, Ok
from younuo.server.accounts.auth import account_out
from younuo.server.accounts.bots import BotAccounts
from younuo.server.accounts.caller import Me, app_service, refusals, rest_router
from younuo.server.lobby.service import Lobby
from younuo.store.models import BotToken

router = rest_router("bots", "/api/me/bots")
_bots = app_service(BotAccounts, "bot_accounts")
_lobby = app_service(Lobby, "lobby")


def _token(row: BotToken) -> BotTokenOut:
    return BotTokenOut(id=row.id, label=row.label, created_at=row.created_at)


@router.get("", response_model=list[AccountOut])
async def list_bots(request: Request, me: Me) -> list[AccountOut]:
    """Your bot accounts, oldest first."""
    with refusals():
        return [account_out(b) for b in await _bots(request).owned(me)] if not me.guest else []


@router.post("", response_model=AccountOut)
async def create_bot(body: BotIn, request: Request, me: Me) -> AccountOut:
    """Make a bot account you own (registered accounts only); then give it a token."""
    with refusals():
        return account_out(await _bots(request).create(me, body.name))


@router.get("/{bot_id}/tokens", response_model=list[BotTokenOut])
async def list_tokens(bot_id: str, request: Request, me: Me) -> list[BotTokenOut]:
    """Your bot's API tokens (never the tokens themselves: only their hashes are kept)."""
    with refusals():
        return [_token(t) for t in await _bots(request).tokens(me, bot_id)]


@router.post("/{bot_id}/tokens", response_model=BotTokenCreated)
async def create_token(bot_id: str, body: BotTokenIn, request: Request, me: Me) -> BotTokenCreated:
    """A new API token of your bot: ``token`` is shown in this answer only."""
    with refusals():
        row, token = await _bots(request).add_token(me, bot_id, body.label)
    return BotTokenCreated(id=row.id, label=row.label, created_at=row.created_at, token=token)


@router.delete("/{bot_id}/tokens/{token_id}", response_model=Ok)
async def revoke_token(bot_id: str, token_id: str, request: Request, me: Me) -> Ok:
    """Revoke a token: it opens nothing from now on, and its open sockets close at once."""
    with refusals():
        hashed = await _bots(request).revoke(me, bot_id, token_id)
    _lobby(request).hub.revoke_everywhere(hashed)
    return Ok()


__all__ = ["router"]
