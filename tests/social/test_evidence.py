"""A report's evidence is what the reporter could read (younuo.social.evidence, pure)."""

from __future__ import annotations

import pytest

from younuo.social.chatpolicy import Channel, Membership
from younuo.social.errors import SocialCode, SocialError
from younuo.social.evidence import Said, Stay, check_stayed, seen, visible

PLAYER, SPECTATOR = Membership.PLAYER, Membership.SPECTATOR


def test_a_room_never_stayed_in_is_refused() -> None:
    with pytest.raises(SocialError) as refused:
        check_stayed([])
    assert refused.value.code is SocialCode.NOT_MEMBER
    check_stayed([Stay(PLAYER, 10.0, 20.0)])


@pytest.mark.parametrize(
    ("at", "expected"), [(9.9, False), (10.0, True), (15.0, True), (20.0, True), (20.1, False)]
)
def test_only_messages_during_a_stay_are_seen(at: float, expected: bool) -> None:
    assert seen([Stay(PLAYER, 10.0, 20.0)], Said(1, Channel.ROOM, at)) is expected


def test_an_open_stay_covers_everything_since_arriving() -> None:
    stays = [Stay(SPECTATOR, 10.0)]
    assert seen(stays, Said(1, Channel.ROOM, 1e12))
    assert not seen(stays, Said(1, Channel.ROOM, 5.0))


def test_each_role_reads_its_own_channels() -> None:
    as_spectator = [Stay(SPECTATOR, 0.0, 100.0)]
    as_player = [Stay(PLAYER, 0.0, 100.0)]
    assert not seen(as_spectator, Said(1, Channel.TABLE_PLAYERS, 50.0))
    assert seen(as_spectator, Said(1, Channel.TABLE_SPECTATORS, 50.0))
    assert seen(as_player, Said(1, Channel.TABLE_PLAYERS, 50.0))
    assert not seen(as_player, Said(1, Channel.TABLE_SPECTATORS, 50.0))
    # A stay as a spectator then as a player: each message by the role of its time.
    both = [Stay(SPECTATOR, 0.0, 50.0), Stay(PLAYER, 50.0, None)]
    assert not seen(both, Said(1, Channel.TABLE_PLAYERS, 40.0))
    assert seen(both, Said(1, Channel.TABLE_PLAYERS, 60.0))


def test_visible_keeps_the_newest_seen_up_to_the_limit() -> None:
    stays = [Stay(PLAYER, 10.0, 20.0), Stay(PLAYER, 30.0, None)]
    newest_first = [Said(i, Channel.ROOM, at) for i, at in
                     ((6, 40.0), (5, 35.0), (4, 25.0), (3, 15.0), (2, 12.0), (1, 5.0))]  # fmt: skip
    assert visible(stays, newest_first, 10) == [6, 5, 3, 2]
    assert visible(stays, newest_first, 3) == [6, 5, 3]
    assert visible([], newest_first, 10) == []


def test_nothing_is_seen_since_a_block_between_them() -> None:
    stays = [Stay(PLAYER, 0.0, None)]
    newest_first = [Said(3, Channel.ROOM, 30.0), Said(2, Channel.ROOM, 20.0),
                    Said(1, Channel.ROOM, 10.0)]  # fmt: skip
    assert visible(stays, newest_first, 10, blocked_since=20.0) == [1]
    assert visible(stays, newest_first, 10, blocked_since=None) == [3, 2, 1]
    assert not seen(stays, Said(4, Channel.ROOM, 25.0), blocked_since=20.0)
