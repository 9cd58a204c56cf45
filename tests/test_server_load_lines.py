"""benchmarks/server_load.py --nodes N ends with the two lines issue 41's check reads:
node CPU per move of one node on PostgreSQL against one on SQLite, and of N nodes against
one. This runs their formatting (not the benchmark, which takes minutes)."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "server_load.py"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("server_load", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("server_load", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _run(cpu_ms_per_move: float) -> dict[str, Any]:
    return {"cpu_ms_per_move": cpu_ms_per_move, "p99_ms": 12.0}


def test_the_closing_lines_give_both_ratios_with_two_decimals() -> None:
    lines = _benchmark().cpu_ratio_lines(_run(1.22), _run(1.5494), _run(1.735328), 2)
    assert lines == [
        "node CPU per move, postgresql / sqlite: 1.27x",
        "node CPU per move, 2 nodes / 1 node: 1.12x",
    ]


def test_the_closing_lines_name_the_node_count_and_round_half_way() -> None:
    lines = _benchmark().cpu_ratio_lines(_run(2.0), _run(2.0), _run(6.01), 3)
    assert lines[1] == "node CPU per move, 3 nodes / 1 node: 3.00x"
    assert lines[0] == "node CPU per move, postgresql / sqlite: 1.00x"


def test_a_run_without_moves_gives_nan_not_a_division_error() -> None:
    bench = _benchmark()
    lines = bench.cpu_ratio_lines(_run(math.nan), _run(1.0), _run(0.0), 2)
    assert lines == [
        "node CPU per move, postgresql / sqlite: nanx",
        "node CPU per move, 2 nodes / 1 node: 0.00x",
    ]
    assert math.isnan(bench.ratio(1.0, 0.0))


def test_the_room_rule_seats_a_table_on_one_node_and_spreads_the_tables() -> None:
    """By default all four seats of table t are on node t % N (the balancer's room rule);
    ``--spread`` puts seat k on node (t + k) % N, as a balancer without the rule would."""
    bench = _benchmark()
    assert [bench.seat_nodes(t, 2, False) for t in range(3)] == [[0] * 4, [1] * 4, [0] * 4]
    assert bench.seat_nodes(1, 3, True) == [1, 2, 0, 1]
    assert bench.seat_nodes(5, 1, True) == [0, 0, 0, 0]
