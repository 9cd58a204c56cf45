"""What can go wrong, as exceptions a program can tell apart.

- :class:`ServerError`: the server refused a request (an ``error`` frame, or a REST
  answer of 4xx/5xx): its protocol ``code`` (docs/protocol.md §2), ``message`` and
  ``details``.
- :class:`Disconnected`: the connection dropped before the answer came. The request
  may or may not have been carried out; the client reconnects by itself.
- :class:`Stopped` and its kinds: the client stopped for good and will not reconnect.
  :class:`Closed` (the program closed it) and :class:`TakenOver` (another connection
  of the account took over: replaced, close code 4001) are the quiet ones; :class:`Revoked`
  (the token opens nothing any more), :class:`Refused` (the server closed the
  connection for the client's own conduct) and :class:`Unreachable` (no server
  answered for as long as the reconnect policy allows) are failures.
"""

from __future__ import annotations

from typing import Any

from younuo.client.messages import ErrorOut


class ClientError(Exception):
    """Base of every error of :mod:`younuo.client`."""


class ServerError(ClientError):
    """The server refused a request with an error (docs/protocol.md §2, *error codes*).

    ``status`` is the HTTP status of a REST answer (None over the WebSocket);
    ``retry_after`` the seconds of a REST ``Retry-After`` header (``rate_limited``).
    """

    def __init__(
        self,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        status: int | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.details = details
        self.status = status
        self.retry_after = retry_after

    @classmethod
    def of(cls, error: ErrorOut, status: int | None = None) -> ServerError:
        """The exception for an ``error`` frame (or REST error body)."""
        return cls(error.code, error.message, error.details, status)


class Disconnected(ClientError):
    """The connection dropped while a request waited for its answer.

    Whether the server carried the request out is unknown: a request that is safe to
    repeat (an action with its ``version``: a repeat is ``stale_version``) may be sent
    again once the client is back.
    """


class Stopped(ClientError):
    """The client has stopped for good: it will not reconnect. ``code``: the close code
    that stopped it, if one did."""

    quiet = False
    """Whether this is a normal end (the frame iterators end) rather than a failure
    (they raise it)."""

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.code = code


class Closed(Stopped):
    """The program closed the client (:meth:`Client.close`)."""

    quiet = True


class TakenOver(Stopped):
    """A newer connection of the same account took over (close code 4001): this one
    stops, and never reconnects, which would take the seat back from it."""

    quiet = True


class Revoked(Stopped):
    """The session token opens nothing any more: it was revoked (a logout, or a ban or
    suspension of the account: close code 4002), or ``hello`` refused it (``reason``:
    the server's code, such as ``bad_token`` or ``account_banned``). Sign in again."""

    def __init__(self, message: str, reason: str, code: int | None = None) -> None:
        super().__init__(message, code)
        self.reason = reason


class Refused(Stopped):
    """The server closed the connection for the client's conduct: flooding (1008), a
    frame too large (1009), or an address banned for abuse (4003). Reconnecting at
    once would only make it worse."""


class Unreachable(Stopped):
    """No server of the list accepted a connection for as long as the reconnect policy
    allows (:attr:`Reconnect.give_up`), or the connection dropped and reconnecting is
    off; also a REST request that found no server (:class:`Rest` keeps no connection
    to stop)."""


__all__ = [
    "ClientError",
    "Closed",
    "Disconnected",
    "Refused",
    "Revoked",
    "ServerError",
    "Stopped",
    "TakenOver",
    "Unreachable",
]
