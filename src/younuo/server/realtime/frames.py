"""A WebSocket frame before it is a message: its size, the ``ref`` of one that cannot be
parsed, and the close codes of a connection refused or flooding."""

from __future__ import annotations

from typing import Any

from younuo.protocol import wirejson
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import echo_ref

CLOSE_POLICY = 1008
"""The close code of a connection refused (Origin, address) or closed for flooding."""
CLOSE_TOO_BIG = 1009
"""The close code of a frame over ``max_frame_bytes`` (uvicorn's)."""
CLOSE_BAD_ROUTE = 4400
"""The close code of a socket opened with a ``room`` argument that is no room id
(:mod:`younuo.protocol.route`): no retry with the same address can mend it."""
REFUSED_INPUT = frozenset(
    {ErrorCode.BAD_JSON, ErrorCode.BAD_MESSAGE, ErrorCode.UNKNOWN_TYPE, ErrorCode.TOO_LARGE}
)
"""Error codes that refuse a message's form (not what it asks): logged, rarely."""


def frame_bytes(raw: str | bytes, limit: int) -> int:
    """The size of a frame in bytes (a text frame's UTF-8), or ``limit + 1`` once it is
    surely over ``limit`` (a text of more characters than that has more bytes)."""
    if isinstance(raw, bytes):
        return len(raw)
    if len(raw) > limit:
        return limit + 1
    if raw.isascii():
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))


def ref_of(raw: str | bytes) -> Any:
    """The ``ref`` of a message, if it has a usable one (for errors sent before parsing)."""
    try:
        decoded = wirejson.loads(raw)
    except wirejson.BadJson:
        return None
    return echo_ref(decoded.get("ref")) if isinstance(decoded, dict) else None


__all__ = ["CLOSE_POLICY", "CLOSE_TOO_BIG", "REFUSED_INPUT", "frame_bytes", "ref_of"]
