"""Migration 0011 writes every account's name key again (NFKC and case folding, issue
38): registered names stay unique, and each account is still found by its own name,
on SQLite and on a real PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import sqlalchemy as sa
from alembic import command
from sqlalchemy import Connection

from younuo.store import Database, accounts
from younuo.store.database import alembic_config
from younuo.store.models import Account


def _to(revision: str) -> Callable[[Connection], None]:
    def upgrade(connection: Connection) -> None:
        command.upgrade(alembic_config(connection), revision)

    return upgrade


# (id, name, key as 0010 stored it: casefold(), guest, created_at)
BEFORE = [
    ("afull", "Ａｎｎ", "ａｎｎ", False, 1.0),  # registered first, folds to Ann's key
    ("aplain", "Ann", "ann", False, 2.0),
    ("abold", "𝐁𝐨𝐛", "𝐛𝐨𝐛", False, 3.0),  # nobody else folds to "bob": it moves
    ("aguest", "ＣＡＴ", "ｃａｔ", True, 4.0),
]


def test_migration_rewrites_name_keys_and_keeps_every_account_found(db_url: str) -> None:
    async def main() -> dict[str, str]:
        db = Database.from_url(db_url, sqlite_synchronous="normal")
        try:
            async with db.engine.begin() as conn:
                await conn.run_sync(_to("0010"))
                for account, name, key, is_guest, at in BEFORE:
                    await conn.execute(
                        sa.text(
                            "INSERT INTO accounts (id, name, name_key, guest, rating, outfit,"
                            " expression, created_at, role, standing, bot, bot_rated)"
                            " VALUES (:id, :name, :key, :guest, 0, 'red', 'smile', :at,"
                            " 'player', 'active', :no, :no)"
                        ),
                        {
                            "id": account,
                            "name": name,
                            "key": key,
                            "guest": is_guest,
                            "at": at,
                            "no": False,
                        },
                    )
            await db.migrate()
            async with db.session() as s:
                keys = {r.id: r.name_key for r in (await s.scalars(sa.select(Account))).all()}
                found = {
                    name: (await accounts.by_name(s, name))
                    for name in ("Ann", "ann", "Ａｎｎ", "𝐁𝐨𝐛", "bob", "cat")
                }
            keys.update({f"by {n}": a.id if a else "-" for n, a in found.items()})
            return keys
        finally:
            await db.close()

    got = asyncio.run(main())
    assert got["aplain"] == "ann"  # unchanged: the key it had stays
    assert got["afull"] == "ａｎｎ"  # would fold onto Ann's: keeps its former key
    assert got["abold"] == "bob" and got["aguest"] == "cat"
    assert got["by Ann"] == got["by ann"] == "aplain"
    assert got["by Ａｎｎ"] == "afull"  # still signs in by its own name
    assert got["by 𝐁𝐨𝐛"] == got["by bob"] == "abold"
    assert got["by cat"] == "-"  # a guest is nobody's registered name
