"""Refused input in the log: one line per client and period, never a traceback.

A client's bad input (a body that does not validate, a frame that is not UTF-8 or not
JSON, a body over the size limit) is the client's fault, not the server's: it is worth
one warning, so that an operator sees who sends it, but any client can send it as
fast as it likes. :class:`RefusalLog` writes the first refusal of a client (its address,
as the limits count it) in each ``period`` and counts the rest, which the next line
reports; the table of clients is bounded like the limits' tables.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict

from younuo.server.edge.limits import address_key

log = logging.getLogger("younuo.refused")

PERIOD = 60.0
"""Seconds between two lines about the same client."""
CAPACITY = 10_000
"""Clients remembered at most (the least recently logged are forgotten first)."""


class RefusalLog:
    """Logs refused input at most once per client and :data:`PERIOD`, without a traceback."""

    def __init__(self, period: float = PERIOD, capacity: int = CAPACITY) -> None:
        self.period = period
        self.capacity = capacity
        self._seen: OrderedDict[str, tuple[float, int]] = OrderedDict()
        """Client to (when its last line was written, refusals not written since)."""

    def refused(self, host: str | None, what: str) -> bool:
        """Note one refusal of ``host``'s input (``what``: which, without the input);
        whether a line was written for it."""
        key = address_key(host)
        now = time.monotonic()
        last = self._seen.get(key)
        if last is not None and now - last[0] < self.period:
            self._seen[key] = (last[0], last[1] + 1)
            return False
        skipped = 0 if last is None else last[1]
        self._seen.pop(key, None)
        self._seen[key] = (now, 0)
        if len(self._seen) > self.capacity:
            self._seen.popitem(last=False)
        more = f" (and {skipped} more refused since the last line)" if skipped else ""
        log.warning("refused input from %s: %s%s", key, what, more)
        return True


__all__ = ["CAPACITY", "PERIOD", "RefusalLog"]
