"""A real server in a subprocess and real WebSocket clients, for the server tests.

:class:`ServerProcess` runs ``python -m younuo serve`` on a free port of a loopback
address (127.0.0.1 unless told; nodes of a cluster test take 127.0.0.2, 127.0.0.3, ... so
that they look like separate machines) with its own data directory (or database URL);
:class:`Client` is a WebSocket client that keeps every frame it receives, so that tests
can audit them all.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

FAST = {
    "YOUNUO_BOT_TIMING": "none",
    "YOUNUO_NEXT_ROUND_DELAY": "0",
    "YOUNUO_CATCH_GRACE": "0",
    "YOUNUO_AWAY_TAKEOVER": "0",
    # Bots act at once in tests, so the simple players act faster than people can.
    "YOUNUO_RATE_PER_SECOND": "1000",
    "YOUNUO_RATE_BURST": "1000",
    # Every test client comes from 127.0.0.1: the limits by address are raised to match
    # (tests/server/test_limits.py sets them low to check them).
    "YOUNUO_AUTH_PER_MINUTE": "100000",
    "YOUNUO_AUTH_BURST": "100000",
    "YOUNUO_LOGIN_PER_MINUTE": "100000",
    "YOUNUO_LOGIN_BURST": "100000",
    "YOUNUO_BOT_PER_MINUTE": "100000",
    "YOUNUO_BOT_BURST": "100000",
    "YOUNUO_WS_PER_ADDRESS": "10000",
    "YOUNUO_ABUSE_STRIKES": "10000",
    # A test's few accounts make far more events, rooms, reports, friend requests and
    # renames than a person (test_write_limits.py sets them low to check them).
    "YOUNUO_EVENTS_PER_HOUR": "100000",
    "YOUNUO_ROOMS_PER_HOUR": "100000",
    "YOUNUO_REPORTS_PER_HOUR": "100000",
    "YOUNUO_FRIEND_REQUESTS_PER_HOUR": "100000",
    "YOUNUO_RENAMES_PER_HOUR": "100000",
    "YOUNUO_LOG_LEVEL": "warning",
    "YOUNUO_SQLITE_SYNCHRONOUS": "normal",
}


NODES_ORIGIN_SECRET = "the origin key every node of a test deployment shares"
"""``origin_secret`` of the nodes started with ``--redis`` (they refuse to start without)."""


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that nothing listens on at ``host`` just now (the kernel's pick)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``younuo serve`` in a child process."""

    def __init__(
        self,
        data: Path,
        env: dict[str, str] | None = None,
        db: str | None = None,
        launcher: list[str] | None = None,
        host: str = "127.0.0.1",
        extra_args: list[str] | None = None,
    ) -> None:
        """``launcher``: the command in place of ``python -m younuo`` (its ``serve``
        takes the same options). ``host``: the loopback address to listen on (Linux
        routes all of 127.0.0.0/8 to ``lo``). ``extra_args``: appended to the ``serve``
        command line."""
        self.data = data
        self.db = db
        self.launcher = launcher or [sys.executable, "-m", "younuo"]
        self.env = {**FAST, **(env or {})}
        self.host = host
        self.extra_args = list(extra_args or [])
        if "--redis" in self.extra_args:
            # A node of several needs the origin key every node shares (docs/deploy.md).
            self.env.setdefault("YOUNUO_ORIGIN_SECRET", NODES_ORIGIN_SECRET)
        self.port = free_port(host)
        self.proc: subprocess.Popen[bytes] | None = None
        # The host is in the name: nodes on different addresses may draw the same port
        # and share a data directory.
        self.log = data / f"server-{host}-{self.port}.log"

    @property
    def http(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://{self.host}:{self.port}/ws"

    def start(self, timeout: float = 90.0) -> None:
        self.data.mkdir(parents=True, exist_ok=True)
        where = ["--db", self.db] if self.db else ["--data", str(self.data)]
        cmd = [
            *self.launcher,
            "serve",
            "--host",
            self.host,
            "--port",
            str(self.port),
            *where,
            *self.extra_args,
        ]
        env = {**os.environ, **self.env}
        log = self.log.open("ab")
        self.proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.http + "/healthz", timeout=1.0).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-3000:]}")

    @property
    def running(self) -> bool:
        """Started and not exited."""
        return self.proc is not None and self.proc.poll() is None

    def kill9(self) -> None:
        """SIGKILL: no shutdown, no flush, as a crash."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def sigterm(self) -> None:
        """SIGTERM, without waiting: the server's graceful shutdown runs while the test
        watches (``wait`` collects the exit code)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)

    def wait(self, timeout: float) -> int:
        """The exit code, once the process has ended (``subprocess.TimeoutExpired`` if
        it has not within ``timeout`` seconds)."""
        assert self.proc is not None
        return self.proc.wait(timeout)

    def __enter__(self) -> ServerProcess:
        """Started; stopped at the end of the ``with`` block (a fixture's ``yield``)."""
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def guest(self, name: str) -> dict[str, Any]:
        r = httpx.post(self.http + "/api/auth/guest", json={"name": name}, timeout=10)
        r.raise_for_status()
        session: dict[str, Any] = r.json()
        return session


