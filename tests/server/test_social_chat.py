"""Chat over a real server (issue 29): a room's members read it and nobody else; a block
hides messages both ways, pushed and in the log; the word filter (in zh-Hant, zh-Hans and
en), the free-text switches, the bounds and the rate limit refuse with a code and a
message and store nothing; spectators and players stay apart during a match; old
messages are purged by the scheduler."""

from __future__ import annotations

import asyncio
import sqlite3
import time
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from younuo.protocol.messages import Phrase
from younuo.server.lobby.rooms import RoomState, Seat, default_settings
from younuo.server.seats.seat import SeatKind
from younuo.server.social.places import default_channel, membership
from younuo.social.chatpolicy import Channel, Membership
from younuo.social.phrases import QuickPhrase

from .harness import Client, ServerProcess
from .test_admin import bearer, register

BURST = 5


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"YOUNUO_CHAT_BURST": str(BURST), "YOUNUO_CHAT_PER_MINUTE": "1"}
    with ServerProcess(tmp_path_factory.mktemp("social-chat") / "data", env=env) as proc:
        yield proc


def stored(server: ServerProcess) -> int:
    """How many chat messages the database holds."""
    db = sqlite3.connect(server.data / "younuo.db")
    try:
        return int(db.execute("SELECT count(*) FROM chat_messages").fetchone()[0])
    finally:
        db.close()


def log(server: ServerProcess, who: dict[str, Any], room: str) -> httpx.Response:
    return httpx.get(f"{server.http}/api/rooms/{room}/chat", headers=bearer(who), timeout=10)


async def seated(server: ServerProcess, sessions: list[dict[str, Any]]) -> tuple[list[Client], str]:
    """Connected clients, the first hosting a room the others join; the room id."""
    clients = [Client(server, s) for s in sessions]
    for client in clients:
        await client.connect()
    reply = await clients[0].request(
        {"type": "create_room", "settings": {"name": "Chat", "seats": 6}}
    )
    assert reply["type"] == "ack", reply
    room: str = (await clients[0].expect("room"))["room"]["id"]
    for client in clients[1:]:
        joined = await client.request({"type": "join_room", "room": room})
        assert joined["type"] == "ack", joined
    return clients, room


async def say(client: Client, room: str, **body: Any) -> dict[str, Any]:
    return await client.request({"type": "chat", "room": room, **body})


async def nothing_from(client: Client, sender: str, wait: float = 0.5) -> None:
    """No chat from ``sender`` reaches ``client`` within ``wait`` seconds."""
    with pytest.raises(TimeoutError):
        await client.expect(lambda f: f["type"] == "chat" and f["sender"] == sender, wait)


def test_the_phrase_ids_on_the_wire_are_the_quick_phrases() -> None:
    assert set(typing.get_args(Phrase)) == {p.value for p in QuickPhrase}


def test_membership_and_the_default_channel() -> None:
    room = RoomState(id="r1", settings=default_settings("T"), host="a", seats=[None, None])
    room.seats[0] = Seat(kind=SeatKind.HUMAN, name="Ann", account="a")
    room.spectators.append("s")
    assert membership(room, "a") is Membership.PLAYER
    assert membership(room, "s") is Membership.SPECTATOR
    assert membership(room, "x") is Membership.NONE
    assert default_channel(Membership.PLAYER, match_running=False) is Channel.ROOM
    assert default_channel(Membership.SPECTATOR, match_running=False) is Channel.ROOM
    assert default_channel(Membership.PLAYER, match_running=True) is Channel.TABLE_PLAYERS
    assert default_channel(Membership.SPECTATOR, match_running=True) is Channel.TABLE_SPECTATORS


