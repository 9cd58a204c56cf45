"""The client library follows the room rule (docs/protocol.md §2, *The room argument*):
once in a room its socket moves to ``/ws?room=ID`` (the key a balancer hashes to put a
table's seats on its match's node) without a gap a player would notice, and stays there
after leaving. Against a real ``younuo serve`` (tests/client/conftest.py)."""

from __future__ import annotations

import asyncio
import contextlib

import httpx
import pytest

from server.harness import ServerProcess
from younuo.client import Client, RoomSettingsPatch, State, TakenOver
from younuo.client.addresses import route_of, routed
from younuo.client.messages import ErrorOut, ServerMessage, Welcome
from younuo.protocol.route import BadRoute

from .test_live import ONE_ROUND, guest, run


def connections(server: ServerProcess) -> int:
    count: int = httpx.get(server.http + "/healthz", timeout=10).json()["connections"]
    return count


async def settle(server: ServerProcess, expected: int) -> None:
    """Wait until the server counts ``expected`` open sockets (a closed one is noticed
    within a moment)."""
    for _ in range(100):
        if await asyncio.to_thread(connections, server) == expected:
            return
        await asyncio.sleep(0.05)
    assert await asyncio.to_thread(connections, server) == expected


def test_an_address_takes_a_room_route_in_place_of_any_other() -> None:
    assert routed("http://h:1", "r2") == "ws://h:1/ws?room=r2"
    assert routed("wss://h/pre/ws?room=r1&v=2", "r3") == "wss://h/pre/ws?v=2&room=r3"
    assert route_of("ws://h/ws?room=r3") == "r3" and route_of("ws://h/ws") is None
    with pytest.raises(BadRoute):
        routed("ws://h/ws", "Not A Room")


def test_a_seat_moves_its_socket_to_the_rooms_route_and_plays_on(server: ServerProcess) -> None:
    """Host and guest each move once, the old socket goes (the server holds one per
    account), requests and frames go on, the match starts and is played on the new
    sockets with nobody away, and nothing but a second welcome shows the move."""

    async def main() -> None:
        before = await asyncio.to_thread(connections, server)
        host = Client(server.http, await guest(server, "Rhea"))
        other = Client(server.http, await guest(server, "Rolf"))
        frames = host.frames()
        await host.connect()
        await other.connect()
        try:
            assert host.route is None and host.moves == 0
            room = await host.create_room(RoomSettingsPatch(seats=2, needed=2, options=ONE_ROUND))
            assert host.route == room.id and host.moves == 1
            assert host.address.endswith(f"/ws?room={room.id}")
            assert (await other.join_room(room.id)).id == room.id
            assert other.route == room.id and other.moves == 1
            assert host.connections == other.connections == 2
            await settle(server, before + 2)  # the sockets they left are closed
            await other.ready()
            await host.start()
            await host.until(lambda: host.match is not None, 10)
            await other.until(lambda: other.match is not None, 10)
            assert host.match is not None
            assert not any(seat.away for seat in host.match.table)
            mover = next(c for c in (host, other) if c.match and c.match.my_turn)
            version = mover.match.version if mover.match else 0
            action = mover.match.legal[0] if mover.match and mover.match.legal else None
            assert action is not None
            await mover.act(dict(action))
            await host.until(lambda: host.match is not None and host.match.version > version, 10)
            assert host.stopped is None and other.stopped is None
            assert host.moves == 1 and other.moves == 1  # a room frame per change: no move
        finally:
            for c in (host, other):
                with contextlib.suppress(Exception):
                    await c.leave_room()
        assert host.route == room.id  # after leaving, the socket stays where it is
        await host.close()
        await other.close()
        seen: list[ServerMessage] = []
        async for frame in frames:
            seen.append(frame)
        assert [type(f) for f in seen].count(Welcome) == 2
        assert not [f for f in seen if isinstance(f, ErrorOut)], seen
        assert any(isinstance(f, State) for f in seen)

    run(main)


def test_a_welcome_naming_a_room_moves_the_socket_there(server: ServerProcess) -> None:
    """A client that comes back (a new process, a second device) to a seat it holds is
    welcomed with the room on the plain address, and moves; the one it replaced stops
    quietly. ``follow_rooms=False`` stays on the address it was given."""

    async def main() -> None:
        token = await guest(server, "Sina")
        first = Client(server.http, token)
        await first.connect()
        room = await first.create_room(RoomSettingsPatch(seats=2, needed=2))
        second = Client(server.http, token)
        await second.connect()
        await second.until(lambda: second.route == room.id, 10)
        await first.until(lambda: first.stopped is not None, 10)
        assert isinstance(first.stopped, TakenOver)
        assert (await second.ping()).type == "pong" and second.room is not None
        await second.close()
        third = Client(server.http, token, follow_rooms=False)
        await third.connect()
        await third.until(lambda: third.room is not None, 10)
        assert third.route is None and third.moves == 0 and "room=" not in third.address
        await third.leave_room()
        await third.close()

    run(main)
