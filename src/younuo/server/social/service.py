"""Social play's service (issue 29): friends, blocks, presence, notices, invitations, chat
and reports, as a thin shell over the pure rules of :mod:`younuo.social`.

Every method reads the facts from the database (and the hub, for who is connected),
asks the pure rules, and stores what they decide; a refusal is a
:class:`~younuo.social.errors.SocialError` (code and message) and changes nothing. What
reaches a connected player at once (a chat message, a new notice) goes through
:meth:`Hub.tell <younuo.server.realtime.connections.Hub.tell>`, which also reaches an account
connected to another node. docs/social.md is the player's and the operator's view.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import Chat, ChatOut, NoticeMessage, NoticeOut
from younuo.protocol.roles import Permission, allows
from younuo.protocol.social import (
    BlockOut,
    FriendOut,
    PresenceOut,
    ReportDecisionIn,
    ReportFiled,
    ReportIn,
    ReportOut,
    SocialSettingsIn,
    SocialSettingsOut,
)
from younuo.server.admin.service import AdminError
from younuo.server.edge.limits import SharedBuckets
from younuo.server.lobby.rooms import RoomState
from younuo.server.lobby.service import Lobby
from younuo.server.realtime.connections import Hub
from younuo.server.settings import Settings
from younuo.social import blocks as blocks_rules
from younuo.social import chatpolicy, evidence, friendship, presence
from younuo.social import reports as report_rules
from younuo.social.chatpolicy import Channel, FreeText, Membership
from younuo.social.errors import SocialCode, SocialError
from younuo.social.wordfilter import WordFilter
from younuo.store import Database, moderation
from younuo.store import accounts as accounts_repo
from younuo.store import chat as chat_repo
from younuo.store import friends as friends_repo
from younuo.store import notices as notices_repo
from younuo.store import reports as reports_repo
from younuo.store import socialsettings as settings_repo
from younuo.store import visits as visits_repo
from younuo.store.models import Account, ChatMessage, Notice, Report

MAX_NOTICES = 100
"""Notices one listing returns at most."""
EVIDENCE_MESSAGES = 20
"""The reported player's latest messages in the place of a report, kept with it."""
EVIDENCE_SCANNED = 500
"""The reported player's latest messages in a room read to find those the reporter saw."""

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


class NotFound(Exception):
    """No such account, notice or room for this caller: REST ``404`` ``not_found``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def membership(room: RoomState, account: str) -> Membership:
    """What ``account`` is to ``room``: a seated player, a spectator, or nothing."""
    if room.seat_of(account) is not None:
        return Membership.PLAYER
    if account in room.spectators:
        return Membership.SPECTATOR
    return Membership.NONE


def default_channel(member: Membership, *, match_running: bool) -> Channel:
    """Where a message goes when the sender names no channel: the room between matches,
    the sender's own side of the table during one (so spectators never reach players)."""
    if not match_running:
        return Channel.ROOM
    return Channel.TABLE_SPECTATORS if member is Membership.SPECTATOR else Channel.TABLE_PLAYERS


def _notice_out(row: Notice) -> NoticeOut:
    return NoticeOut.model_validate(
        {
            "id": row.id,
            "kind": row.kind,
            "payload": row.payload,
            "created_at": row.created_at,
            "read_at": row.read_at,
        }
    )


def direct_place(a: str, b: str) -> str:
    """The stored place of the direct line between ``a`` and ``b`` (either order)."""
    low, high = sorted((a, b))
    return f"d:{low}:{high}"


def _chat_out(
    row: ChatMessage, room: str | None, sender_name: str, to: str | None = None
) -> ChatOut:
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


def _report_out(row: Report) -> ReportOut:
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


