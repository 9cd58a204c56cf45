"""Reading stored values that may not read: one bad row is skipped and logged, never fatal.

A listing or a scheduler job reads many stored values (events, series). A value the
code of today refuses (written by an older version, by hand, or before a bound existed:
a series starting 9999-12-31) must not take the listing down for everyone, nor stop the
job for the rows after it: :func:`readable` reads each row, skips the ones that do not
read, and logs the skip as one warning naming the row and the reason (no traceback:
the value is at fault, not the server), once an hour per row: a public listing read by
every visitor would otherwise repeat it on each request.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import TypeVar

from younuo.tournaments.errors import TournamentError

log = logging.getLogger("younuo.stored")

Row = TypeVar("Row")
Value = TypeVar("Value")

UNREADABLE = (TournamentError, KeyError, TypeError, ValueError, ArithmeticError)
"""What reading a bad value raises (a refused spec, a missing field, a date out of range,
an overflowing duration); anything else is a fault of the server and goes up."""

REPEAT_SECONDS = 3600.0
"""Seconds before the same skipped row is logged again."""
_REMEMBERED = 1000
_logged: OrderedDict[str, float] = OrderedDict()
"""Rows logged lately (name to when), the oldest first: the process's log, bounded."""


def readable(
    rows: Iterable[Row], read: Callable[[Row], Value], name: Callable[[Row], str]
) -> list[Value]:
    """Each row read by ``read``, in order, without the rows that do not read (each
    logged once as a warning with ``name(row)``)."""
    out: list[Value] = []
    for row in rows:
        try:
            out.append(read(row))
        except UNREADABLE as exc:
            skipped(name(row), exc)
    return out


def skipped(name: str, exc: BaseException) -> None:
    """Log a stored value left out of a listing or a job (without a traceback), unless
    it was logged within :data:`REPEAT_SECONDS`."""
    now = time.monotonic()
    last = _logged.get(name)
    if last is not None and now - last < REPEAT_SECONDS:
        return
    _logged.pop(name, None)
    _logged[name] = now
    if len(_logged) > _REMEMBERED:
        _logged.popitem(last=False)
    log.warning("skipped the stored %s: %s", name, str(exc)[:300] or type(exc).__name__)


__all__ = ["UNREADABLE", "readable", "skipped"]
