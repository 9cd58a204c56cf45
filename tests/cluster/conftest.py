"""Fixtures shared by the multi-node tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .services import RedisServer


@pytest.fixture(scope="module")
def redis() -> Iterator[RedisServer]:
    """A Redis of the module's own, on a loopback port."""
    with RedisServer() as server:
        yield server
