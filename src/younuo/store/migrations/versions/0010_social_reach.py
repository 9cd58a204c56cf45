"""Social play: who may reach an account (invitations, friend requests, direct messages).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("social_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("invites", sa.String(length=16), nullable=False, server_default="friends")
        )
        batch_op.add_column(
            sa.Column("requests", sa.String(length=16), nullable=False, server_default="everyone")
        )
        batch_op.add_column(
            sa.Column("messages", sa.String(length=16), nullable=False, server_default="friends")
        )


def downgrade() -> None:
    with op.batch_alter_table("social_settings", schema=None) as batch_op:
        batch_op.drop_column("messages")
        batch_op.drop_column("requests")
        batch_op.drop_column("invites")
