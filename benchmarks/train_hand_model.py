"""Train the expert level's hand model (younuo/bots/models/hand_model.npz) on simulated rounds.

Rounds among bots of mixed levels (``easy``, ``normal``, a few ``hard``; 2, 3, 4 and
6 players; the classic preset, with and without the Wild Draw Four challenge and the
UNO penalty, as issue 42 measures). One seat of each round is the *viewer*: at each
of its turn decisions, every other hand is one sample: the features of each card
kind of the viewer's unseen pool (``younuo.bots.tells.card_features``, computed from
the redacted events the viewer was sent, as the expert computes them at the table),
the unseen count of each kind, and how many of each the hand really held.
``younuo.sim.handfit.fit`` then finds the weights (a multinomial logit, Newton's
method). A tenth of the rounds is held out to report the log-likelihood per card
against the uniform deal (theta = 0).

    nice -n 15 uv run python benchmarks/train_hand_model.py [--rounds 3000] [--seed 42]

The shipped model: ``--rounds 3000 --seed 42`` (docs/bot-research.md, "A learned model
of the hidden hands").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from younuo.bots.base import Bot
from younuo.bots.handmodel import MODEL_FILE
from younuo.bots.reading import Reading
from younuo.bots.registry import make_bot
from younuo.bots.tells import FEATURES, Tells, card_features
from younuo.engine import Action, Card, Event, Game, PlayerView, Rules
from younuo.engine.determinize import unseen_cards
from younuo.sim.handfit import Samples, fit, log_likelihood
from younuo.sim.simulator import derive_seed
from younuo.sim.table import Table, drive

TABLES: list[tuple[str, ...]] = [
    ("easy", "easy"),
    ("normal", "easy"),
    ("normal", "normal"),
    ("hard", "easy"),
    ("hard", "normal"),
    ("easy", "easy", "easy"),
    ("normal", "easy", "normal", "easy"),
    ("normal", "normal", "normal", "normal"),
    ("hard", "normal", "easy", "normal"),
    ("easy", "easy", "easy", "easy", "easy", "easy"),
    ("normal", "easy", "easy", "normal", "easy", "easy"),
]
"""The levels at the table, the viewer first (it plays as the first level)."""

RULES = [
    Rules.from_preset("classic"),
    Rules.from_dict({"preset": "classic", "uno_penalty": 0, "no_bluff": True}),
]

KINDS = 85
"""Slots per sample: ``Card.index`` is below ``engine.cards.CARD_INDEXES`` (85)."""


class Viewer(Bot):
    """Plays as ``inner`` does and records, at each of its turns, every other hand."""

    level = "viewer"

    def __init__(self, inner: Bot, game: Game, out: list[tuple[np.ndarray, ...]]) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.game = game
        self.out = out
        self.tells = Tells()
        self.reading = Reading()

    def reset(self, name: str) -> None:
        super().reset(name)
        self.inner.reset(name)
        self.tells.reset(name)
        self.reading.reset(name)

    def observe(self, events: Iterable[Event]) -> None:
        events = list(events)
        self.inner.observe(events)
        self.tells.observe(events)
        self.reading.observe(events)

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        if view.current == view.player:
            self.record(view)
        return self.inner.decide(view, legal)

    def record(self, view: PlayerView) -> None:
        pool = unseen_cards(view)
        unseen = np.zeros(KINDS)
        for card in pool:
            unseen[card.index] += 1
        kinds: dict[int, Card] = {card.index: card for card in pool}
        for seat, name in enumerate(view.players):
            size = view.hand_counts[seat]
            if name == view.player or size == 0:
                continue
            held = np.zeros(KINDS)
            for card in self.game.view(name).hand:
                held[card.index] += 1
            # Cards the viewer has seen in that hand (a 7-0 swap, a challenge) are not
            # in its unseen pool: the model deals only the rest.
            held = np.minimum(held, unseen)
            x = np.zeros((KINDS, len(FEATURES)), dtype=np.float32)
            tells, bar = self.tells.of(name), self.reading.bar(name)
            for index, card in kinds.items():
                x[index] = card_features(card, tells, bar, size, view.color)
            self.out.append((x, unseen.copy(), held))


def play(index: int, seed: int, out: list[tuple[np.ndarray, ...]]) -> None:
    """Round ``index``: its table, rules and seats from ``seed`` (deterministic)."""
    pick = random.Random(derive_seed(seed, index))
    levels = pick.choice(TABLES)
    rules = pick.choice(RULES)
    names = [f"p{k}" for k in range(len(levels))]
    pick.shuffle(names)  # the viewer's place at the table
    game = Game.new(names, rules, seed=derive_seed(seed, index) ^ 0x5EED)
    bots: dict[str, Bot] = {}
    for k, (name, level) in enumerate(zip(names, levels, strict=True)):
        bot = make_bot(level, seed=derive_seed(seed, 1000 * index + k))
        bots[name] = Viewer(bot, game, out) if k == 0 else bot
    drive(Table(game, bots))


def stack(rows: Sequence[tuple[np.ndarray, ...]]) -> Samples:
    """The samples as arrays, without the kinds no pool held (the deck's unused indexes)."""
    unseen = np.stack([r[1] for r in rows])
    used = unseen.sum(axis=0) > 0
    return Samples(
        x=np.stack([r[0][used] for r in rows]).astype(np.float64),
        unseen=unseen[:, used],
        held=np.stack([r[2][used] for r in rows]),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument(
        "--out",
        default=str(Path(__file__).resolve().parents[1] / "src/younuo/bots/models" / MODEL_FILE),
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    train: list[tuple[np.ndarray, ...]] = []
    held_out: list[tuple[np.ndarray, ...]] = []
    for i in range(args.rounds):
        play(i, args.seed, held_out if i % 10 == 9 else train)
        if i % 200 == 199:
            print(f"{i + 1} rounds, {len(train)} samples, {time.perf_counter() - start:.0f} s")
    fitting, test = stack(train), stack(held_out)
    theta = fit(fitting)
    zero = np.zeros(len(FEATURES))
    print(f"samples: {len(train)} (held out {len(held_out)}); {time.perf_counter() - start:.0f} s")
    print(
        f"held-out log-likelihood per card: {log_likelihood(theta, test):.4f} "
        f"(uniform deal {log_likelihood(zero, test):.4f}); "
        f"training {log_likelihood(theta, fitting):.4f} ({log_likelihood(zero, fitting):.4f})"
    )
    # What the tells add to the draws' bars alone (the expert's dealing without the model).
    bars = [FEATURES.index("barred"), FEATURES.index("barred_with_draws_since")]
    only = fit(Samples(fitting.x[:, :, bars], fitting.unseen, fitting.held))
    print(
        "held-out log-likelihood per card with the bars' two features only: "
        f"{log_likelihood(only, Samples(test.x[:, :, bars], test.unseen, test.held)):.4f}"
    )
    for name, value in zip(FEATURES, theta, strict=True):
        print(f"  {name:28s} {value:+.3f}")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, theta=theta, features=np.array(FEATURES))
    print(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
