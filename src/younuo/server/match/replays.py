"""Step-by-step replays of ended matches, for the replay viewer.

A match's record (docs/records.md) is replayed in the engine and the table is written
down after every action: the action, every event it caused (nothing redacted: the match
is over, every hand may be seen) and the replay's ``state`` snapshot. Step 0 is the
deal: no action, the opening events and the state before the first action.

Replaying a long match takes a while, so it runs in a worker thread, and the answer
of the last few matches asked for is kept (an ended match never changes).
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import Any

from younuo.engine import IllegalAction
from younuo.engine.records import Record
from younuo.protocol.replays import ReplayOut, ReplayStepOut

CACHED = 16
"""Replays kept in memory (their JSON text), most recently asked for first."""


def replay_steps(match_id: str, record: dict[str, Any]) -> ReplayOut:
    """Every step of ``record``; a refused action ends the steps and fills ``error``.

    A record that is not valid raises :class:`~younuo.engine.RecordError`.
    """
    parsed = Record.from_dict(record)
    game = parsed.start()
    steps = [
        ReplayStepOut(
            action=None,
            events=[e.to_dict() for e in game.opening_events],
            state=game.snapshot(),
        )
    ]
    error: dict[str, Any] | None = None
    for index, action in enumerate(parsed.actions):
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            error = {"index": index, "code": exc.code, "message": exc.message}
            break
        steps.append(
            ReplayStepOut(
                action=action.to_dict(),
                events=[e.to_dict() for e in events],
                state=game.snapshot(),
            )
        )
    return ReplayOut(match=match_id, steps=steps, error=error)


class ReplayCache:
    """The JSON text of recent replays, by match id (thread-safe, bounded)."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self._items: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Forget every kept replay (an account was deleted: its name may be in them)."""
        with self._lock:
            self._items.clear()

    async def text(self, match_id: str, record: dict[str, Any]) -> str:
        """The replay of an ended match as JSON text, computed off the event loop."""
        with self._lock:
            found = self._items.get(match_id)
            if found is not None:
                self._items.move_to_end(match_id)
                return found
        text = await asyncio.to_thread(lambda: replay_steps(match_id, record).model_dump_json())
        with self._lock:
            self._items[match_id] = text
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return text


__all__ = ["CACHED", "ReplayCache", "ReplayOut", "ReplayStepOut", "replay_steps"]