def test_members_read_the_room_and_a_block_hides_chat_both_ways(server: ServerProcess) -> None:
    ann, bob, cat, dan = (register(server.http, n) for n in ("Ann", "Bob", "Cat", "Dan"))
    ann_id, cat_id = ann["account"]["id"], cat["account"]["id"]

    async def main() -> str:
        (a, b, c), room = await seated(server, [ann, bob, cat])
        assert (await say(a, room, text="  Hello table  "))["type"] == "ack"
        for reader in (a, b, c):
            got = await reader.expect("chat")
            assert got["text"] == "Hello table" and got["sender"] == ann_id  # trimmed
            assert got["sender_name"] == "Ann" and got["channel"] == "room"
        assert (await say(b, room, phrase="good_luck"))["type"] == "ack"
        for reader in (a, b, c):
            got = await reader.expect("chat")
            assert got["phrase"] == "good_luck" and got["text"] is None

        # Cat blocks Ann: neither reads the other from now on, pushed or in the log.
        blocked = httpx.post(f"{server.http}/api/me/blocks", json={"account": ann_id},
                             headers=bearer(cat))  # fmt: skip
        assert blocked.status_code == 200
        assert (await say(a, room, text="after the block"))["type"] == "ack"
        assert (await b.expect("chat"))["text"] == "after the block"
        await nothing_from(c, ann_id)
        assert (await say(c, room, text="Cat here"))["type"] == "ack"
        assert (await b.expect("chat"))["text"] == "Cat here"
        await nothing_from(a, cat_id)

        # Someone outside the room neither reads nor posts.
        d = Client(server, dan)
        await d.connect()
        refused = await say(d, room, text="let me in")
        assert refused["type"] == "error" and refused["code"] == "not_member", refused
        for client in (a, b, c, d):
            await client.close()
        return room

    before = stored(server)
    room = asyncio.run(main())
    assert stored(server) == before + 4  # the refused post was not stored

    def texts(who: dict[str, Any]) -> list[str]:
        return [m["text"] or m["phrase"] for m in log(server, who, room).json()]

    assert texts(bob) == ["Hello table", "good_luck", "after the block", "Cat here"]
    assert texts(cat) == ["good_luck", "Cat here"]  # none of Ann's, even from before the block
    assert texts(ann) == ["Hello table", "good_luck", "after the block"]
    outsider = log(server, dan, room)
    assert outsider.status_code == 403 and outsider.json()["code"] == "not_member"
    assert log(server, dan, "rnosuch").json()["code"] == "not_member"


@pytest.mark.parametrize("text", ["what the FUCK", "你這個白癡", "你这个白痴", "傻 . 逼"])
def test_the_word_filter_refuses_in_all_three_languages_and_stores_nothing(
    server: ServerProcess, text: str
) -> None:
    who = register(server.http, f"F{abs(hash(text)) % 10**8}")

    async def main() -> None:
        (me,), room = await seated(server, [who])
        before = stored(server)
        refused = await say(me, room, text=text)
        assert refused["type"] == "error" and refused["code"] == "filtered", refused
        assert refused["message"]
        assert stored(server) == before
        await nothing_from(me, who["account"]["id"], 0.2)
        await me.close()

    asyncio.run(main())


def test_bad_messages_free_text_switches_and_the_rate_limit(server: ServerProcess) -> None:
    eve, fox = register(server.http, "Eve"), register(server.http, "Fox")
    guest = server.guest("Gia")

    async def main() -> None:
        (e, f, g), room = await seated(server, [eve, fox, guest])
        before = stored(server)
        cases = [
            ({"text": "   "}, "empty_message"),
            ({"text": "x" * 201}, "message_too_long"),
            ({"text": "hi", "phrase": "hello"}, "empty_message"),
            ({}, "empty_message"),
        ]
        for body, code in cases:
            reply = await say(e, room, **body)
            assert reply["type"] == "error" and reply["code"] == code, (body, reply)
        wrong = await say(e, room, phrase="you_lose")
        assert wrong["code"] == "bad_message"
        assert (await say(e, room, channel="table_spectators", text="hi"))["code"] == "not_member"
        # A guest's free text is off by default; its quick phrases go.
        off = await say(g, room, text="hello all")
        assert off["code"] == "free_text_off", off
        assert (await say(g, room, phrase="hello"))["type"] == "ack"
        assert stored(server) == before + 1
        # The rate limit: a burst, then refused with its code; nothing more stored.
        for _ in range(BURST):
            assert (await say(f, room, phrase="oops"))["type"] == "ack"
        limited = await say(f, room, phrase="oops")
        assert limited["type"] == "error" and limited["code"] == "rate_limited", limited
        assert stored(server) == before + 1 + BURST
        for client in (e, f, g):
            await client.close()

    asyncio.run(main())


