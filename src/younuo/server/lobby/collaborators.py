"""What the lobby asks of the packages it works with, as small Protocols.

The match service (``younuo.server.match.service``) prepares, launches and drops
matches; the router (``younuo.server.realtime.routing``) reaches a match wherever it
runs. The lobby's store and starts are typed by these, not by those classes, so a test
or another node can stand in with anything that answers the same.
"""

from __future__ import annotations

from typing import Any, Protocol

from younuo.engine import Rules
from younuo.server.match.service import Runtime
from younuo.server.realtime.routing import Op
from younuo.server.seats.seat import Seat
from younuo.store.models import Match


class Matches(Protocol):
    """The match service as the lobby uses it: a match prepared, then launched once
    stored, or dropped when it was not."""

    def prepare(
        self,
        room_id: str,
        seats: list[Seat],
        rules: Rules,
        teams: list[list[str]] | None,
        abandon: str,
    ) -> tuple[Runtime, Match]: ...

    def unprepare(self, rt: Runtime) -> None: ...

    def launch(self, rt: Runtime) -> None: ...


class Tables(Protocol):
    """The running matches, on this node or another (``Router``)."""

    async def request(self, match_id: str, op: Op, account: str, **args: Any) -> Any: ...

    async def send_state(self, match_id: str, account: str, ref: Any = None) -> bool: ...

    async def plays(self, match_id: str | None, account: str) -> bool: ...


__all__ = ["Matches", "Tables"]
