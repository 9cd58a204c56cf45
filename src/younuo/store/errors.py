"""Errors the store raises for the server to turn into answers."""

from __future__ import annotations


class StoreError(Exception):
    """Base of the store's errors."""


class VersionConflict(StoreError):
    """A conditional write found another version: someone else wrote first."""

    def __init__(self, what: str, key: str, expected: int) -> None:
        super().__init__(f"{what} {key} is no longer at version {expected}")
        self.what = what
        self.key = key
        self.expected = expected


class NotOwner(VersionConflict):
    """A change of a match made by a node that no longer runs it (docs/scaling.md)."""

    def __init__(self, match_id: str, owner: str | None) -> None:
        StoreError.__init__(self, f"match {match_id} is run by {owner or 'no node'} now")
        self.what = "match"
        self.key = match_id
        self.expected = -1
        self.owner = owner


class NameTaken(StoreError):
    """A registered account already has this name."""


__all__ = ["NameTaken", "NotOwner", "StoreError", "VersionConflict"]
