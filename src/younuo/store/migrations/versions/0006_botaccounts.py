"""Bot accounts: an account marked as a bot of its owner, and the bot's API tokens.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("bot_owner", sa.String(length=16), nullable=True))
        batch.add_column(
            sa.Column("bot_rated", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.create_index(batch.f("ix_accounts_bot_owner"), ["bot_owner"], unique=False)
    op.create_table(
        "bot_tokens",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("label", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_bot_tokens_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bot_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_bot_tokens_token_hash")),
    )
    op.create_index(op.f("ix_bot_tokens_account_id"), "bot_tokens", ["account_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_bot_tokens_account_id"), table_name="bot_tokens")
    op.drop_table("bot_tokens")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_index(batch.f("ix_accounts_bot_owner"))
        batch.drop_column("bot_rated")
        batch.drop_column("bot_owner")
        batch.drop_column("bot")
