"""Who sits at which table, and in which seat (docs/tournaments.md, Seating).

- :func:`snake` deals players in seeding order over the tables 1, 2, ..., k, then k,
  ..., 1, and so on (skipping full tables), so every table gets a fair share of the
  strong and the weak: the first stage of an elimination, each later stage by the last
  stage's results, and the first Swiss round.
- :func:`by_standing` fills tables in standing order (the leaders meet) and avoids
  seating the same players together again where it can: later Swiss rounds. It never
  seats more repeated pairs than plain blocks down the standings would.
- :func:`seat_order` shuffles the seats of one table with the table's own seed, since
  the first seat may start the match (``first_player: host``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from younuo.engine.rng import Seed, generator

Met = Mapping[str, Mapping[str, int]]
"""How often each entrant sat at a table with each other one."""


def snake(ordered: Sequence[str], sizes: Sequence[int]) -> tuple[tuple[str, ...], ...]:
    """Deal ``ordered`` (best seed first) over tables of ``sizes``, snake-wise.

    >>> snake("abcdefghi", (5, 4))
    (('a', 'd', 'e', 'h', 'i'), ('b', 'c', 'f', 'g'))
    """
    if sum(sizes) != len(ordered):
        raise ValueError(f"{len(ordered)} players for {sum(sizes)} seats")
    tables: list[list[str]] = [[] for _ in sizes]
    waiting = list(ordered)
    forward = True
    while waiting:
        passes = range(len(sizes)) if forward else range(len(sizes) - 1, -1, -1)
        for t in passes:
            if waiting and len(tables[t]) < sizes[t]:
                tables[t].append(waiting.pop(0))
        forward = not forward
    return tuple(tuple(t) for t in tables)


def by_standing(
    ordered: Sequence[str], sizes: Sequence[int], met: Met
) -> tuple[tuple[str, ...], ...]:
    """Fill tables of ``sizes`` in standing order (``ordered``, leader first), avoiding repeats.

    Best effort and deterministic, in three steps:

    1. Greedy: each table takes the best-placed player not yet seated, then fills its
       other seats one at a time: among the next players not yet seated, as many as the
       table has seats, the one who has met those already at the table the fewest times
       (``met``); ties go to the better standing.
    2. Swaps: two players of neighbouring tables change places while that lowers the
       number of repeated pairs (so nobody moves far from their standing).
    3. The seating straight down the standings, improved by the same swaps, is the
       fallback: whichever of the two has fewer repeats is taken (the greedy one on a
       tie), so the result never has more repeats than plain blocks would.
    """
    if sum(sizes) != len(ordered):
        raise ValueError(f"{len(ordered)} players for {sum(sizes)} seats")
    waiting = list(ordered)
    greedy: list[list[str]] = []
    for size in sizes:
        table = [waiting.pop(0)]
        while len(table) < size:
            window = waiting[:size]

            def count(name: str, table: list[str] = table) -> int:
                return sum(met.get(name, {}).get(other, 0) for other in table)

            # The window is in standing order: its position breaks ties.
            best = min(range(len(window)), key=lambda i: (count(window[i]), i))
            table.append(waiting.pop(best))
        greedy.append(table)
    blocks: list[list[str]] = []
    at = 0
    for size in sizes:
        blocks.append(list(ordered[at : at + size]))
        at += size
    candidates = [_swapped(greedy, met), _swapped(blocks, met)]
    chosen = min(candidates, key=lambda tables: repeats(tables, met))
    return tuple(tuple(t) for t in chosen)


def _swapped(tables: list[list[str]], met: Met) -> list[list[str]]:
    """``tables`` after swaps between neighbours that each lower the repeats (module doc)."""

    def known(name: str, others: list[str]) -> int:
        mine = met.get(name, {})
        return sum(1 for other in others if other != name and mine.get(other, 0))

    out = [t[:] for t in tables]
    better = True
    while better:
        better = False
        for i in range(len(out) - 1):
            here, there = out[i], out[i + 1]
            for x, y in ((x, y) for x in here for y in there):
                rest_here = [p for p in here if p != x]
                rest_there = [p for p in there if p != y]
                now = known(x, rest_here) + known(y, rest_there)
                if known(y, rest_here) + known(x, rest_there) < now:
                    out[i] = [y if p == x else p for p in here]
                    out[i + 1] = [x if p == y else p for p in there]
                    better = True
                    break
    return out


def seat_order(players: Sequence[str], seed: Seed) -> tuple[str, ...]:
    """The seats of one table, shuffled by its seed (the engine's generators, stable
    forever: a key for the keyed one, an integer for SplitMix64)."""
    seats = list(players)
    generator(seed).shuffle(seats)
    return tuple(seats)


def repeats(tables: Sequence[Sequence[str]], met: Met) -> int:
    """How many pairs of players sitting together in ``tables`` have sat together before."""
    return sum(
        1
        for table in tables
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if met.get(a, {}).get(b, 0)
    )
