"""Where a server is: its REST base and its WebSocket address, from one string.

A server is named the way a person writes it, ``http://127.0.0.1:8000`` (or
``https://…``), or by its WebSocket address ``ws://127.0.0.1:8000/ws``; either gives
the other. A path before ``/ws`` is kept, for a server behind a proxy under a prefix.
"""

from __future__ import annotations

from urllib.parse import SplitResult, urlsplit, urlunsplit

_TO_WS = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}
_TO_HTTP = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def ws_url(server: str) -> str:
    """The WebSocket address of ``server``: ``http://h:p`` gives ``ws://h:p/ws``.

    Raises :class:`ValueError` for a scheme that is none of http, https, ws, wss.
    """
    parts = _split(server)
    path = parts.path.rstrip("/")
    if parts.scheme in ("http", "https") or not path.endswith("/ws"):
        path += "/ws"
    return urlunsplit((_TO_WS[parts.scheme], parts.netloc, path, parts.query, ""))


def http_url(server: str) -> str:
    """The REST base of ``server`` (no trailing slash): ``ws://h:p/ws`` gives ``http://h:p``."""
    parts = _split(server)
    path = parts.path.rstrip("/")
    if parts.scheme in ("ws", "wss") and path.endswith("/ws"):
        path = path[: -len("/ws")]
    return urlunsplit((_TO_HTTP[parts.scheme], parts.netloc, path, "", ""))


def _split(server: str) -> SplitResult:
    parts = urlsplit(server.strip())
    if parts.scheme not in _TO_WS or not parts.netloc:
        raise ValueError(
            f"not a server address: {server!r} (write http://HOST:PORT, https://…, or ws://…/ws)"
        )
    return parts


__all__ = ["http_url", "ws_url"]
