"""An account's social switches: free text, who may invite it, ask it to be friends or
write to it; and a moderator's mute, which the account sees but cannot lift."""

from __future__ import annotations

from younuo.protocol.social import SocialSettingsIn, SocialSettingsOut
from younuo.server.social.wire import settings_out
from younuo.store import Database
from younuo.store import socialsettings as settings_repo
from younuo.store.models import Account


class Switches:
    """Each account's own social switches, over the database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def of(self, me: Account) -> SocialSettingsOut:
        """Your switches (the defaults where you never set one) and any mute."""
        async with self.db.session() as s:
            row = await settings_repo.get(s, me.id, guest=me.guest)
        return settings_out(row)

    async def change(self, me: Account, patch: SocialSettingsIn) -> SocialSettingsOut:
        """Change your own switches (a mute is a moderator's, and stays)."""
        async with self.db.session() as s, s.begin():
            row = await settings_repo.get(s, me.id, guest=me.guest)
            # The patch's fields are the row's own switches: each one it sets, and no other.
            for switch, value in patch.model_dump(exclude_none=True).items():
                setattr(row, switch, value)
            row = await settings_repo.put(s, row)
            return settings_out(row)


__all__ = ["Switches"]
