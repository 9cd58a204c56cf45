"""Bot strength: hard against normal against easy, 2 and 4 players, classic and younuo.

For each matchup and preset it plays rounds (a "game" is one round, as in
``younuo simulate``), or whole matches to the preset's target with ``--unit match``
(the official rules' "game": first to 500 points), with seats rotating round the
table, and prints each bot's win rate with a 95% Wilson interval and its turn
decision time (median and 99th percentile). Targets (issue 3): hard wins at least
60% of 2-player games against normal; one hard among three normal wins at least 35%
of 4-player games (25% is parity); normal beats easy by a clear margin.

    uv run python benchmarks/bot_strength.py [--games 400] [--workers 2] [--seed 1]
    uv run python benchmarks/bot_strength.py --only hard --games 200     # hard matchups
    uv run python benchmarks/bot_strength.py --only "hard vs 3" --unit match --games 400

Every figure is deterministic for a seed except the times. Hard games take a few
tenths of a second each (dozens of 10-30 ms searches with the compiled engine), so
hard matchups dominate the run time.
"""

from __future__ import annotations

import argparse
import sys
import time

from tqdm import tqdm

from younuo.engine import Rules
from younuo.sim.simulator import SimConfig, simulate
from younuo.sim.stats import percentile

MATCHUPS: list[tuple[str, tuple[str, ...], str]] = [
    ("hard vs normal, 2p", ("hard", "normal"), "hard wins >= 60%"),
    ("hard vs 3 normal, 4p", ("hard", "normal", "normal", "normal"), "hard wins >= 35%"),
    ("normal vs easy, 2p", ("normal", "easy"), "normal clearly ahead"),
    ("normal vs 3 easy, 4p", ("normal", "easy", "easy", "easy"), "normal clearly ahead"),
    ("hard vs easy, 2p", ("hard", "easy"), "for reference"),
]
PRESETS = ("classic", "younuo")
_PLURAL = {"round": "rounds", "match": "matches"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per matchup and preset")
    parser.add_argument("--unit", choices=("round", "match"), default="round")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--only", default="", help="only matchups whose name contains this")
    args = parser.parse_args(argv)

    chosen = [m for m in MATCHUPS if args.only in m[0]]
    presets = [p for p in args.presets.split(",") if p]
    lines: list[str] = []
    start = time.perf_counter()
    for preset in presets:
        for title, bots, target in chosen:
            config = SimConfig(
                bots=bots,
                rules=Rules.from_preset(preset),
                games=args.games,
                seed=args.seed,
                unit=args.unit,
            )
            with tqdm(
                total=args.games, file=sys.stderr, unit=args.unit, desc=f"{preset}: {title}"
            ) as bar:
                report = simulate(config, workers=args.workers, progress=bar.update)
            lines.append(f"{preset}, {title} ({args.games} {_PLURAL[args.unit]}; target: {target})")
            # One line per bot level (several seats of a level are pooled).
            levels: dict[str, tuple[int, list[float]]] = {}
            for seat in report.seats:
                wins, times = levels.get(seat.level, (0, []))
                levels[seat.level] = (wins + seat.wins, times + seat.times)
            for level, (wins, times) in levels.items():
                seats = sum(1 for b in bots if b == level)
                games = args.games * seats
                rate = wins / games
                low, high = _interval(wins, args.games, seats)
                lines.append(
                    f"  {level:<7} x{seats}  win rate {rate:6.1%} per seat"
                    f"  95% CI [{low:6.1%}, {high:6.1%}]"
                    f"  decision ms median {1000 * percentile(times, 50):7.2f}"
                    f"  p99 {1000 * percentile(times, 99):7.2f}"
                )
            print(lines[-1 - len(levels)], flush=True)
            for line in lines[-len(levels) :]:
                print(line, flush=True)
    print(f"total {time.perf_counter() - start:.0f} s", flush=True)
    return 0


def _interval(wins: int, games: int, seats: int) -> tuple[float, float]:
    """95% interval of a per-seat win rate; pooled seats of one level share each game."""
    from younuo.sim.stats import wilson

    if seats == 1:
        return wilson(wins, games)
    # Seats of one level are not independent (at most one wins a game): use the
    # level's share of games won, divided by its seats.
    low, high = wilson(wins, games)
    return low / seats, high / seats


if __name__ == "__main__":
    raise SystemExit(main())
