"""Every error code the server sends, in one registry (docs/protocol.md §2, *Limits and errors*).

An error on the wire is a code and a message (``{"type": "error", "code", "message",
"details", "ref"}`` on the WebSocket, ``{"code", "message"}`` over REST). The server's own
codes are :class:`ErrorCode`; three pure packages refuse with codes of their own, which
reach the wire unchanged: the engine's (a move the rules refuse, ``IllegalAction.code``),
social play's (:class:`younuo.social.errors.SocialCode`) and the tournaments'
(:class:`younuo.tournaments.errors.ErrorCode`). :data:`EVERY_CODE` holds them all, so
that a test can check that docs/protocol.md names each one.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from younuo.social.errors import SocialCode
from younuo.tournaments.errors import ErrorCode as TournamentCode


class ErrorCode(StrEnum):
    """The server's own error codes."""

    # The form of a message (logged at most once a minute per client: docs/security.md).
    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    TOO_LARGE = "too_large"
    # Limits.
    RATE_LIMITED = "rate_limited"
    TOO_MANY_WRITES = "too_many_writes"
    # Who is asking.
    NOT_AUTHENTICATED = "not_authenticated"
    BAD_TOKEN = "bad_token"
    BAD_PROTOCOL = "bad_protocol"
    BAD_PASSWORD = "bad_password"
    ACCOUNT_SUSPENDED = "account_suspended"
    ACCOUNT_BANNED = "account_banned"
    FORBIDDEN = "forbidden"
    # Names and avatars.
    BAD_NAME = "bad_name"
    NAME_TAKEN = "name_taken"
    BAD_AVATAR = "bad_avatar"
    # Rooms.
    NOT_IN_ROOM = "not_in_room"
    ALREADY_IN_ROOM = "already_in_room"
    ROOM_NOT_FOUND = "room_not_found"
    ROOM_FULL = "room_full"
    NOT_HOST = "not_host"
    NOT_SEATED = "not_seated"
    BAD_SEAT = "bad_seat"
    SEAT_TAKEN = "seat_taken"
    BAD_OPTIONS = "bad_options"
    ROOM_PLAYING = "room_playing"
    CANNOT_START = "cannot_start"
    # A running match.
    NO_MATCH = "no_match"
    NOT_A_PLAYER = "not_a_player"
    NOT_YOUR_SEAT = "not_your_seat"
    STALE_VERSION = "stale_version"
    SERVER_ONLY = "server_only"
    MATCH_RUNNING = "match_running"
    BAD_RECORD = "bad_record"
    # The server itself: the change was not made; ``unavailable`` may be asked again.
    UNAVAILABLE = "unavailable"
    INTERNAL = "internal"
    # REST only.
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    BAD_REQUEST = "bad_request"


EVERY_CODE: Final[frozenset[str]] = frozenset({*ErrorCode, *SocialCode, *TournamentCode})
"""Every code the server sends but the engine's refusals of a move."""
