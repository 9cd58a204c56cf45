"""sim.simulator and ``younuo simulate``: deterministic for a seed, with or without workers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from younuo.cli import app
from younuo.engine import Rules
from younuo.engine.records import Record, replay
from younuo.sim.simulator import SimConfig, parse_bots, seating, simulate
from younuo.sim.stats import percentile, wilson


def _config(**kw: object) -> SimConfig:
    base: dict[str, object] = {
        "bots": ("normal", "easy", "random"),
        "rules": Rules.from_preset("younuo"),
        "games": 24,
        "seed": 3,
    }
    base.update(kw)
    return SimConfig(**base)  # type: ignore[arg-type]


def test_same_seed_same_report_with_any_number_of_workers() -> None:
    one = simulate(_config(), workers=1).to_dict()
    two = simulate(_config(), workers=2).to_dict()
    assert one == two
    assert one["games"] == 24
    assert sum(s["wins"] for s in one["seats"]) == 24 - one["capped"]
    other = simulate(_config(seed=4), workers=1).to_dict()
    assert other != one


def test_seats_rotate_round_the_table() -> None:
    config = _config()
    assert [seating(config, i)[0] for i in range(3)] == [0, 2, 1]
    fixed = _config(rotate=False)
    assert all(seating(fixed, i) == [0, 1, 2] for i in range(3))


def test_a_clearly_better_bot_wins_more() -> None:
    report = simulate(
        _config(bots=("normal", "random"), games=60, rules=Rules.from_preset("classic"))
    )
    normal, rand = report.to_dict()["seats"]
    assert normal["wins"] > 45
    assert normal["ci95"][0] > rand["ci95"][1]


def test_records_replay(tmp_path: Path) -> None:
    """--records writes records (docs/records.md) that replay to the same end."""
    config = _config(games=3, records=str(tmp_path))
    simulate(config)
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 3
    data = json.loads(files[0].read_text())
    assert data["bots"] == {"p1-normal": "normal", "p2-easy": "easy", "p3-random": "random"}
    result = replay(Record.from_json(files[0].read_text()))
    assert result.ok
    assert result.state["status"] in ("round_over", "match_over")


def test_cli_json(tmp_path: Path) -> None:
    args = [
        "simulate",
        "--players",
        "3",
        "--bots",
        "normal,easy,easy",
        "--rules",
        "classic",
        "--games",
        "12",
        "--seed",
        "1",
        "--json",
        "--no-progress",
    ]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(app, [*args, "--workers", "2"])
    out = json.loads(first.stdout)
    assert out == json.loads(again.stdout)
    assert [s["bot"] for s in out["seats"]] == ["normal", "easy", "easy"]
    assert set(out["events"]) >= {"challenge_guilty", "challenge_innocent", "catch", "stack"}
    assert out["mean_turns"] > 0


def test_cli_table_and_errors() -> None:
    ok = CliRunner().invoke(
        app,
        [
            "simulate",
            "-p",
            "2",
            "-b",
            "easy",
            "-n",
            "4",
            "--no-progress",
            "--rules",
            '{"preset": "party", "jump_in": "numbers"}',
        ],
    )
    assert ok.exit_code == 0
    assert "win rate" in ok.stdout and "95% CI" in ok.stdout
    # --games counts games, and the header says so (it said "4 rounds" for -n 4).
    assert ok.stdout.startswith("4 games, 2 players"), ok.stdout.splitlines()[0]
    bad = CliRunner().invoke(app, ["simulate", "-p", "3", "-b", "easy,genius,easy", "-n", "2"])
    assert bad.exit_code == 2 and "unknown bot level" in bad.stderr
    wrong = CliRunner().invoke(app, ["simulate", "-p", "3", "-b", "easy,easy", "-n", "2"])
    assert wrong.exit_code == 2


def test_parse_bots() -> None:
    assert parse_bots("hard", 3) == ("hard", "hard", "hard")
    assert parse_bots("hard, normal", 2) == ("hard", "normal")
    with pytest.raises(ValueError):
        parse_bots("a,b,c", 2)


def test_wilson_interval_and_percentiles() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and 0.0 < wilson(0, 10)[1] < 0.35
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile([5.0], 99) == 5.0
