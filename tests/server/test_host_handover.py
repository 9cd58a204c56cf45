"""Rooms never strand anyone (issue 43, item 4), in a real server with a reconnect
grace of one second: a host gone for the grace hands the room to the longest-seated
connected person (members told by the room update), a room with nobody connected
closes, and the lobby lists only rooms whose host is connected. The pure rule is
``test_handover.py``'s.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .harness import Client, ServerProcess

GRACE = 1.0
SETTINGS = {"seats": 4, "needed": 2, "preset": "classic", "options": {"turn_seconds": 0}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"YOUNUO_RECONNECT_GRACE": str(GRACE)}
    with ServerProcess(tmp_path_factory.mktemp("handover") / "data", env=env) as proc:
        yield proc


async def _client(server: ServerProcess, name: str) -> Client:
    client = Client(server, server.guest(name))
    await client.connect()
    return client


async def _create(client: Client) -> str:
    reply = await client.request({"type": "create_room", "settings": SETTINGS})
    assert reply["type"] == "ack", reply
    room: str = (await client.expect("room"))["room"]["id"]
    return room


async def _join(client: Client, room: str) -> None:
    reply = await client.request({"type": "join_room", "room": room})
    assert reply["type"] == "ack", reply


def _listed(server: ServerProcess, room: str) -> bool:
    rooms = httpx.get(server.http + "/api/rooms", timeout=10).json()
    return any(r["id"] == room for r in rooms)


def _fetched(server: ServerProcess, room: str) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(server.http + f"/api/rooms/{room}", timeout=10).json()
    return found


async def _room_with_host(client: Client, host: str, timeout: float) -> dict[str, Any]:
    frame = await client.expect(
        lambda f: f["type"] == "room" and f["room"]["host"] == host, timeout
    )
    room: dict[str, Any] = frame["room"]
    return room


def test_a_host_gone_for_the_grace_hands_the_room_to_the_longest_seated(
    server: ServerProcess,
) -> None:
    """The room stays listed while its host is connected, leaves the list when the host
    drops, and comes back under the longest-seated person once the grace is over; the
    members are told by the room update. A host back within the grace keeps it."""

    async def main() -> None:
        host = await _client(server, "Hana")
        room = await _create(host)
        bob = await _client(server, "Bobo")
        await _join(bob, room)
        cat = await _client(server, "Cato")
        await _join(cat, room)
        assert _listed(server, room)

        # Back within the grace: nothing changes.
        await host.close()
        await asyncio.sleep(GRACE / 4)
        assert not _listed(server, room)  # nobody could start it now
        host = Client(server, host.session)
        await host.connect()
        await asyncio.sleep(GRACE * 1.5)
        assert _listed(server, room)
        assert _fetched(server, room)["host"] == host.account

        await host.close()
        gone = time.monotonic()
        out = await _room_with_host(cat, bob.account, GRACE * 5)
        assert time.monotonic() - gone >= GRACE * 0.9
        assert out["host"] == bob.account
        assert _listed(server, room)
        # The new host may do what hosts do.
        reply = await bob.request({"type": "add_bot", "level": "easy"})
        assert reply["type"] == "ack", reply
        await bob.close()
        await cat.close()

    asyncio.run(main())


def test_a_room_with_nobody_connected_closes(server: ServerProcess) -> None:
    async def main() -> None:
        host = await _client(server, "Ivy")
        room = await _create(host)
        dan = await _client(server, "Dano")
        await _join(dan, room)
        await dan.close()
        await host.close()
        await asyncio.sleep(GRACE * 3)
        r = httpx.get(server.http + f"/api/rooms/{room}", timeout=10)
        assert r.status_code == 404, r.text
        again = Client(server, dan.session)
        welcome = await again.connect()
        assert welcome is not None and welcome["room"] is None
        await again.close()

    asyncio.run(main())
