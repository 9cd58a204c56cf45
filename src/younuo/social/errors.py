"""The refusals of the social rules: a code for programs and a message for people."""

from __future__ import annotations

from enum import StrEnum


class SocialCode(StrEnum):
    """Why a social action was refused."""

    SELF = "social_self"  # a request, block or report aimed at oneself
    ALREADY_FRIENDS = "already_friends"
    ALREADY_REQUESTED = "already_requested"
    NO_REQUEST = "no_request"  # accept or decline with nothing pending
    NOT_FRIENDS = "not_friends"
    BLOCKED = "blocked"  # either side blocked the other
    NOT_ACCEPTING = "not_accepting"  # the other's settings refuse requests or invitations
    NOT_MEMBER = "not_member"  # reading or posting in a room one is not in
    SPECTATOR_TO_PLAYERS = "spectator_to_players"
    FREE_TEXT_OFF = "free_text_off"
    MUTED = "muted"
    FILTERED = "filtered"  # the word filter matched
    RATE_LIMITED = "rate_limited"
    EMPTY = "empty_message"
    TOO_LONG = "message_too_long"
    BAD_TRANSITION = "bad_transition"  # a report decided twice, for example


class SocialError(Exception):
    """A refused social action; nothing was changed."""

    def __init__(self, code: SocialCode, message: str) -> None:
        """Keep the code (for the wire) and the human message."""
        super().__init__(message)
        self.code = code
        self.message = message
