"""The names the nodes share in Redis: channels, hashes, bucket keys; and the refusal
every part of the cluster gives when play must pause."""

from __future__ import annotations

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ProtocolError

PREFIX = "younuo:"
ALL = PREFIX + "all"
"""The channel every node hears: rooms changed, sessions revoked."""
MATCHES = PREFIX + "match:"
"""The prefix of the matches' channels (their committed changes)."""
PRESENCE = PREFIX + "presence"
"""Hash: account -> the node its connection is on."""
IN_LOBBY = PREFIX + "in-lobby"
"""Hash: account -> the node on which its connection watches the lobby (presence ``lobby``)."""
BUCKETS = PREFIX + "bucket:"
"""Hashes ``bucket:KEY`` (``tokens``, ``at``): token buckets every node spends from."""


def node_channel(node: str) -> str:
    """The channel of requests and replies for ``node``."""
    return f"{PREFIX}node:{node}"


def match_channel(match: str) -> str:
    """The channel of ``match``'s committed changes."""
    return MATCHES + match


def unavailable(why: str) -> ProtocolError:
    """The refusal of a change that cannot be made or announced right now."""
    return ProtocolError(ErrorCode.UNAVAILABLE, f"{why}: play pauses, retry in a moment")


__all__ = [
    "ALL",
    "BUCKETS",
    "IN_LOBBY",
    "MATCHES",
    "PREFIX",
    "PRESENCE",
    "match_channel",
    "node_channel",
    "unavailable",
]
