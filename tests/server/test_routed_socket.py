"""``/ws?room=ROOM_ID``: the argument a load balancer hashes to put a table's seats on one
node (docs/protocol.md §2, docs/scaling.md "Routing"). The server checks its form and
otherwise ignores it; a malformed one is refused clearly, never hashed unnoticed."""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets

from younuo.protocol.route import BadRoute, routed_room
from younuo.server.realtime.frames import CLOSE_BAD_ROUTE

from .harness import Client, ServerProcess


def test_the_room_argument_is_a_room_id_or_nothing() -> None:
    assert routed_room([]) is None
    assert routed_room(["r9c2hqk2m9q1x"]) == "r9c2hqk2m9q1x"
    assert routed_room(["a" * 16]) == "a" * 16
    for bad in ([""], ["a" * 17], ["R9C2"], ["r9-c2"], ["房間"], ["r9\n"], ["r1", "r2"]):
        with pytest.raises(BadRoute):
            routed_room(bad)


def test_a_socket_with_a_room_argument_plays_as_any_other(server: ServerProcess) -> None:
    """The argument names a room the account is not even in: nothing changes for it."""

    async def main() -> None:
        host = Client(server, server.guest("Ann"), url=server.ws + "?room=r2222222222")
        await host.connect()
        reply = await host.request({"type": "create_room", "settings": {"seats": 2, "needed": 2}})
        assert reply["type"] == "ack", reply
        room = (await host.expect("room"))["room"]["id"]
        guest = Client(server, server.guest("Bob"), url=f"{server.ws}?room={room}&x=1")
        await guest.connect()
        assert (await guest.request({"type": "join_room", "room": room}))["type"] == "ack"
        assert (await guest.request({"type": "ping"}))["type"] == "pong"
        await host.close()
        await guest.close()

    asyncio.run(main())


@pytest.mark.parametrize(
    "query", ["room=", "room=ROOM1", f"room={'a' * 17}", "room=r%C3%A9", "room=r1&room=r2"]
)
def test_a_malformed_room_argument_is_refused_with_a_reason(
    server: ServerProcess, query: str
) -> None:
    async def main() -> None:
        ws = await websockets.connect(f"{server.ws}?{query}")
        error = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert error["type"] == "error" and error["code"] == "bad_message", error
        assert "room" in error["message"]
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        assert ws.close_code == CLOSE_BAD_ROUTE

    asyncio.run(main())
