"""benchmarks/engine_speed.py runs and prints what docs/engine.md reads from it.

The figures themselves depend on the machine and its load, so this only plays a few
rounds: every row is there, the ratios are numbers, and the load is printed beside them
(a ratio measured on a busy machine is reported with the load it ran under).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "engine_speed.py"


def test_engine_speed_prints_rows_ratios_and_the_load() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), "--games", "3", "--seed", "5"],
        capture_output=True,
        text=True,
        check=True,
    )
    out = done.stdout
    assert re.search(r"^younuo engine: (compiled by mypyc|pure Python)", out, re.M)
    assert re.search(r"^load average at start: \d+\.\d\d on \d+ CPUs$", out, re.M)
    assert re.search(r"^load average at end: \d+\.\d\d$", out, re.M)
    for players in (2, 4):
        row = re.search(rf"^younuo +{players} +(\d+\.\d) +(\d+)$", out, re.M)
        assert row is not None and float(row[1]) > 0 and int(row[2]) > 0
    if "rlcard not installed" in out:
        return
    for players in (2, 4):
        assert re.search(rf"^rlcard +{players} +\d+\.\d +\d+$", out, re.M)
        ratio = re.search(rf"younuo / rlcard, {players} players: (\d+\.\d\d)x$", out, re.M)
        assert ratio is not None and float(ratio[1]) > 0
