"""Skill: a rating that goes up with wins and down with losses (issue 43, item 5).

The level points (``younuo.engine.rating``, R-LEVEL) only grow and decide the 20 levels;
the skill measures how well a player plays against the others at the table. It is the
Plackett-Luce model of the ``openskill`` library: every account has a mean ``mu`` and an
uncertainty ``sigma``; an ended match's places move them (a camp that beats camps of
higher skill gains more), and ``sigma`` shrinks as matches are played.

- Free-for-all: every seat is its own camp. Teams (R-TEAM): the two camps are the teams.
- Places: the match winner (and their team) first, then by score in the scoring's
  direction (lower is better under ``negative`` and ``elimination``); equal places tie.
  A seat that left ranks last (all leavers tie).
- The value shown is :attr:`Skill.shown`: ``1000 + 40 * (mu - 25)`` rounded, so a new
  player shows 1000, a win shows a gain and a loss a drop. The library's conservative
  "ordinal" (``mu - 3 sigma``) is not shown: sigma shrinks so fast in the first matches
  that a new player's ordinal rises after a loss, the very complaint of issue 43.
  docs/rating.md explains it.

Everything here is deterministic: the same places and skills give the same new skills.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 25.0
"""A new account's mean (the library's default)."""
SIGMA = MU / 3
"""A new account's uncertainty (the library's default)."""
SHOWN_BASE = 1000
"""The value a new account shows."""
SHOWN_SCALE = 40
"""Shown points per unit of ``mu`` (a new player's sigma, 8.3, is about 330 of them)."""
LOWER_WINS = frozenset({"negative", "elimination"})
"""The scoring methods under which the lowest total is best (docs/rules.md, R-SCORE-3)."""

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True, slots=True)
class Skill:
    """One account's skill: mean and uncertainty."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> int:
        """The value players see: ``1000 + 40 * (mu - 25)``, rounded."""
        return round(SHOWN_BASE + SHOWN_SCALE * (self.mu - MU))


NEW = Skill()
"""The skill of an account that has played no rated match."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One camp of an ended match and its place (1 is best; equal places tie)."""

    members: tuple[str, ...]
    place: int


def standings(
    players: Sequence[str],
    scores: Mapping[str, int],
    winners: Collection[str],
    left: Collection[str],
    scoring: str,
    teams: Sequence[int] | None = None,
) -> tuple[Standing, ...]:
    """The camps of a match and their places, by the rules in the module's docstring.

    ``teams``: each player's camp (R-TEAM), or None for free-for-all. A camp's score is
    its best member's (team-mates share the team's total in team play) and a camp with a
    member who left ranks last with the other leavers.
    """
    camps: dict[int, list[str]] = {}
    for i, name in enumerate(players):
        camps.setdefault(i if teams is None else teams[i], []).append(name)
    sign = 1 if scoring in LOWER_WINS else -1

    def key(members: list[str]) -> tuple[int, int, int]:
        gone = any(m in left for m in members)
        won = any(m in winners for m in members)
        best = min(sign * scores[m] for m in members)
        return (1 if gone else 0, 0 if won else 1, 0 if gone else best)

    ordered = sorted(camps.values(), key=key)
    out: list[Standing] = []
    place = 0
    previous: tuple[int, int, int] | None = None
    for i, members in enumerate(ordered):
        k = key(members)
        if k != previous:
            place = i + 1
            previous = k
        out.append(Standing(tuple(members), place))
    return tuple(out)


def rate(places: Sequence[Standing], skills: Mapping[str, Skill]) -> dict[str, Skill]:
    """Every member's new skill after a match with these ``places``.

    ``skills``: the members' skills before it (a member missing from it, such as a house
    bot without an account, plays with :data:`NEW`). A match of one camp changes nothing.
    """
    if len(places) < 2:
        return {m: skills.get(m, NEW) for s in places for m in s.members}
    teams = [
        [_MODEL.rating(mu=skills.get(m, NEW).mu, sigma=skills.get(m, NEW).sigma) for m in s.members]
        for s in places
    ]
    rated = _MODEL.rate(teams, ranks=[float(s.place) for s in places])
    return {
        m: Skill(r.mu, r.sigma)
        for s, team in zip(places, rated, strict=True)
        for m, r in zip(s.members, team, strict=True)
    }


SEATING_STEP = 100
"""Quick match compares skill gaps in steps of this many shown points (see
:func:`seating_order`): a gap of 30 and one of 70 are as good, and the fuller table wins."""


@dataclass(frozen=True, slots=True)
class OpenTable:
    """An open room quick match may seat a player at: its id, seats taken, and the shown
    skills of the people seated there (bots without accounts have none)."""

    id: str
    taken: int
    skills: tuple[int, ...]


def seating_order(own: int, tables: Sequence[OpenTable]) -> list[str]:
    """The order in which quick match tries ``tables`` for a player of skill ``own``.

    Closest first: the gap between ``own`` and the mean skill of the people seated,
    counted in whole :data:`SEATING_STEP` steps (a table with nobody rated has no gap);
    among tables of the same step the fullest first (so that tables fill and start),
    then by id, so that the order is the same on every node.
    """

    def key(table: OpenTable) -> tuple[int, int, str]:
        gap = abs(own - sum(table.skills) / len(table.skills)) if table.skills else 0.0
        return (int(gap // SEATING_STEP), -table.taken, table.id)

    return [t.id for t in sorted(tables, key=key)]


__all__ = [
    "LOWER_WINS",
    "MU",
    "NEW",
    "SEATING_STEP",
    "SIGMA",
    "OpenTable",
    "Skill",
    "Standing",
    "rate",
    "seating_order",
    "standings",
]
