"""Privacy (issue 38, item 5): which matches are private, and who was in which room when.

``matches.private``: the match was played in a private room, so that only its players
(and moderators) may read it afterwards. ``room_visits``: each stay of an account in a
room (as a player or a spectator, from ``since`` to ``until``), so that a report's
evidence holds only what the reporter could have read there; purged with the chat.
``reports.evidence_purged_at``: when a report's evidence was emptied, after its own
retention (``report_evidence_days``).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("reports", schema=None) as batch_op:
        batch_op.add_column(sa.Column("evidence_purged_at", sa.Float(), nullable=True))
        batch_op.create_index(
            batch_op.f("ix_reports_evidence_purged_at"), ["evidence_purged_at"], unique=False
        )
    # Matches played before this migration in rooms that are private now become private:
    # the conservative reading (the flag at the time is not known). Tournament tables'
    # rooms are private rooms the server makes, and their matches (ids ``m1…``, which a
    # random id never has) stay public like the event's bracket.
    matches = sa.table(
        "matches",
        sa.column("id", sa.String),
        sa.column("room_id", sa.String),
        sa.column("private", sa.Boolean),
    )
    rooms = sa.table("rooms", sa.column("id", sa.String), sa.column("private", sa.Boolean))
    op.execute(
        matches.update()
        .where(
            ~matches.c.id.startswith("m1"),
            matches.c.room_id.in_(sa.select(rooms.c.id).where(rooms.c.private.is_(True))),
        )
        .values(private=True)
    )
    op.create_table(
        "room_visits",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.String(length=16), nullable=False),
        sa.Column("room_id", sa.String(length=16), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("since", sa.Float(), nullable=False),
        sa.Column("until", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_room_visits")),
    )
    op.create_index(op.f("ix_room_visits_account_id"), "room_visits", ["account_id"])
    # Whoever sits in or watches a room during the upgrade stays there from now on (what
    # they read before is not known, so it is not theirs to report).
    memberships = sa.table(
        "memberships",
        sa.column("account_id", sa.String),
        sa.column("room_id", sa.String),
        sa.column("role", sa.String),
    )
    visits = sa.table(
        "room_visits",
        sa.column("account_id", sa.String),
        sa.column("room_id", sa.String),
        sa.column("role", sa.String),
        sa.column("since", sa.Float),
    )
    now = sa.literal(time.time(), sa.Float)
    op.execute(
        visits.insert().from_select(
            ["account_id", "room_id", "role", "since"],
            sa.select(memberships.c.account_id, memberships.c.room_id, memberships.c.role, now),
        )
    )
    op.create_index(op.f("ix_room_visits_until"), "room_visits", ["until"])


def downgrade() -> None:
    op.drop_index(op.f("ix_room_visits_until"), table_name="room_visits")
    op.drop_index(op.f("ix_room_visits_account_id"), table_name="room_visits")
    op.drop_table("room_visits")
    with op.batch_alter_table("reports", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_reports_evidence_purged_at"))
        batch_op.drop_column("evidence_purged_at")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("private")
