"""Information-set Monte Carlo tree search (single observer) over guessed worlds.

The ``hard`` level's search is flat: every candidate is played in every guessed world
and followed by a playout, and the playout's own later moves never learn from the
other worlds. Here one tree of actions is grown over all the worlds instead
(Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012):

1. each iteration deals a fresh world (the expert's dealing) and walks down the tree
   from the bot's decision, choosing at each node, among the actions legal *in that
   world*, the one with the best upper confidence bound (UCB1 with availability
   counts: an action counts as tried only in the worlds where it was legal); the
   root's actions are the search's candidates, the other nodes' the turn actions of
   whoever is to move (the opponents' choices are searched too, each for its own
   side);
2. the first action not yet tried at a node is added to the tree: at the root the
   candidates in order (the favourite first), elsewhere one drawn at random (or,
   ``guided``, the playout policy's own choice when it is new);
3. from there a playout of ``horizon`` plies judged by the leaf value
   (:func:`younuo.bots.rollout.playout`) gives the bot's share of the round, and
   every node on the way is credited with it (its complement for a node where an
   opponent chose);
4. after the budget of plies, the root action visited most is played.

Pure and seeded: every world, tie and playout comes from the generator passed in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from younuo.bots.rollout import Leaf, playout, playout_action
from younuo.engine import Action, ActionType, Game

_TREE_ACTIONS = frozenset(
    {
        ActionType.PLAY,
        ActionType.DRAW,
        ActionType.PASS,
        ActionType.CHOOSE_COLOR,
        ActionType.CHALLENGE,
    }
)
"""The turn actions a tree node branches on (as in playouts: no jump-in, UNO or catch)."""


@dataclass(frozen=True, slots=True)
class TreeSettings:
    """``budget``: plies per decision (tree and playouts); ``depth``: tree levels below
    the root at most; ``c``: the exploration constant of UCB1; ``horizon``: playout
    plies before the leaf value judges; ``max_iterations``: a cap on worlds, for
    decisions whose playouts end at once; ``guided``: a node below the root adds the
    playout policy's choice first (else a random untried action)."""

    budget: int = 3000
    depth: int = 6
    c: float = 0.7
    horizon: int = 8
    max_iterations: int = 1000
    min_iterations: int = 8
    guided: bool = False


@dataclass(slots=True)
class Node:
    """An action's statistics: visits, the chooser's total share, times it was legal."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Action, Node] = field(default_factory=dict)

    def bound(self, c: float) -> float:
        """UCB1 over the times the action was available (never 0 once in the tree)."""
        return self.total / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


@dataclass(frozen=True, slots=True)
class TreeResult:
    """The index of the candidate to play, and what the search did."""

    choice: int
    iterations: int
    plies: int
    visits: tuple[int, ...]


def tree_search(
    candidates: Sequence[Action],
    deal: Callable[[], Game],
    me: str,
    team: frozenset[str] | None,
    rng: random.Random,
    settings: TreeSettings,
    leaf: Leaf | None = None,
    stop: Callable[[], bool] | None = None,
) -> TreeResult:
    """Search ``candidates`` (the bot's legal turn actions, favourite first) over worlds
    from ``deal`` (each a complete game with ``me`` to move); see the module docstring.
    ``stop``: asked after each iteration, ends the search early when true (a caller's
    time limit; the search itself reads no clock)."""
    mine = team if team is not None else frozenset({me})
    root = Node()
    plies = iterations = 0
    floor = settings.min_iterations * len(candidates)
    while iterations < settings.max_iterations and (iterations < floor or plies < settings.budget):
        iterations += 1
        game = deal()
        luck = random.Random(rng.getrandbits(48))
        path: list[tuple[Node, bool]] = []  # (node, chosen by the bot's side)
        node = root
        while game.status == "playing" and len(path) < settings.depth:
            player = game.current
            assert player is not None
            if node is root:
                legal = list(candidates)
            else:
                legal = [a for a in game.legal_actions(player) if a.type in _TREE_ACTIONS]
                if not legal:
                    break
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                known = node.children.get(action)
                if known is not None:
                    known.available += 1
            if untried:
                action = _expansion(node is root, settings.guided, untried, game, player, luck)
                child = node.children[action] = Node(available=1)
            else:
                action = max(legal, key=lambda a: node.children[a].bound(settings.c))
                child = node.children[action]
            game.apply(action)
            plies += 1
            path.append((child, player in mine))
            node = child
            if untried:
                break  # one node added per iteration; the playout goes on from it
        value, used = playout(game, me, luck, settings.horizon, team, leaf)
        plies += used
        for visited, ours in path:
            visited.visits += 1
            visited.total += value if ours else 1.0 - value
        if stop is not None and stop():
            break
    visits = tuple(root.children[a].visits if a in root.children else 0 for a in candidates)
    choice = max(range(len(candidates)), key=visits.__getitem__)
    return TreeResult(choice, iterations, plies, visits)


def _expansion(
    at_root: bool,
    guided: bool,
    untried: list[Action],
    game: Game,
    player: str,
    luck: random.Random,
) -> Action:
    """The action a node adds next: the root's candidates in order; elsewhere a random
    untried one, or (``guided``) the playout policy's choice when it is untried."""
    if at_root:
        return untried[0]
    if guided:
        preferred = playout_action(game, player, luck)
        if preferred in untried:
            return preferred
    return luck.choice(untried)
