"""A real PostgreSQL server for the tests, started and stopped by them.

It uses Debian's ``postgresql`` package (``apt-get install -y postgresql``): the
binaries in ``/usr/lib/postgresql/*/bin`` or on the PATH. ``initdb`` and ``pg_ctl``
refuse to run as root, so as root they run as the ``postgres`` user (``runuser``) in a
temporary directory handed to that user. The server listens on a free 127.0.0.1 port
with its unix socket in the same directory, and trusts local connections.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

INSTALL = "apt-get update && apt-get install -y postgresql"


def pg_bin() -> Path | None:
    """The directory holding initdb and pg_ctl, or None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "initdb").exists() and Path(candidate, "pg_ctl").exists():
            return Path(candidate)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(cmd: list[str], as_postgres: bool) -> None:
    if as_postgres:
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    subprocess.run(cmd, check=True, capture_output=True, timeout=120)


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a throwaway PostgreSQL; yields its admin URL (database ``postgres``)."""
    bindir = pg_bin()
    if bindir is None:
        raise FileNotFoundError(f"PostgreSQL is not installed ({INSTALL})")
    root = Path(tempfile.mkdtemp(prefix="younuo-pg-"))
    as_postgres = os.geteuid() == 0
    if as_postgres:
        shutil.chown(root, "postgres", "postgres")
    data = root / "data"
    port = _free_port()
    try:
        _run(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
            ],
            as_postgres,
        )
        options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
        _run(
            [
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(root / "log"),
                "-w",
                "-t",
                "60",
                "start",
            ],
            as_postgres,
        )
        try:
            yield f"postgresql+asyncpg://postgres@127.0.0.1:{port}/postgres"
        finally:
            _run(
                [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                as_postgres,
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)


async def fresh_database(admin_url: str, name: str) -> str:
    """Create an empty database ``name``; its URL."""
    import asyncpg  # type: ignore[import-untyped]

    dsn = admin_url.replace("postgresql+asyncpg://", "postgresql://")
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return admin_url.rsplit("/", 1)[0] + "/" + name
