"""A connection's outgoing frames: sent by its writer task, in order behind a socket that
pushes back, never holding up another connection; a client that stops reading is dropped
(docs/protocol.md, slow clients)."""

from __future__ import annotations

import asyncio
from typing import Any

from younuo.server.realtime.connections import CLOSE_SLOW, Connection


class Socket:
    """A WebSocket whose sends wait while ``writable`` is clear, as uvicorn's do."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.sent: list[str] = []
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        await self.writable.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


async def _settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


def test_frames_go_out_in_order_behind_a_full_socket_and_hold_up_no_other() -> None:
    """``send`` never waits: the writer sends the frame as soon as the loop runs; once the
    socket pushes back, later frames wait behind the stopped one and keep their order,
    while another connection's frames go on."""

    async def main() -> None:
        ws, other_ws = Socket(), Socket()
        conn = Connection(ws, 8, 100.0, 100)  # type: ignore[arg-type]
        other = Connection(other_ws, 8, 100.0, 100)  # type: ignore[arg-type]
        conn.send("a")
        await _settle()
        assert ws.sent == ["a"]
        ws.writable.clear()
        conn.send("b")
        conn.send("c")
        other.send("x")
        await _settle()
        assert ws.sent == ["a"]
        assert other_ws.sent == ["x"]
        ws.writable.set()
        await _settle()
        assert ws.sent == ["a", "b", "c"]
        conn.send("d")
        await _settle()
        assert ws.sent == ["a", "b", "c", "d"]
        other.close()
        await other.stop()
        conn.close()
        await conn.stop()
        assert ws.closed_with == 1000

    asyncio.run(main())


def test_a_client_that_stops_reading_is_dropped() -> None:
    """Past ``send_queue`` frames waiting, the connection closes as too slow."""

    async def main() -> None:
        ws = Socket()
        conn = Connection(ws, 8, 100.0, 100)  # type: ignore[arg-type]
        ws.writable.clear()
        for i in range(20):
            conn.send(f"f{i}")
        assert conn.closed and conn.close_code == CLOSE_SLOW
        await conn.stop()
        assert ws.sent == []

    asyncio.run(main())


def test_a_send_that_fails_marks_the_connection_closed() -> None:
    """A socket gone away (its send raises) closes the connection, without raising."""

    class Gone(Socket):
        async def send_text(self, text: str) -> Any:
            raise RuntimeError("disconnected")

    async def main() -> None:
        conn = Connection(Gone(), 8, 100.0, 100)  # type: ignore[arg-type]
        conn.send("a")
        await _settle()
        assert conn.closed
        await conn.stop()

    asyncio.run(main())
