"""Deal keys: a match dealt by the keyed generator stores its 128-bit key (32 hex
digits) in ``deal_key``; ``seed`` keeps the integer seeds of the matches before
(docs/records.md, "Seeds and generators"; docs/security.md, "Threat model").

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("deal_key", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("deal_key")
