"""Alembic environment: migrations run on the connection the server hands over.

``younuo serve`` applies them at start (``Database.migrate``). To run Alembic by hand,
use ``younuo serve --migrate-only`` (docs/deploy.md).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from younuo.store.models import Base

connection: Connection | None = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through younuo.store (Database.migrate), not bare alembic")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
