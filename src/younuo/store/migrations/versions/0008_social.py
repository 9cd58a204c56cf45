"""Social play: friend links, blocks, notices, chat messages, social settings, reports.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friend_links",
        sa.Column("low_id", sa.String(length=16), nullable=False),
        sa.Column("high_id", sa.String(length=16), nullable=False),
        sa.Column("requester_id", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("low_id", "high_id", name=op.f("pk_friend_links")),
    )
    op.create_index(op.f("ix_friend_links_high_id"), "friend_links", ["high_id"], unique=False)
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.String(length=16), nullable=False),
        sa.Column("blocked_id", sa.String(length=16), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("blocker_id", "blocked_id", name=op.f("pk_blocks")),
    )
    op.create_index(op.f("ix_blocks_blocked_id"), "blocks", ["blocked_id"], unique=False)
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("read_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notices")),
    )
    op.create_index(op.f("ix_notices_account_id"), "notices", ["account_id"], unique=False)
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("channel", sa.String(length=24), nullable=False),
        sa.Column("place", sa.String(length=40), nullable=False),
        sa.Column("sender_id", sa.String(length=16), nullable=False),
        sa.Column("phrase", sa.String(length=24), nullable=True),
        sa.Column("text", sa.String(length=400), nullable=True),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_messages")),
    )
    op.create_index(op.f("ix_chat_messages_place"), "chat_messages", ["place"], unique=False)
    op.create_index(
        op.f("ix_chat_messages_sender_id"), "chat_messages", ["sender_id"], unique=False
    )
    op.create_index(op.f("ix_chat_messages_at"), "chat_messages", ["at"], unique=False)
    op.create_table(
        "social_settings",
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.Column("free_text", sa.Boolean(), nullable=False),
        sa.Column("muted_until", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("account_id", name=op.f("pk_social_settings")),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("reporter_id", sa.String(length=16), nullable=False),
        sa.Column("reported_id", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=16), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=True),
        sa.Column("evidence", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("opened_at", sa.Float(), nullable=False),
        sa.Column("decision", sa.JSON(), nullable=True),
        sa.Column("decided_by", sa.String(length=16), nullable=True),
        sa.Column("decided_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reports")),
    )
    op.create_index(op.f("ix_reports_reported_id"), "reports", ["reported_id"], unique=False)
    op.create_index(op.f("ix_reports_status"), "reports", ["status"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_reports_status"), table_name="reports")
    op.drop_index(op.f("ix_reports_reported_id"), table_name="reports")
    op.drop_table("reports")
    op.drop_table("social_settings")
    op.drop_index(op.f("ix_chat_messages_at"), table_name="chat_messages")
    op.drop_index(op.f("ix_chat_messages_sender_id"), table_name="chat_messages")
    op.drop_index(op.f("ix_chat_messages_place"), table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_index(op.f("ix_notices_account_id"), table_name="notices")
    op.drop_table("notices")
    op.drop_index(op.f("ix_blocks_blocked_id"), table_name="blocks")
    op.drop_table("blocks")
    op.drop_index(op.f("ix_friend_links_high_id"), table_name="friend_links")
    op.drop_table("friend_links")
