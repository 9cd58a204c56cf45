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


def is_outage(exc: BaseException) -> bool:
    """Whether ``exc`` means the database could not be reached or went away (a restart,
    a network cut), rather than a fault of the request or of the server."""
    from sqlalchemy import exc as sa

    if isinstance(exc, sa.DBAPIError) and exc.connection_invalidated:
        return True
    if isinstance(exc, (sa.OperationalError, sa.InterfaceError, sa.DisconnectionError)):
        return True
    # The driver's own errors ride along as causes: asyncpg's CannotConnectNowError ("the
    # database system is shutting down"), ConnectionDoesNotExistError, a refused socket.
    seen: BaseException | None = exc
    for _ in range(8):
        if seen is None:
            return False
        if isinstance(seen, (OSError, ConnectionError, TimeoutError)):
            return True
        name = type(seen).__name__
        if "Connect" in name or "Connection" in name:
            return True
        seen = seen.__cause__ or seen.__context__
    return False


class NameTaken(StoreError):
    """A registered account already has this name."""


__all__ = ["NameTaken", "NotOwner", "StoreError", "VersionConflict", "is_outage"]
