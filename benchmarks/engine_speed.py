"""Engine speed: random legal-move games (rounds), games and steps per CPU-second.

Plays complete rounds under the ``classic`` preset with 2 and 4 players, each step a
uniformly random legal action of the player to move (leaving the match excluded), and
prints games and steps per CPU-second. When the optional ``bench`` dependency group is
installed (``uv sync --group bench``), RLCard's UNO game engine is measured the same way
in the same run and the ratio is printed. A "game" is one round in both engines, since
RLCard's UNO game is a single round.

    uv run --group bench python benchmarks/engine_speed.py [--games 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

from tqdm import tqdm

from younuo.engine import COMPILED, ActionType, Game, Rules

# Read once: on Python 3.11 ``ActionType.LEAVE`` goes through ``EnumType.__getattr__``,
# about a thousand machine instructions each time, which the loop below would pay for
# every legal action of every step (docs/engine.md).
LEAVE = ActionType.LEAVE


def younuo_round(players: int, rng: random.Random, seed: int) -> int:
    names = [f"p{i}" for i in range(players)]
    game = Game.new(names, Rules.from_preset("classic"), seed=seed)
    steps = 0
    while game.status == "playing":
        current = game.current
        assert current is not None
        legal = [a for a in game.legal_actions(current) if a.type is not LEAVE]
        game.apply(rng.choice(legal))
        steps += 1
    return steps


def rlcard_round(players: int, rng: random.Random, seed: int) -> int:
    from rlcard.games.uno.game import UnoGame  # optional: the bench group

    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    game.init_game()
    steps = 0
    while not game.is_over():
        game.step(rng.choice(game.get_legal_actions()))
        steps += 1
    return steps


def measure(
    name: str, play: Callable[[int, random.Random, int], int], players: int, games: int, seed: int
) -> tuple[float, float]:
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for i in tqdm(range(games), desc=f"{name} {players}p", unit="game", leave=False):
        steps += play(players, rng, seed + i)
    cpu = time.process_time() - start
    return games / cpu, steps / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="rounds per engine and table size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import rlcard  # noqa: F401

        engines = [("younuo", younuo_round), ("rlcard", rlcard_round)]
    except ImportError:
        print("rlcard not installed: measuring younuo only (uv sync --group bench to compare)")
        engines = [("younuo", younuo_round)]
    form = "compiled by mypyc" if COMPILED else "pure Python (YOUNUO_PURE_PYTHON or no compiler)"
    print(f"younuo engine: {form}")
    # CPU time excludes waiting for a core, not the slowdown of sharing caches with other
    # work: the load says how busy the machine was (compare ratios, not absolute rates).
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"{'engine':8} {'players':>7} {'games/cpu-s':>12} {'steps/cpu-s':>12}")
    results: dict[tuple[str, int], float] = {}
    for players in (2, 4):
        for name, play in engines:
            games_s, steps_s = measure(name, play, players, args.games, args.seed)
            results[name, players] = steps_s
            print(f"{name:8} {players:>7} {games_s:12.1f} {steps_s:12.0f}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    if len(engines) == 2:
        for players in (2, 4):
            ratio = results["younuo", players] / results["rlcard", players]
            print(f"steps per CPU-second, younuo / rlcard, {players} players: {ratio:.2f}x")


if __name__ == "__main__":
    main()
