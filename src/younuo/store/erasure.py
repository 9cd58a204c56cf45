"""Deleting an account: what goes, and how the matches it played are anonymised.

:func:`erase` runs inside the caller's transaction (the service,
younuo.server.accounts.personaldata, checks first that the account may go). It deletes
the account's row and everything that is the account's own: sessions and bot tokens,
memberships, friend links and blocks either way, its notices and the friend requests and
invitations it sent others, its chat messages and every direct line it was on, its
social settings, connection origins, stays in rooms and titles.

The matches it played stay in the other players' histories, anonymised: in each, its
name is replaced by a pseudonym of its own (``Player 3fa9c2``, new for every match, so
that two matches cannot be linked by it) everywhere the match stores names (players,
teams, seats, control, clock, final state, results and every action), so that the
record still replays to the same result; its seat and result no longer name an account.

What stays and why (docs/security.md, *Privacy*): the audit log (moderators' and
admins' actions, and this deletion, by account id only), reports filed by or about the
account and fair-play cases (moderation records, by account id; a report's evidence
goes at its own retention), events' entries and series' places (by account id). An id
names nothing once the account is gone.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store import visits
from younuo.store.models import (
    Account,
    BlockEntry,
    BotToken,
    ChatMessage,
    ConnectionOrigin,
    FriendLink,
    Match,
    MatchAction,
    Membership,
    Notice,
    Result,
    Session,
    SocialSettings,
    TitleRow,
)

NOTICES_FROM_OTHERS = ("friend_request", "friend_accepted", "invitation")
"""Notices an account leaves in others' lists that name it (``payload.account``)."""


def pseudonym(taken: set[str], draw: Callable[[], str] = lambda: secrets.token_hex(3)) -> str:
    """A name for a deleted player in one match, distinct from the ``taken`` names."""
    while True:
        name = f"Player {draw()}"
        if name not in taken:
            return name


def _swap(value: Any, old: str, new: str) -> Any:
    return new if value == old else value


def _rekey(mapping: Mapping[str, Any] | None, old: str, new: str) -> dict[str, Any] | None:
    if mapping is None:
        return None
    return {(new if key == old else key): value for key, value in mapping.items()}


def renamed_action(action: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A stored action with the player's name ``old`` (as actor or target) made ``new``."""
    out = dict(action)
    for field in ("player", "target"):
        if field in out:
            out[field] = _swap(out[field], old, new)
    return out


def renamed_setup(setup: Mapping[str, Any] | None, old: str, new: str) -> dict[str, Any] | None:
    """A record's ``setup`` with ``old`` made ``new`` (its hands' keys, who goes first)."""
    if setup is None:
        return None
    out = dict(setup)
    if isinstance(out.get("hands"), Mapping):
        out["hands"] = _rekey(out["hands"], old, new)
    if "first" in out:
        out["first"] = _swap(out["first"], old, new)
    return out


def renamed_final(final: Mapping[str, Any] | None, old: str, new: str) -> dict[str, Any] | None:
    """A match's final state (``Game.snapshot``) with ``old`` made ``new``."""
    if final is None:
        return None
    out = dict(final)
    for field in ("hands", "scores"):
        if isinstance(out.get(field), Mapping):
            out[field] = _rekey(out[field], old, new)
    for field in ("current", "round_winner", "match_winner"):
        if field in out:
            out[field] = _swap(out[field], old, new)
    return out


def anonymise_match(match: Match, old: str, new: str) -> None:
    """Rename ``old`` to ``new`` in every name the match row holds; its seat then names
    no account."""
    match.players = [_swap(p, old, new) for p in match.players]
    if match.teams is not None:
        match.teams = [[_swap(p, old, new) for p in team] for team in match.teams]
    match.seats = [
        {**seat, "name": new, "account": None} if seat.get("name") == old else seat
        for seat in match.seats
    ]
    control = dict(match.control)
    if isinstance(control.get("seats"), Mapping):
        control["seats"] = _rekey(control["seats"], old, new)
    match.control = control
    match.clock = {key: _swap(value, old, new) for key, value in match.clock.items()}
    match.winner = _swap(match.winner, old, new)
    match.final = renamed_final(match.final, old, new)
    match.setup = renamed_setup(match.setup, old, new)


async def _anonymise_results(s: AsyncSession, account_id: str) -> int:
    """Anonymise every ended match the account has a result in; how many."""
    rows = list(await s.scalars(select(Result).where(Result.account_id == account_id)))
    for result in rows:
        match = await s.get(Match, result.match_id)
        if match is None:
            continue
        old = result.name
        new = pseudonym(set(match.players))
        anonymise_match(match, old, new)
        for entry in await s.scalars(select(MatchAction).where(MatchAction.match_id == match.id)):
            if old in (entry.action.get("player"), entry.action.get("target")):
                entry.action = renamed_action(entry.action, old, new)
        result.name = new
        result.account_id = None
    await s.flush()
    return len(rows)


async def token_hashes(s: AsyncSession, account_id: str) -> list[str]:
    """Every token hash that opens the account: sessions and bot tokens (to close their
    sockets once it is gone)."""
    sessions = await s.scalars(select(Session.token_hash).where(Session.account_id == account_id))
    bots = await s.scalars(select(BotToken.token_hash).where(BotToken.account_id == account_id))
    return [*sessions, *bots]


async def erase(s: AsyncSession, account_id: str) -> int:
    """Delete the account and what is its own, anonymise the matches it played (see the
    module's doc); the number of matches anonymised."""
    await s.execute(
        delete(Notice).where(
            Notice.kind.in_(NOTICES_FROM_OTHERS),
            Notice.payload["account"].as_string() == account_id,
        )
    )
    matches = await _anonymise_results(s, account_id)
    direct = or_(
        ChatMessage.place.startswith(f"d:{account_id}:", autoescape=True),
        ChatMessage.place.endswith(f":{account_id}", autoescape=True)
        & ChatMessage.place.startswith("d:"),
    )
    await s.execute(delete(ChatMessage).where(or_(ChatMessage.sender_id == account_id, direct)))
    await s.execute(
        delete(FriendLink).where(
            or_(FriendLink.low_id == account_id, FriendLink.high_id == account_id)
        )
    )
    await s.execute(
        delete(BlockEntry).where(
            or_(BlockEntry.blocker_id == account_id, BlockEntry.blocked_id == account_id)
        )
    )
    await s.execute(delete(Notice).where(Notice.account_id == account_id))
    await s.execute(delete(SocialSettings).where(SocialSettings.account_id == account_id))
    await s.execute(delete(ConnectionOrigin).where(ConnectionOrigin.account_id == account_id))
    await s.execute(delete(TitleRow).where(TitleRow.account_id == account_id))
    await visits.forget(s, account_id)
    # Sessions, bot tokens and memberships go with the row (ON DELETE CASCADE), but
    # SQLite enforces that only with its foreign keys on: delete them here as well.
    await s.execute(delete(Session).where(Session.account_id == account_id))
    await s.execute(delete(BotToken).where(BotToken.account_id == account_id))
    await s.execute(delete(Membership).where(Membership.account_id == account_id))
    await s.execute(delete(Account).where(Account.id == account_id))
    return matches


__all__ = [
    "NOTICES_FROM_OTHERS",
    "anonymise_match",
    "erase",
    "pseudonym",
    "renamed_action",
    "renamed_final",
    "renamed_setup",
    "token_hashes",
]
