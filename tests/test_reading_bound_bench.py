"""benchmarks/reading_bound.py runs and prints what docs/bot-research.md reads from it (issue 42).

A few rounds only: the rows are there and hold what must hold whatever the rounds. The
told reader ("genie") keeps every hand that explains ``easy``'s choices, the true one
always among them (the script stops if not), so at each decision its weight on the
true hand is at least a uniform deal's.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "reading_bound.py"


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_the_bound_is_printed_per_hand_size_and_beats_a_uniform_deal() -> None:
    out = run("bound", "--seed", "3", "--games", "6")
    assert re.search(r"^load average at start: \d+\.\d\d$", out, re.M)
    rows = {
        (int(m[1]), m[3]): float(m[4])
        for m in re.finditer(r"^easy holds (\d), (\d+) decisions: (.+): (\d\.\d{4})$", out, re.M)
    }
    sizes = {size for size, _ in rows}
    assert sizes, out
    for size in sizes:
        assert 0 < rows[size, "uniform deal: the true hand"] <= rows[size, "genie: the true hand"]
        assert rows[size, "genie: the true hand"] <= rows[size, "genie: its colors"] <= 1
        assert 0 <= rows[size, "expert's worlds: the true hand"] <= 1


def test_with_nothing_told_the_expert_plays_the_levels_rounds() -> None:
    """With no peeking (``mix``) or no hand short enough to tell (``told``) the expert
    plays exactly as the level does: the same wins as ``younuo simulate`` on the same
    block (its first rounds)."""
    from younuo.engine import Rules
    from younuo.sim.simulator import SimConfig, play_game

    rules = Rules.from_dict({"preset": "classic", "uno_penalty": 0, "no_bluff": True})
    config = SimConfig(bots=("expert", "easy"), rules=rules, games=4, seed=1)
    level = sum(play_game(config, i).winner == 0 for i in range(4))
    for args in (("mix", "--share", "0"), ("told", "--short", "0")):
        line = run(*args, "--seed", "1", "--games", "4").splitlines()[1]
        assert json.loads(line)["expert_wins"] == level, args
    # One of four against hard (classic): the seats rotate as younuo simulate rotates them.
    classic = Rules.from_dict({"preset": "classic"})
    four = SimConfig(bots=("expert", "hard", "hard", "hard"), rules=classic, games=4, seed=2)
    level = sum(play_game(four, i).winner == 0 for i in range(4))
    mix = ("mix", "--share", "0", "--against", "hard", "--players", "4", "--seed", "2")
    line = run(*mix, "--games", "4").splitlines()[1]
    assert json.loads(line)["expert_wins"] == level


def test_the_told_readers_worlds_deal_the_true_hand_at_times() -> None:
    """The told reader's deal is used at the decisions near the round's end; the true
    hand always explains ``easy``'s choices, so it is among the hands dealt, and so
    are others (the reader is told which slots are held, not what they hold)."""
    line = run("told", "--short", "1", "--seed", "2", "--games", "4").splitlines()[1]
    out = json.loads(line)
    assert out["told decisions"] >= 1, out
    assert 0 < out["worlds dealing the true hand"] < out["their worlds"], out
