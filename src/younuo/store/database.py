"""The database: an async SQLAlchemy engine, sessions, and migrations applied at start.

SQLite (a file under the data directory, through aiosqlite) is the default, so that
``younuo serve`` needs nothing installed; PostgreSQL is used by giving its URL
(``postgresql+asyncpg://…``)::

    db = Database.from_url("sqlite+aiosqlite:///data/younuo.db")
    await db.migrate()                      # Alembic upgrade to the newest schema
    async with db.session() as s: ...
    await db.close()
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from younuo.store.movelog import BatchedSqliteLog, MoveLog, SessionLog
from younuo.store.pgmovelog import BatchedPostgresLog, asyncpg_dsn
from younuo.store.sqlite import check_synchronous, set_pragmas

MIGRATIONS = Path(__file__).with_name("migrations")
"""Alembic's script directory, shipped inside the package."""
MIGRATION_LOCK = 0x796F756E756F
"""The PostgreSQL advisory lock key migrations hold ("younuo" in ASCII)."""


def sqlite_url(data_dir: str | Path) -> str:
    """The URL of the embedded SQLite database in ``data_dir``."""
    return f"sqlite+aiosqlite:///{Path(data_dir).resolve() / 'younuo.db'}"


def normalize_url(url: str) -> str:
    """Accept ``postgresql://`` and ``sqlite://`` URLs and pick the async drivers."""
    parsed = make_url(url)
    driver = parsed.drivername
    if driver in ("postgresql", "postgres", "postgresql+psycopg2", "postgresql+psycopg"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
    elif driver == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    return parsed.render_as_string(hide_password=False)


class Database:
    """One engine and its session factory."""

    def __init__(self, engine: AsyncEngine, moves: MoveLog | None = None) -> None:
        self.engine = engine
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)
        self.moves: MoveLog = moves or SessionLog(engine)
        """The writer of moves (group commit on SQLite and on PostgreSQL)."""

    @classmethod
    def from_url(
        cls, url: str, *, sqlite_synchronous: str = "full", pool_size: int = 10
    ) -> Database:
        """Connect to ``url``. SQLite files get WAL journaling and one shared connection.

        ``sqlite_synchronous``: ``full`` makes every commit survive a power cut, not
        only a crash of the process (``normal``); see docs/deploy.md.
        """
        url = normalize_url(url)
        parsed = make_url(url)
        options: dict[str, Any] = {}
        if parsed.get_backend_name() == "sqlite":
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            # SQLite has one writer at a time: one connection serializes the writes in
            # this process instead of failing with "database is locked".
            options.update(pool_size=1, max_overflow=0, pool_timeout=60)
        else:
            options.update(pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)
        engine = create_async_engine(url, **options)
        moves: MoveLog | None = None
        if parsed.get_backend_name() == "sqlite":
            _sqlite_pragmas(engine, sqlite_synchronous)
            if parsed.database and parsed.database != ":memory:":
                moves = BatchedSqliteLog(parsed.database, sqlite_synchronous)
        elif parsed.get_backend_name() == "postgresql":
            # Moves bypass the pool (and its pre-ping): one connection of their own.
            moves = BatchedPostgresLog(asyncpg_dsn(url), engine)
        return cls(engine, moves)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """A session; use ``async with db.session() as s, s.begin():`` to write."""
        async with self.sessions() as session:
            yield session

    async def migrate(self) -> None:
        """Bring the schema to the newest migration (idempotent).

        On PostgreSQL the migration holds a lock for its transaction: nodes started
        together on a fresh database migrate one after the other (the later ones find
        the schema up to date), never at the same time.
        """
        async with self.engine.begin() as conn:
            if self.dialect == "postgresql":
                await conn.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            await conn.run_sync(_upgrade)

    async def close(self) -> None:
        await self.moves.close()
        await self.engine.dispose()


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration, pointing at the migrations shipped in the package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _upgrade(connection: Connection) -> None:
    command.upgrade(alembic_config(connection), "head")


def _sqlite_pragmas(engine: AsyncEngine, synchronous: str) -> None:
    check_synchronous(synchronous)

    @event.listens_for(engine.sync_engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        set_pragmas(dbapi_connection, synchronous)


__all__ = ["MIGRATIONS", "Database", "alembic_config", "normalize_url", "sqlite_url"]
