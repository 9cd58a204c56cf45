"""How every SQLite connection of the store is set up.

The server's async engine and the move log's writer thread open their own connections
to the same file; both must agree on these settings (WAL, so that readers never wait
for the writer; the durability level chosen by ``sqlite_synchronous``).
"""

from __future__ import annotations

from typing import Any

SYNCHRONOUS = ("full", "normal", "extra")
"""The values the ``sqlite_synchronous`` setting takes."""


def check_synchronous(synchronous: str) -> str:
    """``synchronous`` in upper case for the pragma; a clear error for another value."""
    if synchronous.lower() not in SYNCHRONOUS:
        raise ValueError(f"sqlite_synchronous must be full, normal or extra, not {synchronous!r}")
    return synchronous.upper()


def set_pragmas(dbapi_connection: Any, synchronous: str) -> None:
    """Apply the store's settings to a freshly opened DB-API connection."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={check_synchronous(synchronous)}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()
