"""Reports: a player reports another with the evidence the reporter could see; the
moderators' queue and their decisions (dismiss, warn, mute), audited; the evidence's
retention purge."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from younuo.protocol.errors import ErrorCode
from younuo.protocol.roles import Permission, allows
from younuo.protocol.social import ReportDecisionIn, ReportFiled, ReportIn, ReportOut
from younuo.server.admin.service import AdminError
from younuo.server.settings import Settings
from younuo.server.social.facts import account_of
from younuo.server.social.notices import Notices
from younuo.server.social.places import direct_place
from younuo.server.social.wire import report_out
from younuo.social import evidence
from younuo.social import reports as report_rules
from younuo.social.chatpolicy import Channel, Membership
from younuo.store import Database, moderation
from younuo.store import chat as chat_repo
from younuo.store import friends as friends_repo
from younuo.store import reports as reports_repo
from younuo.store import socialsettings as settings_repo
from younuo.store import visits as visits_repo
from younuo.store.models import Account, ChatMessage

EVIDENCE_MESSAGES = 20
"""The reported player's latest messages in the place of a report, kept with it."""
EVIDENCE_SCANNED = 500
"""The reported player's latest messages in a room read to find those the reporter saw."""


class Reports:
    """Reports and their moderation, over the database and the notices."""

    def __init__(self, db: Database, notices: Notices, settings: Settings) -> None:
        self.db = db
        self.notices = notices
        self.settings = settings

    async def report(self, me: Account, body: ReportIn) -> ReportFiled:
        """Report a player, with the evidence of what the reporter could see.

        With a room: the reported player's latest messages there that the reporter could
        read, during their own stays in the room (:mod:`younuo.social.evidence`); a room
        the reporter never stayed in is refused. With no room (a report from the profile
        or a conversation): the reported's latest direct messages to the reporter. A
        report shows the moderators nothing the reporter was not shown."""
        report_rules.check_report(me.id, body.account)
        async with self.db.session() as s, s.begin():
            target = await account_of(s, body.account)
            if body.room is not None:
                rows = await _seen_in_room(s, me.id, target.id, body.room)
            else:
                place = direct_place(me.id, target.id)
                rows = await chat_repo.recent(
                    s, place=place, limit=EVIDENCE_MESSAGES, sender_id=target.id
                )
            messages = [
                {
                    "id": r.id,
                    "channel": r.channel,
                    "phrase": r.phrase,
                    "text": r.text,
                    "at": r.at,
                }
                for r in reversed(rows)
            ]
            row = await reports_repo.add(
                s,
                reporter=me.id,
                reported=target.id,
                reason=body.reason.value,
                source=body.source.value,
                match_id=body.match,
                evidence={"room": body.room, "note": body.note, "messages": messages},
                at=time.time(),
            )
            return ReportFiled.model_validate({"id": row.id, "status": row.status})

    async def purge_evidence(self) -> int:
        """The scheduler's job: empty the evidence of reports decided (or, never decided,
        filed) longer than ``report_evidence_days`` ago; the report itself (who, why, the
        decision) stays with the audit log. How many were emptied."""
        now = time.time()
        cutoff = now - self.settings.report_evidence_days * 86400.0
        async with self.db.session() as s, s.begin():
            return await reports_repo.purge_evidence(s, cutoff, at=now)

    async def queue(self, actor: Account, status: str | None, limit: int) -> list[ReportOut]:
        """The moderators' queue: reports in ``status`` (None: all), oldest first."""
        _permit(actor)
        async with self.db.session() as s:
            return [report_out(r) for r in await reports_repo.queue(s, status=status, limit=limit)]

    async def decide(self, actor: Account, report_id: int, body: ReportDecisionIn) -> ReportOut:
        """A moderator decides an open report: dismiss, warn, or mute the reported
        player; the decision and the audit entry are one transaction, and the player
        concerned gets a notice of a warning or a mute."""
        _permit(actor)
        action = report_rules.ModAction(body.action)
        now = time.time()
        async with self.db.session() as s, s.begin():
            row = await reports_repo.get(s, report_id)
            if row is None:
                raise AdminError(ErrorCode.NOT_FOUND, f"no report {report_id}")
            row.status = report_rules.decide(report_rules.ReportStatus(row.status), action).value
            decision: dict[str, Any] = {"action": action.value, "note": body.note}
            if action is report_rules.ModAction.MUTE:
                if body.minutes is None:
                    raise AdminError(ErrorCode.BAD_REQUEST, "a mute needs its length in minutes")
                until = report_rules.mute_until(now, body.minutes)
                target = await account_of(s, row.reported_id)
                settings = await settings_repo.get(s, target.id, guest=target.guest)
                settings.muted_until = until
                await settings_repo.put(s, settings)
                decision["minutes"], decision["until"] = body.minutes, until
            row.decision, row.decided_by, row.decided_at = decision, actor.id, now
            await moderation.audit(
                s,
                at=now,
                actor=actor.id,
                action=f"report_{action.value}",
                target=row.reported_id,
                details={"report": row.id, **decision},
            )
            notice = None
            if action is not report_rules.ModAction.DISMISS:
                notice = await self.notices.add(s, row.reported_id, "moderation", decision)
            await s.flush()
            out = report_out(row)
        if notice is not None:
            self.notices.push(out.reported, notice)
        return out


async def _seen_in_room(
    s: AsyncSession, reporter: str, reported: str, room: str
) -> list[ChatMessage]:
    """The reported's latest messages in ``room`` that the reporter could read during
    their own stays there (refused if they never stayed), newest first."""
    stays = [
        evidence.Stay(Membership(v.role), v.since, v.until)
        for v in await visits_repo.of(s, reporter, room)
    ]
    evidence.check_stayed(stays)
    rows = await chat_repo.recent(s, place=room, limit=EVIDENCE_SCANNED, sender_id=reported)
    kept = set(
        evidence.visible(
            stays,
            (evidence.Said(r.id, Channel(r.channel), r.at) for r in rows),
            EVIDENCE_MESSAGES,
            await friends_repo.blocked_since(s, reporter, reported),
        )
    )
    return [r for r in rows if r.id in kept]


def _permit(actor: Account) -> None:
    """Only a role that may moderate chat handles reports (403 ``forbidden``)."""
    if not allows(actor.role, Permission.MODERATE_CHAT):
        raise AdminError(ErrorCode.FORBIDDEN, "your role may not do this (moderate_chat)")


__all__ = ["EVIDENCE_MESSAGES", "EVIDENCE_SCANNED", "Reports"]
