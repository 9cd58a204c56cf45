"""Soak: many random full games across the presets without an error.

CI plays a bounded number; ``uv run pytest -m soak --soak-full`` plays the full count:
10,000 unchecked games, and 100,000 games checked after every action (the invariants
and the scoring oracle of ``tests/test_random_rules.py``, with leaves at any moment).
A "game" here is a whole match under a random preset with random options set over it.
A checked game that breaks a check is written to ``artifacts/soak-violations/`` as a
record that ``younuo replay FILE --json`` replays to the bad state.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from tqdm import tqdm

from checked_play import play_checked
from randomplay import random_game, random_step

FULL_GAMES = 10_000
CI_GAMES = 150
CHECKED_FULL_GAMES = 100_000
CHECKED_CI_GAMES = 100
# Seeds apart from test_random_rules.py's 0-299, so the soak's CI part adds games.
CHECKED_FIRST_SEED = 1_000_000
VIOLATIONS = Path(__file__).resolve().parents[1] / "artifacts" / "soak-violations"
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


@pytest.mark.soak
def test_checked_random_games_with_leaves(
    soak_full: bool, soak_shard: tuple[int, int], tmp_path: Path
) -> None:
    """Every action of every game checked; any violation saved as a replayable record.

    ``--soak-shard K/N`` plays this process's share, so N processes play the full count.
    """
    count = CHECKED_FULL_GAMES if soak_full else CHECKED_CI_GAMES
    out = VIOLATIONS if soak_full else tmp_path
    shard, shards = soak_shard
    seeds = range(CHECKED_FIRST_SEED + shard, CHECKED_FIRST_SEED + count, shards)
    games = len(seeds)
    written: list[Path] = []
    finished = leaves = steps = 0
    started = time.monotonic()
    for seed in tqdm(seeds, desc="checked soak", unit="game", disable=not soak_full):
        outcome = play_checked(seed)
        finished += outcome.finished
        leaves += outcome.leaves
        steps += outcome.steps
        if outcome.violation is not None:
            written.append(outcome.violation.write(out))
    print(
        f"checked soak: {games} games, {steps} actions, {leaves} leaves, {finished} finished, "
        f"{len(written)} violations, {time.monotonic() - started:.0f} s"
    )
    assert not written, f"{len(written)} violations, records in {out}: {written[:10]}"
    assert finished >= games * 0.95
