"""Tournaments and titles: the shell's stored events and the players' titles.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        # A series' instance key is its id (spring:weekly:2026-W49): up to 80 characters.
        sa.Column("id", sa.String(length=80), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
    )
    op.create_index(op.f("ix_tournaments_code"), "tournaments", ["code"], unique=True)
    op.create_index(op.f("ix_tournaments_status"), "tournaments", ["status"], unique=False)
    op.create_table(
        "titles",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("event", sa.String(length=80), nullable=False),
        sa.Column("awarded", sa.String(length=10), nullable=False),
        sa.Column("expires", sa.String(length=10), nullable=True),
        sa.Column("lifetime", sa.Boolean(), nullable=False),
        sa.Column("revoked", sa.JSON(), nullable=True),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_titles")),
    )
    op.create_index(op.f("ix_titles_account_id"), "titles", ["account_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_titles_account_id"), table_name="titles")
    op.drop_table("titles")
    op.drop_index(op.f("ix_tournaments_status"), table_name="tournaments")
    op.drop_index(op.f("ix_tournaments_code"), table_name="tournaments")
    op.drop_table("tournaments")
