"""The match's domain error: a change the match refuses.

The pure core (:mod:`.core`) raises it; :mod:`.wire` turns it into the protocol's
error, so that the core knows nothing of the wire.
"""

from __future__ import annotations

from typing import Any


class MatchRefused(Exception):
    """A change the match refuses: a code (``ErrorCode`` or the engine's own, which reach
    the wire unchanged), a message, and details for the client (or None)."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


__all__ = ["MatchRefused"]
