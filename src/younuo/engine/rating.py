"""Rating points and levels (R-LEAVE, R-LEVEL): pure functions of a finished match.

A player's rating changes when a match ends: their match score is added, a player who
left ("escaped") pays a penalty by the hand points they held when leaving, each player
who stayed gets a compensation for every leaver, and finishing with few hand points
earns a bonus. The level is read from the rating by the table of the rule book::

    >>> escape_penalty(42)
    (-15, 3)
    >>> level(120).name_zh
    '幼兒中班'

Nothing here knows about games or players' identities beyond names: the server feeds
it the outcome of a match and stores what it returns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

ESCAPE_BANDS: tuple[tuple[int, int, int], ...] = (
    (0, -5, 0),
    (21, -15, 3),
    (51, -25, 5),
    (101, -40, 10),
    (151, -60, 20),
)
"""R-LEAVE escape table: (lowest hand points of the band, penalty, compensation), by
band. Public so that a client can say what leaving costs before it happens."""

FINISH_BONUS = 5
"""R-LEAVE: rating points for finishing a match with few hand points."""

FINISH_BONUS_MAX_POINTS = 30
"""R-LEAVE: the most hand points that still earn :data:`FINISH_BONUS`."""

# Scoring methods where the lowest total wins (R-SCORE-3).
_LOWEST_WINS = frozenset({"negative", "elimination"})
_METHODS = frozenset({"cumulative", "negative", "elimination", "knockout", "single"})


def escape_penalty(hand_points: int) -> tuple[int, int]:
    """R-LEAVE: ``(penalty, compensation)`` for a player leaving with ``hand_points``.

    The penalty (zero or negative) is added to the leaver's rating; the compensation
    (zero or positive) to the rating of each player who stays.

    >>> [escape_penalty(p) for p in (20, 21, 100, 151)]
    [(-5, 0), (-15, 3), (-25, 5), (-60, 20)]
    """
    if hand_points < 0:
        raise ValueError(f"hand points cannot be negative: {hand_points}")
    penalty, compensation = 0, 0
    for low, band_penalty, band_compensation in ESCAPE_BANDS:
        if hand_points >= low:
            penalty, compensation = band_penalty, band_compensation
    return penalty, compensation


def finish_bonus(hand_points: int) -> int:
    """R-LEAVE: +5 rating points when a match is finished holding 30 hand points or fewer."""
    if hand_points < 0:
        raise ValueError(f"hand points cannot be negative: {hand_points}")
    return FINISH_BONUS if hand_points <= FINISH_BONUS_MAX_POINTS else 0


@dataclass(frozen=True, slots=True)
class Level:
    """One level of R-LEVEL: its number (1..20), names, and rating bounds.

    ``low`` is the lowest rating of the level (level 1 also takes every rating below
    its ``low`` of 0, negative ones included); ``high`` is the highest, ``None`` for the
    top level.
    """

    number: int
    name: str
    name_zh: str
    low: int
    high: int | None

    def __str__(self) -> str:
        return f"{self.number} {self.name} {self.name_zh}"


def _levels() -> tuple[Level, ...]:
    table = (
        ("Infant", "嬰兒寶寶", 0),
        ("Nursery", "幼兒小班", 50),
        ("Kindergarten", "幼兒中班", 100),
        ("Kindergarten senior", "幼兒大班", 200),
        ("Preschooler", "學前寶寶", 400),
        ("Grade 1", "小一寶寶", 800),
        ("Grade 2", "小二寶寶", 1500),
        ("Grade 3", "小三寶寶", 2500),
        ("Grade 4", "小四寶寶", 3500),
        ("Grade 5", "小五寶寶", 5000),
        ("Grade 6", "小六寶寶", 7000),
        ("Form 1", "中一寶寶", 10000),
        ("Form 2", "中二寶寶", 15000),
        ("Form 3", "中三寶寶", 25000),
        ("Senior 1", "高一寶寶", 40000),
        ("Senior 2", "高二寶寶", 60000),
        ("Senior 3", "高三寶寶", 85000),
        ("Bachelor", "學士寶寶", 115000),
        ("Doctor", "博士寶寶", 150000),
        ("Grand professor", "大教授寶寶", 200000),
    )
    levels = []
    for i, (name, name_zh, low) in enumerate(table):
        high = table[i + 1][2] - 1 if i + 1 < len(table) else None
        levels.append(Level(i + 1, name, name_zh, low, high))
    return tuple(levels)


LEVELS: tuple[Level, ...] = _levels()
"""The 20 levels of R-LEVEL, level 1 first."""


def level(rating: int) -> Level:
    """R-LEVEL: the level of a rating. Negative ratings are level 1 (Infant).

    >>> level(49).number, level(50).number, level(200000).name
    (1, 2, 'Grand professor')
    """
    found = LEVELS[0]
    for candidate in LEVELS:
        if rating >= candidate.low:
            found = candidate
    return found


def match_score(score: int, scoring: str, target: int = 500) -> int:
    """The rating points a match score is worth under a scoring method (R-LEVEL).

    Where the highest total wins (``cumulative``, ``single``, ``knockout``) the score
    is added as it is. Where the lowest total wins (``negative``, ``elimination``) a
    player expects a low total to be good, so the rating gets what is left below the
    target, ``target - total``, and never less than 0: reaching or passing the target
    loses the match, not rating points.
    """
    if scoring not in _METHODS:
        raise ValueError(f"unknown scoring method {scoring!r}")
    if scoring in _LOWEST_WINS:
        return max(0, target - score)
    return score


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating change after a match, in its parts (R-LEAVE, R-LEVEL)."""

    score: int
    """The match score's worth (:func:`match_score`); 0 for a leaver, who forfeits it."""
    penalty: int
    """The escape penalty (0 or negative) when the player left."""
    compensation: int
    """The compensation for the players who left, summed."""
    bonus: int
    """The finishing bonus (:func:`finish_bonus`)."""

    @property
    def total(self) -> int:
        return self.score + self.penalty + self.compensation + self.bonus


