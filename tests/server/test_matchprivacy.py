"""Who may read a match (younuo.server.match.privacy, pure): a public one, anyone; a private
one, its seated players and moderators; and which private matches a history lists."""

from __future__ import annotations

from typing import Any

import pytest

from younuo.server.match.privacy import may_read, private_history, seated_accounts
from younuo.store.matches import EVERY_PRIVATE

SEATS: list[dict[str, Any]] = [
    {"name": "Ann", "account": "a1"},
    {"name": "Bot", "account": None},
]


def test_the_seated_accounts_leave_bots_out() -> None:
    assert seated_accounts(SEATS) == {"a1"}


@pytest.mark.parametrize(
    ("viewer", "role", "private", "expected"),
    [
        (None, None, False, True),
        ("b2", "player", False, True),
        (None, None, True, False),
        ("b2", "player", True, False),
        ("a1", "player", True, True),
        ("m3", "moderator", True, True),
        ("x4", "admin", True, True),
        ("y5", "nonsense", True, False),
    ],
)
def test_may_read(viewer: str | None, role: str | None, private: bool, expected: bool) -> None:
    assert may_read(private=private, seats=SEATS, viewer=viewer, role=role) is expected


def test_which_private_matches_a_history_lists() -> None:
    assert private_history(account="a1", viewer=None, role=None) is None
    assert private_history(account="a1", viewer="a1", role="player") == EVERY_PRIVATE
    assert private_history(account="a1", viewer="m3", role="moderator") == EVERY_PRIVATE
    assert private_history(account="a1", viewer="b2", role="player") == "b2"
