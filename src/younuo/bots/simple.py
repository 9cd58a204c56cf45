"""The two simplest levels: ``random`` and ``easy``.

``random`` picks uniformly among its legal actions, a baseline for measuring others
(and for reinforcement learning). ``easy`` plays the first legal card it finds, like a
beginner: it never challenges, catches or jumps in, and calls UNO only half the time.
"""

from __future__ import annotations

from younuo.bots.base import Bot, my_turn, turn_actions
from younuo.engine import COLORS, Action, ActionType, PlayerView


class RandomBot(Bot):
    """Uniform among the legal actions; out of turn, acts half of the time it may."""

    level = "random"

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        if my_turn(view):
            return self.rng.choice(legal)
        if self.rng.random() < 0.5:
            return self.rng.choice(legal)
        return None


class EasyBot(Bot):
    """The first legal card; else draws (or passes). Names the color it holds most."""

    level = "easy"
    uno_chance = 0.5

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        uno = next((a for a in legal if a.type is ActionType.UNO), None)
        if uno is not None and self.rng.random() < self.uno_chance:
            return uno
        turn = turn_actions(legal, view)
        if not turn:
            return None
        held = [c.color for c in view.hand]
        best = max(COLORS, key=held.count)
        for action in turn:
            if action.type is ActionType.PLAY:
                if action.color is not None and action.played[0].is_wild:
                    card = action.played
                    same = [a for a in turn if a.played == card and a.color is best]
                    return same[0] if same else action
                return action
        for kind in (ActionType.CHOOSE_COLOR, ActionType.DRAW, ActionType.PASS):
            for action in turn:
                if action.type is kind and (
                    kind is not ActionType.CHOOSE_COLOR or action.color is best
                ):
                    return action
        return turn[0]
