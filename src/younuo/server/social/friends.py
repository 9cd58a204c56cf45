"""Friends: the list with the friends' presence, requests (by id or registered name),
accepting, declining or withdrawing, and ending a friendship."""

from __future__ import annotations

import time

from younuo.protocol.social import FriendOut
from younuo.server.social.facts import NotFound, account_of, blocked
from younuo.server.social.locator import Locator
from younuo.server.social.notices import Notices
from younuo.server.social.wire import friend_out
from younuo.social import blocks as blocks_rules
from younuo.social import friendship, presence
from younuo.social.errors import SocialCode, SocialError
from younuo.store import Database
from younuo.store import accounts as accounts_repo
from younuo.store import friends as friends_repo
from younuo.store import socialsettings as settings_repo
from younuo.store.models import Account

ORDER = {"friends": 0, "incoming": 1, "outgoing": 2}
"""The friends list's order: friends, then requests to you, then yours."""


class Friends:
    """Friendships and requests, over the database; the other account gets a notice of a
    request or an acceptance."""

    def __init__(self, db: Database, notices: Notices, locator: Locator) -> None:
        self.db = db
        self.notices = notices
        self.locator = locator

    async def of(self, me: Account) -> list[FriendOut]:
        """Your friends and pending requests either way, with the friends' presence."""
        async with self.db.session() as s:
            links = await friends_repo.links_of(s, me.id)
            others = [
                link.addressee if link.requester == me.id else link.requester for link in links
            ]
            names = await accounts_repo.get_many(s, others)
            blocks = await friends_repo.blocks_among(s, [me.id, *others])
        where = await self.locator.whereabouts(
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
            name = names[other].name if other in names else "?"
            out.append(friend_out(other, name, status, seen))
        return sorted(out, key=lambda f: (ORDER[f.status], f.name.casefold()))

    async def request(self, me: Account, account_id: str | None, name: str | None) -> str:
        """Ask an account (by id, or by registered name) to be friends; its id.

        A request to someone who already asked you makes you friends at once."""
        async with self.db.session() as s, s.begin():
            if account_id is not None:
                target = await account_of(s, account_id)
            elif name is not None and name.strip():
                found = await accounts_repo.by_name(s, name.strip())
                if found is None:
                    raise NotFound(f"no registered account named {name.strip()[:40]!r}")
                target = found
            else:
                raise NotFound("name the account by its id or its registered name")
            link = await friends_repo.get_link(s, me.id, target.id)
            refused = await blocked(s, me.id, target.id)
            new = friendship.request(link, me.id, target.id, blocked=refused)
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
            notice = await self.notices.add(s, target.id, kind, {"account": me.id, "name": me.name})
        self.notices.push(target.id, notice)
        return target.id

    async def accept(self, me: Account, other: str) -> None:
        """Accept the request ``other`` made you; they get a notice."""
        async with self.db.session() as s, s.begin():
            link = friendship.accept(await friends_repo.get_link(s, me.id, other), me.id)
            await friends_repo.put_link(s, link, at=time.time())
            notice = await self.notices.add(
                s, other, "friend_accepted", {"account": me.id, "name": me.name}
            )
        self.notices.push(other, notice)

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


__all__ = ["Friends"]
