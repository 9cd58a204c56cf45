"""Bot accounts (issue 28): made and owned by a registered account, played through API tokens.

The decision (docs/client.md, "Bot accounts"): "marked as a bot by its owner" is read as
an owner account *making* bot accounts it owns, rather than a person's own account
turning into a bot: the owner keeps signing in with a password, each bot has its own
name, rating and history, and its tokens are the owner's to list, make and revoke.

A bot account has no password: it signs in only with an API token (``hello`` or a
``Bearer`` header, like a session token). A token is 32 random bytes shown once; the
database keeps its SHA-256. It does not expire; revoking it deletes it and closes every
socket opened with it on every node (``Hub.revoke_everywhere``, as a logout does).

A bot plays on the one action path of every player, so a bot that stops answering is
handled like a human who drops (clocks, auto-play, takeover). It does not enter rated
play (its results move no rating) unless an admin allowed it (:func:`may_enter_rated`,
set through :meth:`younuo.server.admin.service.Admin.set_bot_rated`, audit-logged).
"""

from __future__ import annotations

import secrets

from sqlalchemy.ext.asyncio import AsyncSession

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import OUTFITS
from younuo.server.accounts.auth import new_token, token_hash
from younuo.server.accounts.names import InvalidName, clean_name
from younuo.server.accounts.refused import RequestRefused
from younuo.store import Database, NameTaken
from younuo.store import accounts as accounts_repo
from younuo.store import bots as repo
from younuo.store.models import Account, BotToken

MAX_BOTS = 10
"""Bot accounts one owner may hold."""
MAX_TOKENS = 10
"""Live API tokens one bot account may hold."""
MAX_LABEL = 40


class BotError(RequestRefused):
    """A refused bot-account request; ``code`` and ``status`` for the REST answer."""


def may_enter_rated(account: Account) -> bool:
    """Whether ``account`` may enter rated play (rating changes, rated events).

    Everyone but a bot may; a bot only once an admin allowed it. The tournament shell
    calls this before registering an account for a rated event.
    """
    return not account.bot or account.bot_rated


class BotAccounts:
    """The owner's operations on their bot accounts and the bots' tokens."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, owner: Account, name: object) -> Account:
        """A new bot account of ``owner`` (registered, not a bot itself) named ``name``."""
        _may_own(owner)
        try:
            clean = clean_name(name)
        except InvalidName as exc:
            raise BotError(400, ErrorCode.BAD_NAME, str(exc)) from None
        async with self.db.session() as s, s.begin():
            if len(await repo.owned(s, owner.id)) >= MAX_BOTS:
                raise BotError(409, "too_many_bots", f"an owner holds at most {MAX_BOTS} bots")
            try:
                bot = await accounts_repo.create(
                    s,
                    clean,
                    guest=False,
                    outfit=OUTFITS[secrets.randbelow(len(OUTFITS))],
                    expression="smile",
                )
            except NameTaken:
                raise BotError(
                    409, ErrorCode.NAME_TAKEN, f"the name {clean!r} is registered already"
                ) from None
            bot.bot = True
            bot.bot_owner = owner.id
            await s.flush()
            return bot

    async def owned(self, owner: Account) -> list[Account]:
        async with self.db.session() as s:
            return await repo.owned(s, owner.id)

    async def add_token(self, owner: Account, bot_id: str, label: object) -> tuple[BotToken, str]:
        """A new API token of the owner's bot ``bot_id``: (its row, the token, shown once)."""
        if label is None:
            label = ""
        if not isinstance(label, str) or len(label.strip()) > MAX_LABEL:
            raise BotError(400, "bad_label", f"a label is at most {MAX_LABEL} characters")
        async with self.db.session() as s, s.begin():
            bot = await _bot_of(s, owner, bot_id)
            if len(await repo.tokens(s, bot.id)) >= MAX_TOKENS:
                raise BotError(
                    409, "too_many_tokens", f"a bot holds at most {MAX_TOKENS} tokens: revoke one"
                )
            token = new_token()
            row = await repo.add_token(s, bot.id, token_hash(token), label.strip())
            return row, token

    async def tokens(self, owner: Account, bot_id: str) -> list[BotToken]:
        async with self.db.session() as s:
            bot = await _bot_of(s, owner, bot_id)
            return await repo.tokens(s, bot.id)

    async def revoke(self, owner: Account, bot_id: str, token_id: str) -> str:
        """Delete the token; its hash, by which the caller closes its sockets everywhere."""
        async with self.db.session() as s, s.begin():
            bot = await _bot_of(s, owner, bot_id)
            hashed = await repo.delete_token(s, bot.id, token_id)
        if hashed is None:
            raise BotError(404, ErrorCode.NOT_FOUND, "no such token of this bot")
        return hashed


def _may_own(owner: Account) -> None:
    if owner.guest:
        raise BotError(403, ErrorCode.FORBIDDEN, "register an account before making bots")
    if owner.bot:
        raise BotError(403, ErrorCode.FORBIDDEN, "a bot cannot own bots")


async def _bot_of(s: AsyncSession, owner: Account, bot_id: str) -> Account:
    """The owner's bot ``bot_id``; someone else's bot is as unknown as none (404)."""
    _may_own(owner)
    bot = await accounts_repo.get(s, bot_id)
    if bot is None or not bot.bot or bot.bot_owner != owner.id:
        raise BotError(404, ErrorCode.NOT_FOUND, "you have no bot of that id")
    return bot


__all__ = ["MAX_BOTS", "MAX_TOKENS", "BotAccounts", "BotError", "may_enter_rated"]
