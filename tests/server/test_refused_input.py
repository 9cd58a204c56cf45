"""Issue 38 §2, bytes before any model: request bodies over ``max_body_bytes`` are refused
(413 ``too_large``) before they are read, declared or streamed; bytes are UTF-8 and
nothing else (a UTF-16 or UTF-32 body or binary frame is ``bad_json``); a text frame
that is not UTF-8 is closed with 1007; and refused input is logged once per client and
period, never with a traceback."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from younuo.protocol import wirejson
from younuo.server.edge.refusallog import RefusalLog

from .fuzzing import traceback_free
from .harness import Client, ServerProcess

LIMIT = 4096


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"YOUNUO_MAX_BODY_BYTES": str(LIMIT), "YOUNUO_LOG_LEVEL": "info"}
    with ServerProcess(tmp_path_factory.mktemp("refused") / "data", env=env) as proc:
        yield proc


def test_a_declared_body_over_the_limit_is_refused_before_it_is_read(
    server: ServerProcess,
) -> None:
    """10 MB said in Content-Length: 413 with the error body, quickly, and the guest
    route never ran (no account was made)."""
    body = json.dumps({"name": "x" * 10_000_000}).encode()
    started = time.monotonic()
    r = httpx.post(
        server.http + "/api/auth/guest",
        content=body,
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    took = time.monotonic() - started
    assert r.status_code == 413, r.text
    assert r.json() == {
        "type": "error",
        "code": "too_large",
        "message": f"request bodies are at most {LIMIT} bytes",
        "ref": None,
        "details": None,
    }
    assert took < 3.0
    # Just under the limit is read and judged as usual.
    fits = json.dumps({"name": "Ann", "x": "y" * (LIMIT - 100)}).encode()
    assert len(fits) <= LIMIT
    r = httpx.post(server.http + "/api/auth/guest", content=fits, timeout=10)
    assert (r.status_code, r.json()["code"]) == (422, "bad_message")


def test_a_streamed_body_is_counted_as_it_comes(server: ServerProcess) -> None:
    """No Content-Length (chunked): the read that passes the limit ends the request."""

    def chunks() -> Iterator[bytes]:
        yield b'{"name": "'
        for _ in range(1000):
            yield b"x" * 1024
        yield b'"}'

    session = server.guest("Streamer")
    r = httpx.patch(
        server.http + "/api/me",
        content=chunks(),
        headers={"Authorization": f"Bearer {session['token']}"},
        timeout=30,
    )
    assert r.status_code == 413, r.text
    assert r.json()["code"] == "too_large"
    me = httpx.get(server.http + "/api/me", headers={"Authorization": f"Bearer {session['token']}"})
    assert me.json()["name"] == "Streamer"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-32-be", "utf-8-sig"])
def test_a_rest_body_that_is_not_utf8_is_bad_json(server: ServerProcess, encoding: str) -> None:
    body = json.dumps({"name": "Wide"}).encode(encoding)
    r = httpx.post(
        server.http + "/api/auth/guest",
        content=body,
        headers={"Content-Type": "application/json"},
        timeout=10,
    )
    assert (r.status_code, r.json()["code"]) == (400, "bad_json"), r.text


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-32-le"])
def test_wirejson_reads_bytes_as_utf8_only(encoding: str) -> None:
    with pytest.raises(wirejson.BadJson):
        wirejson.loads(json.dumps({"type": "ping"}).encode(encoding))
    assert wirejson.loads(json.dumps({"type": "ping"}).encode("utf-8")) == {"type": "ping"}


def test_binary_frames_that_are_not_utf8_get_bad_json(server: ServerProcess) -> None:
    async def main() -> list[dict[str, object]]:
        client = Client(server, server.guest("Bin"))
        await client.connect()
        answers = []
        for encoding in ("utf-16", "utf-16-be", "utf-32", "utf-32-le"):
            await client.send_raw(json.dumps({"type": "ping", "ref": 7}).encode(encoding))
            answers.append(await client.expect(lambda f: f["type"] in ("error", "pong")))
        # UTF-8 bytes are read as text is.
        await client.send_raw(json.dumps({"type": "ping", "ref": 8}).encode())
        answers.append(await client.expect(lambda f: f["type"] in ("error", "pong")))
        await client.close()
        return answers

    *refused, read = asyncio.run(main())
    assert [a["code"] for a in refused] == ["bad_json"] * 4, refused
    assert read["type"] == "pong" and read["ref"] == 8


def test_text_frames_that_are_not_utf8_close_1007_with_one_log_line(
    server: ServerProcess,
) -> None:
    """Five such frames, each on a new connection: each closed with 1007, the log has
    one line about this client for all of them and no traceback."""

    async def one() -> int | None:
        async with websockets.connect(server.ws) as ws:
            await ws.send(b'{"type": "ping"}\xff\xfe', text=True)
            try:
                await asyncio.wait_for(ws.recv(), 10)
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd is not None else None
        return None

    async def main() -> list[int | None]:
        return [await one() for _ in range(5)]

    before = server.log.read_text(encoding="utf-8", errors="replace")
    codes = asyncio.run(main())
    assert codes == [1007] * 5
    time.sleep(0.3)
    after = server.log.read_text(encoding="utf-8", errors="replace")[len(before) :]
    lines = [line for line in after.splitlines() if "not UTF-8" in line]
    assert len(lines) <= 1, after
    assert "Invalid UTF-8" not in after
    traceback_free(server.log)


def test_refusals_are_logged_once_per_client_and_period(
    caplog: pytest.LogCaptureFixture,
) -> None:
    refusals = RefusalLog(period=0.2, capacity=2)
    with caplog.at_level(logging.WARNING, logger="younuo.refused"):
        assert refusals.refused("10.0.0.1", "a bad body") is True
        assert [refusals.refused("10.0.0.1", "a bad body") for _ in range(50)] == [False] * 50
        assert refusals.refused("10.0.0.2", "a bad frame") is True
        time.sleep(0.25)
        assert refusals.refused("10.0.0.1", "a bad body") is True
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "refused input from 10.0.0.1: a bad body",
        "refused input from 10.0.0.2: a bad frame",
        "refused input from 10.0.0.1: a bad body (and 50 more refused since the last line)",
    ]
    assert all(r.exc_info is None for r in caplog.records)
    # Bounded: a third client pushes out the least recently logged one.
    refusals.refused("10.0.0.3", "x")
    assert len(refusals._seen) == 2


def test_rest_refusals_reach_the_log_once(server: ServerProcess) -> None:
    before = server.log.read_text(encoding="utf-8", errors="replace")
    for _ in range(20):
        r = httpx.post(server.http + "/api/auth/guest", json={"name": 5}, timeout=10)
        assert r.status_code == 422
    time.sleep(0.3)
    after = Path(server.log).read_text(encoding="utf-8", errors="replace")[len(before) :]
    refused = [line for line in after.splitlines() if "refused input from" in line]
    assert len(refused) <= 1, refused
    # This client's refusals are in the log (within the module's minute: one line).
    assert "refused input from 127.0.0.1" in Path(server.log).read_text(encoding="utf-8")
    traceback_free(server.log)
