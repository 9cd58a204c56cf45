"""Social play over a real server (issue 29): friend requests, accept, decline, remove,
presence, blocks, notices (stored and pushed, private to their account), invitations that
wait for an offline friend, and each account's social settings."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .harness import Client, ServerProcess
from .test_admin import bearer, register


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("social-friends") / "data") as proc:
        yield proc


def call(
    server: ServerProcess, method: str, path: str, who: dict[str, Any], body: Any = None
) -> httpx.Response:
    return httpx.request(
        method, f"{server.http}/api{path}", json=body, headers=bearer(who), timeout=10
    )


def friends(server: ServerProcess, who: dict[str, Any]) -> list[dict[str, Any]]:
    answer = call(server, "GET", "/me/friends", who)
    assert answer.status_code == 200, answer.text
    return list(answer.json())


def notices(server: ServerProcess, who: dict[str, Any], unread: bool = False) -> list[Any]:
    path = "/me/notices?unread=true" if unread else "/me/notices"
    answer = call(server, "GET", path, who)
    assert answer.status_code == 200, answer.text
    return list(answer.json())


def refused(answer: httpx.Response, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["code"] == code and body["message"], body


def befriend(server: ServerProcess, a: dict[str, Any], b: dict[str, Any]) -> None:
    asked = call(server, "POST", "/me/friends", a, {"account": b["account"]["id"]})
    assert asked.status_code == 200, asked.text
    took = call(server, "POST", f"/me/friends/{a['account']['id']}", b, {"action": "accept"})
    assert took.status_code == 200, took.text


def test_request_accept_presence_remove_and_decline(server: ServerProcess) -> None:
    ann, bob, cat = (register(server.http, n) for n in ("Ann", "Bob", "Cat"))
    ann_id, bob_id = ann["account"]["id"], bob["account"]["id"]

    async def main() -> None:
        bob_ws = Client(server, bob)
        await bob_ws.connect()
        # By registered name (any case); Bob is connected: the notice is pushed.
        asked = call(server, "POST", "/me/friends", ann, {"name": "bob"})
        assert asked.status_code == 200, asked.text
        assert asked.json()["status"] == "outgoing" and asked.json()["account"] == bob_id
        assert asked.json()["presence"]["state"] == "offline"  # not a friend yet: nothing shown
        pushed = await bob_ws.expect("notice")
        assert pushed["notice"]["kind"] == "friend_request"
        assert pushed["notice"]["payload"] == {"account": ann_id, "name": "Ann"}
        assert [f["status"] for f in friends(server, bob)] == ["incoming"]
        # Bad requests change nothing.
        refused(call(server, "POST", "/me/friends", ann, {"name": "Bob"}), 409, "already_requested")
        refused(call(server, "POST", "/me/friends", ann, {"account": ann_id}), 400, "social_self")
        refused(call(server, "POST", "/me/friends", ann, {"name": "Nobody"}), 404, "not_found")
        refused(call(server, "POST", "/me/friends", ann, {}), 404, "not_found")
        refused(call(server, "POST", "/me/friends", ann, {"name": 5}), 422, "bad_message")
        # Ann cannot accept her own request.
        answer = call(server, "POST", f"/me/friends/{bob_id}", ann, {"action": "accept"})
        refused(answer, 404, "no_request")

        took = call(server, "POST", f"/me/friends/{ann_id}", bob, {"action": "accept"})
        assert took.status_code == 200, took.text
        [seen] = friends(server, ann)
        assert seen["status"] == "friends" and seen["presence"]["state"] == "online"
        # Watching the room list is being in the lobby; stopping is being online again.
        assert (await bob_ws.request({"type": "watch_lobby"}))["type"] == "lobby"
        [seen] = friends(server, ann)
        assert seen["presence"]["state"] == "lobby" and seen["presence"]["room"] is None
        assert (await bob_ws.request({"type": "watch_lobby", "on": False}))["type"] == "ack"
        assert friends(server, ann)[0]["presence"]["state"] == "online"
        # Watching again: a room he sits in below wins over the lobby.
        assert (await bob_ws.request({"type": "watch_lobby"}))["type"] == "lobby"
        assert [n["kind"] for n in notices(server, ann)] == ["friend_accepted"]
        refused(
            call(server, "POST", "/me/friends", bob, {"account": ann_id}), 409, "already_friends"
        )

        # Bob sits in a public room with a free seat: Ann sees it, to join.
        reply = await bob_ws.request(
            {"type": "create_room", "settings": {"name": "Bob's", "seats": 4}}
        )
        assert reply["type"] == "ack", reply
        room = (await bob_ws.expect("room"))["room"]["id"]
        [seen] = friends(server, ann)
        assert seen["presence"] == {"state": "room", "room": room, "joinable": True,
                                    "watchable": False}  # fmt: skip
        await bob_ws.close()
        await asyncio.sleep(0.3)
        [seen] = friends(server, ann)
        assert seen["presence"]["state"] == "offline" and seen["presence"]["room"] is None

    asyncio.run(main())

    assert call(server, "DELETE", f"/me/friends/{bob_id}", ann).status_code == 200
    assert friends(server, ann) == [] and friends(server, bob) == []
    refused(call(server, "DELETE", f"/me/friends/{bob_id}", ann), 404, "not_friends")

    # A request to someone who asked you makes you friends at once.
    assert call(server, "POST", "/me/friends", cat, {"account": ann_id}).status_code == 200
    both = call(server, "POST", "/me/friends", ann, {"account": cat["account"]["id"]})
    assert both.status_code == 200 and both.json()["status"] == "friends"
    assert call(server, "DELETE", f"/me/friends/{cat['account']['id']}", ann).status_code == 200
    # Declined (by the addressee) or withdrawn (by the requester): gone either way.
    assert call(server, "POST", "/me/friends", cat, {"account": ann_id}).status_code == 200
    no = call(server, "POST", f"/me/friends/{cat['account']['id']}", ann, {"action": "decline"})
    assert no.status_code == 200 and friends(server, cat) == []
    assert call(server, "POST", "/me/friends", cat, {"account": ann_id}).status_code == 200
    back = call(server, "POST", f"/me/friends/{ann_id}", cat, {"action": "decline"})
    assert back.status_code == 200 and friends(server, ann) == []
    again = call(server, "POST", f"/me/friends/{ann_id}", cat, {"action": "decline"})
    refused(again, 404, "no_request")
    refused(
        call(server, "POST", f"/me/friends/{ann_id}", cat, {"action": "hug"}), 422, "bad_message"
    )


def test_notices_are_their_accounts_alone_and_are_marked_read(server: ServerProcess) -> None:
    dee, eli = register(server.http, "Dee"), register(server.http, "Eli")
    assert (
        call(server, "POST", "/me/friends", dee, {"account": eli["account"]["id"]}).status_code
        == 200
    )
    [notice] = notices(server, eli, unread=True)
    assert notice["read_at"] is None and notices(server, dee) == []
    # Dee cannot read or mark Eli's notice: it is as unknown as none.
    refused(call(server, "POST", f"/me/notices/{notice['id']}/read", dee), 404, "not_found")
    refused(call(server, "POST", "/me/notices/999999/read", eli), 404, "not_found")
    # An id past what the database holds is refused up front, not a server fault.
    huge = call(server, "POST", f"/me/notices/{2**70}/read", eli)
    refused(huge, 422, "bad_message")
    refused(call(server, "POST", "/me/notices/0/read", eli), 422, "bad_message")
    read = call(server, "POST", f"/me/notices/{notice['id']}/read", eli)
    assert read.status_code == 200 and read.json()["read_at"] is not None
    assert notices(server, eli, unread=True) == []
    assert [n["id"] for n in notices(server, eli)] == [notice["id"]]
    unauthenticated = httpx.get(f"{server.http}/api/me/notices")
    assert unauthenticated.status_code == 401


def test_a_block_ends_the_friendship_and_refuses_contact_both_ways(server: ServerProcess) -> None:
    fay, gus = register(server.http, "Fay"), register(server.http, "Gus")
    fay_id, gus_id = fay["account"]["id"], gus["account"]["id"]
    befriend(server, fay, gus)
    blocked = call(server, "POST", "/me/blocks", gus, {"account": fay_id})
    assert blocked.status_code == 200 and blocked.json()["name"] == "Fay"
    assert friends(server, fay) == [] and friends(server, gus) == []
    assert [b["account"] for b in call(server, "GET", "/me/blocks", gus).json()] == [fay_id]
    assert call(server, "GET", "/me/blocks", fay).json() == []  # one-sided in who set it
    # Two-sided in effect: neither may ask the other.
    refused(call(server, "POST", "/me/friends", fay, {"account": gus_id}), 403, "blocked")
    refused(call(server, "POST", "/me/friends", gus, {"account": fay_id}), 403, "blocked")
    refused(call(server, "POST", "/me/blocks", gus, {"account": gus_id}), 400, "social_self")
    refused(call(server, "POST", "/me/blocks", gus, {"account": "nosuch"}), 404, "not_found")
    assert call(server, "DELETE", f"/me/blocks/{fay_id}", gus).status_code == 200
    assert call(server, "GET", "/me/blocks", gus).json() == []
    assert friends(server, fay) == []  # the friendship does not come back by itself
    assert call(server, "POST", "/me/friends", fay, {"account": gus_id}).status_code == 200


def test_an_invitation_waits_for_an_offline_friend_and_settings_refuse_it(
    server: ServerProcess,
) -> None:
    hal, ivy, jon = (register(server.http, n) for n in ("Hal", "Ivy", "Jon"))
    ivy_id = ivy["account"]["id"]
    befriend(server, hal, ivy)

    async def main() -> str:
        hal_ws = Client(server, hal)
        await hal_ws.connect()
        # Not in a room yet: nothing to invite to.
        invite = {"account": ivy_id}
        refused(call(server, "POST", "/me/invitations", hal, invite), 403, "not_member")
        reply = await hal_ws.request({"type": "create_room", "settings": {"name": "Hal's"}})
        assert reply["type"] == "ack", reply
        room: str = (await hal_ws.expect("room"))["room"]["id"]
        assert call(server, "POST", "/me/invitations", hal, invite).status_code == 200
        # Only friends are invited; a room one is not in is refused.
        answer = call(server, "POST", "/me/invitations", hal, {"account": jon["account"]["id"]})
        refused(answer, 404, "not_friends")
        other = call(server, "POST", "/me/invitations", hal, {"account": ivy_id, "room": "rnope"})
        refused(other, 403, "not_member")
        await hal_ws.close()
        return room

    room = asyncio.run(main())
    # Ivy was offline: the invitation waits for her, with the room to join.
    invitation = next(n for n in notices(server, ivy) if n["kind"] == "invitation")
    assert invitation["payload"]["room"] == room
    assert invitation["payload"]["name"] == "Hal" and invitation["read_at"] is None

    # Settings: the defaults, a change, and an invitation the new setting refuses.
    mine = call(server, "GET", "/me/social", ivy).json()
    assert mine == {
        "free_text": True,
        "muted_until": None,
        "invites": "friends",
        "requests": "everyone",
        "messages": "friends",
    }
    changed = call(server, "PATCH", "/me/social", ivy, {"invites": "nobody", "requests": "nobody"})
    assert changed.status_code == 200 and changed.json()["invites"] == "nobody"
    refused(call(server, "PATCH", "/me/social", ivy, {"muted_until": 0}), 422, "bad_message")
    refused(call(server, "PATCH", "/me/social", ivy, {"invites": "all"}), 422, "bad_message")
    answer = call(server, "POST", "/me/friends", jon, {"account": ivy_id})
    refused(answer, 403, "not_accepting")

    async def again() -> None:
        hal_ws = Client(server, hal)
        await hal_ws.connect()
        refused(call(server, "POST", "/me/invitations", hal, {"account": ivy_id}), 403,
                "not_accepting")  # fmt: skip
        await hal_ws.close()

    asyncio.run(again())
    # A guest's free text is off by default (quick phrases only).
    guest = server.guest("Kim")
    assert call(server, "GET", "/me/social", guest).json()["free_text"] is False


def test_quick_match_never_seats_players_who_block_each_other(server: ServerProcess) -> None:
    """Issue 29: a blocked player cannot be seated with you in quick match (either way)."""
    lou, mia, ned = (register(server.http, n) for n in ("Lou", "Mia", "Ned"))
    preset = {"type": "quick_match", "preset": "party", "mode": "ffa"}

    async def room_of(client: Client) -> str:
        reply = await client.request(preset)
        assert reply["type"] == "ack", reply
        room: str = (await client.expect("room"))["room"]["id"]
        return room

    async def main() -> None:
        lo, mi, ne = Client(server, lou), Client(server, mia), Client(server, ned)
        for client in (lo, mi, ne):
            await client.connect()
        first = await room_of(lo)
        blocked = call(server, "POST", "/me/blocks", mia, {"account": lou["account"]["id"]})
        assert blocked.status_code == 200
        assert await room_of(mi) != first  # the blocker is not seated with Lou
        # The other way round: Lou blocks Ned, and Ned is kept out of Lou's room too.
        assert (
            call(server, "POST", "/me/blocks", lou, {"account": ned["account"]["id"]}).status_code
            == 200
        )
        assert await room_of(ne) != first
        for client in (lo, mi, ne):
            await client.close()

    asyncio.run(main())
