"""``watch_lobby`` across nodes: a room stored on one node reaches the lobby watchers of
another within a second (the other node's news calls ``LobbyFeed.changed``); a host on
one node who stays gone for the grace hands the room to a player on the other, and the
list hides the room meanwhile (presence is every node's).

Two real ``younuo serve`` nodes share one PostgreSQL and one Redis, as in production.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from server.harness import Client, ServerProcess

from .services import PostgresServer, RedisServer

NODE_START = 120.0
"""Seconds a node may take to start (see test_services.py)."""
PUSH_WITHIN = 1.0
GRACE = 1.0
"""The nodes' reconnect grace: a host gone this long hands the room on."""


@pytest.fixture(scope="module")
def two_nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    root = tmp_path_factory.mktemp("lobby-push")
    with PostgresServer() as postgres, RedisServer() as redis_server:
        db = asyncio.run(postgres.fresh_database("lobby_" + uuid.uuid4().hex[:12]))
        nodes = [
            ServerProcess(
                root / name,
                env={"YOUNUO_RECONNECT_GRACE": str(GRACE)},
                db=db,
                host=host,
                extra_args=["--redis", redis_server.url],
            )
            for name, host in (("a", "127.0.0.1"), ("b", "127.0.0.2"))
        ]
        try:
            for node in nodes:  # one after the other: the first migrates the database
                node.start(NODE_START)
            yield nodes
        finally:
            for node in nodes:
                node.stop()


def test_a_room_made_on_one_node_is_pushed_to_a_watcher_on_the_other(
    two_nodes: list[ServerProcess],
) -> None:
    a, b = two_nodes

    async def main() -> None:
        watcher = Client(a, a.guest("Wes"))
        ann = Client(b, b.guest("Ann"))
        bob = Client(b, b.guest("Bob"))
        for client in (watcher, ann, bob):
            await client.connect()
        answer = await watcher.request({"type": "watch_lobby"})
        assert answer["type"] == "lobby"

        async def pushed(**fields: Any) -> None:
            gone = fields.pop("gone", False)

            def shows(frame: dict[str, Any]) -> bool:
                if frame["type"] != "lobby" or frame.get("ref") is not None:
                    return False
                found = next((r for r in frame["rooms"] if r["id"] == room), None)
                if gone:
                    return found is None
                return found is not None and all(found[k] == v for k, v in fields.items())

            began = time.monotonic()
            await watcher.expect(shows, PUSH_WITHIN)
            assert time.monotonic() - began < PUSH_WITHIN

        reply = await ann.request({"type": "create_room", "settings": {"seats": 3, "needed": 2}})
        assert reply["type"] == "ack", reply
        room = (await ann.expect("room"))["room"]["id"]
        await pushed(taken=1, status="open")
        assert (await bob.request({"type": "join_room", "room": room}))["type"] == "ack"
        await pushed(taken=2)
        assert (await ann.request({"type": "leave_room"}))["type"] == "left_room"
        assert (await bob.request({"type": "leave_room"}))["type"] == "left_room"
        await pushed(gone=True)
        for client in (watcher, ann, bob):
            await client.close()

    asyncio.run(main())


def test_a_host_gone_from_one_node_hands_the_room_to_a_player_on_the_other(
    two_nodes: list[ServerProcess],
) -> None:
    a, b = two_nodes

    async def listed(client: Client, room: str) -> bool:
        reply = await client.request({"type": "list_rooms"})
        return any(r["id"] == room for r in reply["rooms"])

    async def main() -> None:
        hal = Client(b, b.guest("Hal"))
        gus = Client(a, a.guest("Gus"))
        for client in (hal, gus):
            await client.connect()
        reply = await hal.request({"type": "create_room", "settings": {"seats": 3, "needed": 2}})
        assert reply["type"] == "ack", reply
        room = (await hal.expect("room"))["room"]["id"]
        assert (await gus.request({"type": "join_room", "room": room}))["type"] == "ack"
        assert await listed(gus, room)
        await hal.close()
        gone = time.monotonic()
        await asyncio.sleep(GRACE / 4)
        assert not await listed(gus, room)  # its host is offline on every node
        frame = await gus.expect(
            lambda f: f["type"] == "room" and f["room"]["host"] == gus.account, GRACE * 10
        )
        assert time.monotonic() - gone >= GRACE * 0.9
        assert frame["room"]["id"] == room
        assert await listed(gus, room)
        await gus.close()

    asyncio.run(main())
