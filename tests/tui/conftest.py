"""A real ``younuo serve`` for the terminal table's pilot tests (bots acting at once)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server.harness import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module's tests (a start costs seconds)."""
    with ServerProcess(tmp_path_factory.mktemp("tui") / "data") as proc:
        yield proc
