"""Named leases: the one node at a time that runs the scheduler (docs/scaling.md).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("holder", sa.String(length=80), nullable=False),
        sa.Column("until", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_leases")),
    )


def downgrade() -> None:
    op.drop_table("leases")
