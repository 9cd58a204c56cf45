"""Hand-written scenario records (tests/scenarios/), each replayed through the real CLI.

Every file is a record (docs/records.md) plus an ``expect`` key, computed by hand from
docs/rules.md (the file is named after the rule it covers, its ``description`` says why
the numbers are what they are):

- ``ok``, ``applied``, ``error``: compared as given (``error`` by its given keys);
- ``state``: a subset of the replay ``state`` (every key given must match exactly);
- ``events_include``: partial events that must appear in this order among the events.

The records' extra ``description`` and ``expect`` keys are ignored by ``younuo replay``,
as docs/records.md lets projects add fields.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def run_replay(path: Path) -> tuple[int, dict[str, Any]]:
    """``younuo replay --json FILE`` in a fresh process: (exit status, the JSON object)."""
    proc = subprocess.run(
        [sys.executable, "-m", "younuo", "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode in (0, 1), proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def subset_problems(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``; objects compare only the expected keys."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where or 'value'}: expected an object, got {actual!r}"]
        problems: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{where}{key}: missing")
            else:
                problems += subset_problems(value, actual[key], f"{where}{key}.")
        return problems
    if expected != actual:
        return [f"{where.rstrip('.')}: expected {expected!r}, got {actual!r}"]
    return []


def missing_events(wanted: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[str]:
    """The first wanted partial event not found, in order, among ``events``."""
    position = 0
    for want in wanted:
        while position < len(events) and subset_problems(want, events[position]):
            position += 1
        if position == len(events):
            return [f"event {want} not found in order"]
        position += 1
    return []


def test_scenario_files_exist_and_name_a_rule() -> None:
    """Scenario files are named by rule id (r-...) and say what they check."""
    assert len(SCENARIOS) >= 15
    for path in SCENARIOS:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert path.stem.startswith("r-") or path.stem == "record-md-example", path.name
        assert data.get("description"), f"{path.name} needs a description"
        assert isinstance(data.get("expect"), dict) and "ok" in data["expect"], path.name


def test_subset_comparison_reports_differences() -> None:
    """The comparator itself: extra actual keys are fine, a wrong or missing value is not."""
    assert subset_problems({"a": 1}, {"a": 1, "b": 2}) == []
    assert subset_problems({"a": {"b": [1]}}, {"a": {"b": [1, 2]}}) == [
        "a.b: expected [1], got [1, 2]"
    ]
    assert subset_problems({"c": None}, {}) == ["c: missing"]
    events: list[dict[str, Any]] = [{"type": "x", "n": 1}, {"type": "y"}, {"type": "x", "n": 2}]
    assert missing_events([{"type": "y"}, {"type": "x", "n": 2}], events) == []
    assert missing_events([{"type": "y"}, {"type": "x", "n": 1}], events) != []


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    """Replay the scenario with ``younuo replay --json`` and compare with its ``expect``."""
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    status, result = run_replay(path)
    assert status == (0 if expect["ok"] else 1)
    assert result["ok"] is expect["ok"]
    problems: list[str] = []
    if "applied" in expect:
        problems += subset_problems(expect["applied"], result["applied"], "applied")
    if "error" in expect:
        problems += subset_problems(expect["error"], result["error"], "error.")
    problems += subset_problems(expect.get("state", {}), result["state"], "state.")
    problems += missing_events(expect.get("events_include", []), result["events"])
    assert not problems, "\n".join(problems)
