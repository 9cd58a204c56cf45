"""Friendship transitions, blocks and presence, driven directly on the pure rules."""

from __future__ import annotations

import pytest

from younuo.social import blocks, friendship, presence
from younuo.social.errors import SocialCode, SocialError
from younuo.social.friendship import Link, LinkStatus


def test_request_accept_remove() -> None:
    link = friendship.request(None, "ann", "bob", blocked=False)
    assert link == Link("ann", "bob", LinkStatus.PENDING)
    assert not friendship.are_friends(link)
    with pytest.raises(SocialError) as err:
        friendship.accept(link, "ann")  # the requester cannot accept their own request
    assert err.value.code is SocialCode.NO_REQUEST
    friends = friendship.accept(link, "bob")
    assert friendship.are_friends(friends)
    friendship.remove(friends, "ann")
    with pytest.raises(SocialError) as err:
        friendship.remove(friends, "eve")
    assert err.value.code is SocialCode.NOT_FRIENDS


def test_crossed_requests_make_friends_and_duplicates_are_refused() -> None:
    link = friendship.request(None, "ann", "bob", blocked=False)
    with pytest.raises(SocialError) as err:
        friendship.request(link, "ann", "bob", blocked=False)
    assert err.value.code is SocialCode.ALREADY_REQUESTED
    both = friendship.request(link, "bob", "ann", blocked=False)
    assert both.status is LinkStatus.FRIENDS
    with pytest.raises(SocialError) as err:
        friendship.request(both, "ann", "bob", blocked=False)
    assert err.value.code is SocialCode.ALREADY_FRIENDS


def test_decline_and_self_and_blocked() -> None:
    link = friendship.request(None, "ann", "bob", blocked=False)
    friendship.decline(link, "bob")
    with pytest.raises(SocialError):
        friendship.decline(link, "eve")
    with pytest.raises(SocialError) as err:
        friendship.decline(None, "bob")
    assert err.value.code is SocialCode.NO_REQUEST
    with pytest.raises(SocialError) as err:
        friendship.request(None, "ann", "ann", blocked=False)
    assert err.value.code is SocialCode.SELF
    with pytest.raises(SocialError) as err:
        friendship.request(None, "ann", "bob", blocked=True)
    assert err.value.code is SocialCode.BLOCKED


def test_blocks_work_both_ways_and_keep_quick_match_apart() -> None:
    pairs = {("ann", "bob")}
    assert blocks.between(pairs, "bob", "ann")
    with pytest.raises(SocialError) as err:
        blocks.check_reach(pairs, "bob", "ann")
    assert err.value.code is SocialCode.BLOCKED
    blocks.check_reach(pairs, "ann", "cat")
    assert not blocks.may_seat_together(pairs, ["cat", "bob", "ann"])
    assert blocks.may_seat_together(pairs, ["cat", "bob", "dan"])
    with pytest.raises(SocialError):
        blocks.block_target_check("ann", "ann")


def test_presence_states_and_who_sees_them() -> None:
    seated = presence.Whereabouts(connected=True, room_id="r1", room_has_free_seat=True)
    playing = presence.Whereabouts(
        connected=True, room_id="r1", playing=True, room_allows_watchers=False
    )
    assert presence.state_of(presence.Whereabouts(connected=False)) is presence.Presence.OFFLINE
    assert presence.state_of(presence.Whereabouts(connected=True)) is presence.Presence.ONLINE
    lobby = presence.Whereabouts(connected=True, in_lobby=True)
    assert presence.state_of(lobby) is presence.Presence.LOBBY
    assert presence.view(seated, friends=True, blocked=False) == presence.PresenceView(
        presence.Presence.ROOM, "r1", joinable=True
    )
    # A match that allows no watchers shows "playing" without the room.
    assert presence.view(playing, friends=True, blocked=False) == presence.PresenceView(
        presence.Presence.PLAYING
    )
    # Strangers and blocked friends see nothing.
    hidden = presence.PresenceView(presence.Presence.OFFLINE)
    assert presence.view(seated, friends=False, blocked=False) == hidden
    assert presence.view(seated, friends=True, blocked=True) == hidden
