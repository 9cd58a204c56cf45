"""Who may read a match: its summary, its record and its replay.

A match played in a public room is public: anyone may read it once it has ended (and
its public part while it runs). A match played in a private room (``matches.private``)
is its players' alone, and the moderators' (who review fair-play cases and reports
from records): everyone else is told there is no such match, the same ``404`` as for an
id that does not exist, so that a private match's id tells a stranger nothing, not even
that it exists (docs/security.md, *Privacy*). A player's history lists a private match
only to those who may read it (:func:`private_history`).

:func:`may_read` is the rule, pure; the REST routes (:mod:`younuo.server.match.api`) ask it
with the caller's account when the request carries a valid token, else with none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from younuo.protocol.roles import Permission, allows
from younuo.store.matches import EVERY_PRIVATE


def seated_accounts(seats: Iterable[Mapping[str, Any]]) -> frozenset[str]:
    """The accounts seated at a match (its stored ``seats``), bots' seats aside."""
    return frozenset(str(s["account"]) for s in seats if s.get("account"))


def may_read(
    *, private: bool, seats: Iterable[Mapping[str, Any]], viewer: str | None, role: str | None
) -> bool:
    """Whether ``viewer`` (an account id with its ``role``, or None: no account) may read
    a match: a public one, anyone; a private one, its seated players and moderators."""
    if not private:
        return True
    if viewer is None:
        return False
    return viewer in seated_accounts(seats) or allows(role or "", Permission.REVIEW_CASES)


def private_history(*, account: str, viewer: str | None, role: str | None) -> str | None:
    """Which private matches of ``account``'s history ``viewer`` may see listed, as
    :func:`younuo.store.matches.history` takes it: all (the player themself, a
    moderator), those the viewer played too (another account), or none (no account)."""
    if viewer is None:
        return None
    if viewer == account or allows(role or "", Permission.REVIEW_CASES):
        return EVERY_PRIVATE
    return viewer


__all__ = ["may_read", "private_history", "seated_accounts"]
