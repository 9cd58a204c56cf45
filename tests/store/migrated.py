"""What every store test begins with: a migrated database at a URL, and a way to run a
coroutine from a plain test."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from younuo.store import Database


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coro`` to its end in a new event loop."""
    return asyncio.run(coro)


async def migrated(url: str) -> Database:
    """The database at ``url``, migrated to the newest revision."""
    db = Database.from_url(url, sqlite_synchronous="normal")
    await db.migrate()
    return db
