"""``younuo replay FILE [--json]`` (docs/records.md): exit codes, --json purity, messages,
report."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from record_md import RECORD_MD
from younuo.cli import app
from younuo.engine.records import Record, replay

ROOT = Path(__file__).resolve().parents[1]
SETUP_EXAMPLE = ROOT / "examples" / "setup-example.json"

BASE: dict[str, Any] = RECORD_MD
REFUSED_ACTIONS = [
    {"player": "ann", "type": "play", "card": "R5"},
    {"player": "cat", "type": "play", "card": "B1"},
]


def record(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def write(tmp_path: Path, data: Any, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The real command, in a fresh process (``python -m younuo``)."""
    return subprocess.run(
        [sys.executable, "-m", "younuo", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def invoke(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=stdin)


# ------------------------------------------------------------------ exit codes, --json
def test_json_ok_exits_0_with_exactly_one_object(tmp_path: Path) -> None:
    """docs/records.md, --json: one object {ok, error, applied, state, events}, nothing else."""
    proc = run("replay", "--json", str(write(tmp_path, BASE)))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count("\n") == 1 and proc.stdout.endswith("\n")
    result = json.loads(proc.stdout)  # raises if anything but one JSON value is printed
    assert list(result) == ["ok", "error", "applied", "state", "events"]
    assert result["ok"] is True and result["error"] is None and result["applied"] == 2
    assert result["state"]["current"] == "cat"
    assert result == replay(Record.from_dict(BASE)).to_dict()


def test_json_refused_exits_1_and_reports_the_error(tmp_path: Path) -> None:
    """docs/records.md: a refused action stops the replay: ok false, error {index, code,
    message}."""
    proc = run("replay", "--json", str(write(tmp_path, record(actions=REFUSED_ACTIONS))))
    assert proc.returncode == 1
    result = json.loads(proc.stdout)
    assert result["ok"] is False
    assert result["applied"] == 1
    assert result["error"]["index"] == 1
    assert result["error"]["code"] == "not_your_turn"
    assert result["error"]["message"]
    assert result["state"]["hands"]["cat"] == ["B1"]  # the state before the refused action


def test_json_invalid_record_exits_2_with_nothing_on_stdout(tmp_path: Path) -> None:
    """docs/records.md: an invalid record exits 2; with --json nothing is printed on stdout."""
    path = write(tmp_path, record(actions=[{"player": "ann", "type": "play", "card": "R55"}]))
    proc = run("replay", "--json", str(path))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "R55" in proc.stderr and "not a valid game record" in proc.stderr


def test_missing_file_exits_2_naming_the_file(tmp_path: Path) -> None:
    """A file that does not exist: exit 2 and a message that names it."""
    missing = tmp_path / "no-such-record.json"
    proc = run("replay", "--json", str(missing))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert str(missing) in proc.stderr


def test_dash_reads_the_record_from_stdin() -> None:
    """FILE '-' reads standard input."""
    proc = run("replay", "--json", "-", stdin=json.dumps(BASE))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["applied"] == 2


def test_console_script_runs_the_same_command(tmp_path: Path) -> None:
    """pyproject's ``younuo`` console script is the same app as ``python -m younuo``."""
    script = Path(sys.executable).with_name("younuo")
    if not script.exists():
        pytest.skip("console script not installed in this environment")
    path = write(tmp_path, BASE)
    proc = subprocess.run(
        [str(script), "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == json.loads(run("replay", "--json", str(path)).stdout)


# ------------------------------------------------------------------ invalid record classes
_HANDS = BASE["setup"]["hands"]
INVALID_CLASSES: list[tuple[str, Any]] = [
    ("bad JSON", '{"format": "younuo-record/1",'),
    ("missing format", {k: v for k, v in BASE.items() if k != "format"}),
    ("unknown format", record(format="younuo-record/9")),
    ("unknown card code", record(setup={**BASE["setup"], "start": "R11"})),
    ("unknown option", record(rules={"preset": "classic", "stacks": "none"})),
    ("bad option value", record(rules={"preset": "classic", "target": -5})),
    ("unknown preset", record(rules={"preset": "house"})),
    ("unknown action type", record(actions=[{"player": "ann", "type": "shout"}])),
    ("unknown player in an action", record(actions=[{"player": "zed", "type": "draw"}])),
    ("unknown target", record(actions=[{"player": "bob", "type": "catch", "target": "zed"}])),
    (
        "unknown player in setup.hands",
        record(setup={**BASE["setup"], "hands": {**_HANDS, "zed": ["G5"]}}),
    ),
    ("unknown setup.first", record(setup={**BASE["setup"], "first": "zed"})),
    ("unknown player in teams", record(teams=[["ann", "zed"], ["bob", "dan"]])),
    (
        "unknown color",
        record(actions=[{"player": "ann", "type": "play", "card": "W+4", "color": "pink"}]),
    ),
    ("neither setup nor seed", record(setup=None, seed=None)),
    ("impossible setup", record(setup={**BASE["setup"], "pile": ["R3", "R3"]})),
    ("impossible table", record(players=["ann"], setup=None, seed=3, actions=[])),
]


@pytest.mark.parametrize(("case", "data"), INVALID_CLASSES, ids=[c for c, _ in INVALID_CLASSES])
def test_each_invalid_record_class_exits_2(tmp_path: Path, case: str, data: Any) -> None:
    """docs/records.md: bad JSON, unknown card, option, action type, player or color, or an
    impossible setup: exit 2, a message on stderr, nothing on stdout with --json."""
    path = write(tmp_path, data)
    result = invoke("replay", "--json", str(path))
    assert result.exit_code == 2, f"{case}: {result.stdout}"
    assert result.stdout == ""
    assert f"{path} is not a valid game record" in result.stderr
    readable = invoke("replay", str(path))
    assert readable.exit_code == 2
    assert readable.stdout == ""


def test_missing_action_field_is_exit_1_not_2(tmp_path: Path) -> None:
    """docs/records.md: a missing field is refused by the rules (exit 1), the record is valid."""
    path = write(tmp_path, record(actions=[{"player": "ann", "type": "play"}]))
    result = invoke("replay", "--json", str(path))
    assert result.exit_code == 1
    error = json.loads(result.stdout)["error"]
    assert (error["index"], error["code"]) == (0, "missing_card")


# ------------------------------------------------------------------ the readable report
def test_readable_report_tells_the_game() -> None:
    """Without --json: players and hands, each action with its events in words, the end."""
    result = invoke("replay", str(SETUP_EXAMPLE))
    assert result.exit_code == 0
    out = result.stdout
    assert "Rules: classic preset with stacking=progressive" in out
    assert "Players: ann, bob, cat" in out
    assert "ann  R5 W+4 G7 R+2" in out  # the deal
    assert "Start card: R3 (red)." in out
    assert "#1 bob: play W naming green" in out
    assert "ann catches bob, who did not call UNO." in out
    assert "bob draws 2 cards (did not call UNO): B2 Y9." in out
    assert "bob draws 4 cards (penalty): G8 B7 Y5 R1." in out
    assert "ann wins the round, worth 56 points." in out
    assert "Final state: round over" in out
    assert "OK: all 13 actions applied." in out
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)


def test_readable_report_names_the_refused_action(tmp_path: Path) -> None:
    """Without --json a refusal is told in words, with its code, and exits 1."""
    result = invoke("replay", str(write(tmp_path, record(actions=REFUSED_ACTIONS))))
    assert result.exit_code == 1
    assert "REFUSED: action #1 (cat: play B1)" in result.stdout
    assert "[not_your_turn]" in result.stdout
    assert "1 of 2 actions applied" in result.stdout
    assert "dan to play" not in result.stdout
    assert "ann to play" not in result.stdout and "bob to play" in result.stdout


def test_help_lists_the_replay_command() -> None:
    """``younuo`` is a group of commands; ``replay`` is one of them."""
    result = invoke("--help")
    assert result.exit_code == 0
    assert "replay" in result.stdout


def test_engine_crash_exits_3_not_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine failure is neither a refusal (1) nor an invalid record (2): exit 3, no stdout."""
    import younuo.cli.replay as command

    def broken(_: Record) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(command, "replay_record", broken)
    result = invoke("replay", "--json", str(write(tmp_path, BASE)))
    assert result.exit_code == 3
    assert result.stdout == ""
    assert "engine bug" in result.stderr and "internal error" in result.stderr
