"""Invitations: a friend asked to the room you are in, as a notice that waits for them if
they are offline; the invitee's settings or a block may refuse it."""

from __future__ import annotations

from younuo.protocol.messages import NoticeOut
from younuo.server.social.facts import account_of
from younuo.server.social.notices import Notices
from younuo.server.social.ports import Rooms
from younuo.social import blocks as blocks_rules
from younuo.social import friendship
from younuo.social.errors import SocialCode, SocialError
from younuo.store import Database
from younuo.store import friends as friends_repo
from younuo.store import socialsettings as settings_repo
from younuo.store.models import Account


class Invitations:
    """Invitations to a room, over the database, the rooms and the notices."""

    def __init__(self, db: Database, rooms: Rooms, notices: Notices) -> None:
        self.db = db
        self.rooms = rooms
        self.notices = notices

    async def invite(self, me: Account, other: str, room_id: str | None) -> NoticeOut:
        """Invite a friend to your room (or ``room_id``, a room you are in): a notice that
        waits for them if they are offline. The invitee's settings may refuse it."""
        room = await self.rooms.room_of(me.id)
        if room is None or (room_id is not None and room.id != room_id):
            raise SocialError(SocialCode.NOT_MEMBER, "You can invite only to a room you are in.")
        async with self.db.session() as s, s.begin():
            target = await account_of(s, other)
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
            notice = await self.notices.add(
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
        self.notices.push(target.id, notice)
        return notice


__all__ = ["Invitations"]
