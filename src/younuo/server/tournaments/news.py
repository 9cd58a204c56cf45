"""``tournament_update``: an event's registrants told that it changed, so that its page
(standings, tables, registrations) updates at once rather than at its next reading.

:class:`~younuo.server.tournaments.service.TournamentService` calls :meth:`TournamentNews.changed`
after every stored change of an event. The first change is told at once; those that
follow within ``gap`` seconds are gathered into one message at the end of the gap (a
stage's tables starting together, or a burst of registrations, make one message per
registrant, not one per change). Each node gathers its own changes; the hub takes each
message to the registrant's node.
"""

from __future__ import annotations

import asyncio
import time

from younuo.protocol.messages import TournamentUpdate
from younuo.server.realtime.connections import Hub
from younuo.tournaments import Tournament

GAP = 1.0
"""Seconds between two updates of one event (to each of its registrants)."""


class TournamentNews:
    """Tells an event's registrants of its changes, at most one message per ``gap``."""

    def __init__(self, hub: Hub, gap: float = GAP) -> None:
        self.hub = hub
        self.gap = gap
        self._waiting: dict[str, Tournament] = {}
        """The newest value of each event whose update waits for the end of its gap."""
        self._sent: dict[str, float] = {}
        """When each event's last update went (the events of the last gap only)."""
        self._tasks: set[asyncio.Task[None]] = set()

    def changed(self, t: Tournament) -> None:
        """``t`` was stored: tell its registrants now, or at the end of the gap."""
        if t.id in self._waiting:
            self._waiting[t.id] = t  # the gathered message tells the newest value
            return
        now = time.monotonic()
        wait = self._sent.get(t.id, now - self.gap) + self.gap - now
        if wait <= 0:
            self._send(t, now)
            return
        self._waiting[t.id] = t
        task = asyncio.ensure_future(self._later(t.id, wait))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _later(self, event: str, wait: float) -> None:
        await asyncio.sleep(wait)
        self._send(self._waiting.pop(event), time.monotonic())

    def _send(self, t: Tournament, now: float) -> None:
        # Forget the events whose gap is over, so that the map holds the last gap's only.
        self._sent = {e: at for e, at in self._sent.items() if now - at < self.gap}
        self._sent[t.id] = now
        told = TournamentUpdate(tournament=t.id, status=t.status.value)
        for registration in t.registrations:
            self.hub.tell(registration.account, told)


__all__ = ["GAP", "TournamentNews"]
