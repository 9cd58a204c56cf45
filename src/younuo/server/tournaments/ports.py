"""The typed hook between the tournament service and its tables.

The service hands each command of an event to ``carry_out``; the tables carry them out
on the match service, and need the service to record results. The composition root
builds one :class:`CarryOutHook`, gives it to the service's constructor, and then to the
tables' constructor, which adds :meth:`TournamentTables.carry_out
<younuo.server.tournaments.tables.TournamentTables.carry_out>` to it: nothing is
assigned to the service after it is built.
"""

from __future__ import annotations

from younuo.server.tournaments.service import CarryOut
from younuo.tournaments import Command


class CarryOutHook:
    """The carriers of an event's commands, called in the order they were added."""

    def __init__(self) -> None:
        self._carriers: list[CarryOut] = []

    def add(self, carrier: CarryOut) -> None:
        self._carriers.append(carrier)

    @property
    def carriers(self) -> tuple[CarryOut, ...]:
        return tuple(self._carriers)

    async def __call__(self, event: str, command: Command) -> None:
        for carrier in self._carriers:
            await carrier(event, command)


__all__ = ["CarryOutHook"]
