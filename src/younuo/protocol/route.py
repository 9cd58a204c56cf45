"""The room a WebSocket is routed by: ``/ws?room=ROOM_ID`` (docs/protocol.md §2).

A client that sits in (or watches) a room opens its socket with the room's id in the
query, so that a load balancer hashing that argument sends every seat of a table to the
same node, the one that runs (or will run) its match (docs/scaling.md, "Routing"). The
server only checks the form: the id is not looked up, and a socket may name a room the
account is not in (it then costs a forwarded call per move, nothing else).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

ROOM_PARAM = "room"
"""The query argument's name."""
ROOM_ID_MAX = 16
"""At most as long as a stored room id (``String(16)``)."""
_ROOM_ID = re.compile(rf"[a-z0-9]{{1,{ROOM_ID_MAX}}}")


class BadRoute(ValueError):
    """The ``room`` argument of ``/ws`` is not a room id's form."""


def routed_room(values: Sequence[str]) -> str | None:
    """The room named by the ``room`` arguments of a ``/ws`` query (all of them, in
    order): None when there is none; :class:`BadRoute` for two or more, or one that is
    not 1 to 16 characters of ``a``-``z`` and ``0``-``9`` (a balancer would hash it, so
    a typo must not pass unnoticed)."""
    if not values:
        return None
    if len(values) > 1:
        raise BadRoute(f"give {ROOM_PARAM} once")
    value = values[0]
    if _ROOM_ID.fullmatch(value) is None:
        raise BadRoute(f"{ROOM_PARAM} must be 1 to {ROOM_ID_MAX} characters of a-z and 0-9")
    return value


__all__ = ["ROOM_ID_MAX", "ROOM_PARAM", "BadRoute", "routed_room"]
