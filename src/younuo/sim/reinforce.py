"""REINFORCE for the linear policy: a small, CPU-only training loop with numpy.

Policy gradient with a running-mean baseline: play a batch of episodes with the
policy sampling its actions in :class:`~younuo.sim.single_agent.YounuoEnv`, then move
the weights along ``(return - baseline) * grad log pi(a | x)``. For a softmax over
masked logits ``W x + b`` that gradient is ``(onehot(a) - pi) x^T`` (and
``onehot(a) - pi`` for ``b``). ``examples/train_policy.py`` drives it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from younuo.bots import actionspace as space
from younuo.bots.policy import LinearPolicy
from younuo.sim.single_agent import YounuoEnv
from younuo.sim.stats import wilson


@dataclass(slots=True)
class TrainStats:
    episodes: int = 0
    wins: int = 0
    mean_return: float = 0.0


def train(
    env: YounuoEnv,
    policy: LinearPolicy,
    episodes: int,
    *,
    seed: int = 0,
    lr: float = 0.05,
    batch: int = 16,
    progress: Callable[[int, TrainStats], None] | None = None,
) -> TrainStats:
    """Train ``policy`` in place for ``episodes`` episodes; returns running statistics."""
    rng = random.Random(seed)
    stats = TrainStats()
    baseline = 0.0
    grad_w = np.zeros_like(policy.weights)
    grad_b = np.zeros_like(policy.bias)
    for episode in range(episodes):
        obs, info = env.reset(seed=rng.getrandbits(32))
        steps: list[tuple[np.ndarray, int, np.ndarray]] = []
        total = 0.0
        done = False
        while not done:
            mask = info["action_mask"]
            p = policy.probabilities(obs, mask)
            action = int(np.searchsorted(np.cumsum(p), rng.random() * p.sum(), side="right"))
            action = min(action, space.SIZE - 1)
            if not mask[action]:  # rounding at the very top of the cumulative sum
                action = int(np.flatnonzero(mask)[-1])
            steps.append((obs, action, p))
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        advantage = total - baseline
        baseline += 0.05 * (total - baseline)
        for x, action, p in steps:
            g = -p
            g[action] += 1.0
            grad_w += advantage * np.outer(g, x)
            grad_b += advantage * g
        stats.episodes += 1
        stats.wins += total > 0
        stats.mean_return += (total - stats.mean_return) / stats.episodes
        if (episode + 1) % batch == 0:
            policy.weights += lr * grad_w / batch
            policy.bias += lr * grad_b / batch
            grad_w[:] = 0.0
            grad_b[:] = 0.0
        if progress is not None:
            progress(1, stats)
    return stats


def evaluate(
    env: YounuoEnv,
    policy: LinearPolicy,
    episodes: int,
    *,
    seed: int = 1,
    greedy: bool = True,
) -> tuple[int, int, tuple[float, float]]:
    """Rounds won by ``policy`` in ``env``: (wins, episodes, 95% interval of the win rate)."""
    rng = random.Random(seed)
    wins = 0
    for _ in range(episodes):
        obs, info = env.reset(seed=rng.getrandbits(32))
        done = False
        total = 0.0
        while not done:
            action = policy.act(obs, info["action_mask"], rng, greedy=greedy)
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        wins += total > 0
    return wins, episodes, wilson(wins, episodes)
