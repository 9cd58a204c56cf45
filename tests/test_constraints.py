"""The committed constraints file and pyproject's uv constraints must stay the same list."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_constraints_file_matches_pyproject() -> None:
    pins = [line.strip() for line in (ROOT / "constraints.txt").read_text().splitlines()]
    pins = [p for p in pins if p and not p.startswith("#")]
    assert all("==" in p and ";" not in p for p in pins), "plain name==version lines only"
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert sorted(config["tool"]["uv"]["constraint-dependencies"]) == sorted(pins), (
        "constraints.txt and [tool.uv] constraint-dependencies differ: copy the file's lines"
    )
