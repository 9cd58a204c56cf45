"""Tournaments: the start time as a column, so that the tick reads only the events due.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05

Before, every tick read and parsed every waiting event (20,000 private events of one
guest made each tick cost seconds); with ``starts_at`` indexed it reads those whose
start has come. Existing rows get theirs from their stored value (a value without a
readable start keeps NULL, which the tick still reads, and skips if it does not read).
"""

from __future__ import annotations

import json
from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def _start(value: object) -> float | None:
    """The start of a stored event value as a POSIX time; None if it has none that reads."""
    if isinstance(value, str):
        value = json.loads(value)
    try:
        assert isinstance(value, dict)
        return datetime.fromisoformat(value["spec"]["starts_at"]).timestamp()
    except (AssertionError, KeyError, TypeError, ValueError, OverflowError):
        return None


def upgrade() -> None:
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.add_column(sa.Column("starts_at", sa.Float(), nullable=True))
        batch_op.create_index(batch_op.f("ix_tournaments_starts_at"), ["starts_at"], unique=False)
    bind = op.get_bind()
    table = sa.table(
        "tournaments",
        sa.column("id", sa.String),
        sa.column("value", sa.JSON),
        sa.column("starts_at", sa.Float),
    )
    for row_id, value in bind.execute(sa.select(table.c.id, table.c.value)).all():
        start = _start(value)
        if start is not None:
            bind.execute(table.update().where(table.c.id == row_id).values(starts_at=start))


def downgrade() -> None:
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournaments_starts_at"))
        batch_op.drop_column("starts_at")
