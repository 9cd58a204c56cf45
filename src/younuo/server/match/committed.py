"""A match's last committed version as the feeds deliver it (:class:`Committed`).

Every ``state``, ``update``, ``match_over`` and ``emote`` is built from it: from the
match's snapshot (:mod:`.snapshots`), never from its game, which may hold a move that
is not committed yet.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from younuo.engine import Event
from younuo.server.match import wire
from younuo.server.match.runtime import Runtime
from younuo.server.realtime.feed import Committed, Kind


def committed(
    rt: Runtime,
    kind: Kind,
    events: Iterable[Event] = (),
    *,
    at: float | None = None,
    opening: bool = False,
    message: str | None = None,
) -> Committed:
    """The match's last committed version, as every node's feeds deliver it."""
    snapshot = rt.snapshot
    assert snapshot is not None
    game = rt.game
    happened = tuple(events)
    return Committed(
        match=rt.id,
        room=rt.room_id,
        version=rt.version,
        kind=kind,
        at=time.time() if at is None else at,
        views=snapshot.views,
        table=rt.table.dicts(rt.seats, rt.control),
        clock=wire.clock_out(rt.clock),
        players={a: n for a, n in rt.by_account.items() if not rt.control[n].left},
        events=lambda name: [game.redact(e, name).to_dict() for e in happened],
        legal=snapshot.legal_out,
        opening=opening,
        message=message,
    )


__all__ = ["committed"]
