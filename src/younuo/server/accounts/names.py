"""Name validation for players and rooms.

A name is trimmed and put in Unicode NFC; it must then be 1 to ``limit`` characters
with no control, format, surrogate or unassigned characters (no zero-width tricks, no
right-to-left overrides, no newlines) and no run of more than one space.
"""

from __future__ import annotations

import unicodedata

from younuo.store.accounts import name_key

PLAYER_NAME_MAX = 20
ROOM_NAME_MAX = 40
KEY_MAX = 80
"""Longest compared form of a name (:func:`~younuo.store.accounts.name_key`), as stored."""
PASSWORD_MIN = 8
PASSWORD_MAX = 256

_BANNED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class InvalidName(ValueError):
    """A name that cannot be used; ``str(exc)`` says why."""


def clean_name(raw: object, limit: int = PLAYER_NAME_MAX) -> str:
    """The name to store for ``raw``, or :class:`InvalidName` saying what is wrong."""
    if not isinstance(raw, str):
        raise InvalidName("a name must be text")
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise InvalidName("the name is empty")
    if len(name) > limit:
        raise InvalidName(f"the name is longer than {limit} characters")
    for char in name:
        if unicodedata.category(char) in _BANNED_CATEGORIES:
            raise InvalidName(
                f"the name holds a control or invisible character (U+{ord(char):04X})"
            )
        if char.isspace() and char != " ":
            raise InvalidName("the only space allowed in a name is the plain space")
    if "  " in name:
        raise InvalidName("the name holds a run of spaces")
    if len(name_key(name)) > KEY_MAX:
        # A compatibility character can stand for many (U+FDFA is 18 letters).
        raise InvalidName("the name is too long once its characters are written out")
    return name


def same_name(a: str, b: str) -> bool:
    """Names that would be confused at one table (compared as registered names are)."""
    return name_key(a) == name_key(b)


def check_password(password: object) -> str:
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise InvalidName(f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    return password


__all__ = [
    "PASSWORD_MAX",
    "PASSWORD_MIN",
    "PLAYER_NAME_MAX",
    "ROOM_NAME_MAX",
    "InvalidName",
    "check_password",
    "clean_name",
    "same_name",
]
