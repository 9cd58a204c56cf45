"""Train the expert level's leaf model (younuo/bots/models/leaf_model.npz) on simulated rounds.

Rounds among bots (``easy``, ``normal`` and the searches' own playout policy,
:func:`younuo.bots.rollout.playout_action`; 2, 3, 4 and 6 players; the classic preset
and issue 42's rules without the Wild Draw Four challenge and the UNO penalty). At a
share of the turn decisions (``--sample``) the position is recorded: the features of
every player in the round (:func:`younuo.bots.leaf.position_features`, all hands
known, as inside a guessed world) and, at the round's end, who won. A conditional
logit (one score per player, softmax over the players in the round) is fitted by
Newton's method for each table size (:data:`younuo.bots.leaf.CLASSES`). Every tenth
round is held out: the script reports the held-out log-likelihood per position of
the new model against the hard level's 7-feature model
(:func:`younuo.bots.rollout.estimate`) on the same positions.

    nice -n 15 uv run python benchmarks/train_leaf_model.py [--rounds 20000] [--seed 7]

The shipped model: ``--rounds 20000 --seed 7`` (docs/bot-research.md, "Search and evaluation").
Deterministic for a seed (the same weights twice).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from younuo.bots.base import Bot
from younuo.bots.leaf import CLASSES, FEATURES, MODEL_FILE, position_features, table_class
from younuo.bots.registry import make_bot
from younuo.bots.rollout import estimate, playout_action
from younuo.engine import Action, Game, PlayerView, Rules
from younuo.sim.simulator import derive_seed
from younuo.sim.table import Table

TABLES: list[tuple[str, ...]] = [
    ("playout", "playout"),
    ("normal", "normal"),
    ("normal", "easy"),
    ("playout", "easy"),
    ("easy", "easy"),
    ("playout", "playout", "playout"),
    ("normal", "normal", "normal", "normal"),
    ("normal", "easy", "normal", "easy"),
    ("playout", "playout", "playout", "playout"),
    ("playout", "easy", "easy", "easy"),
    ("easy", "easy", "easy", "easy", "easy", "easy"),
    ("normal", "easy", "easy", "normal", "easy", "easy"),
    ("playout", "playout", "playout", "playout", "playout", "playout"),
    ("playout", "easy", "easy", "easy", "easy", "easy"),
]
"""The levels at each kind of table; ``playout`` plays the search's playout policy."""

RULES = [
    Rules.from_preset("classic"),
    Rules.from_dict({"preset": "classic", "uno_penalty": 0, "no_bluff": True}),
]


class PlayoutBot(Bot):
    """Plays its turns as the search's playout policy does (it reads the game: every
    hand is known to it, as inside a guessed world); nothing out of turn."""

    level = "playout"

    def __init__(self, seed: int, game: Game) -> None:
        super().__init__(seed)
        self.game = game
        self.luck = random.Random(seed)

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        if view.current != view.player or view.player is None:
            return None
        return playout_action(self.game, view.player, self.luck)


Position = tuple[np.ndarray, np.ndarray, np.ndarray]
"""Features (players x FEATURES, zero rows for players out), players in, the old model's
probabilities; the winner is added when the round ends."""


def play(index: int, seed: int, share: float) -> tuple[str, list[Position], int] | None:
    """Round ``index``: its table size, sampled positions and winner's seat (None if capped)."""
    pick = random.Random(derive_seed(seed, index))
    levels = pick.choice(TABLES)
    rules = pick.choice(RULES)
    names = [f"p{k}" for k in range(len(levels))]
    game = Game.new(names, rules, seed=derive_seed(seed, index) ^ 0x5EED)
    bots: dict[str, Bot | None] = {}
    for k, (name, level) in enumerate(zip(names, levels, strict=True)):
        bot_seed = derive_seed(seed, 1000 * index + k)
        bots[name] = PlayoutBot(bot_seed, game) if level == "playout" else make_bot(level, bot_seed)
    table = Table(game, bots)
    positions: list[Position] = []
    for _ in range(5000):
        decision = table.decision()
        if decision is None:
            break
        if not decision.optional and pick.random() < share:
            view = game.view(None)
            rows = position_features(game, view)
            x = np.array([r if r is not None else [0.0] * len(FEATURES) for r in rows])
            old = np.array([estimate(game, i, None, view) for i in range(len(names))])
            positions.append((x, np.array(view.in_round, dtype=bool), old))
        bot = bots[decision.player]
        assert bot is not None
        table.act(bot.choose(game.view(decision.player), decision.legal))
    winner = game.view(None).round_winner
    if winner is None:
        return None
    return table_class(len(names)), positions, names.index(winner)


