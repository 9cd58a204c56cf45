"""A player's own data: downloading it and deleting the account (issue 38, item 5).

The thin shell over :mod:`younuo.store.exports` (what is gathered) and
:mod:`younuo.store.erasure` (what is deleted and how the matches played are
anonymised). Deleting asks for the account's name again and a registered account's
password, and is refused while the account (or one of its bots) sits in a room or is
entered in an event that has not ended: leave first, so that no table or bracket is
left waiting for an account that no longer exists. The account's bots go with it. The
deletion is one transaction; then every socket of the account and its bots is closed
(close code 4002, as a logout) on every node, and this node's cached replays are
dropped (they may show the old name). docs/security.md, *Privacy*, is the player's
view: what goes, and what remains.
"""

from __future__ import annotations

import time

from younuo.protocol.privacy import AccountDeleted, DataExport, DeleteAccountIn
from younuo.server.accounts.auth import Auth
from younuo.server.accounts.refused import RequestRefused
from younuo.server.lobby.service import Lobby
from younuo.server.match.replays import ReplayCache
from younuo.server.realtime.connections import Hub
from younuo.store import Database, erasure, exports, moderation
from younuo.store import bots as bots_repo
from younuo.store import tournaments as tournaments_repo
from younuo.store.models import Account
from younuo.tournaments.tournament import Status, Tournament

OPEN_EVENTS = [str(Status.REGISTRATION), str(Status.RUNNING)]
"""Events an account may not leave by deletion: those not yet ended."""


class Refused(RequestRefused):
    """The deletion is refused: an HTTP status, a code and a message; nothing changed."""


def entered(event: Tournament, account: str) -> bool:
    """Whether ``account`` is registered in or an entrant of ``event``."""
    return any(r.account == account for r in event.registrations) or any(
        e.account == account for e in event.entrants
    )


class PersonalData:
    """Downloads and deletions of accounts, over the database, the hub and the lobby."""

    def __init__(
        self, db: Database, hub: Hub, auth: Auth, lobby: Lobby, replays: ReplayCache
    ) -> None:
        self.db = db
        self.hub = hub
        self.auth = auth
        self.lobby = lobby
        self.replays = replays

    async def export(self, me: Account) -> DataExport:
        """Everything of the account's own (:func:`younuo.store.exports.gather`)."""
        async with self.db.session() as s:
            account = await s.get(Account, me.id)
            assert account is not None
            data = await exports.gather(s, account)
        return DataExport.model_validate({**data, "exported_at": time.time()})

    async def delete(self, me: Account, body: DeleteAccountIn) -> AccountDeleted:
        """Delete ``me`` and its bots (see the module's doc); :class:`Refused` otherwise."""
        if me.bot:
            raise Refused(403, "bot_account", "a bot account is deleted with its owner's account")
        if body.confirm != me.name:
            raise Refused(400, "bad_confirmation", "type the account's name to delete it")
        if not me.guest and not await self.auth.password_matches(me, body.password or ""):
            raise Refused(401, "bad_password", "wrong password")
        async with self.db.session() as s:
            bots = [b.id for b in await bots_repo.owned(s, me.id)]
            events = [
                Tournament.from_dict(row.value)
                for row in await tournaments_repo.with_status(s, OPEN_EVENTS)
            ]
        for account in (me.id, *bots):
            if await self.lobby.room_of(account) is not None:
                raise Refused(
                    409, "in_room", "leave your room first (and take your bots out of theirs)"
                )
            if any(entered(event, account) for event in events):
                raise Refused(
                    409, "in_event", "withdraw from your events first, or wait until they end"
                )
        now = time.time()
        async with self.db.session() as s, s.begin():
            hashes: list[str] = []
            anonymised = 0
            for account in (*bots, me.id):
                hashes += await erasure.token_hashes(s, account)
                anonymised += await erasure.erase(s, account)
            await moderation.audit(
                s,
                at=now,
                actor=me.id,
                action="account_deleted",
                target=me.id,
                details={"bots": bots, "matches_anonymised": anonymised},
            )
        for hashed in hashes:
            self.hub.revoke_everywhere(hashed)
        self.replays.clear()
        return AccountDeleted(deleted=me.id, matches_anonymised=anonymised, bots_deleted=len(bots))


__all__ = ["OPEN_EVENTS", "PersonalData", "Refused", "entered"]
