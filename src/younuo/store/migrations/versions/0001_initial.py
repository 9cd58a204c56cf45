"""Initial schema: accounts, sessions, rooms, memberships, matches, their actions, results.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=80), nullable=False),
        sa.Column("guest", sa.Boolean(), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("outfit", sa.String(length=20), nullable=False),
        sa.Column("expression", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
    )
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.create_index("ix_accounts_rating", ["rating"], unique=False)
        batch_op.create_index(
            "uq_accounts_registered_name",
            ["name_key"],
            unique=True,
            sqlite_where=sa.text("guest = 0"),
            postgresql_where=sa.text("guest = false"),
        )

    op.create_table(
        "matches",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("room_id", sa.String(length=16), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("teams", sa.JSON(), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("setup", sa.JSON(), nullable=True),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("control", sa.JSON(), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("winner", sa.String(length=40), nullable=True),
        sa.Column("final", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.Column("ended_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
    )
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_matches_room_id"), ["room_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_matches_status"), ["status"], unique=False)

    op.create_table(
        "rooms",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("private", sa.Boolean(), nullable=False),
        sa.Column("code", sa.String(length=12), nullable=True),
        sa.Column("host_id", sa.String(length=16), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rooms")),
        sa.UniqueConstraint("code", name=op.f("uq_rooms_code")),
    )
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rooms_status"), ["status"], unique=False)

    op.create_table(
        "match_actions",
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_match_actions_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", "seq", name=op.f("pk_match_actions")),
    )
    op.create_table(
        "memberships",
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.Column("room_id", sa.String(length=16), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_memberships_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_memberships_room_id_rooms"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("account_id", name=op.f("pk_memberships")),
    )
    with op.batch_alter_table("memberships", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_memberships_room_id"), ["room_id"], unique=False)

    op.create_table(
        "results",
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=16), nullable=True),
        sa.Column("bot_level", sa.String(length=40), nullable=True),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Boolean(), nullable=False),
        sa.Column("left", sa.Boolean(), nullable=False),
        sa.Column("rating_change", sa.Integer(), nullable=False),
        sa.Column("breakdown", sa.JSON(), nullable=False),
        sa.Column("rating_after", sa.Integer(), nullable=True),
        sa.Column("ended_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_results_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", "name", name=op.f("pk_results")),
    )
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_results_account_id"), ["account_id"], unique=False)

    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_sessions_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_account_id"), ["account_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_sessions_expires_at"), ["expires_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_expires_at"))
        batch_op.drop_index(batch_op.f("ix_sessions_account_id"))

    op.drop_table("sessions")
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_results_account_id"))

    op.drop_table("results")
    with op.batch_alter_table("memberships", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_memberships_room_id"))

    op.drop_table("memberships")
    op.drop_table("match_actions")
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rooms_status"))

    op.drop_table("rooms")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_status"))
        batch_op.drop_index(batch_op.f("ix_matches_room_id"))

    op.drop_table("matches")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_accounts_registered_name",
            sqlite_where=sa.text("guest = 0"),
            postgresql_where=sa.text("guest = false"),
        )
        batch_op.drop_index("ix_accounts_rating")

    op.drop_table("accounts")
