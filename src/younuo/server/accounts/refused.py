"""A request a service of the server refuses, with the HTTP status of its answer.

Services whose refusals differ only in status, code and message (bot accounts, personal
data) raise a subclass of :class:`RequestRefused`; their route modules answer it with
:func:`younuo.server.accounts.caller.refusals`.
"""

from __future__ import annotations


class RequestRefused(Exception):
    """A refused request: the HTTP ``status`` of the answer, the protocol's ``code`` and
    a ``message`` for the player. Nothing changed."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


__all__ = ["RequestRefused"]
