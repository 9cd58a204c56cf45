"""Chat: messages to a room (on its channels) or to a friend, each checked before it is
stored (where it goes, mute, rate, free-text switches, word filter), then pushed to every
reader and never across a block; the recent log a reader may see; the retention purge."""

from __future__ import annotations

import time

from sqlalchemy.ext.asyncio import AsyncSession

from younuo.protocol.messages import Chat, ChatOut
from younuo.server.edge.limits import SharedBuckets
from younuo.server.lobby.rooms import RoomState
from younuo.server.realtime.connections import Hub
from younuo.server.settings import Settings
from younuo.server.social.facts import account_of, blocked
from younuo.server.social.places import default_channel, direct_place, membership
from younuo.server.social.ports import Rooms
from younuo.server.social.wire import chat_out
from younuo.social import blocks as blocks_rules
from younuo.social import chatpolicy, friendship
from younuo.social.chatpolicy import Channel, FreeText, Membership
from younuo.social.errors import SocialCode, SocialError
from younuo.social.wordfilter import WordFilter
from younuo.store import Database
from younuo.store import accounts as accounts_repo
from younuo.store import chat as chat_repo
from younuo.store import friends as friends_repo
from younuo.store import socialsettings as settings_repo
from younuo.store import visits as visits_repo
from younuo.store.models import Account


class ChatService:
    """Rooms' and friends' chat, over the database, the rooms and the hub."""

    def __init__(self, db: Database, hub: Hub, rooms: Rooms, settings: Settings) -> None:
        self.db = db
        self.hub = hub
        self.rooms = rooms
        self.settings = settings
        self.words = WordFilter.from_path(settings.chat_word_list)
        # One token bucket per account, shared by every node (docs/social.md).
        self.budget = SharedBuckets(
            "chat", settings.chat_per_minute / 60, settings.chat_burst, settings.limit_entries, hub
        )

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
        room, member = await self._member_of(m.room, me)
        running = room.is_playing
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
        out = chat_out(row, room.id, me.name)
        for reader in set(members):
            if blocks_rules.between(blocks, me.id, reader):
                continue
            if chatpolicy.may_read(channel, membership(room, reader), match_running=running):
                self.hub.tell(reader, out)
        return out

    async def _member_of(self, room_id: str, me: Account) -> tuple[RoomState, Membership]:
        """The room and what ``me`` is to it; refused unless a player or a spectator."""
        room = await self.rooms.load(room_id)
        member = membership(room, me.id) if room is not None else Membership.NONE
        if room is None or member is Membership.NONE:
            raise SocialError(SocialCode.NOT_MEMBER, "You are not in this room.")
        return room, member

    async def _post_direct(self, me: Account, m: Chat, to: str) -> ChatOut:
        """A direct message to a friend, if their settings take messages."""
        if m.channel not in (None, Channel.DIRECT.value):
            raise SocialError(SocialCode.NOT_MEMBER, "A direct message has no room channel.")
        now = time.time()
        async with self.db.session() as s, s.begin():
            target = await account_of(s, to)
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
        out = chat_out(row, None, me.name, to=target.id)
        self.hub.tell(me.id, out)
        self.hub.tell(target.id, out)
        return out

    async def _check_line(self, s: AsyncSession, a: str, b: str) -> None:
        """Refuse a direct line between ``a`` and ``b`` unless they are friends, unblocked."""
        chatpolicy.check_direct(
            friends=friendship.are_friends(await friends_repo.get_link(s, a, b)),
            blocked=await blocked(s, a, b),
        )

    async def _checked(
        self, s: AsyncSession, me: Account, m: Chat, now: float, *, room_free_text: bool = True
    ) -> str | None:
        """The sender's checks: not muted, within the rate, and free text allowed (by the
        server, the room's host and the account) and clean; the trimmed text (None for a
        phrase)."""
        mine = await settings_repo.get(s, me.id, guest=me.guest)
        chatpolicy.check_sender(muted_until=mine.muted_until, now=now)
        if await self.budget.take(me.id):
            raise SocialError(SocialCode.RATE_LIMITED, "You are sending messages too fast.")
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
            friend = await account_of(s, other)
            await self._check_line(s, me.id, friend.id)
            rows = await chat_repo.recent(s, place=direct_place(me.id, friend.id), limit=limit)
        names = {me.id: me.name, friend.id: friend.name}
        return [
            chat_out(r, None, names[r.sender_id], to=friend.id if r.sender_id == me.id else me.id)
            for r in reversed(rows)
        ]

    async def room_log(self, me: Account, room_id: str, limit: int) -> list[ChatOut]:
        """The room's recent messages that you may read now, oldest first: only a member
        reads a room, each channel only its readers, and nothing across a block."""
        room, member = await self._member_of(room_id, me)
        running = room.is_playing
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
            out.append(chat_out(row, room.id, name))
        return out

    async def purge(self) -> None:
        """The scheduler's job: delete messages (and stays in rooms) older than the
        retention period."""
        cutoff = time.time() - self.settings.chat_retention_days * 86400.0
        async with self.db.session() as s, s.begin():
            await chat_repo.purge_before(s, cutoff)
            # Stays in rooms only judge stored chat (a report's evidence): they go with it.
            await visits_repo.purge_before(s, cutoff)


__all__ = ["ChatService"]
