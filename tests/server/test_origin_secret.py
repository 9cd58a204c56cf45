"""The key of the stored address hashes (issue 38, section 4; docs/deploy.md,
``origin_secret``): with none given, a server makes one at its first start from the
operating system's CSPRNG, keeps it in its data directory (never in the database) and
uses it from then on; the unkeyed hashes of before are deleted; several nodes refuse
to start without a given key, and a short key is refused."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import stat
import time
from pathlib import Path

import pytest
from pydantic import ValidationError

from younuo.server.admin.origins import keyed_hash
from younuo.server.admin.originsecret import FILE, kept_secret
from younuo.server.settings import Settings
from younuo.store import Database
from younuo.store import origins as stored
from younuo.store.database import sqlite_url

from .harness import Client, ServerProcess

NO_KEY = {"YOUNUO_ORIGIN_SECRET": ""}


def stored_addresses(data: Path, count: int) -> list[str]:
    """The stored address hashes, once ``count`` of them are there (written in the
    background after the welcome)."""
    deadline = time.monotonic() + 10
    while True:
        db = sqlite3.connect(data / "younuo.db")
        rows = [r[0] for r in db.execute("SELECT address FROM connection_origins ORDER BY at")]
        db.close()
        if len(rows) >= count or time.monotonic() > deadline:
            return rows
        time.sleep(0.1)


def connect_once(server: ServerProcess, name: str) -> None:
    async def main() -> None:
        client = Client(server, server.guest(name))
        await client.connect()
        await client.close()

    asyncio.run(main())


def unkeyed_row(data: Path) -> None:
    """An origin as a server without a key stored it: the bare SHA-256 of the address."""

    async def main() -> None:
        db = Database.from_url(sqlite_url(data), sqlite_synchronous="normal")
        try:
            await db.migrate()
            async with db.session() as s, s.begin():
                await stored.add(s, "aold", keyed_hash("", "127.0.0.1"), None, time.time())
        finally:
            await db.close()

    data.mkdir(parents=True, exist_ok=True)
    asyncio.run(main())


def test_a_server_makes_its_key_keeps_it_and_deletes_unkeyed_hashes(tmp_path: Path) -> None:
    data = tmp_path / "data"
    unkeyed_row(data)
    with ServerProcess(data, env=NO_KEY) as server:
        connect_once(server, "First")
        first = stored_addresses(data, 1)
    key_file = data / FILE
    secret = key_file.read_text().strip()
    assert len(secret) == 64 and int(secret, 16) >= 0  # 32 bytes, in hex
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    # The unkeyed row went; the new one is keyed with the kept secret.
    assert first == [keyed_hash(secret, "127.0.0.1")]
    assert keyed_hash("", "127.0.0.1") not in first
    # The key is not in the database.
    assert secret.encode() not in (data / "younuo.db").read_bytes()
    # A restart reads the same key: the same address hashes the same, nothing deleted.
    with ServerProcess(data, env=NO_KEY) as server:
        connect_once(server, "Again")
        both = stored_addresses(data, 2)
    assert key_file.read_text().strip() == secret
    assert both == [keyed_hash(secret, "127.0.0.1")] * 2


def test_keys_differ_between_servers_and_one_data_directory_keeps_one(tmp_path: Path) -> None:
    one, made = kept_secret(tmp_path / "a")
    two, _ = kept_secret(tmp_path / "b")
    again, made_again = kept_secret(tmp_path / "a")
    assert made and not made_again
    assert one == again and one != two
    # No draft is left beside the key.
    assert os.listdir(tmp_path / "a") == [FILE]


def test_several_nodes_need_a_given_key_and_a_key_must_be_long() -> None:
    url = "postgresql+asyncpg://u:p@127.0.0.1/db"
    with pytest.raises(ValidationError, match="origin_secret"):
        Settings.load(db=url, redis="redis://127.0.0.1:6379/0")
    with pytest.raises(ValidationError, match="at least 32"):
        Settings.load(origin_secret="short")
    given = Settings.load(db=url, redis="redis://127.0.0.1:6379/0", origin_secret="k" * 32)
    assert given.origin_secret == "k" * 32
