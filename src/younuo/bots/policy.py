"""Trained policies as bots: a linear softmax policy over the fixed action space.

``examples/train_policy.py`` trains one with the Gymnasium environment and saves it
as a ``.npz`` file; ``make_bot("policy:FILE")`` (or ``younuo simulate --bots
policy:FILE,...``) seats it at a table like any level. Requires numpy (the ``rl``
dependency group).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from younuo.bots import actionspace as space
from younuo.bots.base import Bot
from younuo.bots.features import SIZE as OBS_SIZE
from younuo.bots.features import Vector, encode
from younuo.bots.timing import NO_DELAY, Timing
from younuo.engine import Action, Card, PlayerView

FORMAT = "younuo-linear-policy/1"


class LinearPolicy:
    """Logits ``W @ x + b`` over the :data:`~younuo.bots.actionspace.SIZE` actions."""

    def __init__(
        self,
        weights: npt.NDArray[np.float64] | None = None,
        bias: npt.NDArray[np.float64] | None = None,
    ) -> None:
        self.weights = (
            np.zeros((space.SIZE, OBS_SIZE)) if weights is None else np.asarray(weights, float)
        )
        self.bias = np.zeros(space.SIZE) if bias is None else np.asarray(bias, float)
        if self.weights.shape != (space.SIZE, OBS_SIZE) or self.bias.shape != (space.SIZE,):
            raise ValueError(
                f"a policy has weights of shape {(space.SIZE, OBS_SIZE)} and bias {(space.SIZE,)}"
            )

    def probabilities(self, x: Vector, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
        """The softmax over the legal actions (zero elsewhere)."""
        logits = self.weights @ x + self.bias
        legal = mask.astype(bool)
        if not legal.any():
            raise ValueError("no legal action in the mask")
        logits = np.where(legal, logits, -np.inf)
        logits -= logits[legal].max()
        p: npt.NDArray[np.float64] = np.exp(logits)
        p /= p.sum()
        return p

    def act(
        self, x: Vector, mask: npt.NDArray[np.int8], rng: random.Random, greedy: bool = True
    ) -> int:
        """An action number: the most likely (``greedy``) or a sample."""
        p = self.probabilities(x, mask)
        if greedy:
            return int(np.argmax(p))
        return int(
            np.searchsorted(np.cumsum(p), rng.random() * p.sum(), side="right").clip(
                0, space.SIZE - 1
            )
        )

    def save(self, path: str | Path, **meta: str | int | float) -> None:
        """Write the policy (and any ``meta`` notes) as a ``.npz`` file."""
        arrays: dict[str, Any] = {"format": np.array(FORMAT), "weights": self.weights}
        arrays["bias"] = self.bias
        arrays.update({f"meta_{k}": np.array(v) for k, v in meta.items()})
        np.savez(Path(path), **arrays)

    @classmethod
    def load(cls, path: str | Path) -> LinearPolicy:
        with np.load(Path(path)) as data:
            if "format" not in data or str(data["format"]) != FORMAT:
                raise ValueError(f"{path} is not a {FORMAT} file")
            return cls(data["weights"], data["bias"])


def mask_of(options: Mapping[int, object]) -> npt.NDArray[np.int8]:
    """The 0/1 mask of the legal action numbers."""
    mask = np.zeros(space.SIZE, dtype=np.int8)
    mask[list(options)] = 1
    return mask


class PolicyBot(Bot):
    """A bot that asks a trained :class:`LinearPolicy` (greedy by default)."""

    level = "policy"

    def __init__(
        self,
        policy: LinearPolicy,
        seed: int = 0,
        timing: Timing = NO_DELAY,
        *,
        greedy: bool = True,
    ) -> None:
        super().__init__(seed, timing)
        self.policy = policy
        self.greedy = greedy

    @classmethod
    def load(cls, path: str | Path, seed: int = 0, timing: Timing = NO_DELAY) -> PolicyBot:
        return cls(LinearPolicy.load(path), seed, timing)

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        selection: list[Card] = []
        while True:
            opts = space.options(view, legal, selection)
            if not opts:
                return None
            number = self.policy.act(encode(view, selection), mask_of(opts), self.rng, self.greedy)
            if space.ADD <= number < space.DRAW:
                selection.append(space.CARD_KINDS[number - space.ADD])
                continue
            return opts[number]  # None for NOOP: nothing now
