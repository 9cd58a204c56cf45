"""Series: each stored series, the finished instances the shell has counted, the title
shown beside an account's name, and where connections come from (fair play).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("title", sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("title_until", sa.String(length=10), nullable=True))
    op.create_table(
        "series",
        sa.Column("key", sa.String(length=32), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("creator", sa.String(length=16), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_series")),
    )
    op.create_table(
        "series_results",
        sa.Column("instance", sa.String(length=80), nullable=False),
        sa.Column("series", sa.String(length=32), nullable=False),
        sa.Column("places", sa.JSON(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("instance", name=op.f("pk_series_results")),
    )
    op.create_index(op.f("ix_series_results_series"), "series_results", ["series"], unique=False)
    op.create_table(
        "connection_origins",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=True),
        sa.Column("browser", sa.String(length=64), nullable=True),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_connection_origins")),
    )
    op.create_index(
        op.f("ix_connection_origins_account_id"),
        "connection_origins",
        ["account_id"],
        unique=False,
    )
    op.create_index(op.f("ix_connection_origins_at"), "connection_origins", ["at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_connection_origins_at"), table_name="connection_origins")
    op.drop_index(op.f("ix_connection_origins_account_id"), table_name="connection_origins")
    op.drop_table("connection_origins")
    op.drop_index(op.f("ix_series_results_series"), table_name="series_results")
    op.drop_table("series_results")
    op.drop_table("series")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("title_until")
        batch.drop_column("title")