class Client:
    """A WebSocket client that records every frame it receives.

    ``frames`` holds them as they came over the wire. With ``deltas`` the client asks
    for view deltas in ``hello`` and hands ``expect``/``next_frame`` each ``update``
    with its view completed from the previous one (as a real client keeps it).
    ``url`` is the WebSocket address to connect to in place of the server's own, e.g. a
    load balancer's in front of several servers.
    """

    def __init__(
        self,
        server: ServerProcess,
        session: dict[str, Any],
        deltas: bool = False,
        url: str | None = None,
    ) -> None:
        self.server = server
        self.url = url
        self.session = session
        self.deltas = deltas
        self.views: dict[str, dict[str, Any]] = {}
        self.token: str = session["token"]
        self.account: str = session["account"]["id"]
        self.name: str = session["account"]["name"]
        self.frames: list[dict[str, Any]] = []
        self.arrivals: list[float] = []
        """When each of ``frames`` arrived (monotonic seconds)."""
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.unread: list[dict[str, Any]] = []
        self.ws: Any = None
        self._reader: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self.next_ref = 0

    async def connect(self, hello: bool = True, **kwargs: Any) -> dict[str, Any] | None:
        self.ws = await websockets.connect(self.url or self.server.ws, max_size=2**22, **kwargs)
        self.closed.clear()
        self._reader = asyncio.create_task(self._read())
        if hello:
            message = {"type": "hello", "protocol": 1, "token": self.token}
            if self.deltas:
                message["deltas"] = True
            await self.send(message)
            return await self.expect("welcome")
        return None

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                frame = json.loads(raw)
                self.frames.append(frame)
                self.arrivals.append(time.monotonic())
                await self.inbox.put(self._complete(frame))
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed.set()

    def _complete(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The frame with its full view: a delta applied to the view it follows."""
        kind = frame.get("type")
        if kind not in ("state", "update"):
            return frame
        view = frame["view"]
        if frame.get("delta"):
            base = self.views.get(frame["match"])
            assert base is not None, "a delta with no view to apply it to"
            view = {**base, **view}
        self.views[frame["match"]] = view
        return {**frame, "view": view}

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def send_raw(self, raw: str | bytes) -> None:
        await self.ws.send(raw)

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send with a fresh ref; the ack or error (or other reply) carrying it."""
        self.next_ref += 1
        ref = f"r{self.next_ref}"
        await self.send({**message, "ref": ref})
        return await self.expect(lambda f: f.get("ref") == ref, timeout)

    async def expect(self, want: Any, timeout: float = 10.0) -> dict[str, Any]:
        """The oldest unread frame of type ``want`` (or matching a predicate).

        Frames read past are kept for later calls, so the order of ``expect`` calls
        need not follow the order frames arrive in.
        """
        match = want if callable(want) else (lambda f: f.get("type") == want)
        deadline = time.monotonic() + timeout
        while True:
            while not self.inbox.empty():
                self.unread.append(self.inbox.get_nowait())
            for i, frame in enumerate(self.unread):
                if match(frame):
                    del self.unread[i]
                    return frame
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(
                    f"{self.name}: no frame matching {want!r}; unread {self.unread[-5:]}"
                )
            try:
                frame = await asyncio.wait_for(self.inbox.get(), left)
            except TimeoutError:
                continue
            self.unread.append(frame)

    async def next_frame(self, timeout: float) -> dict[str, Any]:
        """The oldest unread frame of any type."""
        if self.unread:
            return self.unread.pop(0)
        return await asyncio.wait_for(self.inbox.get(), timeout)

    def pending(self) -> bool:
        return bool(self.unread) or not self.inbox.empty()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await self._reader


# ---------------------------------------------------------------------- a simple player
def matches(card: str, top: str | None, color: str | None) -> bool:
    """Whether ``card`` may go on ``top`` by color or symbol (R-TURN-1), roughly."""
    if card.startswith("W"):
        return True
    if top is None:
        return True
    if color is not None and card[0] == color[0].upper():
        return True
    return card[1:] == top[1:] and not top.startswith("W")


def candidate_actions(view: dict[str, Any]) -> list[dict[str, Any]]:
    """What a simple person would try on their turn, best first; the engine judges."""
    phase = view["phase"]
    if phase == "choose_color":
        return [{"type": "choose_color", "color": "red"}]
    if phase == "drawn":
        drawn = view["drawn"]
        out: list[dict[str, Any]] = []
        if drawn is not None:
            out.append(_play(drawn))
        return [*out, {"type": "pass"}]
    if view["pending_draw"]:
        return [{"type": "draw"}]
    hand = view["hand"]
    playable = [c for c in hand if matches(c, view["top"], view["color"])]
    playable.sort(key=lambda c: c.startswith("W"))
    return [*(_play(c) for c in playable), {"type": "draw"}]


def _play(card: str) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "play", "card": card}
    if card.startswith("W"):
        action["color"] = "blue"
    return action