def rating_breakdown(
    players: Iterable[str],
    scores: Mapping[str, int],
    scoring: str = "cumulative",
    target: int = 500,
    left: Mapping[str, int] | None = None,
    hand_points: Mapping[str, int] | None = None,
) -> dict[str, RatingChange]:
    """Each player's rating change after a finished match, in parts.

    ``scores`` are the match scores (``game.scores()``); ``left`` maps each player who
    left the match to their hand points when leaving; ``hand_points`` maps each player
    who stayed to their hand points when the match ended (a missing player counts as
    holding more than 30, so gets no bonus).

    Decisions where the rule book is silent (see ``docs/rules.md``):

    - a leaver gets only the escape penalty: no match score, no compensation for
      other leavers, no bonus (escaping forfeits the match);
    - every player who did not leave gets the compensation of every leaver, whenever
      they left, players knocked out by ``elimination`` included (they did not escape);
    - the match score is converted by :func:`match_score`.
    """
    left = left or {}
    hand_points = hand_points or {}
    names = list(players)
    unknown = set(left) - set(names)
    if unknown:
        raise ValueError(f"leavers who are not players: {', '.join(sorted(unknown))}")
    compensation = sum(escape_penalty(points)[1] for points in left.values())
    out: dict[str, RatingChange] = {}
    for name in names:
        if name in left:
            out[name] = RatingChange(0, escape_penalty(left[name])[0], 0, 0)
            continue
        held = hand_points.get(name)
        bonus = 0 if held is None else finish_bonus(held)
        worth = match_score(scores.get(name, 0), scoring, target)
        out[name] = RatingChange(worth, 0, compensation, bonus)
    return out


def rating_changes(
    players: Iterable[str],
    scores: Mapping[str, int],
    scoring: str = "cumulative",
    target: int = 500,
    left: Mapping[str, int] | None = None,
    hand_points: Mapping[str, int] | None = None,
) -> dict[str, int]:
    """Each player's rating delta after a finished match (R-LEAVE, R-LEVEL).

    The delta is the match score (:func:`match_score`: as it is where the highest total
    wins, ``max(0, target - total)`` under ``negative`` and ``elimination``), plus the
    escape penalty for a player who left (who forfeits the score and any bonus), plus
    each leaver's compensation for every player who stayed, plus the finishing bonus
    (+5 with 30 hand points or fewer) for a player who stayed. Arguments as in
    :func:`rating_breakdown`.

    >>> rating_changes(["ann", "bob", "cat", "dan"], {"ann": 120, "bob": 0, "cat": 0, "dan": 0},
    ...                left={"dan": 60}, hand_points={"ann": 0, "bob": 45, "cat": 12})
    {'ann': 130, 'bob': 5, 'cat': 10, 'dan': -25}
    """
    parts = rating_breakdown(players, scores, scoring, target, left, hand_points)
    return {name: change.total for name, change in parts.items()}
