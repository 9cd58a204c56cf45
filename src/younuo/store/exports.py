"""An account's data, gathered for its download (``GET /api/me/data``).

:func:`gather` reads, in the caller's session, everything the server keeps about an
account that is the account's own: the account, its settings, friends, blocks, notices,
the chat messages it wrote, the matches it played with its result, the reports it filed
(without the evidence, which is the reported player's messages), its sessions (when made
and until when, never the token's hash), its bots and their tokens' labels, titles, stays
in rooms, the keyed hashes of where it connected from, and the fair-play decisions that
named it. Plain JSON values; the service wraps them in ``DataExport``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from younuo.store import reports, visits
from younuo.store.models import (
    Account,
    BlockEntry,
    BotToken,
    ChatMessage,
    ConnectionOrigin,
    FairplayCase,
    FairplayCaseAccount,
    FriendLink,
    Match,
    Notice,
    Result,
    Session,
    SocialSettings,
    TitleRow,
)

ACCOUNT_FIELDS = (
    "id", "name", "guest", "created_at", "rating", "role", "standing", "standing_until",
    "outfit", "expression", "bot", "bot_owner", "bot_rated", "title", "title_until",
)  # fmt: skip
"""The account's own columns in its export (never its password's hash)."""


def account_dict(account: Account) -> dict[str, Any]:
    return {field: getattr(account, field) for field in ACCOUNT_FIELDS}


async def gather(s: AsyncSession, account: Account) -> dict[str, Any]:
    """Everything of ``account``'s own (see the module's doc), by section."""
    me = account.id
    settings = await s.get(SocialSettings, me)
    links = await s.scalars(
        select(FriendLink).where(or_(FriendLink.low_id == me, FriendLink.high_id == me))
    )
    blocks = await s.scalars(select(BlockEntry).where(BlockEntry.blocker_id == me))
    notices = await s.scalars(select(Notice).where(Notice.account_id == me).order_by(Notice.id))
    messages = await s.scalars(
        select(ChatMessage).where(ChatMessage.sender_id == me).order_by(ChatMessage.id)
    )
    played = await s.execute(
        select(Match, Result)
        .join(Result, Result.match_id == Match.id)
        .where(Result.account_id == me)
        .order_by(Result.ended_at)
    )
    sessions = await s.scalars(
        select(Session).where(Session.account_id == me).order_by(Session.created_at)
    )
    bots = list(await s.scalars(select(Account).where(Account.bot_owner == me)))
    titles = await s.scalars(select(TitleRow).where(TitleRow.account_id == me))
    origins = await s.scalars(select(ConnectionOrigin).where(ConnectionOrigin.account_id == me))
    cases = await s.scalars(
        select(FairplayCase)
        .join(FairplayCaseAccount, FairplayCaseAccount.case_key == FairplayCase.key)
        .where(FairplayCaseAccount.account_id == me, FairplayCase.status == "decided")
    )
    bot_tokens: dict[str, list[dict[str, Any]]] = {}
    for bot in bots:
        rows = await s.scalars(select(BotToken).where(BotToken.account_id == bot.id))
        bot_tokens[bot.id] = [
            {"id": t.id, "label": t.label, "created_at": t.created_at} for t in rows
        ]
    return {
        "account": account_dict(account),
        "social_settings": None
        if settings is None
        else {
            "free_text": settings.free_text,
            "muted_until": settings.muted_until,
            "invites": settings.invites,
            "requests": settings.requests,
            "messages": settings.messages,
        },
        "friends": [
            {
                "account": link.high_id if link.low_id == me else link.low_id,
                "status": link.status,
                "asked_by_me": link.requester_id == me,
                "at": link.at,
            }
            for link in links
        ],
        "blocks": [{"account": b.blocked_id, "at": b.at} for b in blocks],
        "notices": [
            {
                "id": n.id,
                "kind": n.kind,
                "payload": n.payload,
                "created_at": n.created_at,
                "read_at": n.read_at,
            }
            for n in notices
        ],
        "messages": [
            {
                "id": m.id,
                "channel": m.channel,
                "room": None if m.place.startswith("d:") else m.place,
                "to": _direct_other(m.place, me),
                "phrase": m.phrase,
                "text": m.text,
                "at": m.at,
            }
            for m in messages
        ],
        "matches": [
            {
                "match": match.id,
                "room": match.room_id,
                "private": match.private,
                "status": match.status,
                "rules": match.rules,
                "players": match.players,
                "winner": match.winner,
                "created_at": match.created_at,
                "ended_at": match.ended_at,
                "result": {
                    "name": result.name,
                    "score": result.score,
                    "winner": result.winner,
                    "left": result.left,
                    "rating_change": result.rating_change,
                    "rating_after": result.rating_after,
                },
            }
            for match, result in played.all()
        ],
        "reports_filed": [
            {
                "id": r.id,
                "reported": r.reported_id,
                "reason": r.reason,
                "source": r.source,
                "match": r.match_id,
                "room": r.evidence.get("room"),
                "note": r.evidence.get("note"),
                "status": r.status,
                "opened_at": r.opened_at,
                "decided_at": r.decided_at,
            }
            for r in await reports.filed_by(s, me)
        ],
        "sessions": [{"created_at": x.created_at, "expires_at": x.expires_at} for x in sessions],
        "bots": [{**account_dict(bot), "tokens": bot_tokens.get(bot.id, [])} for bot in bots],
        "titles": [t.value for t in titles],
        "room_visits": [
            {"room": v.room_id, "role": v.role, "since": v.since, "until": v.until}
            for v in await visits.of_account(s, me)
        ],
        "connections": [
            {"at": o.at, "address_hash": o.address, "browser_hash": o.browser} for o in origins
        ],
        "fairplay_decisions": [
            {"kind": c.kind, "decision": c.decision, "decided_at": c.decided_at} for c in cases
        ],
    }


def _direct_other(place: str, me: str) -> str | None:
    """The other account of a direct line's place (``d:LOW:HIGH``), else None."""
    if not place.startswith("d:"):
        return None
    low, _, high = place[2:].partition(":")
    return high if low == me else low


__all__ = ["ACCOUNT_FIELDS", "account_dict", "gather"]
