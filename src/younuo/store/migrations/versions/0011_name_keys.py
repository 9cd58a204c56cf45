"""Names compared after Unicode compatibility folding (NFKC, case-folded, NFKC again):
every account's ``name_key`` written again (store.accounts.name_key).

Registered names stay unique by their key. Where two registered names that used to
differ now fold together (``Ann`` and ``Ａｎｎ``), the earlier account takes the new
key and the later one keeps its former key (``casefold()``), under which
``accounts.by_name`` still finds it by its own name.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

ACCOUNTS = sa.table(
    "accounts",
    sa.column("id", sa.String),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("guest", sa.Boolean),
    sa.column("created_at", sa.Float),
)


def fold(name: str) -> str:
    """store.accounts.name_key as of this revision (copied: a migration stays as written)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def upgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.name_key, ACCOUNTS.c.guest).order_by(
            ACCOUNTS.c.created_at, ACCOUNTS.c.id
        )
    ).all()
    changed = [r for r in rows if fold(r.name) != r.name_key]
    registered = [r for r in changed if not r.guest]
    # Keys that stay where they are: a new key must be none of them, so that no write
    # below ever meets the unique index, in whatever order the rows are written.
    kept = {r.name_key for r in rows if not r.guest and fold(r.name) == r.name_key}
    leaving = {r.name_key for r in registered}
    moves = {r.id: fold(r.name) for r in changed if r.guest}
    for r in registered:
        new = fold(r.name)
        if new in kept or new in leaving:
            kept.add(r.name_key)  # the later of two that fold together keeps its key
        else:
            kept.add(new)
            moves[r.id] = new
    for account, key in moves.items():
        conn.execute(sa.update(ACCOUNTS).where(ACCOUNTS.c.id == account).values(name_key=key))


def downgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.name_key)).all()
    for r in rows:
        if r.name.casefold() != r.name_key:
            conn.execute(
                sa.update(ACCOUNTS).where(ACCOUNTS.c.id == r.id).values(name_key=r.name.casefold())
            )
