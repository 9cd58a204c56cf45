"""Rewards of a finished round, for the reinforcement-learning environments.

``points`` (default): the round's card points (R-SCORE-2) as a zero-sum game: the
winner gets what the other hands hold, each loser loses what its own hand holds.
Under knockout scoring each player gets its place score (R-SCORE-3) less the mean.
``win``: 1 for the winner, ``-1/(n-1)`` for each other player. Both are multiplied
by ``scale`` (points are in the hundreds; ``0.01`` keeps rewards near 1).
"""

from __future__ import annotations

from younuo.engine import Game, hand_points

REWARDS = ("points", "win")


def round_rewards(game: Game, mode: str = "points", scale: float = 0.01) -> dict[str, float]:
    """Each player's reward for the round just over (all zero while it runs)."""
    players = game.players
    view = game.view(None)
    if game.status == "playing":
        return dict.fromkeys(players, 0.0)
    seated = [p for i, p in enumerate(players) if view.in_match[i] or p == view.round_winner]
    winner = view.round_winner
    if mode == "win":
        n = len(seated)
        return {
            p: (1.0 if p == winner else -1.0 / max(1, n - 1)) if p in seated else 0.0
            for p in players
        }
    if game.rules.scoring == "knockout":
        scores = dict(zip(players, view.scores, strict=True))
        centre = sum(scores[p] for p in seated) / max(1, len(seated))
        return {p: (scores[p] - centre) * scale if p in seated else 0.0 for p in players}
    out = {p: -hand_points(game.hand(p)) * scale if p in seated else 0.0 for p in players}
    if winner is not None:
        out[winner] = sum(hand_points(game.hand(p)) for p in seated if p != winner) * scale
    return out
