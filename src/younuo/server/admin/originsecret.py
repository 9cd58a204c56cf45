"""The key of the stored address and browser hashes when the operator gives none
(docs/deploy.md, ``origin_secret``; docs/security.md, "Smaller defences").

An unkeyed hash of an IPv4 address is reversed by hashing all 2**32 addresses, so the
hashes in ``connection_origins`` must be keyed, and the key must not be in the
database (a copy of it would then hold both). With ``origin_secret`` empty, a server
of its own keeps a key in its data directory, in the file :data:`FILE` (64 hex digits
from the operating system's CSPRNG, mode 0600), made at its first start and read at
every later one. Several nodes cannot share a file: the settings refuse to start a
node (``redis`` set) without ``origin_secret``.

The origins stored before the key was made were hashed under another key (the empty
one, before this module existed): they could be reversed, and would never match a new
hash, so they are deleted when the key is made.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

FILE = "origin_secret"
"""The key's file in the data directory."""
BYTES = 32
"""Bytes of randomness in a made key (written as twice as many hex digits)."""


def kept_secret(data: Path) -> tuple[str, bool]:
    """The key kept in ``data``/:data:`FILE`, made and written first when there is none;
    and whether it was made now. Two processes starting at once on one data directory
    agree: the file appears whole or not at all (a hard link of a written temporary
    file), and the one that loses the race reads the winner's."""
    path = data / FILE
    found = _read(path)
    if found:
        return found, False
    data.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_hex(BYTES)
    draft = data / f".{FILE}.{os.getpid()}.{secrets.token_hex(4)}"
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(secret + "\n")
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(draft, path)
        except FileExistsError:
            return _read(path) or secret, False
    finally:
        with contextlib.suppress(FileNotFoundError):
            draft.unlink()
    return secret, True


def _read(path: Path) -> str:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return ""


__all__ = ["BYTES", "FILE", "kept_secret"]
