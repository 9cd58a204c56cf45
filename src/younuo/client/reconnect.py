"""When and where to reconnect: the close codes' verdicts and an exponential backoff.

Pure policy, no I/O: :func:`verdict` reads a close code (docs/protocol.md §2, *close
codes*), :meth:`Reconnect.delay` says how long to wait before an attempt and
:meth:`Reconnect.address` which server of the list to try.

- 1012 (the server process is stopping; with several nodes its matches have moved
  already): hello again at once, on the next address of the list (the stopping node
  will not take it; behind a load balancer the list has one address and the balancer
  picks another node).
- Network loss (no close frame: 1006), 1000, 1001, 1011, 4008 (too slow: the next
  ``hello`` brings a full ``state``) and anything else unknown: reconnect with
  backoff, trying the same address first, then the others in turn.
- 4029 (too many connections from this address): reconnect, but not before
  :attr:`Reconnect.slow` seconds.
- 4001 (replaced by a newer connection of the account): stop, quietly.
- 4002 (the token was revoked), 4003 (the address is banned for abuse), 1008
  (flooding), 1009 (a frame too large), 4400 (a ``room`` argument that is no room
  id): stop with an error.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum


class Verdict(StrEnum):
    """What a closed connection calls for."""

    AT_ONCE = "at_once"
    """Reconnect now, to the next address (1012)."""
    RETRY = "retry"
    """Reconnect with backoff (network loss and the like)."""
    SLOW = "slow"
    """Reconnect, after a long wait (4029)."""
    STOP = "stop"
    """Stop quietly: another connection took over (4001)."""
    REVOKED = "revoked"
    """Stop with an error: the token opens nothing any more (4002)."""
    REFUSED = "refused"
    """Stop with an error: closed for the client's conduct (1008, 1009, 4003, 4400)."""


CLOSE_VERDICTS: dict[int, Verdict] = {
    1012: Verdict.AT_ONCE,
    4029: Verdict.SLOW,
    4001: Verdict.STOP,
    4002: Verdict.REVOKED,
    1008: Verdict.REFUSED,
    1009: Verdict.REFUSED,
    4003: Verdict.REFUSED,
    4400: Verdict.REFUSED,
}
"""The close codes that call for something other than :attr:`Verdict.RETRY`."""

CLOSE_REASONS: dict[int, str] = {
    1000: "closed by the server",
    1006: "the connection was lost",
    1008: "closed for sending too fast (policy)",
    1009: "closed for a frame over the server's limit",
    1011: "the server failed",
    1012: "the server is restarting",
    4001: "replaced by a newer connection of the same account",
    4002: "the session token was revoked",
    4003: "the client address is banned for abuse",
    4008: "too slow to read the server's frames",
    4029: "too many connections from this client address",
    4400: "the address's room argument is not a room id",
}
"""What each close code means, for messages."""


def verdict(code: int | None) -> Verdict:
    """What a connection closed with ``code`` calls for (None: lost, no close frame)."""
    return CLOSE_VERDICTS.get(code if code is not None else 1006, Verdict.RETRY)


def reason(code: int | None) -> str:
    """A short text for a close code."""
    if code is None:
        code = 1006
    return f"{CLOSE_REASONS.get(code, 'closed')} (close code {code})"


@dataclass(frozen=True, slots=True)
class Reconnect:
    """How a :class:`~younuo.client.Client` reconnects: exponential backoff with jitter.

    Attempt *n* (0 first) waits ``min(cap, base * factor**n)`` seconds, times a random
    factor between 0.5 and 1 ("equal jitter": the clients a node drops do not all come
    back in the same instant, and the wait still grows). After 1012 the first attempt
    waits nothing. ``give_up``: seconds without a connection after which the client
    stops (:class:`~younuo.client.errors.Unreachable`); None: never.
    """

    base: float = 0.25
    factor: float = 2.0
    cap: float = 10.0
    slow: float = 30.0
    """The least wait after 4029 (too many connections from this address)."""
    give_up: float | None = 300.0

    def delay(self, attempt: int, why: Verdict, rng: random.Random) -> float:
        """Seconds to wait before reconnect attempt ``attempt`` after a close ``why``."""
        if why is Verdict.AT_ONCE and attempt == 0:
            return 0.0
        ceiling = min(self.cap, self.base * self.factor ** min(attempt, 64))
        if why is Verdict.SLOW:
            ceiling = max(ceiling, self.slow)
        return ceiling * (0.5 + rng.random() / 2)

    @staticmethod
    def address(lost: int, count: int, attempt: int, why: Verdict) -> int:
        """Which of ``count`` addresses attempt ``attempt`` tries, ``lost`` being the one
        whose connection closed: the same one first, except after 1012 (it is going
        away), then each of the others in turn."""
        shift = attempt + (1 if why is Verdict.AT_ONCE else 0)
        return (lost + shift) % count


__all__ = ["CLOSE_REASONS", "CLOSE_VERDICTS", "Reconnect", "Verdict", "reason", "verdict"]
