"""Sanctions carried out: what a ban or a suspension ends at once, once it is stored.

:meth:`younuo.server.admin.service.Admin.set_standing` stores the new standing and, in the same
transaction, deletes every session and bot API token of the account and of the bot
accounts it owns (``store.moderation.end_tokens``). Its :class:`Outcome` names those
tokens' hashes and those accounts; :meth:`Sanctions.carry_out` then, in this order:

1. closes every socket opened with one of those tokens, on every node
   (``Hub.revoke_everywhere``, close code 4002), so that nothing more is played
   through them;
2. takes each of those accounts out of its room as a player who leaves
   (``Lobby.take_out``): R-LEAVE in the room's running match on whichever node runs
   it (the table plays on without them), then out of the seats and the spectators;
3. withdraws them from every event still taking registrations
   (``TournamentService.withdraw``); a running event's later tables take them out as
   they start (``server.tournaments.tables``), since a table is seated when it starts.

Younuo has no waiting queue to leave: a quick match seats a player in a room at once,
so step 2 covers it. An unban restores none of this (docs/security.md, Sanctions).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from younuo.protocol.messages import ProtocolError
from younuo.server.admin.service import Outcome
from younuo.server.lobby.service import Lobby
from younuo.server.realtime.connections import Hub
from younuo.server.tournaments.service import TournamentService

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Ended:
    """What a sanction ended: how many tokens, the rooms left, the events withdrawn from."""

    tokens: int
    rooms: tuple[str, ...]
    events: tuple[str, ...]


class Sanctions:
    """Carries out a stored sanction on the live server (see the module doc)."""

    def __init__(self, hub: Hub, lobby: Lobby, tournaments: TournamentService) -> None:
        self.hub = hub
        self.lobby = lobby
        self.tournaments = tournaments

    async def carry_out(self, outcome: Outcome, now: datetime) -> Ended:
        """Close the ended tokens' sockets everywhere, then take the sanctioned accounts
        out of their rooms, matches and registrations."""
        for token_hash in outcome.ended_sessions:
            self.hub.revoke_everywhere(token_hash)
        rooms = []
        for account in outcome.sanctioned:
            try:
                room = await self.lobby.take_out(account)
            except ProtocolError as exc:
                # The room kept changing under us: the others are still taken out, and
                # the account, which can no longer sign in, is away at the table.
                log.warning("sanctioned %s not taken out of its room: %s", account, exc.message)
                continue
            if room is not None:
                rooms.append(room)
        events = await self.tournaments.withdraw(outcome.sanctioned, now)
        return Ended(len(outcome.ended_sessions), tuple(rooms), tuple(events))


__all__ = ["Ended", "Sanctions"]
