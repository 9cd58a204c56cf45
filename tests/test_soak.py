"""Soak: many random full games across the presets without an error.

CI plays a bounded number; ``uv run pytest -m soak --soak-full`` plays 10,000.
A "game" here is a whole match under a random preset with random options set over it.
"""

from __future__ import annotations

import random

import pytest
from tqdm import tqdm

from randomplay import random_game, random_step

FULL_GAMES = 10_000
CI_GAMES = 150
MAX_STEPS = 20_000  # a random policy can wander; a match this long is stopped, not failed


@pytest.mark.soak
def test_random_full_games_run_without_error(soak_full: bool) -> None:
    games = FULL_GAMES if soak_full else CI_GAMES
    finished = 0
    for seed in tqdm(range(games), desc="soak", unit="game", disable=not soak_full):
        rng = random.Random(seed)
        game = random_game(rng)
        total = game.card_count()
        for _ in range(MAX_STEPS):
            if game.is_over:
                finished += 1
                break
            game.apply(random_step(game, rng, leave_rate=0.0005))
        assert game.card_count() == total
    # Nearly every match must reach its end: a stuck game would show here.
    assert finished >= games * 0.9
