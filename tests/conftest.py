"""Shared pytest options."""

from __future__ import annotations

import pytest


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
