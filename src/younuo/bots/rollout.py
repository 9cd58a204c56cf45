"""Playing out an imagined world quickly: the default policy of the hard bot's search.

Inside a determinized world every hand is known (it is the bot's own guess), so the
playout policy may look at them. It is a cheap version of the ``normal`` level's
rules of thumb, written for speed: shed cards, keep the color in force one you hold,
keep wilds for need, hit a next player who is close to going out, always stack,
challenge a Wild Draw Four from a big hand (R-DRAW4-2). Jump-ins, UNO calls and
catches are left out of playouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from younuo.engine import COLORS, Action, ActionType, Card, Color, Game, PlayerView, Rank

_PLAY = ActionType.PLAY
_CHALLENGE = ActionType.CHALLENGE
_TURN_FALLBACK = (ActionType.CHOOSE_COLOR, ActionType.DRAW, ActionType.PASS)
_HIT = {Rank.SKIP: 8.0, Rank.DRAW_TWO: 10.0, Rank.WILD_DRAW_FOUR: 12.0, Rank.REVERSE: 3.0}

Leaf = Callable[[Game, int, frozenset[str] | None, PlayerView | None], float]
"""A value of a playout's last position: ``(game, seat, team, spectator view)`` to the
chance that ``seat`` (or its team) wins the round (:func:`estimate`,
:meth:`younuo.bots.leaf.LeafModel.estimate`)."""


def color_counts(hand: Sequence[Card]) -> dict[Color, int]:
    """How many cards of each color ``hand`` holds (wilds count for none)."""
    counts = dict.fromkeys(COLORS, 0)
    for card in hand:
        if card.color is not None:
            counts[card.color] += 1
    return counts


def most_held(hand: Sequence[Card]) -> Color:
    counts = color_counts(hand)
    return max(COLORS, key=counts.__getitem__)


def playout_action(game: Game, player: str, rng: random.Random) -> Action:
    """The playout policy's turn action for ``player`` (the player to move)."""
    legal = game.legal_actions(player)
    plays: list[Action] = []
    for action in legal:  # one pass: this runs at every ply of every playout
        if action.type is _PLAY:
            plays.append(action)
        elif action.type is _CHALLENGE and _would_challenge(game):
            return action
    hand = game.hand(player)
    if plays:
        counts: dict[Color | None, int] = dict.fromkeys(COLORS, 0)
        for card in hand:
            if card.color is not None:
                counts[card.color] += 1
        # Anyone close to going out makes hitting cards worth playing (cheaper than
        # working out who is next, and nearly as good in a playout).
        threat = any(0 < len(game.hand(p)) <= 2 for p in game.players if p != player)
        best: Action | None = None
        best_value = -math.inf
        size = len(hand)
        for action in plays:
            cards = action.played
            top = cards[-1]
            if len(cards) == size:
                return action
            color = action.color if action.color is not None else top.color
            value = 10.0 * len(cards) + 3.0 * (counts.get(color, 0) - (top.color is color))
            if top.color is None:
                value -= 8.0
            if threat:
                value += _HIT.get(top.rank, 0.0)
            if action.target is not None:
                value += 6.0 * (size - len(cards) - len(game.hand(action.target)))
            value += rng.random()  # break ties without favouring the hand's order
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best
    for kind in _TURN_FALLBACK:
        for action in legal:
            if action.type is kind:
                if kind is ActionType.CHOOSE_COLOR:
                    color = most_held(hand)
                    return next(a for a in legal if a.type is kind and a.color is color)
                return action
    return next(a for a in legal if a.type is not ActionType.LEAVE)


def _would_challenge(game: Game) -> bool:
    """R-DRAW4-2 as ``normal`` judges it, in short: challenge a big hand.

    The bigger the accused's hand, the likelier it held the color asked. ``normal``'s
    odds (:func:`younuo.bots.normal.should_challenge`, with a bluff rate of 0.2 and a
    quarter of the unseen cards of each color) favour a challenge from 4 cards in the
    accused's hand after the Wild Draw Four, from 3 with two players. A playout in
    which nobody ever challenged would make every bluff look free to the search.
    """
    view = game.view(None)
    if view.challenge is None:
        return False
    accused = view.challenge[1]
    return len(game.hand(accused)) >= (3 if sum(view.in_round) == 2 else 4)


def playout(
    game: Game,
    me: str,
    rng: random.Random,
    max_plies: int = 400,
    team: frozenset[str] | None = None,
    leaf: Leaf | None = None,
) -> tuple[float, int]:
    """Play ``game`` on with the playout policy: ``me``'s share of the round, and plies played.

    The share is 1 when ``me`` (or a team-mate in ``team``) wins the round, 0 when
    another does; a round still running after ``max_plies`` is scored by ``leaf``
    (:func:`estimate` when left out).
    """
    plies = 0
    while game.status == "playing" and plies < max_plies:
        player = game.current
        assert player is not None
        game.apply(playout_action(game, player, rng))
        plies += 1
    view = game.view(None)
    if game.status != "playing":
        winner = view.round_winner
        mine = team if team is not None else frozenset({me})
        return (1.0 if winner in mine else 0.0), plies
    return (leaf or estimate)(game, view.players.index(me), team, view), plies


# Weights of the leaf evaluation, fitted (conditional logit, Newton's method) to who
# won ~55,000 positions of normal-vs-normal rounds: 2-player classic, and 3- and
# 4-player party and younuo. Per player: cards held, wilds, Skip/Reverse/Draw Two,
# colors held, to move, to move with a penalty pending (cards), holding one card.
_W_TWO = (-0.132, 0.411, 0.231, -0.224, 0.098, -0.142, 0.277)
_W_MANY = (-0.124, 0.304, 0.08, -0.14, 0.1, -0.089, 0.397)
_ACTION_RANKS = frozenset({Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO})


def estimate(
    game: Game, seat: int, team: frozenset[str] | None = None, view: PlayerView | None = None
) -> float:
    """The chance that ``seat`` (or its team) wins the round from here, by the fitted model.

    ``view``: the game's spectator view, when the caller has it already.
    """
    if view is None:
        view = game.view(None)
    weights = _W_TWO if sum(view.in_round) == 2 else _W_MANY
    scores: list[float] = []
    for i, name in enumerate(view.players):
        if not view.in_round[i]:
            scores.append(-math.inf)
            continue
        hand = game.hand(name)
        wilds = sum(1 for c in hand if c.color is None)
        actions = sum(1 for c in hand if c.rank in _ACTION_RANKS)
        colors = len({c.color for c in hand if c.color is not None})
        moving = view.current == name
        features = (
            len(hand),
            wilds,
            actions,
            colors,
            moving,
            view.pending_draw if moving else 0,
            len(hand) == 1,
        )
        scores.append(sum(w * f for w, f in zip(weights, features, strict=True)))
    top = max(scores)
    exp = [math.exp(s - top) if s > -math.inf else 0.0 for s in scores]
    total = sum(exp)
    mine = [seat] if team is None else [i for i, p in enumerate(view.players) if p in team]
    return sum(exp[i] for i in mine) / total if total else 0.0
