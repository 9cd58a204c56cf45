"""Fair play: the moderators' review queue of cases, and whom each case names.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fairplay_cases",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("evidence", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("opened_at", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
        sa.Column("decision", sa.JSON(), nullable=True),
        sa.Column("decided_by", sa.String(length=16), nullable=True),
        sa.Column("decided_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_fairplay_cases")),
    )
    op.create_index(op.f("ix_fairplay_cases_status"), "fairplay_cases", ["status"], unique=False)
    op.create_table(
        "fairplay_case_accounts",
        sa.Column("case_key", sa.String(length=200), nullable=False),
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(
            ["case_key"],
            ["fairplay_cases.key"],
            name=op.f("fk_fairplay_case_accounts_case_key_fairplay_cases"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("case_key", "account_id", name=op.f("pk_fairplay_case_accounts")),
    )
    op.create_index(
        op.f("ix_fairplay_case_accounts_account_id"),
        "fairplay_case_accounts",
        ["account_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_fairplay_case_accounts_account_id"), table_name="fairplay_case_accounts")
    op.drop_table("fairplay_case_accounts")
    op.drop_index(op.f("ix_fairplay_cases_status"), table_name="fairplay_cases")
    op.drop_table("fairplay_cases")
