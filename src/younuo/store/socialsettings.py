"""An account's social settings in the database: free text, mute, who may reach it.

An account without a row has the defaults (:func:`get` returns them unsaved); each
function runs inside the caller's transaction.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from younuo.social.chatpolicy import account_free_text_default
from younuo.store.models import SocialSettings


async def get(s: AsyncSession, account_id: str, *, guest: bool) -> SocialSettings:
    """The account's settings, or the defaults for it (not added to the session)."""
    row = await s.get(SocialSettings, account_id)
    if row is not None:
        return row
    return SocialSettings(
        account_id=account_id,
        free_text=account_free_text_default(guest=guest),
        muted_until=None,
        invites="friends",
        requests="everyone",
        messages="friends",
    )


async def put(s: AsyncSession, row: SocialSettings) -> SocialSettings:
    """Store the settings (insert or update) and return the stored row."""
    stored = await s.merge(row)
    await s.flush()
    return stored
