"""The bars a signal must pass to open a case, in one place (measured in docs/fairplay.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Thresholds:
    """When a signal becomes a case for a moderator to review.

    Collusion (:mod:`younuo.fairplay.favour`): a pair is flagged when its favour z is
    at least ``favour_z`` (one-sided p 0.00135 at 3.0), over at least ``min_shared``
    shared matches and with an information (the variance of its favour count) of at
    least ``min_information``: a pair that met few decisions cannot be told from luck,
    whatever its z. Same origin (:mod:`younuo.fairplay.origin`): accounts at one table
    from one browser in ``browser_matches`` matches or more, from one address in
    ``address_matches`` or more. Account change (:mod:`younuo.fairplay.change`): a
    Bonferroni p-value of ``change_p`` or less over a series of ``change_matches``
    matches or more, the change at least ``change_side`` matches from either end.
    """

    favour_z: float = 3.0
    min_shared: int = 3
    min_information: float = 2.0
    browser_matches: int = 1
    address_matches: int = 3
    change_p: float = 0.001
    change_matches: int = 20
    change_side: int = 5


DEFAULT = Thresholds()
"""The thresholds measured in docs/fairplay.md."""


__all__ = ["DEFAULT", "Thresholds"]
