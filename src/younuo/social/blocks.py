"""Blocks: one account refusing all contact from another.

A block is one-sided in who set it but two-sided in effect: neither may invite, message
or befriend the other, and quick match never seats them at one table. The set of blocks
is given as pairs ``(blocker, blocked)``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from itertools import combinations

from younuo.social.errors import SocialCode, SocialError

Block = tuple[str, str]  # (blocker, blocked)


def between(blocks: Collection[Block], a: str, b: str) -> bool:
    """Whether either of ``a`` and ``b`` blocks the other."""
    return (a, b) in blocks or (b, a) in blocks


def check_reach(blocks: Collection[Block], sender: str, recipient: str) -> None:
    """Refuse a message, invitation or request from ``sender`` to ``recipient`` if blocked.

    The message does not say who blocked whom, so that a blocked player learns nothing
    about the other's settings beyond that they cannot reach them.
    """
    if between(blocks, sender, recipient):
        raise SocialError(SocialCode.BLOCKED, "You cannot reach this player.")


def block_target_check(blocker: str, blocked: str) -> None:
    """Refuse a block aimed at oneself."""
    if blocker == blocked:
        raise SocialError(SocialCode.SELF, "You cannot block yourself.")


def may_seat_together(blocks: Collection[Block], players: Iterable[str]) -> bool:
    """Whether quick match may seat all of ``players`` at one table."""
    return not any(between(blocks, a, b) for a, b in combinations(list(players), 2))
