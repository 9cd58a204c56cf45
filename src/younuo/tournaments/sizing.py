"""How many tables, of what sizes, for a number of players (docs/tournaments.md, Seating).

The fewest tables that can seat everyone, as even as possible, bigger tables first:
9 players at tables of 4 to 8 are ``(5, 4)``, 17 are ``(6, 6, 5)``. A count that no
tables fit (fewer than ``low``, or a gap such as 7 players at tables of 4 to 6) is
made to fit by the no-show policy: bots fill up to the next count that fits, or byes
take the players over the last count that fits.
"""

from __future__ import annotations

from dataclasses import dataclass

from younuo.tournaments.spec import NoShow


def table_sizes(count: int, low: int, high: int) -> tuple[int, ...] | None:
    """The fewest tables of ``low`` to ``high`` for ``count`` players, or None if none fit.

    >>> table_sizes(9, 4, 8), table_sizes(7, 4, 6), table_sizes(3, 4, 8)
    ((5, 4), None, None)
    """
    if count < low:
        return None
    tables = -(-count // high)
    small, extra = divmod(count, tables)
    if small < low:
        return None
    return tuple(small + 1 if i < extra else small for i in range(tables))


@dataclass(frozen=True, slots=True)
class Fit:
    """Tables for a count: their ``sizes``, and the ``bots`` added or ``byes`` given to fit."""

    sizes: tuple[int, ...]
    bots: int = 0
    byes: int = 0


def fit(count: int, low: int, high: int, policy: NoShow) -> Fit | None:
    """Tables for ``count`` players, made to fit by ``policy``; None when byes cannot help.

    ``BOT`` adds the fewest bots that make a count tables fit; ``BYE`` gives byes to the
    fewest players that leave a count that fits, and cannot help below ``low``.

    >>> fit(7, 4, 6, NoShow.BOT), fit(7, 4, 6, NoShow.BYE)
    (Fit(sizes=(4, 4), bots=1, byes=0), Fit(sizes=(6,), bots=0, byes=1))
    """
    sizes = table_sizes(count, low, high)
    if sizes is not None:
        return Fit(sizes)
    if policy is NoShow.BOT:
        more = max(count, low)
        while (sizes := table_sizes(more, low, high)) is None:
            more += 1
        return Fit(sizes, bots=more - count)
    fewer = count - 1
    while fewer >= low:
        sizes = table_sizes(fewer, low, high)
        if sizes is not None:
            return Fit(sizes, byes=count - fewer)
        fewer -= 1
    return None
