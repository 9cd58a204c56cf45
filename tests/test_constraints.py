"""The committed constraints files and pyproject's uv constraints must stay the same lists."""

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("filename", "key"),
    [
        ("constraints.txt", "constraint-dependencies"),
        ("build-constraints.txt", "build-constraint-dependencies"),
    ],
)
def test_constraints_file_matches_pyproject(filename: str, key: str) -> None:
    pins = [line.strip() for line in (ROOT / filename).read_text().splitlines()]
    pins = [p for p in pins if p and not p.startswith("#")]
    assert all("==" in p and ";" not in p for p in pins), "plain name==version lines only"
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert sorted(config["tool"]["uv"][key]) == sorted(pins), (
        f"{filename} and [tool.uv] {key} differ: copy the file's lines"
    )
