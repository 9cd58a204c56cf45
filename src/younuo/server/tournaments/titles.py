"""Players' titles as the server shows and changes them (docs/tournaments.md, Titles).

The series job awards titles (``younuo.server.tournaments.series``); here a player's titles are
read, split at today's date into the one shown beside the name, the active ones and
the history, and revoked by a moderator's recorded decision: the revocation and its
audit entry are one transaction, and the player sees it in their history with its
reason. Nothing revokes a title by itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date

from younuo.protocol.errors import ErrorCode
from younuo.protocol.roles import Permission, allows
from younuo.server.admin.service import AdminError
from younuo.store import Database, moderation
from younuo.store import accounts as accounts_repo
from younuo.store import titles as stored
from younuo.store.models import Account
from younuo.tournaments import TournamentError
from younuo.tournaments.titles import Title, active, history, revoke, shown


@dataclass(frozen=True, slots=True)
class TitleView:
    """An account's titles on ``on``: the one shown beside the name, the valid ones
    (highest first) and the past ones (expired or revoked, latest first)."""

    shown: Title | None
    active: tuple[Title, ...]
    history: tuple[Title, ...]


def _view(titles: list[Title] | tuple[Title, ...], on: date) -> TitleView:
    return TitleView(shown(titles, on), active(titles, on), history(titles, on))


class Titles:
    """Reads and revokes titles."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def of(self, account_id: str, on: date) -> TitleView:
        async with self.db.session() as s:
            held = await stored.of_account(s, account_id)
        return _view(held, on)

    async def revoke(
        self, actor: Account | None, account_id: str, event: str, reason: str, on: date
    ) -> TitleView:
        """A moderator takes the title won at ``event`` away from ``on`` (audit-logged)."""
        if actor is not None and not allows(actor.role, Permission.REVOKE_TITLES):
            raise AdminError(ErrorCode.FORBIDDEN, "only moderators and admins revoke titles")
        async with self.db.session() as s, s.begin():
            if await accounts_repo.get(s, account_id) is None:
                raise AdminError(ErrorCode.NOT_FOUND, f"no account {account_id!r}")
            held = await stored.of_account(s, account_id)
            try:
                changed = revoke(held, event, on, reason)
            except TournamentError as exc:  # unknown_title, already_revoked, bad_reason
                raise AdminError(str(exc.code), exc.message) from None
            await stored.replace(s, account_id, list(changed))
            await moderation.audit(
                s,
                at=time.time(),
                actor=actor.id if actor else None,
                action="revoke_title",
                target=account_id,
                details={"event": event, "reason": reason.strip(), "on": on.isoformat()},
            )
        return _view(changed, on)
