"""When a quiet match is asked for again: :class:`Silence` (docs/protocol.md §4, on
``sync``).

An update lost where no later one shows the gap (the last one before a long wait, or
every one from a server node that stopped publishing the match) would leave the
picture behind for good. The server acts at each deadline of a match's clock, so a
match still at the same version a little past the earliest of them is asked for again
with ``sync``; a match without a deadline, after a longer silence. Each check that
finds nothing new doubles the wait before the next; a new version starts over. Pure:
the wait is counted from the frame that brought the picture, in the server's time, so
no clock is read here.
"""

from __future__ import annotations

from dataclasses import dataclass

from younuo.client.match import Match

MAX_DOUBLINGS = 16
"""Checks beyond this many no longer double the wait (``most`` caps it long before)."""


@dataclass(frozen=True, slots=True)
class Silence:
    """Seconds of silence before a ``sync``: ``grace`` past the earliest deadline of the
    match's clock (a turn's end, the next round, the match clock), ``idle`` when it has
    none, and at most ``most`` between two checks. The web client uses the same figures
    (docs/web.md, *A silent table*)."""

    grace: float = 5.0
    idle: float = 60.0
    most: float = 120.0

    def wait(self, match: Match, checks: int) -> float | None:
        """Seconds from the frame that brought ``match`` to the next check, after
        ``checks`` checks found nothing new; None for a match that is over (nothing
        more comes)."""
        if match.status == "match_over":
            return None
        clock = match.clock
        due = [d for d in (clock.turn_deadline, clock.next_round_at, clock.match_deadline) if d]
        quiet = max(0.0, min(due) - match.server_time) + self.grace if due else self.idle
        return min(self.most, quiet * 2.0 ** min(checks, MAX_DOUBLINGS))


__all__ = ["MAX_DOUBLINGS", "Silence"]
