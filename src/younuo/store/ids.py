"""Random identifiers for accounts, rooms and matches, and join codes for private rooms."""

from __future__ import annotations

import secrets

_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
# Join codes are read aloud and typed on phones: capitals and digits, no 0/O or 1/I.
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def new_id(prefix: str) -> str:
    """``prefix`` and 11 random characters (55 bits): ``a7f3k2m9q1x4``-like."""
    return prefix + "".join(secrets.choice(_ID_ALPHABET) for _ in range(11))


def new_code() -> str:
    """A 6-character join code for a private room."""
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))


__all__ = ["new_code", "new_id"]
