"""Shared pytest options, and the environment every process the suite starts inherits."""

from __future__ import annotations

import os
import sys

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


@pytest.fixture
def soak_full(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--soak-full"))
