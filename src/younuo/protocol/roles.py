"""Who may do what: the roles of accounts, their standing, and the permissions of each.

Every account is a ``player``; a ``moderator`` also reviews fair-play cases and decides
them (withholding or revoking titles and rating points, suspending an account); an
``admin`` also bans, grants roles and creates public tournaments and series. The first
admin is made on the command line (``younuo admin create NAME``); later ones by an admin.
Nothing here touches the database: :func:`allows` is a table, the service
(:mod:`younuo.server.admin.service`) checks it before every action and writes the audit log.
"""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    """An account's role."""

    PLAYER = "player"
    MODERATOR = "moderator"
    ADMIN = "admin"


class Standing(StrEnum):
    """Whether an account may sign in and play."""

    ACTIVE = "active"
    SUSPENDED = "suspended"  # until a time, then active again by itself
    BANNED = "banned"  # until an admin lifts it


class Permission(StrEnum):
    """What a role may do beyond playing."""

    READ_AUDIT = "read_audit"
    REVIEW_CASES = "review_cases"
    REVOKE_TITLES = "revoke_titles"
    SUSPEND = "suspend"
    BAN = "ban"
    SET_ROLES = "set_roles"
    CREATE_PUBLIC_EVENTS = "create_public_events"
    # Social play (younuo.server.social.service): the report queue, warnings and mutes.
    MODERATE_CHAT = "moderate_chat"
    # Bot accounts (younuo.server.accounts.bots): an admin's alone.
    ALLOW_RATED_BOTS = "allow_rated_bots"
    # Social play's moderation: a moderator renames an offensive name.
    RENAME = "rename"


_MODERATOR = frozenset(
    {
        Permission.READ_AUDIT,
        Permission.REVIEW_CASES,
        Permission.REVOKE_TITLES,
        Permission.SUSPEND,
        Permission.RENAME,
        Permission.MODERATE_CHAT,
    }
)
PERMISSIONS: dict[Role, frozenset[Permission]] = {
    Role.PLAYER: frozenset(),
    Role.MODERATOR: _MODERATOR,
    Role.ADMIN: frozenset(Permission),
}
"""Each role's permissions: a moderator's are an admin's but banning, roles and events."""


def allows(role: Role | str, permission: Permission) -> bool:
    """Whether ``role`` may do ``permission`` (an unknown role may do nothing)."""
    try:
        return permission in PERMISSIONS[Role(role)]
    except ValueError:
        return False


def standing_now(standing: Standing | str, until: float | None, now: float) -> Standing:
    """The standing in force at ``now``: a suspension that has run out is over."""
    current = Standing(standing)
    if current is Standing.SUSPENDED and until is not None and until <= now:
        return Standing.ACTIVE
    return current
