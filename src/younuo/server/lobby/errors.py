"""The room rules' one domain error: a refused room operation, with its code.

The pure rules raise it; the service turns it into the wire's ``ProtocolError``
(``lobby.wire.room_error``).
"""

from __future__ import annotations

from typing import Any

from younuo.protocol.errors import ErrorCode


class RoomError(Exception):
    """A refused room operation, with its protocol ``code``."""

    def __init__(
        self, code: ErrorCode, message: str, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


__all__ = ["RoomError"]
