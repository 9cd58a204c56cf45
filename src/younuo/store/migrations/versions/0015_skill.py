"""Skill: every account's Plackett-Luce mean and uncertainty and the value shown, and
each result's skill change and skill after (younuo.social.skill; docs/rating.md). The
leaderboard orders by ``accounts.skill`` (indexed). Existing accounts start as new ones.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

# The values of a new account (younuo.social.skill.NEW), written out: a migration keeps
# the values of its day whatever the code later says.
MU = "25.0"
SIGMA = "8.333333333333334"
SHOWN = "1000"


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("skill_mu", sa.Float(), nullable=False, server_default=MU))
        batch.add_column(sa.Column("skill_sigma", sa.Float(), nullable=False, server_default=SIGMA))
        batch.add_column(sa.Column("skill", sa.Integer(), nullable=False, server_default=SHOWN))
        batch.create_index("ix_accounts_skill", ["skill"])
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("skill_change", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("skill_after", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.drop_column("skill_after")
        batch.drop_column("skill_change")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_index("ix_accounts_skill")
        batch.drop_column("skill")
        batch.drop_column("skill_sigma")
        batch.drop_column("skill_mu")
