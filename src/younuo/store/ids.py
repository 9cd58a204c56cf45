"""Random identifiers for accounts, rooms and matches, and join codes for private rooms."""

from __future__ import annotations

import secrets

_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
# Join codes are read aloud and typed on phones: capitals and digits, no 0/O or 1/I.
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def new_id(prefix: str) -> str:
    """``prefix`` and 11 random characters (55 bits): ``a7f3k2m9q1x4``-like."""
    return prefix + "".join(secrets.choice(_ID_ALPHABET) for _ in range(11))


CODE_LENGTH = 10
"""Characters of a join code: 50 bits (32 symbols), within the stored column's 12. With
the budget of wrong guesses (server/lobby/codeguesses.py) one address finds a given room's
code in about 2**49 / 30 hours; even a million addresses need millions of years."""


def new_code() -> str:
    """A join code for a private room or a private event: :data:`CODE_LENGTH` characters."""
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(CODE_LENGTH))


__all__ = ["CODE_LENGTH", "new_code", "new_id"]
