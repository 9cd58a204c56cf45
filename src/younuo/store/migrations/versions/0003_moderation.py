"""Moderation: each account's role and standing, and the audit log of admin actions.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("role", sa.String(length=16), nullable=False, server_default="player")
        )
        batch_op.add_column(
            sa.Column("standing", sa.String(length=16), nullable=False, server_default="active")
        )
        batch_op.add_column(sa.Column("standing_until", sa.Float(), nullable=True))
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("actor", sa.String(length=16), nullable=True),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("target", sa.String(length=80), nullable=True),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    op.create_index(op.f("ix_audit_log_target"), "audit_log", ["target"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_audit_log_target"), table_name="audit_log")
    op.drop_table("audit_log")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("standing_until")
        batch_op.drop_column("standing")
        batch_op.drop_column("role")
