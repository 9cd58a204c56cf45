"""Weight tuning: one ``normal`` with changed play-score weights against three plain ones.

Plays the same 4-player rounds twice, once with the changed weights at the first seat
and once with plain ``normal`` there (the comparison), seats rotating, and prints both
win rates with 95% Wilson intervals and the rounds won by one and lost by the other
("+a -b"). Changes apply to ``younuo.bots.weights.NORMAL``; docs/bot-research.md ("Tuning the
favourite's weights") has the figures.

    uv run python benchmarks/weight_tuning.py --weights wild=24,void=1,color=1.5 \\
        --games 6000 --seed 12 [--presets classic,younuo] [--workers 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from dataclasses import fields, replace

from tqdm import tqdm

from younuo.bots.normal import NormalBot
from younuo.bots.registry import LEVELS
from younuo.bots.weights import NORMAL, Weights
from younuo.engine import Rules
from younuo.sim.simulator import SimConfig, run_games
from younuo.sim.stats import wilson

TUNED = "tuned"


def parse_weights(text: str) -> Weights:
    """``wild=24,void=1`` as weights: NORMAL with those fields changed."""
    names = {f.name for f in fields(Weights)}
    changes: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        if name not in names:
            raise SystemExit(f"unknown weight {name!r}: use one of {', '.join(sorted(names))}")
        try:
            changes[name] = float(value)
        except ValueError:
            raise SystemExit(f"weight {name} needs a number, as in {name}=2.5") from None
    return replace(NORMAL, **changes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weights", required=True, help="changes, e.g. wild=24,void=1")
    parser.add_argument("--games", type=int, default=4000, help="rounds per preset")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--presets", default="classic,younuo")
    args = parser.parse_args(argv)
    weights = parse_weights(args.weights)

    class Tuned(NormalBot):
        pass

    Tuned.weights = weights
    # Registered before the workers fork, so that they build it by name too: a worker
    # started afresh (spawn, or forkserver, Python 3.14's default) would not know it.
    LEVELS[TUNED] = lambda seed, timing: Tuned(seed, timing)
    if args.workers > 1:
        if "fork" not in multiprocessing.get_all_start_methods():
            raise SystemExit("--workers needs processes started by fork: use --workers 1 here")
        multiprocessing.set_start_method("fork", force=True)
    print(f"weights: {weights}")
    for preset in filter(None, args.presets.split(",")):
        won: dict[str, list[bool]] = {}
        for first in (TUNED, "normal"):
            config = SimConfig(
                bots=(first, "normal", "normal", "normal"),
                rules=Rules.from_preset(preset),
                games=args.games,
                seed=args.seed,
            )
            wins: list[bool] = []
            desc = f"{preset}: {first}"
            with tqdm(total=args.games, file=sys.stderr, unit="round", desc=desc) as bar:
                for chunk in run_games(config, args.workers, timed=False):
                    wins.extend(game.winner == 0 for game in chunk)
                    bar.update(len(chunk))
            won[first] = wins
        for first, seat_wins in won.items():
            low, high = wilson(sum(seat_wins), args.games)
            print(
                f"{preset:8} first seat {first:7} {sum(seat_wins) / args.games:6.1%}"
                f"  95% CI [{low:6.1%}, {high:6.1%}]"
            )
        gained = sum(a and not b for a, b in zip(won[TUNED], won["normal"], strict=True))
        lost = sum(b and not a for a, b in zip(won[TUNED], won["normal"], strict=True))
        print(f"{preset:8} tuned against plain on the same deals: +{gained} -{lost}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
