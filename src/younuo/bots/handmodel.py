"""A learned guess of the hidden hands: how much likelier each card is in a given hand.

The model (fitted by ``benchmarks/train_hand_model.py``, :mod:`younuo.sim.handfit`)
says that a card of kind ``k`` is in a player's hand in proportion to

    unseen(k) * exp(theta . card_features(k, that player's tells))

where ``unseen(k)`` counts the copies of ``k`` the viewer has not seen and
:func:`younuo.bots.tells.card_features` relates the card to what the player did
(the color they named, the colors their draws ruled out, ...). A hand is dealt from
the unseen cards with these weights (``belief.sample_world(..., tilts=)``).

The weights ship as ``younuo/bots/models/hand_model.npz`` (package data) and are read
once, on first use; deciding reads nothing. numpy is needed only to read the file.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from younuo.bots.reading import Bar
from younuo.bots.tells import FEATURES, SeatTells, card_features
from younuo.engine import Card, Color

MODEL_FILE = "hand_model.npz"
"""The shipped weights, in ``younuo/bots/models``."""

Tilt = Mapping[int, float]
"""A player's weight for each card kind in the pool (by ``Card.index``)."""


@dataclass(frozen=True, slots=True)
class HandModel:
    """The weights ``theta`` of :data:`~younuo.bots.tells.FEATURES`, in that order."""

    theta: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.theta) != len(FEATURES):
            raise ValueError(f"a hand model has {len(FEATURES)} weights, not {len(self.theta)}")

    def tilt(
        self,
        pool: Sequence[Card],
        tells: SeatTells,
        bar: Bar | None,
        size: int,
        color: Color | None,
    ) -> dict[int, float]:
        """The weight of each card kind of ``pool`` in the hand of a player
        (``tells``, ``bar``, ``size``: theirs; ``color``: the color in force)."""
        out: dict[int, float] = {}
        theta = self.theta
        for card in pool:
            if card.index in out:
                continue
            x = card_features(card, tells, bar, size, color)
            # Clipped so that an extreme weight never overflows; e^-30 is "never".
            score = max(-30.0, min(30.0, sum(t * v for t, v in zip(theta, x, strict=True))))
            out[card.index] = math.exp(score)
        return out


def load(path: str | None = None) -> HandModel:
    """The model in ``path`` (an ``.npz`` with ``theta`` and ``features``), or the shipped one."""
    try:
        import numpy as np  # only to read the file
    except ImportError:
        raise ValueError(
            "the hand model needs numpy: install the rl dependency group (uv sync --group rl)"
        ) from None

    if path is None:
        with resources.as_file(resources.files("younuo.bots") / "models" / MODEL_FILE) as file:
            data = np.load(file)
            theta, names = data["theta"], data["features"]
    else:
        data = np.load(path)
        theta, names = data["theta"], data["features"]
    if tuple(str(n) for n in names) != FEATURES:
        raise ValueError("the hand model's features are not this version's (tells.FEATURES)")
    return HandModel(tuple(float(t) for t in theta))


@cache
def shipped() -> HandModel:
    """The shipped model, read once per process."""
    return load()
