"""Persistence: SQLAlchemy 2 async models, repository functions and Alembic migrations.

``younuo.store.database.Database`` connects (SQLite by default, PostgreSQL by URL) and
applies the migrations; ``accounts``, ``rooms`` and ``matches`` hold the repository
functions, each run inside the caller's transaction; every change of a running match
(a move with its clocks and results, a seat's state) is one ``MatchWrite`` written by
``Database.moves`` (``younuo.store.movelog``; on PostgreSQL the group commit of
``younuo.store.pgmovelog``).
"""

from younuo.store.database import Database, normalize_url, sqlite_url
from younuo.store.errors import NameTaken, NotOwner, StoreError, VersionConflict

__all__ = [
    "Database",
    "NameTaken",
    "NotOwner",
    "StoreError",
    "VersionConflict",
    "normalize_url",
    "sqlite_url",
]
