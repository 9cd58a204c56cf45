"""Social play on the wire: the one place that turns stored rows and the pure rules'
answers into the protocol's models (:mod:`younuo.protocol.social`, ``NoticeOut``,
``ChatOut``), and a refusal's code into its HTTP status."""

from __future__ import annotations

from younuo.protocol.messages import ChatOut, NoticeOut
from younuo.protocol.social import FriendOut, PresenceOut, ReportOut, SocialSettingsOut
from younuo.social.errors import SocialCode
from younuo.social.presence import PresenceView
from younuo.store.models import ChatMessage, Notice, Report, SocialSettings

STATUS: dict[SocialCode, int] = {
    SocialCode.SELF: 400,
    SocialCode.ALREADY_FRIENDS: 409,
    SocialCode.ALREADY_REQUESTED: 409,
    SocialCode.NO_REQUEST: 404,
    SocialCode.NOT_FRIENDS: 404,
    SocialCode.BLOCKED: 403,
    SocialCode.NOT_ACCEPTING: 403,
    SocialCode.NOT_MEMBER: 403,
    SocialCode.SPECTATOR_TO_PLAYERS: 403,
    SocialCode.FREE_TEXT_OFF: 403,
    SocialCode.MUTED: 403,
    SocialCode.FILTERED: 400,
    SocialCode.RATE_LIMITED: 429,
    SocialCode.EMPTY: 400,
    SocialCode.TOO_LONG: 400,
    SocialCode.BAD_TRANSITION: 409,
}
"""The HTTP status of each refusal over REST (the WebSocket sends its code alone)."""


def notice_out(row: Notice) -> NoticeOut:
    """A stored notice."""
    return NoticeOut.model_validate(
        {
            "id": row.id,
            "kind": row.kind,
            "payload": row.payload,
            "created_at": row.created_at,
            "read_at": row.read_at,
        }
    )


def chat_out(
    row: ChatMessage, room: str | None, sender_name: str, to: str | None = None
) -> ChatOut:
    """A stored chat message, in ``room`` or (with no room) on the direct line ``to``."""
    return ChatOut.model_validate(
        {
            "id": row.id,
            "room": room,
            "to": to,
            "channel": row.channel,
            "sender": row.sender_id,
            "sender_name": sender_name,
            "phrase": row.phrase,
            "text": row.text,
            "at": row.at,
        }
    )


def report_out(row: Report) -> ReportOut:
    """A stored report, as the moderators see it."""
    return ReportOut.model_validate(
        {
            "id": row.id,
            "reporter": row.reporter_id,
            "reported": row.reported_id,
            "reason": row.reason,
            "source": row.source,
            "match": row.match_id,
            "evidence": row.evidence,
            "status": row.status,
            "opened_at": row.opened_at,
            "decision": row.decision,
            "decided_by": row.decided_by,
            "decided_at": row.decided_at,
        }
    )


def settings_out(row: SocialSettings) -> SocialSettingsOut:
    """An account's switches (the defaults where it never set one) and any mute."""
    return SocialSettingsOut.model_validate(
        {
            "free_text": row.free_text,
            "muted_until": row.muted_until,
            "invites": row.invites or "friends",
            "requests": row.requests or "everyone",
            "messages": row.messages or "friends",
        }
    )


def friend_out(account: str, name: str, status: str, seen: PresenceView) -> FriendOut:
    """One line of the friends list: who, how they are linked to you, where you see them."""
    return FriendOut.model_validate(
        {
            "account": account,
            "name": name,
            "status": status,
            "presence": PresenceOut(
                state=seen.state.value,
                room=seen.room_id,
                joinable=seen.joinable,
                watchable=seen.watchable,
            ),
        }
    )


__all__ = ["STATUS", "chat_out", "friend_out", "notice_out", "report_out", "settings_out"]