def test_spectators_and_players_stay_apart_during_a_match(server: ServerProcess) -> None:
    hal, ivy = register(server.http, "Hal"), register(server.http, "Ivy")

    async def main() -> None:
        h, i = Client(server, hal), Client(server, ivy)
        await h.connect()
        await i.connect()
        settings = {"name": "Match", "seats": 2, "needed": 2, "options": {"turn_seconds": 0}}
        reply = await h.request({"type": "create_room", "settings": settings})
        assert reply["type"] == "ack", reply
        room = (await h.expect("room"))["room"]["id"]
        assert (await h.request({"type": "add_bot", "level": "easy"}))["type"] == "ack"
        assert (await h.request({"type": "ready", "ready": True}))["type"] == "ack"
        assert (await h.request({"type": "start"}))["type"] == "ack"
        await h.expect("state")
        watched = await i.request({"type": "join_room", "room": room, "spectate": True})
        assert watched["type"] == "ack", watched
        # The spectator's message stays among the spectators.
        assert (await say(i, room, text="go Hal"))["type"] == "ack"
        mine = await i.expect("chat")
        assert mine["channel"] == "table_spectators"
        await nothing_from(h, ivy["account"]["id"])
        to_players = await say(i, room, channel="room", text="psst")
        assert to_players["code"] == "spectator_to_players", to_players
        assert (await say(i, room, channel="table_players", text="psst"))["code"] == (
            "spectator_to_players"
        )
        # The players' channel is the players'.
        assert (await say(h, room, phrase="thanks"))["type"] == "ack"
        assert (await h.expect("chat"))["channel"] == "table_players"
        await nothing_from(i, hal["account"]["id"])
        seen = [m["channel"] for m in log(server, ivy, room).json()]
        assert seen == ["table_spectators"]
        await h.close()
        await i.close()

    asyncio.run(main())


def test_the_scheduler_purges_chat_past_its_retention(tmp_path: Path) -> None:
    env = {"YOUNUO_CHAT_RETENTION_DAYS": str(1.5 / 86400), "YOUNUO_CHAT_PURGE_SECONDS": "1"}
    with ServerProcess(tmp_path / "data", env=env) as server:
        jo = register(server.http, "Jo")

        async def main() -> None:
            (me,), room = await seated(server, [jo])
            assert (await say(me, room, text="soon gone"))["type"] == "ack"
            await me.close()

        asyncio.run(main())
        assert stored(server) == 1
        deadline = time.monotonic() + 15
        while stored(server) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert stored(server) == 0


