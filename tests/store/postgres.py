"""A real PostgreSQL server for the store tests, started and stopped by them.

It uses Debian's ``postgresql`` package (``apt-get install -y postgresql``): the
binaries in ``/usr/lib/postgresql/*/bin`` or on the PATH. The server itself is
:class:`cluster.services.PostgresServer` (which also stops and restarts, for the
multi-node tests); this module keeps the names the store and server tests import.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cluster.services import POSTGRES_INSTALL as INSTALL
from cluster.services import PostgresServer, fresh_database, pg_bin

__all__ = ["INSTALL", "fresh_database", "pg_bin", "postgres_server"]


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a throwaway PostgreSQL; yields its admin URL (database ``postgres``)."""
    with PostgresServer() as server:
        yield server.admin_url
