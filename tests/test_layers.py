"""The layers of the code, as pyproject's import-linter contracts state them: each
package imports only those under it, and the pure packages (rules, tournaments, social
rules, fair-play figures) touch no clock, randomness, network, threads or database."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from importlinter.application.use_cases import lint_imports
from importlinter.configuration import configure

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ROOT / "src" / "younuo"
STATIC_ONLY = {"web"}
"""Packages with no Python of their own to place (the web client's files)."""


def _config() -> dict[str, object]:
    linter: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"][
        "importlinter"
    ]
    return linter


def test_the_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    configure()  # what the lint-imports command does first
    kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), cache_dir=None, no_logo=True)
    report = capsys.readouterr().out
    assert kept, f"an import crosses the layers (`uv run lint-imports`):\n{report}"
    contracts = _config()["contracts"]
    assert isinstance(contracts, list)
    assert f"{len(contracts)} kept, 0 broken" in report


def test_every_package_has_its_layer() -> None:
    contracts = _config()["contracts"]
    assert isinstance(contracts, list)
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    placed = {name.strip() for layer in layers for name in layer.split("|")}
    packages = {p.name for p in PACKAGES.iterdir() if (p / "__init__.py").exists()}
    assert packages - STATIC_ONLY == placed, "place a new package in pyproject's layers"
