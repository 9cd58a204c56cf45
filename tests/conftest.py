"""Shared pytest options, and the environment every process the suite starts inherits."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# The suite starts some 150 Python processes (servers, nodes, the command line). Where
# PYTHONDONTWRITEBYTECODE is set (some sandboxes set it in every shell) none of them
# keeps a bytecode cache, and each one compiles SQLAlchemy, FastAPI, pydantic and the
# server from source again: about 3 s of every start on a 2-core machine, several
# minutes of the suite. The caches go to .venv and src/ (both ignored by git).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak-full",
        action="store_true",
        default=False,
        help="run soak tests at their full size (e.g. 10,000 engine games) instead of the CI bound",
    )

    parser.addoption(
        "--soak-shard",
        default="0/1",
        help="K/N: play only the K-th of every N soak games (run N processes side by side)",
    )


@pytest.fixture
def soak_full(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--soak-full"))


@pytest.fixture
def soak_shard(request: pytest.FixtureRequest) -> tuple[int, int]:
    """(K, N) from ``--soak-shard K/N``: this process plays games K, K+N, K+2N, ..."""
    text = str(request.config.getoption("--soak-shard"))
    k, _, n = text.partition("/")
    shard = (int(k), int(n))
    if not 0 <= shard[0] < shard[1]:
        raise pytest.UsageError(f"--soak-shard {text}: K/N with 0 <= K < N")
    return shard


# Test tiers (docs/architecture.md, "Tests"): every test gets one of these markers from where
# it lives, so that `uv run pytest -m unit` answers a developer in under a minute while CI
# still runs everything. A test that starts a server process, a database server or a browser
# is not `unit`, wherever it sits.
TIER_BY_FOLDER = {
    "cluster": "cluster",
    "web": "web",
    "server": "server",
    "store": "server",
    "client": "server",
    "tui": "server",
}
SERVER_FILES_ELSEWHERE = ("test_server_", "test_shell_", "test_series_shell")
"""Files under a pure package's folder that drive the server shell (tests/tournaments)."""


def tier(path: Path) -> str:
    """The tier of the test file at ``path`` (relative to ``tests/``)."""
    if path.parts[0] in TIER_BY_FOLDER:
        return TIER_BY_FOLDER[path.parts[0]]
    return "server" if path.name.startswith(SERVER_FILES_ELSEWHERE) else "unit"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        name = tier(item.path.relative_to(here))
        if name == "unit" and item.get_closest_marker("soak"):
            continue  # a soak run is long even in its bounded form: it is the `soak` tier
        item.add_marker(getattr(pytest.mark, name))
