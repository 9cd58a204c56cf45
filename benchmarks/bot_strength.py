"""Bot strength: hard against normal against easy, 2 and 4 players, classic and younuo.

``--suite expert`` plays the expert level's targets instead (issue 42: against ``easy``
heads-up and as one of six under ``{"preset": "classic", "uno_penalty": 0,
"no_bluff": true}``, against ``hard`` heads-up and as one of four under classic), and
the outside bots the targets were set from, rebuilt (``reference:ranking`` and
``reference:playable``, :mod:`younuo.bots.reference`), under the same rules.

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
    uv run python benchmarks/bot_strength.py --suite expert --games 400    # issue 42

Every figure is deterministic for a seed except the times. Hard games take a few
tenths of a second each (dozens of 10-30 ms searches with the compiled engine), so
hard matchups dominate the run time.
"""

from __future__ import annotations

import argparse
import json
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

ISSUE_RULES = {"preset": "classic", "uno_penalty": 0, "no_bluff": True}
"""The rules issue 42 measures the expert against ``easy`` with (an outside bot's setting:
official-like rules without the Wild Draw Four challenge)."""

_RANKING = "reference:ranking"
_PLAYABLE = "reference:playable"

EXPERT_MATCHUPS: list[tuple[str, tuple[str, ...], dict[str, object], str]] = [
    ("expert vs easy, 2p", ("expert", "easy"), ISSUE_RULES, "expert wins >= 75%"),
    ("expert vs 5 easy, 6p", ("expert", *["easy"] * 5), ISSUE_RULES, "expert wins >= 26%"),
    ("expert vs hard, 2p", ("expert", "hard"), {"preset": "classic"}, "expert wins >= 60%"),
    (
        "expert vs 3 hard, 4p",
        ("expert", "hard", "hard", "hard"),
        {"preset": "classic"},
        "expert wins >= 30%",
    ),
    ("hard vs easy, 2p (issue rules)", ("hard", "easy"), ISSUE_RULES, "for reference"),
    ("hard vs 5 easy, 6p (issue rules)", ("hard", *["easy"] * 5), ISSUE_RULES, "for reference"),
    # The outside figures the targets come from, rebuilt (younuo.bots.reference): its best
    # bot against its baseline (published: 68.8% and 24.2%), the same bot against easy,
    # and the expert against it head to head and against its baseline.
    ("ranking vs playable, 2p", (_RANKING, _PLAYABLE), ISSUE_RULES, "published 68.8%"),
    ("ranking vs 5 playable, 6p", (_RANKING, *[_PLAYABLE] * 5), ISSUE_RULES, "published 24.2%"),
    ("ranking vs easy, 2p", (_RANKING, "easy"), ISSUE_RULES, "for reference"),
    ("ranking vs 5 easy, 6p", (_RANKING, *["easy"] * 5), ISSUE_RULES, "for reference"),
    ("expert vs ranking, 2p", ("expert", _RANKING), ISSUE_RULES, "for reference"),
    ("expert vs playable, 2p", ("expert", _PLAYABLE), ISSUE_RULES, "ranking's row above"),
    ("expert vs 5 playable, 6p", ("expert", *[_PLAYABLE] * 5), ISSUE_RULES, "ranking's row above"),
]
"""``--suite expert``: the expert level's targets (issue 42), each with its own rules."""
_PLURAL = {"round": "rounds", "match": "matches"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per matchup and preset")
    parser.add_argument("--unit", choices=("round", "match"), default="round")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--only", default="", help="only matchups whose name contains this")
    parser.add_argument(
        "--suite",
        choices=("hard", "expert"),
        default="hard",
        help="hard: the matchups above under each preset; expert: issue 42's targets",
    )
    args = parser.parse_args(argv)

    runs: list[tuple[str, str, tuple[str, ...], Rules, str]] = []
    if args.suite == "expert":
        for title, bots, options, target in EXPERT_MATCHUPS:
            if args.only in title:
                preset = str(options["preset"])
                runs.append((preset, title, bots, Rules.from_dict(options), target))
    else:
        for preset in [p for p in args.presets.split(",") if p]:
            for title, bots, target in MATCHUPS:
                if args.only in title:
                    runs.append((preset, title, bots, Rules.from_preset(preset), target))
    lines: list[str] = []
    start = time.perf_counter()
    for preset, title, bots, table_rules, target in runs:
        config = SimConfig(
            bots=bots,
            rules=table_rules,
            games=args.games,
            seed=args.seed,
            unit=args.unit,
        )
        with tqdm(
            total=args.games, file=sys.stderr, unit=args.unit, desc=f"{preset}: {title}"
        ) as bar:
            report = simulate(config, workers=args.workers, progress=bar.update)
        changed = table_rules != Rules.from_preset(preset)
        shown = json.dumps(table_rules.changes()) if changed else preset
        lines.append(f"{shown}, {title} ({args.games} {_PLURAL[args.unit]}; target: {target})")
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
