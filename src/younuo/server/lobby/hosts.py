"""The host watch: a room whose host stays gone for the reconnect grace is handed on.

When a member's last connection on every node closes (``ClientSession.disconnected``),
the node that saw it calls :meth:`HostWatch.went_away`; ``grace`` seconds later that
node asks every node's presence who of the room is connected and applies
:func:`~younuo.server.lobby.handover.hand_over` through the store (version-checked, so
two nodes acting at once agree). A member who comes back within the grace is still
connected then, and nothing changes. The members hear of a new host by the room update
every change sends; a closed room's members are taken out of it.

Why a timer of the lobby's own and not a scheduler job: the disconnect is an event
seen by one node, at one time, so one sleeping task per gone member is all it takes;
a scheduler job would have to scan every room and ask the presence of all their
members every few seconds, on one node, to find the few whose host left. The cost is
that a node that dies takes its pending timers with it: its rooms then keep an offline
host, but the lobby lists only rooms whose host is connected (``RoomStore.listing``),
so nobody new is stranded in one, and the next member to leave starts a timer again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

from younuo.protocol.messages import ProtocolError
from younuo.server.lobby.handover import HandOver, hand_over
from younuo.server.lobby.rooms import RoomState

log = logging.getLogger(__name__)


class Presence(Protocol):
    """Who is connected on any node (``Hub``'s peers with the hub)."""

    async def __call__(self, accounts: Iterable[str]) -> set[str]: ...


Change = Callable[[str, Callable[[RoomState], HandOver]], Awaitable[HandOver]]
"""The store's version-checked change of a room (``RoomStore.change``)."""
Load = Callable[[str], Awaitable[RoomState | None]]


class HostWatch:
    """One pending check per member gone from a room, run ``grace`` seconds later."""

    def __init__(self, grace: float, load: Load, change: Change, presence: Presence) -> None:
        self.grace = grace
        self._load = load
        self._change = change
        self._presence = presence
        self._pending: dict[str, asyncio.Task[None]] = {}

    def went_away(self, account: str, room_id: str) -> None:
        """``account`` has no connection left anywhere and is a member of ``room_id``:
        look at the room once its grace is over (a newer departure replaces an older)."""
        old = self._pending.pop(account, None)
        if old is not None:
            old.cancel()
        self._pending[account] = asyncio.get_running_loop().create_task(
            self._after_grace(account, room_id), name=f"host-watch-{account}"
        )

    async def check(self, room_id: str, gone: str) -> HandOver:
        """Hand the room on now if ``gone`` (whose grace is over) still hosts it and is
        not connected (``handover``). A member who is not the host changes nothing: the
        host's own departure, if any, has a check of its own at the end of its grace."""
        room = await self._load(room_id)
        if room is None or room.host != gone:
            return HandOver.KEPT
        connected = await self._presence([*room.members()])
        if room.host in connected:
            return HandOver.KEPT

        def apply(r: RoomState) -> HandOver:
            if r.host != gone:
                return HandOver.KEPT  # someone else took it meanwhile
            return hand_over(r, connected & set(r.members()))

        return await self._change(room_id, apply)

    async def close(self) -> None:
        """Stop the pending checks (at shutdown)."""
        tasks = list(self._pending.values())
        self._pending.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _after_grace(self, account: str, room_id: str) -> None:
        try:
            await asyncio.sleep(self.grace)
            if account in await self._presence([account]):
                return  # came back within the grace
            await self.check(room_id, account)
        except ProtocolError:
            pass  # the room is gone meanwhile
        except Exception:
            log.exception("host hand-over of room %s failed", room_id)
        finally:
            if self._pending.get(account) is asyncio.current_task():
                del self._pending[account]


__all__ = ["HostWatch", "Presence"]