def fit(x: np.ndarray, mask: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Conditional logit weights by Newton's method: ``x`` (N, players, F), ``mask`` the
    players in the round, ``y`` the winner's seat; a small ridge keeps it well posed."""
    n, _, f = x.shape
    theta = np.zeros(f)
    chosen = x[np.arange(n), y]
    for _ in range(30):
        p = probabilities(theta, x, mask)
        mean = np.einsum("np,npf->nf", p, x)
        grad = (chosen - mean).sum(axis=0) - ridge * theta
        centred = x - mean[:, None, :]
        hess = np.einsum("np,npf,npg->fg", p, centred, centred) + ridge * np.eye(f)
        step = np.linalg.solve(hess, grad)
        theta += step
        if np.abs(step).max() < 1e-8:
            break
    return theta


def probabilities(theta: np.ndarray, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    scores = np.where(mask, x @ theta, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    e = np.where(mask, np.exp(scores), 0.0)
    out: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return out


def log_likelihood(p: np.ndarray, y: np.ndarray) -> float:
    """Mean log of the probability given to the winner."""
    return float(np.mean(np.log(np.maximum(p[np.arange(len(y)), y], 1e-12))))


def stack(rows: Sequence[tuple[Position, int]]) -> tuple[np.ndarray, ...]:
    width = max(r[0][0].shape[0] for r in rows)
    n, f = len(rows), len(FEATURES)
    x = np.zeros((n, width, f))
    mask = np.zeros((n, width), dtype=bool)
    old = np.zeros((n, width))
    y = np.zeros(n, dtype=int)
    for i, ((features, seats, before), winner) in enumerate(rows):
        k = features.shape[0]
        x[i, :k], mask[i, :k], old[i, :k], y[i] = features, seats, before, winner
    return x, mask, old, y


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sample", type=float, default=0.3, help="share of turns recorded")
    parser.add_argument(
        "--out",
        default=str(Path(__file__).resolve().parents[1] / "src/younuo/bots/models" / MODEL_FILE),
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data: dict[tuple[str, bool], list[tuple[Position, int]]] = {}
    for i in range(args.rounds):
        result = play(i, args.seed, args.sample)
        if result is not None:
            size, positions, winner = result
            data.setdefault((size, i % 10 == 9), []).extend((p, winner) for p in positions)
        if i % 500 == 499:
            print(f"{i + 1} rounds, {time.perf_counter() - start:.0f} s", flush=True)
    weights: dict[str, np.ndarray] = {}
    for size in CLASSES:
        x, mask, _, y = stack(data[size, False])
        tx, tmask, told, ty = stack(data[size, True])
        theta = fit(x, mask, y)
        weights[size] = theta
        new = log_likelihood(probabilities(theta, tx, tmask), ty)
        chance = float(np.mean(-np.log(tmask.sum(axis=1))))
        print(
            f"{size}: {len(y)} positions ({len(ty)} held out); held-out log-likelihood "
            f"{new:.4f}, the hard level's model {log_likelihood(told, ty):.4f}, "
            f"chance {chance:.4f}; training {log_likelihood(probabilities(theta, x, mask), y):.4f}"
        )
        for name, value in zip(FEATURES, theta, strict=True):
            print(f"    {name:18s} {value:+.3f}")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, np.ndarray] = {"features": np.array(FEATURES), **weights}
    np.savez(args.out, **arrays)  # type: ignore[arg-type]
    print(f"saved {args.out} in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
