"""Reports: a player reports another to the moderators, with the evidence attached.

A report names a reason and where it came from; the shell attaches the match id and the
recent messages of the reported player in that place. A report is open until a moderator
decides it: ``actioned`` (a mute, suspension, ban or rename followed, in the audit log)
or ``dismissed``. A decided report cannot be decided again.
"""

from __future__ import annotations

from enum import StrEnum

from younuo.social.errors import SocialCode, SocialError


class ReportReason(StrEnum):
    """Why a player is reported."""

    CHEATING = "cheating"
    ABUSE = "abuse"
    NAME = "name"
    AFK = "afk"


class ReportSource(StrEnum):
    """Where the report was made."""

    TABLE = "table"
    CHAT = "chat"
    PROFILE = "profile"


class ReportStatus(StrEnum):
    """The state of a report in the moderators' queue."""

    OPEN = "open"
    ACTIONED = "actioned"
    DISMISSED = "dismissed"


class ModAction(StrEnum):
    """What a moderator may do about a report (suspend and ban are the admin service's)."""

    DISMISS = "dismiss"
    WARN = "warn"  # a written warning the player sees, nothing else changes
    MUTE = "mute"
    RENAME = "rename"
    SUSPEND = "suspend"
    BAN = "ban"


def check_report(reporter: str, reported: str) -> None:
    """Refuse a report of oneself."""
    if reporter == reported:
        raise SocialError(SocialCode.SELF, "You cannot report yourself.")


def decide(status: ReportStatus, action: ModAction) -> ReportStatus:
    """The status after a moderator's ``action`` on a report in ``status``."""
    if status is not ReportStatus.OPEN:
        raise SocialError(SocialCode.BAD_TRANSITION, "This report is already decided.")
    return ReportStatus.DISMISSED if action is ModAction.DISMISS else ReportStatus.ACTIONED


def mute_until(now: float, minutes: int) -> float:
    """The end of a mute of ``minutes`` from ``now`` (at least one minute, at most 30 days)."""
    if not 1 <= minutes <= 30 * 24 * 60:
        raise SocialError(SocialCode.BAD_TRANSITION, "A mute lasts 1 minute to 30 days.")
    return now + minutes * 60.0
