"""A learned value of a position: who is likely to win the round from here.

The search of the ``hard`` and ``expert`` levels plays each candidate a few plies on in
a guessed world and then needs the chance that the bot wins from the position
reached. ``hard`` uses a 7-feature model (:func:`younuo.bots.rollout.estimate`). This
module holds a richer one, of the same form (a conditional logit): each player in the
round gets a score ``theta . x``, where ``x`` (:data:`FEATURES`) describes their hand
and their place in the turn order, and

    P(player i wins) = exp(score_i) / sum over the players in the round of exp(score_j)

with one ``theta`` per size of table (:data:`CLASSES`: two players, three or four,
five or more). The weights are fitted to who won positions of simulated rounds
(``benchmarks/train_leaf_model.py``) and ship as ``younuo/bots/models/leaf_model.npz``
(read by :mod:`younuo.bots.npzfile`, without numpy).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from younuo.bots.npzfile import read_npz
from younuo.engine import Game, PlayerView, Rank

MODEL_FILE = "leaf_model.npz"
"""The shipped weights, in ``younuo/bots/models``."""

FEATURES: tuple[str, ...] = (
    "cards",
    "log_cards",
    "one_card",
    "two_cards",
    "wilds",
    "wild_draw_fours",
    "skips",
    "reverses",
    "draw_twos",
    "colors",
    "in_force",
    "playable",
    "stuck",
    "to_move",
    "to_move_pending",
    "can_go_out",
    "moves_next",
    "moves_next_short",
    "hits_short_next",
    "points",
)
"""Per player: cards held (and their log, and whether one or two), wilds, Wild Draw
Fours, Skips, Reverses, Draw Twos, colors held, cards of the color in force, cards
playable on the top card and whether none is, to move (and the penalty pending then),
to move with one card that can be played (goes out now), moves after the player to move
(and does so holding two cards or fewer), Skips, Draw Twos and Wild Draw Fours held
while the player after them holds two cards or fewer, the points in hand (tens)."""

CLASSES: tuple[str, ...] = ("two", "three_four", "five_up")
"""The table sizes with weights of their own (players in the round: 2, 3-4, 5+)."""

_POINTS = {Rank.SKIP: 20, Rank.REVERSE: 20, Rank.DRAW_TWO: 20, Rank.DISCARD_ALL: 30}
_HITTING = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})


def table_class(players: int) -> str:
    """The :data:`CLASSES` entry for ``players`` in the round."""
    return "two" if players <= 2 else "three_four" if players <= 4 else "five_up"


def position_features(game: Game, view: PlayerView) -> list[list[float] | None]:
    """:data:`FEATURES` of each player (None for a player out of the round).

    ``view``: the game's spectator view (every hand is read from ``game``: inside a
    guessed world they are all known).
    """
    players = view.players
    n = len(players)
    in_round = view.in_round
    top = view.top
    color = view.color
    top_rank = top.rank if top is not None and top.color is not None else None
    current = players.index(view.current) if view.current is not None else -1
    sizes = [len(game.hand(p)) if in_round[i] else 0 for i, p in enumerate(players)]

    def after(seat: int) -> int:
        """The next seat in the round after ``seat`` in the direction of play."""
        for step in range(1, n + 1):
            other = (seat + step * view.direction) % n
            if in_round[other]:
                return other
        return seat

    mover_next = after(current) if current >= 0 else -1
    out: list[list[float] | None] = []
    for i, name in enumerate(players):
        if not in_round[i]:
            out.append(None)
            continue
        hand = game.hand(name)
        size = len(hand)
        wilds = draw4 = skips = reverses = twos = in_force = playable = points = 0
        colors = set()
        for card in hand:
            rank = card.rank
            if card.color is None:
                playable += 1
                points += 50
                if rank is Rank.WILD_DRAW_FOUR:
                    draw4 += 1
                else:
                    wilds += 1
                continue
            colors.add(card.color)
            if card.color is color:
                in_force += 1
                playable += 1
            elif rank is top_rank:
                playable += 1
            if rank is Rank.SKIP:
                skips += 1
            elif rank is Rank.REVERSE:
                reverses += 1
            elif rank is Rank.DRAW_TWO:
                twos += 1
            points += _POINTS.get(rank, 0) if not rank.is_number else int(rank.value)
        moving = i == current
        short_next = sizes[after(i)] <= 2
        out.append(
            [
                float(size),
                math.log1p(size),
                float(size == 1),
                float(size == 2),
                float(wilds),
                float(draw4),
                float(skips),
                float(reverses),
                float(twos),
                float(len(colors)),
                float(in_force),
                float(playable),
                float(playable == 0),
                float(moving),
                float(view.pending_draw) if moving else 0.0,
                float(moving and size == 1 and playable > 0 and view.pending_draw == 0),
                float(i == mover_next),
                float(i == mover_next and size <= 2),
                float(skips + twos + draw4) if short_next else 0.0,
                points / 10.0,
            ]
        )
    return out


@dataclass(frozen=True, slots=True)
class LeafModel:
    """The weights of :data:`FEATURES` for each of :data:`CLASSES`."""

    theta: Mapping[str, tuple[float, ...]]

    def __post_init__(self) -> None:
        for name in CLASSES:
            if len(self.theta.get(name, ())) != len(FEATURES):
                raise ValueError(f"a leaf model has {len(FEATURES)} weights for {name!r}")

    def estimate(
        self,
        game: Game,
        seat: int,
        team: frozenset[str] | None = None,
        view: PlayerView | None = None,
    ) -> float:
        """The chance that ``seat`` (or its team) wins the round from here.

        The signature of :func:`younuo.bots.rollout.estimate`, so that either judges a
        playout's last position.
        """
        if view is None:
            view = game.view(None)
        theta = self.theta[table_class(sum(view.in_round))]
        scores = [
            -math.inf if x is None else sum(w * f for w, f in zip(theta, x, strict=True))
            for x in position_features(game, view)
        ]
        return share(scores, seat, team, view.players)


def share(
    scores: Sequence[float], seat: int, team: frozenset[str] | None, players: Sequence[str]
) -> float:
    """The softmax of ``scores`` at ``seat``, or summed over ``team``'s seats."""
    top = max(scores)
    exp = [math.exp(s - top) if s > -math.inf else 0.0 for s in scores]
    total = sum(exp)
    mine = [seat] if team is None else [i for i, p in enumerate(players) if p in team]
    return sum(exp[i] for i in mine) / total if total else 0.0


def load(path: str | None = None) -> LeafModel:
    """The model in ``path`` (an ``.npz`` with ``features`` and one array per class),
    or the shipped one."""
    if path is None:
        with resources.as_file(resources.files("younuo.bots") / "models" / MODEL_FILE) as file:
            arrays = read_npz(file)
    else:
        arrays = read_npz(path)
    if tuple(arrays.get("features", ())) != FEATURES:
        raise ValueError("the leaf model's features are not this version's (leaf.FEATURES)")
    theta: dict[str, tuple[float, ...]] = {}
    for name in CLASSES:
        values = arrays.get(name)
        if values is None:
            raise ValueError(f"the leaf model has no weights for {name!r}")
        theta[name] = tuple(float(v) for v in values)
    return LeafModel(theta)


@cache
def shipped() -> LeafModel:
    """The shipped model, read once per process."""
    return load()