class SocialService:
    """The social operations of accounts and moderators, over the database and the hub."""

    def __init__(self, db: Database, hub: Hub, lobby: Lobby, settings: Settings) -> None:
        self.db = db
        self.hub = hub
        self.lobby = lobby
        self.settings = settings
        self.words = WordFilter.from_path(settings.chat_word_list)
        # One token bucket per account, shared by every node (docs/social.md).
        self.chat_budget = SharedBuckets(
            "chat", settings.chat_per_minute / 60, settings.chat_burst, settings.limit_entries, hub
        )

    # ------------------------------------------------------------------ helpers
    async def _account(self, s: AsyncSession, account_id: str) -> Account:
        account = await accounts_repo.get(s, account_id)
        if account is None:
            raise NotFound(f"no account {account_id!r}")
        return account

    async def _blocked(self, s: AsyncSession, a: str, b: str) -> bool:
        return blocks_rules.between(await friends_repo.blocks_among(s, [a, b]), a, b)

    async def _notify(
        self, s: AsyncSession, account_id: str, kind: str, payload: dict[str, Any]
    ) -> NoticeOut:
        """Store a notice (in the caller's transaction); push it with :meth:`_push`."""
        return _notice_out(await notices_repo.add(s, account_id, kind, payload, at=time.time()))

    def _push(self, account_id: str, notice: NoticeOut) -> None:
        """Tell a connected account of its new notice, after the notice is stored."""
        self.hub.tell(account_id, NoticeMessage(notice=notice))

    def deliver(self, row: Notice) -> None:
        """Push a notice another service stored (an admin's rename), wherever its
        account is connected."""
        self._push(row.account_id, _notice_out(row))

    async def _presence(self, accounts: list[str]) -> dict[str, presence.Whereabouts]:
        connected = await self.hub.peers.online(accounts, self.hub)
        lobby = self.lobby.feed.accounts()
        lobby |= await self.hub.peers.in_lobby(a for a in accounts if a not in lobby)
        out: dict[str, presence.Whereabouts] = {}
        for account in accounts:
            room = await self.lobby.room_of(account) if account in connected else None
            if room is None:
                out[account] = presence.Whereabouts(
                    connected=account in connected, in_lobby=account in lobby
                )
                continue
            public = not room.settings.private
            out[account] = presence.Whereabouts(
                connected=True,
                room_id=room.id,
                playing=room.status == "playing",
                room_has_free_seat=public and room.free_seats() > 0,
                room_allows_watchers=public,
            )
        return out

    # ------------------------------------------------------------------ friends
    async def friends(self, me: Account) -> list[FriendOut]:
        """Your friends and pending requests either way, with the friends' presence."""
        async with self.db.session() as s:
            links = await friends_repo.links_of(s, me.id)
            others = [
                link.addressee if link.requester == me.id else link.requester for link in links
            ]
            names = await accounts_repo.get_many(s, others)
            blocks = await friends_repo.blocks_among(s, [me.id, *others])
        where = await self._presence(
            [o for o, link in zip(others, links, strict=True) if friendship.are_friends(link)]
        )
        out = []
        for other, link in zip(others, links, strict=True):
            if friendship.are_friends(link):
                status = "friends"
            else:
                status = "outgoing" if link.requester == me.id else "incoming"
            seen = presence.view(
                where.get(other, presence.Whereabouts(connected=False)),
                friends=friendship.are_friends(link),
                blocked=blocks_rules.between(blocks, me.id, other),
            )
            out.append(
                FriendOut.model_validate(
                    {
                        "account": other,
                        "name": names[other].name if other in names else "?",
                        "status": status,
                        "presence": PresenceOut(
                            state=seen.state.value,
                            room=seen.room_id,
                            joinable=seen.joinable,
                            watchable=seen.watchable,
                        ),
                    }
                )
            )
        order = {"friends": 0, "incoming": 1, "outgoing": 2}
        return sorted(out, key=lambda f: (order[f.status], f.name.casefold()))

    async def request(self, me: Account, account_id: str | None, name: str | None) -> str:
        """Ask an account (by id, or by registered name) to be friends; its id.

        A request to someone who already asked you makes you friends at once."""
        async with self.db.session() as s, s.begin():
            if account_id is not None:
                target = await self._account(s, account_id)
            elif name is not None and name.strip():
                found = await accounts_repo.by_name(s, name.strip())
                if found is None:
                    raise NotFound(f"no registered account named {name.strip()[:40]!r}")
                target = found
            else:
                raise NotFound("name the account by its id or its registered name")
            link = await friends_repo.get_link(s, me.id, target.id)
            blocked = await self._blocked(s, me.id, target.id)
            new = friendship.request(link, me.id, target.id, blocked=blocked)
            if new.status is friendship.LinkStatus.PENDING:
                theirs = await settings_repo.get(s, target.id, guest=target.guest)
                if theirs.requests == "nobody":
                    raise SocialError(
                        SocialCode.NOT_ACCEPTING, "This player does not take friend requests."
                    )
            await friends_repo.put_link(s, new, at=time.time())
            # A pending request, or friends at once if they had asked us (both want it).
            kind = (
                "friend_request"
                if new.status is friendship.LinkStatus.PENDING
                else "friend_accepted"
            )
            notice = await self._notify(s, target.id, kind, {"account": me.id, "name": me.name})
        self._push(target.id, notice)
        return target.id

    async def accept(self, me: Account, other: str) -> None:
        """Accept the request ``other`` made you; they get a notice."""
        async with self.db.session() as s, s.begin():
            link = friendship.accept(await friends_repo.get_link(s, me.id, other), me.id)
            await friends_repo.put_link(s, link, at=time.time())
            notice = await self._notify(
                s, other, "friend_accepted", {"account": me.id, "name": me.name}
            )
        self._push(other, notice)

    async def decline(self, me: Account, other: str) -> None:
        """Decline ``other``'s request to you, or withdraw yours to them."""
        async with self.db.session() as s, s.begin():
            friendship.decline(await friends_repo.get_link(s, me.id, other), me.id)
            await friends_repo.delete_link(s, me.id, other)

    async def remove(self, me: Account, other: str) -> None:
        """End a friendship (the other is not told: they see it in their list)."""
        async with self.db.session() as s, s.begin():
            friendship.remove(await friends_repo.get_link(s, me.id, other), me.id)
            await friends_repo.delete_link(s, me.id, other)

    # ------------------------------------------------------------------ blocks
    async def blocks(self, me: Account) -> list[BlockOut]:
        """The accounts you block, newest first."""
        async with self.db.session() as s:
            rows = await friends_repo.blocked_by(s, me.id)
            names = await accounts_repo.get_many(s, [r.blocked_id for r in rows])
        return [
            BlockOut(account=r.blocked_id, name=names[r.blocked_id].name, at=r.at)
            for r in rows
            if r.blocked_id in names
        ]

    async def block(self, me: Account, other: str) -> BlockOut:
        """Block ``other``: any friendship or request between you ends, and neither of
        you reaches the other (requests, invitations, chat) until you unblock."""
        blocks_rules.block_target_check(me.id, other)
        async with self.db.session() as s, s.begin():
            target = await self._account(s, other)
            now = time.time()
            await friends_repo.block(s, me.id, target.id, at=now)
        return BlockOut(account=target.id, name=target.name, at=now)

    async def unblock(self, me: Account, other: str) -> None:
        """Lift your block of ``other`` (a friendship it ended does not come back)."""
        async with self.db.session() as s, s.begin():
            await friends_repo.unblock(s, me.id, other)

    # ------------------------------------------------------------------ notices
    async def notices(self, me: Account, *, unread: bool) -> list[NoticeOut]:
        """Your notices, newest first."""
        async with self.db.session() as s:
            rows = await notices_repo.of(s, me.id, unread=unread, limit=MAX_NOTICES)
        return [_notice_out(r) for r in rows]

    async def read_notice(self, me: Account, notice_id: int) -> NoticeOut:
        """Mark one of your notices read; someone else's is as unknown as none."""
        async with self.db.session() as s, s.begin():
            row = await notices_repo.mark_read(s, me.id, notice_id, at=time.time())
            if row is None:
                raise NotFound("you have no notice of that id")
            return _notice_out(row)

    async def invite(self, me: Account, other: str, room_id: str | None) -> NoticeOut:
        """Invite a friend to your room (or ``room_id``, a room you are in): a notice that
        waits for them if they are offline. The invitee's settings may refuse it."""
        room = await self.lobby.room_of(me.id)
        if room is None or (room_id is not None and room.id != room_id):
            raise SocialError(SocialCode.NOT_MEMBER, "You can invite only to a room you are in.")
        async with self.db.session() as s, s.begin():
            target = await self._account(s, other)
            blocks = await friends_repo.blocks_among(s, [me.id, target.id])
            blocks_rules.check_reach(blocks, me.id, target.id)
            link = await friends_repo.get_link(s, me.id, target.id)
            if not friendship.are_friends(link):
                raise SocialError(SocialCode.NOT_FRIENDS, "You can invite only your friends.")
            theirs = await settings_repo.get(s, target.id, guest=target.guest)
            if theirs.invites == "nobody":
                raise SocialError(
                    SocialCode.NOT_ACCEPTING, "This player does not take invitations."
                )
            notice = await self._notify(
                s,
                target.id,
                "invitation",
                {
                    "account": me.id,
                    "name": me.name,
                    "room": room.id,
                    "room_name": room.settings.name,
                    "code": room.code,
                },
            )
        self._push(target.id, notice)
        return notice

    # ------------------------------------------------------------------ settings
    async def social_settings(self, me: Account) -> SocialSettingsOut:
        async with self.db.session() as s:
            row = await settings_repo.get(s, me.id, guest=me.guest)
        return _settings_out(row)

    async def change_settings(self, me: Account, patch: SocialSettingsIn) -> SocialSettingsOut:
        """Change your own switches (a mute is a moderator's, and stays)."""
        async with self.db.session() as s, s.begin():
            row = await settings_repo.get(s, me.id, guest=me.guest)
            if patch.free_text is not None:
                row.free_text = patch.free_text
            if patch.invites is not None:
                row.invites = patch.invites
            if patch.requests is not None:
                row.requests = patch.requests
            if patch.messages is not None:
                row.messages = patch.messages
            row = await settings_repo.put(s, row)
            return _settings_out(row)

    # ------------------------------------------------------------------ chat
    async def post(self, me: Account, m: Chat) -> ChatOut:
        """Post a chat message to a room or a friend: checked (where it goes, mute,
        rate, free text switches, word filter) before anything is stored; then pushed to
        every reader, never across a block either way."""
        if (m.phrase is None) == (m.text is None):
            raise SocialError(SocialCode.EMPTY, "Send a quick phrase or a text, not both.")
        if (m.room is None) == (m.to is None):
            raise SocialError(SocialCode.NOT_MEMBER, "Send to a room or to a friend, not both.")
        if m.to is not None:
            return await self._post_direct(me, m, m.to)
        assert m.room is not None
        room = await self.lobby.load(m.room)
        member = membership(room, me.id) if room is not None else Membership.NONE
        if room is None or member is Membership.NONE:
            raise SocialError(SocialCode.NOT_MEMBER, "You are not in this room.")
        running = room.status == "playing"
        channel = (
            Channel(m.channel) if m.channel else default_channel(member, match_running=running)
        )
        chatpolicy.check_room_post(channel, member, match_running=running)
        now = time.time()
        async with self.db.session() as s, s.begin():
            text = await self._checked(s, me, m, now, room_free_text=room.settings.free_text)
            row = await chat_repo.post(
                s,
                channel=channel.value,
                place=room.id,
                sender_id=me.id,
                at=now,
                phrase=m.phrase,
                text=text,
            )
            members = room.members()
            blocks = await friends_repo.blocks_among(s, [me.id, *members])
        out = _chat_out(row, room.id, me.name)
        for reader in set(members):
            if blocks_rules.between(blocks, me.id, reader):
                continue
            if chatpolicy.may_read(channel, membership(room, reader), match_running=running):
                self.hub.tell(reader, out)
        return out

    async def _post_direct(self, me: Account, m: Chat, to: str) -> ChatOut:
        """A direct message to a friend, if their settings take messages."""
        if m.channel not in (None, Channel.DIRECT.value):
            raise SocialError(SocialCode.NOT_MEMBER, "A direct message has no room channel.")
        now = time.time()
        async with self.db.session() as s, s.begin():
            target = await self._account(s, to)
            await self._check_line(s, me.id, target.id)
            theirs = await settings_repo.get(s, target.id, guest=target.guest)
            if theirs.messages == "nobody":
                raise SocialError(SocialCode.NOT_ACCEPTING, "This player does not take messages.")
            text = await self._checked(s, me, m, now)
            row = await chat_repo.post(
                s,
                channel=Channel.DIRECT.value,
                place=direct_place(me.id, target.id),
                sender_id=me.id,
                at=now,
                phrase=m.phrase,
                text=text,
            )
        out = _chat_out(row, None, me.name, to=target.id)
        self.hub.tell(me.id, out)
        self.hub.tell(target.id, out)
        return out

    async def _check_line(self, s: AsyncSession, a: str, b: str) -> None:
        """Refuse a direct line between ``a`` and ``b`` unless they are friends, unblocked."""
        chatpolicy.check_direct(
            friends=friendship.are_friends(await friends_repo.get_link(s, a, b)),
            blocked=await self._blocked(s, a, b),
        )

    async def _checked(
        self, s: AsyncSession, me: Account, m: Chat, now: float, *, room_free_text: bool = True
    ) -> str | None:
        """The sender's checks: not muted, within the rate, and free text allowed (by the
        server, the room's host and the account) and clean; the trimmed text (None for a
        phrase)."""
        mine = await settings_repo.get(s, me.id, guest=me.guest)
        chatpolicy.check_sender(muted_until=mine.muted_until, now=now)
        await self._spend(me.id)
        if m.text is None:
            return None
        switches = FreeText(
            server=self.settings.chat_free_text, room=room_free_text, account=mine.free_text
        )
        text = chatpolicy.check_text(m.text, switches)
        if not self.words.allows(text):
            raise SocialError(
                SocialCode.FILTERED, "The message holds a word this server does not allow."
            )
        return text

    async def direct_log(self, me: Account, other: str, limit: int) -> list[ChatOut]:
        """The recent direct messages between you and a friend, oldest first."""
        async with self.db.session() as s:
            friend = await self._account(s, other)
            await self._check_line(s, me.id, friend.id)
            rows = await chat_repo.recent(s, place=direct_place(me.id, friend.id), limit=limit)
        names = {me.id: me.name, friend.id: friend.name}
        return [
            _chat_out(r, None, names[r.sender_id], to=friend.id if r.sender_id == me.id else me.id)
            for r in reversed(rows)
        ]

    async def _spend(self, account: str) -> None:
        if await self.chat_budget.take(account):
            raise SocialError(SocialCode.RATE_LIMITED, "You are sending messages too fast.")

    async def chat_log(self, me: Account, room_id: str, limit: int) -> list[ChatOut]:
        """The room's recent messages that you may read now, oldest first: only a member
        reads a room, each channel only its readers, and nothing across a block."""
        room = await self.lobby.load(room_id)
        member = membership(room, me.id) if room is not None else Membership.NONE
        if room is None or member is Membership.NONE:
            raise SocialError(SocialCode.NOT_MEMBER, "You are not in this room.")
        running = room.status == "playing"
        async with self.db.session() as s:
            rows = await chat_repo.recent(s, place=room.id, limit=limit)
            senders = {r.sender_id for r in rows}
            names = await accounts_repo.get_many(s, list(senders))
            blocks = await friends_repo.blocks_among(s, [me.id, *senders])
        out = []
        for row in reversed(rows):
            if blocks_rules.between(blocks, me.id, row.sender_id):
                continue
            if not chatpolicy.may_read(Channel(row.channel), member, match_running=running):
                continue
            name = names[row.sender_id].name if row.sender_id in names else "?"
            out.append(_chat_out(row, room.id, name))
        return out

    async def purge_chat(self) -> None:
        """The scheduler's job: delete messages (and stays in rooms) older than the
        retention period."""
        cutoff = time.time() - self.settings.chat_retention_days * 86400.0
        async with self.db.session() as s, s.begin():
            await chat_repo.purge_before(s, cutoff)
            # Stays in rooms only judge stored chat (a report's evidence): they go with it.
            await visits_repo.purge_before(s, cutoff)

    # ------------------------------------------------------------------ reports
    async def report(self, me: Account, body: ReportIn) -> ReportFiled:
        """Report a player, with the evidence of what the reporter could see.

        With a room: the reported player's latest messages there that the reporter could
        read, during their own stays in the room (:mod:`younuo.social.evidence`); a room
        the reporter never stayed in is refused. With no room (a report from the profile
        or a conversation): the reported's latest direct messages to the reporter. A
        report shows the moderators nothing the reporter was not shown."""
        report_rules.check_report(me.id, body.account)
        async with self.db.session() as s, s.begin():
            target = await self._account(s, body.account)
            if body.room is not None:
                stays = [
                    evidence.Stay(Membership(v.role), v.since, v.until)
                    for v in await visits_repo.of(s, me.id, body.room)
                ]
                evidence.check_stayed(stays)
                rows = await chat_repo.recent(
                    s, place=body.room, limit=EVIDENCE_SCANNED, sender_id=target.id
                )
                kept = set(
                    evidence.visible(
                        stays,
                        (evidence.Said(r.id, Channel(r.channel), r.at) for r in rows),
                        EVIDENCE_MESSAGES,
                        await friends_repo.blocked_since(s, me.id, target.id),
                    )
                )
                rows = [r for r in rows if r.id in kept]
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

    async def report_queue(self, actor: Account, status: str | None, limit: int) -> list[ReportOut]:
        """The moderators' queue: reports in ``status`` (None: all), oldest first."""
        _permit(actor)
        async with self.db.session() as s:
            return [_report_out(r) for r in await reports_repo.queue(s, status=status, limit=limit)]

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
                target = await self._account(s, row.reported_id)
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
                notice = await self._notify(s, row.reported_id, "moderation", decision)
            await s.flush()
            out = _report_out(row)
        if notice is not None:
            self._push(out.reported, notice)
        return out


def _permit(actor: Account) -> None:
    if not allows(actor.role, Permission.MODERATE_CHAT):
        raise AdminError(ErrorCode.FORBIDDEN, "your role may not do this (moderate_chat)")


def _settings_out(row: Any) -> SocialSettingsOut:
    return SocialSettingsOut.model_validate(
        {
            "free_text": row.free_text,
            "muted_until": row.muted_until,
            "invites": row.invites or "friends",
            "requests": row.requests or "everyone",
            "messages": row.messages or "friends",
        }
    )


__all__ = [
    "STATUS",
    "NotFound",
    "SocialService",
    "default_channel",
    "direct_place",
    "membership",
]