async def play_until_over(client: Client, match: str, timeout: float = 60.0) -> dict[str, Any]:
    """Play the match as a simple person until ``match_over``; that frame."""
    deadline = time.monotonic() + timeout
    last: dict[str, Any] | None = None
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"{client.name}: the match did not end")
        frame = await client.next_frame(left)
        kind = frame.get("type")
        if kind == "match_over" and frame["match"] == match:
            return frame
        if kind in ("state", "update") and frame["match"] == match:
            last = frame
        if last is None or client.pending():
            continue  # act on the newest view only
        await act(client, last)


async def start_and_play_out(host: Client, *others: Client) -> list[dict[str, Any]]:
    """Everyone says ready, ``host`` starts, and all play the match to its end as simple
    persons; their ``match_over`` frames, host first."""
    clients = (host, *others)
    for c in clients:
        assert (await c.request({"type": "ready", "ready": True}))["type"] == "ack"
    assert (await host.request({"type": "start"}))["type"] == "ack"
    states = [await c.expect("state") for c in clients]
    match = str(states[0]["match"])
    for c, state in zip(clients, states, strict=True):
        await act(c, state)
    return list(await asyncio.gather(*(play_until_over(c, match) for c in clients)))


async def act(client: Client, frame: dict[str, Any]) -> None:
    """On our turn, try the candidate actions until one is accepted."""
    view = frame["view"]
    me = frame.get("you") or view.get("player")
    if view["status"] != "playing" or view["current"] != me:
        return
    if len(view["hand"]) == 2 and view["phase"] == "turn" and not view["pending_draw"]:
        await client.send({"type": "action", "match": frame["match"], "action": {"type": "uno"}})
    for action in candidate_actions(view):
        reply = await client.request({"type": "action", "match": frame["match"], "action": action})
        if reply["type"] == "ack":
            return
        if reply.get("code") in ("stale_version", "not_your_turn", "no_match"):
            return
