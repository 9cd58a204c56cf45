"""Scale-out: the nodes sharing the database, and which node runs each match.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "nodes",
        sa.Column("id", sa.String(length=80), nullable=False),
        sa.Column("lease_until", sa.Float(), nullable=False),
        sa.Column("draining", sa.Boolean(), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_nodes")),
    )
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("owner", sa.String(length=80), nullable=True))
        batch_op.create_index(batch_op.f("ix_matches_owner"), ["owner"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_owner"))
        batch_op.drop_column("owner")
    op.drop_table("nodes")