def test_direct_messages_between_friends_only_and_never_across_a_block(
    server: ServerProcess,
) -> None:
    kai, lea, max_ = (register(server.http, n) for n in ("Kai", "Lea", "Max"))
    kai_id, lea_id = kai["account"]["id"], lea["account"]["id"]

    def api(method: str, path: str, who: dict[str, Any], body: Any = None) -> httpx.Response:
        return httpx.request(method, f"{server.http}/api{path}", json=body, headers=bearer(who))

    assert api("POST", "/me/friends", kai, {"account": lea_id}).status_code == 200
    assert api("POST", f"/me/friends/{kai_id}", lea, {"action": "accept"}).status_code == 200

    async def main() -> None:
        k, l_, m = Client(server, kai), Client(server, lea), Client(server, max_)
        for client in (k, l_, m):
            await client.connect()
        before = stored(server)
        assert (await k.request({"type": "chat", "to": lea_id, "text": "hi Lea"}))["type"] == "ack"
        got = await l_.expect("chat")
        assert got["channel"] == "direct" and got["room"] is None and got["to"] == lea_id
        assert got["text"] == "hi Lea" and got["sender"] == kai_id
        assert (await k.expect("chat"))["text"] == "hi Lea"  # the sender's own copy
        # Not a friend: refused; a room and a friend at once: refused; nothing stored.
        no = await m.request({"type": "chat", "to": lea_id, "phrase": "hello"})
        assert no["type"] == "error" and no["code"] == "not_friends", no
        both = await k.request({"type": "chat", "to": lea_id, "room": "r1", "phrase": "hello"})
        assert both["code"] == "not_member", both
        wrong = await k.request({"type": "chat", "to": lea_id, "channel": "room", "phrase": "oops"})
        assert wrong["code"] == "not_member", wrong
        unknown = await k.request({"type": "chat", "to": "nosuch", "phrase": "oops"})
        assert unknown["type"] == "error" and unknown["code"] == "not_found", unknown
        assert stored(server) == before + 1
        # The filter holds here too.
        dirty = await l_.request({"type": "chat", "to": kai_id, "text": "shit"})
        assert dirty["code"] == "filtered", dirty
        # Lea takes no messages: refused with its own code.
        assert (
            api("PATCH", "/me/social", lea, {"messages": "nobody"}).json()["messages"] == "nobody"
        )
        closed = await k.request({"type": "chat", "to": lea_id, "phrase": "hello"})
        assert closed["code"] == "not_accepting", closed
        assert api("PATCH", "/me/social", lea, {"messages": "friends"}).status_code == 200
        # The log: both of them, no one else.
        assert [c["text"] for c in api("GET", f"/me/friends/{lea_id}/chat", kai).json()] == [
            "hi Lea"
        ]
        assert [c["to"] for c in api("GET", f"/me/friends/{kai_id}/chat", lea).json()] == [lea_id]
        outsider = api("GET", f"/me/friends/{lea_id}/chat", max_)
        assert outsider.status_code == 404 and outsider.json()["code"] == "not_friends"
        # A block ends the line both ways, and hides its log.
        assert api("POST", "/me/blocks", lea, {"account": kai_id}).status_code == 200
        blocked = await k.request({"type": "chat", "to": lea_id, "phrase": "hello"})
        assert blocked["code"] == "blocked", blocked
        back = await l_.request({"type": "chat", "to": kai_id, "phrase": "hello"})
        assert back["code"] == "blocked", back
        hidden = api("GET", f"/me/friends/{lea_id}/chat", kai)
        assert hidden.status_code == 403 and hidden.json()["code"] == "blocked"
        await nothing_from(l_, kai_id, 0.3)
        for client in (k, l_, m):
            await client.close()

    asyncio.run(main())


def test_the_host_turns_free_text_off_in_the_room(server: ServerProcess) -> None:
    nia, oto = register(server.http, "Nia"), register(server.http, "Oto")

    async def main() -> None:
        (n, o), room = await seated(server, [nia, oto])
        configured = await n.request({"type": "configure", "settings": {"free_text": False}})
        assert configured["type"] == "ack", configured
        shown = await o.expect(
            lambda f: f["type"] == "room" and not f["room"]["settings"]["free_text"]
        )
        assert shown["room"]["id"] == room
        before = stored(server)
        off = await say(o, room, text="hello")
        assert off["type"] == "error" and off["code"] == "free_text_off", off
        assert (await say(o, room, phrase="hello"))["type"] == "ack"
        assert stored(server) == before + 1
        assert (await n.request({"type": "configure", "settings": {"free_text": True}}))[
            "type"
        ] == "ack"
        await o.expect(lambda f: f["type"] == "room" and f["room"]["settings"]["free_text"])
        assert (await say(o, room, text="hello again"))["type"] == "ack"
        for client in (n, o):
            await client.close()

    asyncio.run(main())
