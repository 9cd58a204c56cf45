"""What every store test begins with: a migrated database at a URL, a way to run a
coroutine from a plain test, and a running match's row to store."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from typing import Any

from younuo.store import Database
from younuo.store.models import Match


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coro`` to its end in a new event loop."""
    return asyncio.run(coro)


async def migrated(url: str) -> Database:
    """The database at ``url``, migrated to the newest revision."""
    db = Database.from_url(url, sqlite_synchronous="normal")
    await db.migrate()
    return db


def running_row(match_id: str, owner: str | None = None, version: int = 0) -> Match:
    """A running two-player match's row (no room, an empty log of ``version`` moves to add)."""
    now = time.time()
    return Match(
        id=match_id, room_id=None, status="running", rules={}, players=["ann", "bob"],
        teams=None, seed=7, setup=None, seats=[], control={}, clock={}, version=version,
        created_at=now, updated_at=now, owner=owner,
    )  # fmt: skip
