"""Persistence: SQLAlchemy 2 async models, repository functions and Alembic migrations.

``younuo.store.database.Database`` connects (SQLite by default, PostgreSQL by URL) and
applies the migrations; ``accounts``, ``rooms`` and ``matches`` hold the repository
functions, each run inside the caller's transaction so that one move, its clock and
its results are one commit.
"""

from younuo.store.database import Database, normalize_url, sqlite_url
from younuo.store.errors import NameTaken, StoreError, VersionConflict

__all__ = ["Database", "NameTaken", "StoreError", "VersionConflict", "normalize_url", "sqlite_url"]
