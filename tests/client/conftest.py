"""A real ``younuo serve`` for the client's tests: one per test module, bots acting at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server.harness import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module's tests (a start costs seconds): each test leaves the
    rooms it made, so that another's quick match never lands in them."""
    with ServerProcess(tmp_path_factory.mktemp("client") / "data") as proc:
        yield proc
