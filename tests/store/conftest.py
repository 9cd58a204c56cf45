"""Store fixtures: every store test runs on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from .postgres import INSTALL, fresh_database, pg_bin, postgres_server


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[str]:
    if pg_bin() is None:
        pytest.skip(
            f"PostgreSQL binaries (initdb, pg_ctl) not found: install them with `{INSTALL}`"
        )
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'younuo.db'}"
    admin: str = request.getfixturevalue("postgres_admin")
    return asyncio.run(fresh_database(admin, "t_" + uuid.uuid4().hex[:12]))
