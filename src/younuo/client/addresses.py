"""Where a server is: its REST base and its WebSocket address, from one string.

A server is named the way a person writes it, ``http://127.0.0.1:8000`` (or
``https://…``), or by its WebSocket address ``ws://127.0.0.1:8000/ws``; either gives
the other. A path before ``/ws`` is kept, for a server behind a proxy under a prefix.
:func:`routed` adds the room a socket is routed by (``/ws?room=ID``, docs/protocol.md §2).
"""

from __future__ import annotations

from urllib.parse import SplitResult, parse_qsl, urlencode, urlsplit, urlunsplit

from younuo.protocol.route import ROOM_PARAM, routed_room

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


def routed(address: str, room: str) -> str:
    """The WebSocket ``address`` with ``?room=room`` (replacing any room it had), the
    key a balancer hashes to put a table's seats on its match's node."""
    routed_room([room])  # BadRoute (a ValueError) for what is no room id
    parts = urlsplit(ws_url(address))
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != ROOM_PARAM]
    query.append((ROOM_PARAM, room))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), ""))


def route_of(address: str) -> str | None:
    """The room ``address`` is routed by (None: none)."""
    pairs = parse_qsl(urlsplit(address).query, keep_blank_values=True)
    rooms = [v for k, v in pairs if k == ROOM_PARAM]
    return rooms[-1] if rooms else None


def _split(server: str) -> SplitResult:
    parts = urlsplit(server.strip())
    if parts.scheme not in _TO_WS or not parts.netloc:
        raise ValueError(
            f"not a server address: {server!r} (write http://HOST:PORT, https://…, or ws://…/ws)"
        )
    return parts


__all__ = ["http_url", "route_of", "routed", "ws_url"]
