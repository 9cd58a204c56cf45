"""Social play's service (issue 29): friends, blocks, presence, notices, invitations, chat
and reports, as thin shells over the pure rules of :mod:`younuo.social`.

:class:`SocialService` builds one part per job and holds them: :attr:`~SocialService.friends`,
:attr:`~SocialService.blocks`, :attr:`~SocialService.notices`,
:attr:`~SocialService.invitations`, :attr:`~SocialService.switches`,
:attr:`~SocialService.chat` and :attr:`~SocialService.reports`. Every operation reads the
facts from the database (and the hub, for who is connected), asks the pure rules, and
stores what they decide; a refusal is a :class:`~younuo.social.errors.SocialError` (code
and message) and changes nothing. What reaches a connected player at once (a chat
message, a new notice) goes through :meth:`Hub.tell
<younuo.server.realtime.connections.Hub.tell>`, which also reaches an account connected to
another node. docs/social.md is the player's and the operator's view.
"""

from __future__ import annotations

from younuo.server.realtime.connections import Hub
from younuo.server.settings import Settings
from younuo.server.social.blocks import Blocks
from younuo.server.social.chat import ChatService
from younuo.server.social.friends import Friends
from younuo.server.social.invitations import Invitations
from younuo.server.social.locator import Locator
from younuo.server.social.notices import Notices
from younuo.server.social.ports import Rooms
from younuo.server.social.reports import Reports
from younuo.server.social.switches import Switches
from younuo.store import Database
from younuo.store.models import Notice


class SocialService:
    """The social operations of accounts and moderators, one part per job."""

    def __init__(self, db: Database, hub: Hub, rooms: Rooms, settings: Settings) -> None:
        self.notices = Notices(db, hub)
        self.friends = Friends(db, self.notices, Locator(hub, rooms))
        self.blocks = Blocks(db)
        self.invitations = Invitations(db, rooms, self.notices)
        self.switches = Switches(db)
        self.chat = ChatService(db, hub, rooms, settings)
        self.reports = Reports(db, self.notices, settings)

    def deliver(self, row: Notice) -> None:
        """Push a notice another service stored (an admin's rename), wherever its
        account is connected."""
        self.notices.deliver(row)

    async def purge_chat(self) -> None:
        """The scheduler's job: chat and stays in rooms past their retention."""
        await self.chat.purge()

    async def purge_evidence(self) -> int:
        """The scheduler's job: reports' evidence past its retention; how many emptied."""
        return await self.reports.purge_evidence()


__all__ = ["SocialService"]
