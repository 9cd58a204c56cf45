"""Server load: N concurrent 4-player tables of WebSocket clients on loopback.

Starts ``younuo serve`` in a child process (SQLite in a temporary directory, bots
acting at once), opens four WebSocket clients per table, and has the clients play:
the player to move sends one action per second per table (``--rate``), choosing it
from their own view like a simple person. For a bounded time (``--seconds``, after a
warm-up) it measures

- moves per second (accepted actions, the server's count),
- p50 and p99 latency from sending an action to the moment every client of the table
  has received the update it caused,
- server CPU time per move and server memory per table (RSS growth over an idle server),

then runs the same number of connections against a bare WebSocket fan-out server on the
same stack (uvicorn, Starlette, uvloop: one client sends a frame, the server sends it
to the table's four connections) at the same rate, and prints both with the ratios.

    uv run python benchmarks/server_load.py --tables 100 --seconds 20

With ``--nodes N`` it starts one PostgreSQL and one Redis (tests/cluster/services.py)
and measures, at the same table count and each on a fresh database, one node on SQLite,
one node on PostgreSQL alone, then N nodes on PostgreSQL + Redis (node i on
127.0.0.(i+1)); all four seats of table t connect to node t % N, where the host makes
the room and the match runs, as the balancer's room rule puts them (docs/deploy.md,
"Several nodes": each socket moves to ``/ws?room=ID``, hashed to one node). ``--spread``
seats them as a balancer without that rule would instead: seat k of table t on node (t +
k) % N, so that most moves are forwarded to the match's node. Matches start at
``--starts-per-second``; the warm-up begins once all have. Besides moves/s and latency
it prints the CPU per move of the nodes (each, and summed), of PostgreSQL (postmaster
and backends) and of Redis, Redis commands and bytes per move (INFO), PostgreSQL commits
and rows per move (pg_stat_database) and WAL bytes per move (pg_stat_wal), requests
forwarded between nodes per move (the nodes' healthz), error frames by message, updates
that skip or repeat a version, and the most frequent lines of every log. With
``--failover`` (N >= 2, no reference run) it then kills -9 the node running the most
matches and measures, per table whose match ran there, the time until a seat on a
surviving node (there at the kill, or since its reconnect) sees a newer version than the
database held at the kill; the killed node's seats say ``hello`` again elsewhere.
Without ``--failover`` the output ends with two lines a check reads (issue 41)::

    node CPU per move, postgresql / sqlite: 1.27x
    node CPU per move, 2 nodes / 1 node: 1.12x

    uv run python benchmarks/server_load.py --nodes 2 --tables 200 --seconds 30
    uv run python benchmarks/server_load.py --nodes 2 --tables 200 --seconds 30 --spread
    uv run python benchmarks/server_load.py --nodes 2 --tables 150 --failover --lease 10
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------- processes
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def main_thread_cpu_seconds(pid: int) -> float:
    """CPU time of the process's first thread: the event loop (the rest is worker threads)."""
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return float("nan")


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the server exited at start")
        with contextlib.suppress(httpx.HTTPError):
            httpx.get(url, timeout=1.0)
            return
        time.sleep(0.1)
    raise RuntimeError(f"no answer from {url}")


def start_game_server(
    port: int, data: Path, sync: str, compression: bool
) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "YOUNUO_BOT_TIMING": "none",
        "YOUNUO_NEXT_ROUND_DELAY": "0",
        "YOUNUO_CATCH_GRACE": "0",
        "YOUNUO_RATE_PER_SECOND": "100",
        "YOUNUO_RATE_BURST": "200",
        # Every table comes from 127.0.0.1: lift the limits by address.
        "YOUNUO_AUTH_PER_MINUTE": "1000000",
        "YOUNUO_AUTH_BURST": "1000000",
        "YOUNUO_WS_PER_ADDRESS": "1000000",
        "YOUNUO_LOG_LEVEL": "warning",
        "YOUNUO_SQLITE_SYNCHRONOUS": sync,
        "YOUNUO_WS_COMPRESSION": "true" if compression else "false",
    }
    cmd = [sys.executable, "-m", "younuo", "serve", "--port", str(port), "--data", str(data)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_http(f"http://127.0.0.1:{port}/healthz", proc)
    return proc


def start_echo_server(port: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, __file__, "--echo-server", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_http(f"http://127.0.0.1:{port}/", proc)
    return proc


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


def echo_server(port: int) -> None:
    """The reference: a bare WebSocket fan-out on uvicorn + Starlette (uvloop)."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    groups: dict[str, list[WebSocket]] = {}

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        first = json.loads(await ws.receive_text())
        group = groups.setdefault(first["table"], [])
        group.append(ws)
        try:
            while True:
                text = await ws.receive_text()
                json.loads(text)  # a server reads what it gets
                for peer in group:
                    await peer.send_text(text)
        except WebSocketDisconnect:
            group.remove(ws)

    async def index(_request: Any) -> PlainTextResponse:
        return PlainTextResponse("echo")

    app = Starlette(routes=[Route("/", index), WebSocketRoute("/ws", ws_endpoint)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)


# ---------------------------------------------------------------------- measuring
@dataclass
class Stats:
    """Latency samples and counts of one run."""

    latencies: list[float] = field(default_factory=list)
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    received: dict[tuple[int, int], int] = field(default_factory=dict)
    measuring: bool = False
    refused: int = 0
    sends: int = 0
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    """Error frames by code (all of them, answered tries or not)."""
    disorder: collections.Counter[str] = field(default_factory=collections.Counter)
    """Updates that repeated or skipped a version (a seat missed one, or got one twice)."""
    closed: int = 0
    """Client connections that ended while the clients still played."""
    close_codes: collections.Counter[str] = field(default_factory=collections.Counter)
    reconnects: int = 0
    http_retries: int = 0
    start_retries: int = 0
    messages: collections.Counter[str] = field(default_factory=collections.Counter)
    """Error frames by code and message."""
    made_though_unavailable: int = 0
    """Actions answered ``unavailable`` that the next version shows made all the same."""
    """Starts sent again after an error (the match did not start)."""
    """Setup requests sent again after a transport error (the connection dropped)."""
    crashes: list[str] = field(default_factory=list)
    """Client tasks that failed (a bug of the benchmark or a frame it did not expect)."""

    def got(self, table: int, key: int, now: float, members: int = 4) -> None:
        sent = self.sent.get((table, key))
        if sent is None:
            return
        count = self.received.get((table, key), 0) + 1
        self.received[(table, key)] = count
        if count == members:
            del self.sent[(table, key)]
            del self.received[(table, key)]
            if self.measuring:
                self.latencies.append(now - sent)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


# ---------------------------------------------------------------------- game clients
def candidates(view: dict[str, Any]) -> list[dict[str, Any]]:
    """What a simple person tries on their turn, best first (the engine judges)."""
    if view["phase"] == "choose_color":
        return [{"type": "choose_color", "color": "red"}]
    if view["phase"] == "drawn":
        drawn = view["drawn"]
        first = [_play(drawn)] if drawn else []
        return [*first, {"type": "pass"}]
    if view["pending_draw"]:
        return [{"type": "draw"}]
    top, color = view["top"], view["color"]
    playable = [
        c
        for c in view["hand"]
        if c.startswith("W")
        or top is None
        or (color is not None and c[0] == color[0].upper())
        or (c[1:] == top[1:] and not top.startswith("W"))
    ]
    playable.sort(key=lambda c: c.startswith("W"))
    return [*(_play(c) for c in playable), {"type": "draw"}]


def _play(card: str) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "play", "card": card}
    if card.startswith("W"):
        action["color"] = "green"
    return action


START_REF = 3
"""The ``ref`` of the host's ``start``."""


def seat_nodes(table: int, nodes: int, spread: bool) -> list[int]:
    """The node each of a table's four seats connects to: all on node ``table % nodes``
    (the room rule: the room is made there and its match runs there), or with
    ``spread`` seat ``k`` on node ``(table + k) % nodes`` (a balancer without the rule)."""
    return [(table + (k if spread else 0)) % nodes for k in range(4)]


class Table:
    """Four clients at one table, paced at ``rate`` moves a second.

    ``http`` and ``ws`` are one server's addresses, or one per node of a cluster: then
    the seats connect to the nodes :func:`seat_nodes` says (the host, seat 0, makes the
    room on its node, so the match runs there). With ``alive`` (the indexes of the nodes
    still up), a seat whose connection drops says ``hello`` again with its token on the
    next node that is up.
    """

    def __init__(
        self,
        index: int,
        http: str | Sequence[str],
        ws: str | Sequence[str],
        rate: float,
        stats: Stats,
        deltas: bool = True,
        compression: str | None = None,
        alive: set[int] | None = None,
        spread: bool = False,
    ) -> None:
        self.index = index
        self.https = [http] if isinstance(http, str) else list(http)
        self.wss = [ws] if isinstance(ws, str) else list(ws)
        self.seat_node = seat_nodes(index, len(self.wss), spread)
        self.alive = alive
        self.interval = 1.0 / rate
        self.stats = stats
        self.deltas = deltas
        self.compression = compression
        self.next_slot = 0.0
        self.sockets: list[Any] = []
        self.names: list[str] = []
        self.tokens: list[str] = []
        self.match: str | None = None
        self.version = -1
        """The newest match version any seat has seen."""
        self.on_frame: Callable[[Table, int, dict[str, Any], float], None] | None = None
        """Called with every ``state`` and ``update`` a seat receives (the failover run)."""
        self.on_reconnect: Callable[[Table, int, float], None] | None = None
        self.start_delay: float | None = None
        """Seconds from the start of play before the host starts the match (None: a
        share of one move's interval, so that the tables' moves spread over it)."""
        self.started = asyncio.Event()
        """Set at the first ``state`` of the match."""

    async def setup(self, client: httpx.AsyncClient) -> None:
        sessions = []
        for seat in range(4):
            url = f"{self.https[self.seat_node[seat]]}/api/auth/guest"
            for attempt in range(3):
                try:
                    r = await client.post(url, json={"name": f"t{self.index}p{seat}"})
                    break
                except httpx.TransportError:
                    # A kept-alive connection the server closed just as it was reused
                    # (seen with a thousand tables); one more guest does no harm.
                    if attempt == 2:
                        raise
                    self.stats.http_retries += 1
            r.raise_for_status()
            sessions.append(r.json())
        for seat, session in enumerate(sessions):
            ws = await self._connect(self.seat_node[seat], session["token"])
            self.sockets.append(ws)
            self.tokens.append(session["token"])
            self.names.append(session["account"]["name"])
        host = self.sockets[0]
        settings = {"seats": 4, "needed": 4, "options": {"turn_seconds": 0, "target": 1_000_000}}
        await host.send(json.dumps({"type": "create_room", "settings": settings, "ref": 1}))
        room = (await _until(host, "room"))["room"]["id"]
        for ws in self.sockets[1:]:
            await ws.send(json.dumps({"type": "join_room", "room": room, "ref": 1}))
            await _until(ws, "ack")
        for ws in self.sockets:
            await ws.send(json.dumps({"type": "ready", "ready": True, "ref": 2}))
            await _until(ws, lambda f: f.get("ref") == 2)

    async def _connect(self, node: int, token: str, patience: float | None = None) -> Any:
        """A connection to ``node`` that said ``hello`` with ``token`` and got ``welcome``
        (within ``patience`` seconds, if given; else it is closed)."""
        ws = await websockets.connect(
            self.wss[node],
            max_size=2**22,
            ping_interval=None,
            compression=self.compression,
            open_timeout=patience,
        )
        try:
            hello = {"type": "hello", "protocol": 1, "token": token}
            if self.deltas:
                hello["deltas"] = True
            await ws.send(json.dumps(hello))
            await asyncio.wait_for(_until(ws, "welcome"), patience)
        except BaseException:
            # Not left open: its hello, answered late, would replace (4001) the next try.
            await ws.close()
            raise
        return ws

    async def play(self, stop: asyncio.Event) -> None:
        # Tables start spread over one move's interval, as the echo tables send: people
        # at a thousand tables do not all move in the same millisecond of every second.
        delay = self.interval * (self.index % 97) / 97
        await asyncio.sleep(delay if self.start_delay is None else self.start_delay)
        await self.sockets[0].send(json.dumps({"type": "start", "ref": START_REF}))
        await asyncio.gather(*(self._seat(i, stop) for i in range(4)))

    async def _seat(self, seat: int, stop: asyncio.Event) -> None:
        while True:
            with contextlib.suppress(websockets.ConnectionClosed):
                await self._play_seat(seat, stop)
            if stop.is_set():
                return
            self.stats.closed += 1
            self.stats.close_codes[str(self.sockets[seat].close_code)] += 1
            if self.alive is None or not await self._reconnect(seat, stop):
                return

    async def _reconnect(self, seat: int, stop: asyncio.Event, patience: float = 60.0) -> bool:
        """``hello`` again with the seat's token, on its node or the next one up."""
        assert self.alive is not None
        deadline = time.monotonic() + patience
        while not stop.is_set() and time.monotonic() < deadline:
            count, here = len(self.wss), self.seat_node[seat]
            up = [(here + j) % count for j in range(count) if (here + j) % count in self.alive]
            if not up:
                return False
            try:
                ws = await self._connect(up[0], self.tokens[seat], patience=30)
            except (OSError, TimeoutError, RuntimeError, websockets.WebSocketException):
                await asyncio.sleep(0.2)
                continue
            self.sockets[seat] = ws
            self.seat_node[seat] = up[0]
            self.stats.reconnects += 1
            if self.on_reconnect is not None:
                self.on_reconnect(self, seat, time.perf_counter())
            return True
        return False

    async def _play_seat(self, seat: int, stop: asyncio.Event) -> None:
        ws = self.sockets[seat]
        me = self.names[seat]
        pending: list[dict[str, Any]] = []
        view: dict[str, Any] = {}
        last: int | None = None
        tried: tuple[int, dict[str, Any]] | None = None
        """The version at which this seat last sent an action, and the action."""
        refused: tuple[int, dict[str, Any]] | None = None
        """The last one answered ``unavailable`` (documented as: the move was not made)."""
        async for raw in ws:
            if stop.is_set():
                return
            now = time.perf_counter()
            frame = json.loads(raw)
            kind = frame.get("type")
            if kind in ("state", "update"):
                self.match = frame["match"]
                version = frame["version"]
                # docs/protocol.md §4: after a state of version v, every version once, in order.
                if kind == "update" and last is not None and version != last + 1:
                    self.stats.disorder["repeated" if version <= last else "skipped"] += 1
                if refused is not None and version > refused[0]:
                    events = frame.get("events") or []
                    if (
                        kind == "update"
                        and version == refused[0] + 1
                        and _made(refused[1], me, events)
                    ):
                        self.stats.made_though_unavailable += 1
                    refused = None
                last = version
                self.version = max(self.version, version)
                self.started.set()
                self.stats.got(self.index, frame["version"], now)
                if self.on_frame is not None:
                    self.on_frame(self, seat, frame, now)
                if frame.get("delta"):
                    view.update(frame["view"])  # only what changed (docs/protocol.md §4)
                else:
                    view = frame["view"]
                if view["status"] == "playing" and view["current"] == me:
                    pending = candidates(view)
                    tried, refused = (version, pending[0]), None  # a fresh try: not that one
                    await self._send(ws, frame["version"], pending.pop(0))
                else:
                    pending = []
            elif kind == "error":
                code = frame.get("code")
                self.stats.errors[str(code)] += 1
                message = re.sub(r"\b[0-9a-z]{12}\b", "#", str(frame.get("message")))
                self.stats.messages[f"{code}: {message}"] += 1
                if code == "unavailable" and tried is not None:
                    refused = tried
                if frame.get("ref") == START_REF and not self.started.is_set():
                    self.stats.start_retries += 1  # the match did not start: ask again
                    await asyncio.sleep(1.0)
                    await ws.send(json.dumps({"type": "start", "ref": START_REF}))
                elif pending and code not in ("stale_version",):
                    self.stats.refused += 1
                    if last is not None:
                        tried = (last, pending[0])
                    await self._send(ws, None, pending.pop(0))
            elif kind == "match_over":
                for other in self.sockets:
                    await other.send(json.dumps({"type": "ready", "ready": True}))
                if seat == 0:
                    await asyncio.sleep(0.2)
                    await ws.send(json.dumps({"type": "start"}))

    async def _send(self, ws: Any, version: int | None, action: dict[str, Any]) -> None:
        now = time.perf_counter()
        slot = max(now, self.next_slot)
        self.next_slot = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)
        message: dict[str, Any] = {"type": "action", "match": self.match, "action": action}
        if version is not None:
            message["version"] = version
            self.stats.sent[(self.index, version + 1)] = time.perf_counter()
        await ws.send(json.dumps(message))

    async def close(self) -> None:
        for ws in self.sockets:
            with contextlib.suppress(Exception):
                await ws.close()


def _made(action: dict[str, Any], me: str, events: list[dict[str, Any]]) -> bool:
    """Whether ``events`` (of the version after the one it was sent at) show ``action``
    of player ``me`` applied."""
    for event in events:
        if event.get("player") != me or event.get("type") != action["type"]:
            continue
        if action["type"] != "play" or action["card"] in (event.get("cards") or []):
            return True
    return False


async def _until(ws: Any, want: Any) -> dict[str, Any]:
    match = want if callable(want) else (lambda f: f.get("type") == want)
    while True:
        frame = json.loads(await ws.recv())
        if match(frame):
            return frame  # type: ignore[no-any-return]
        if frame.get("type") == "error":
            raise RuntimeError(f"server refused: {frame}")


# ---------------------------------------------------------------------- echo clients
class EchoTable:
    """Four connections of one group; one sends at ``rate``, all four receive."""

    def __init__(self, index: int, ws: str, rate: float, stats: Stats) -> None:
        self.index = index
        self.ws = ws
        self.interval = 1.0 / rate
        self.stats = stats
        self.sockets: list[Any] = []

    async def setup(self) -> None:
        for _ in range(4):
            ws = await websockets.connect(self.ws, ping_interval=None, compression=None)
            await ws.send(json.dumps({"table": str(self.index)}))
            self.sockets.append(ws)

    async def play(self, stop: asyncio.Event) -> None:
        await asyncio.gather(self._send(stop), *(self._read(ws, stop) for ws in self.sockets))

    async def _send(self, stop: asyncio.Event) -> None:
        # Spread the tables over the second, as the game tables drift apart.
        await asyncio.sleep(self.interval * (self.index % 97) / 97)
        k = 0
        while not stop.is_set():
            k += 1
            self.stats.sent[(self.index, k)] = time.perf_counter()
            self.stats.sends += 1
            await self.sockets[k % 4].send(
                json.dumps({"table": self.index, "k": k, "pad": "x" * 64})
            )
            await asyncio.sleep(self.interval)

    async def _read(self, ws: Any, stop: asyncio.Event) -> None:
        async for raw in ws:
            if stop.is_set():
                return
            frame = json.loads(raw)
            self.stats.got(self.index, frame["k"], time.perf_counter())

    async def close(self) -> None:
        for ws in self.sockets:
            with contextlib.suppress(Exception):
                await ws.close()


# ---------------------------------------------------------------------- runs
async def seat_all(setups: list[Any], what: str, at_once: int = 20) -> None:
    """Run the tables' setups, ``at_once`` at a time."""
    with tqdm(total=len(setups), desc=what, unit="table", leave=False) as bar:
        for start in range(0, len(setups), at_once):
            try:
                await asyncio.gather(*setups[start : start + at_once])
            except BaseException:
                for setup in setups[start + at_once :]:
                    setup.close()  # never started: no "never awaited" warning
                raise
            bar.update(len(setups[start : start + at_once]))


Sample = Callable[[], Awaitable[dict[str, float]]]
"""Cumulative counters at one moment (CPU seconds, moves, ...); a window's figures are
the differences of two samples."""


async def play_window(
    tables: list[Any],
    stats: Stats,
    warmup: float,
    seconds: float,
    sample: Sample,
    then: Callable[[], Awaitable[None]] | None = None,
    started: Callable[[], Awaitable[None]] | None = None,
) -> tuple[dict[str, float], dict[str, float]]:
    """Let the tables play: (``started``, then) ``warmup`` seconds, then ``seconds``
    measured (the samples at either end are returned), then ``then`` while they still
    play; then stop them."""
    stop = asyncio.Event()
    # The load generator's own collector pauses are not the server's latency: keep the
    # thousands of client connections out of its passes, as the server does.
    gc.collect()
    gc.freeze()
    players = [asyncio.create_task(t.play(stop)) for t in tables]
    try:
        if started is not None:
            await started()
        await asyncio.sleep(warmup)
        stats.measuring = True
        before = await sample()
        for _ in tqdm(range(int(seconds)), desc="measuring", unit="s", leave=False):
            await asyncio.sleep(1.0)
        after = await sample()
        stats.measuring = False
        if then is not None:
            await then()
    finally:
        stop.set()
        await asyncio.gather(*(t.close() for t in tables))
        ended = await asyncio.gather(*players, return_exceptions=True)
        gc.unfreeze()
    stats.crashes += [repr(e) for e in ended if isinstance(e, Exception)]
    return before, after


async def measure(
    tables: list[Any], stats: Stats, pid: int, warmup: float, seconds: float, moves: Any
) -> dict[str, float]:
    async def sample() -> dict[str, float]:
        return {
            "cpu": cpu_seconds(pid),
            "moves": await moves(),
            "t": time.perf_counter(),
            "loop": main_thread_cpu_seconds(pid),
            "own": time.process_time(),
        }

    s0, s1 = await play_window(tables, stats, warmup, seconds, sample)
    count = s1["moves"] - s0["moves"]
    wall = s1["t"] - s0["t"]
    return {
        "moves": count,
        "moves_per_s": count / wall,
        "p50_ms": 1000 * percentile(stats.latencies, 50),
        "p99_ms": 1000 * percentile(stats.latencies, 99),
        "mean_ms": 1000 * statistics.fmean(stats.latencies) if stats.latencies else float("nan"),
        "cpu_ms_per_move": 1000 * (s1["cpu"] - s0["cpu"]) / count if count else float("nan"),
        "loop_ms_per_move": 1000 * (s1["loop"] - s0["loop"]) / count if count else float("nan"),
        "cpu_share": (s1["cpu"] - s0["cpu"]) / wall,
        "client_cpu_share": (s1["own"] - s0["own"]) / wall,
        "samples": len(stats.latencies),
    }


async def game_run(args: argparse.Namespace) -> dict[str, float]:
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="younuo-load-") as data:
        proc = start_game_server(port, Path(data), args.sqlite_synchronous, args.compression)
        try:
            http = f"http://127.0.0.1:{port}"
            idle = rss_bytes(proc.pid)
            stats = Stats()
            tables = [
                Table(
                    i,
                    http,
                    f"ws://127.0.0.1:{port}/ws",
                    args.rate,
                    stats,
                    deltas=not args.full_views,
                    compression="deflate" if args.compression else None,
                )
                for i in range(args.tables)
            ]
            async with httpx.AsyncClient(timeout=30) as client:
                await seat_all([table.setup(client) for table in tables], "seating game tables")

                async def moves() -> int:
                    return int((await client.get(f"{http}/healthz")).json()["moves"])

                result = await measure(tables, stats, proc.pid, args.warmup, args.seconds, moves)
            result["rss_mb"] = rss_bytes(proc.pid) / 2**20
            result["kb_per_table"] = (rss_bytes(proc.pid) - idle) / 1024 / args.tables
            result["refused"] = stats.refused
            for table in tables:
                await table.close()
        finally:
            stop(proc)
    return result


async def echo_run(args: argparse.Namespace) -> dict[str, float]:
    port = free_port()
    proc = start_echo_server(port)
    try:
        stats = Stats()
        tables = [
            EchoTable(i, f"ws://127.0.0.1:{port}/ws", args.rate, stats) for i in range(args.tables)
        ]
        await seat_all([table.setup() for table in tables], "seating echo tables")

        async def messages() -> int:
            return stats.sends

        result = await measure(tables, stats, proc.pid, args.warmup, args.seconds, messages)
        for table in tables:
            await table.close()
    finally:
        stop(proc)
    return result


# ---------------------------------------------------------------------- several nodes
NODE_START = 120.0
"""Seconds a node may take to answer /healthz (as tests/cluster: several starting at
once on two busy cores take long)."""


def cluster_services() -> tuple[Any, Any, Any]:
    """PostgresServer, RedisServer and ServerProcess from the test suite's helpers."""
    # tests/cluster/services.py and tests/server/harness.py import each other as
    # top-level packages of tests/ (pytest's rootdir-relative imports): put tests/ on
    # the path so that this script starts PostgreSQL, Redis and the nodes the same way
    # the cluster tests do, rather than a second copy of how.
    sys.path.insert(0, str(ROOT / "tests"))
    from cluster.services import PostgresServer, RedisServer  # type: ignore[import-not-found, unused-ignore]
    from server.harness import ServerProcess  # type: ignore[import-not-found, unused-ignore]

    return PostgresServer, RedisServer, ServerProcess


def tree_cpu_seconds(root: int) -> float:
    """CPU time of ``root``, its living descendants and its reaped children."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
    family, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    total = 0.0
    for pid in family:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
            if pid == root:
                total += int(fields[13]) + int(fields[14])
    return total / CLOCK_TICKS


def postmaster_pid(pg: Any) -> int | None:
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int((Path(pg.data) / "postmaster.pid").read_text().split()[0])
    return None


def node_env(args: argparse.Namespace) -> dict[str, str]:
    """What start_game_server sets, for the nodes (the harness's FAST otherwise)."""
    return {
        "YOUNUO_BOT_TIMING": "none",
        "YOUNUO_NEXT_ROUND_DELAY": "0",
        "YOUNUO_CATCH_GRACE": "0",
        "YOUNUO_RATE_PER_SECOND": "100",
        "YOUNUO_RATE_BURST": "200",
        "YOUNUO_AUTH_PER_MINUTE": "1000000",
        "YOUNUO_AUTH_BURST": "1000000",
        "YOUNUO_WS_PER_ADDRESS": "1000000",
        # The server's default, as the single-server run has it (the harness sets 0):
        # a seat whose node was killed reconnects well within it, so no bot plays it.
        "YOUNUO_AWAY_TAKEOVER": "5",
        "YOUNUO_LOG_LEVEL": "warning",
        "YOUNUO_WS_COMPRESSION": "true" if args.compression else "false",
        "YOUNUO_MATCH_LEASE": f"{args.lease:g}",
    }


def stop_nodes(nodes: list[Any]) -> None:
    """SIGTERM every node at once (each drains while the others do), then wait; SIGKILL
    what is still up after 20 s."""
    running = [n.proc for n in nodes if n.proc is not None and n.proc.poll() is None]
    for proc in running:
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 20
    for proc in running:
        try:
            proc.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


TRACEBACK_LINES = ("Traceback", "The above exception", "During handling", "^", "~")


def log_summary(path: Path, limit: int = 8) -> list[str]:
    """The lines of a log, the same ones counted once (numbers and ids blanked), most
    frequent first."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return []
    counts: collections.Counter[str] = collections.Counter()
    first: dict[str, str] = {}
    tracebacks = 0
    for line in text.splitlines():
        tracebacks += line.startswith("Traceback")
        # A traceback's frames and markers: its exception line (and the logger's line
        # before it) tell it apart.
        if not line.strip() or line[0].isspace() or line.startswith(TRACEBACK_LINES):
            continue
        key = re.sub(r"\b([0-9a-z]*\d[0-9a-z]*|[0-9a-z]{12})\b", "#", line.strip())
        counts[key] += 1
        first.setdefault(key, line.strip())
    found = [f"{n:6d} x {first[key][:220]}" for key, n in counts.most_common(limit)]
    return ([f"{tracebacks:6d} tracebacks"] if tracebacks else []) + found


def _per_move(delta: dict[str, float], key: str) -> float:
    moves = delta["moves"]
    return delta.get(key, float("nan")) / moves if moves else float("nan")


class Probe:
    """Samples every counter of a cluster run: the nodes' healthz and CPU, PostgreSQL's
    and Redis's CPU, ``pg_stat_database`` of the run's database, Redis's INFO."""

    def __init__(
        self,
        nodes: list[Any],
        client: httpx.AsyncClient,
        pg: Any,
        database: str,
        redis_server: Any | None,
    ) -> None:
        self.nodes = nodes
        self.client = client
        self.pg_pid = postmaster_pid(pg)
        self.pg_dsn = str(pg.admin_url).replace("postgresql+asyncpg://", "postgresql://")
        self.database = database
        self.database_dsn = self.pg_dsn.rsplit("/", 1)[0] + "/" + database
        self.redis_server = redis_server
        self.redis_pid = None if redis_server is None else int(redis_server.proc.pid)
        self.redis: Any = None
        self.pg_conn: Any = None
        self.dead: set[int] = set()

    async def open(self) -> None:
        import asyncpg  # type: ignore[import-untyped]
        from redis.asyncio import Redis

        # The admin database: the probe's own queries are not the run database's.
        self.pg_conn = await asyncpg.connect(self.pg_dsn)
        if self.redis_server is not None:
            self.redis = Redis.from_url(self.redis_server.url, decode_responses=True)

    async def close(self) -> None:
        if self.pg_conn is not None:
            with contextlib.suppress(Exception):
                await self.pg_conn.close()
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.aclose()

    async def health(self, i: int) -> dict[str, Any]:
        r = await self.client.get(f"{self.nodes[i].http}/healthz")
        return dict(r.json())

    async def moves(self) -> int:
        living = [i for i in range(len(self.nodes)) if i not in self.dead]
        found = await asyncio.gather(*(self.health(i) for i in living))
        return sum(int(h["moves"]) for h in found)

    async def sample(self) -> dict[str, float]:
        out: dict[str, float] = {"t": time.perf_counter(), "own": time.process_time()}
        living = [i for i in range(len(self.nodes)) if i not in self.dead]
        found = await asyncio.gather(*(self.health(i) for i in living))
        out["moves"] = 0.0
        for i, health in zip(living, found, strict=True):
            pid = self.nodes[i].proc.pid
            out[f"node{i}.cpu"] = cpu_seconds(pid)
            out[f"node{i}.loop"] = main_thread_cpu_seconds(pid)
            out[f"node{i}.moves"] = float(health["moves"])
            out[f"node{i}.matches"] = float(health["matches"])
            out[f"node{i}.connections"] = float(health["connections"])
            out["moves"] += float(health["moves"])
            forwarded = health.get("forwarded") or {}  # None on a node without Redis
            for key in ("sent", "moves", "served"):
                out[f"forwarded.{key}"] = out.get(f"forwarded.{key}", 0.0) + forwarded.get(key, 0)
        out["cpu"] = sum(out[f"node{i}.cpu"] for i in living)
        out["loop"] = sum(out[f"node{i}.loop"] for i in living)
        if self.pg_pid is not None:
            out["pg.cpu"] = tree_cpu_seconds(self.pg_pid)
        row = await self.pg_conn.fetchrow(
            "SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted,"
            " tup_fetched FROM pg_stat_database WHERE datname = $1",
            self.database,
        )
        if row is not None:
            for key, value in dict(row).items():
                out[f"pg.{key}"] = float(value)
        # The whole server's WAL (PostgreSQL 14+): the runs use it one at a time.
        wal = await self.pg_conn.fetchval("SELECT wal_bytes FROM pg_stat_wal")
        if wal is not None:
            out["pg.wal_bytes"] = float(wal)
        if self.redis is not None and self.redis_pid is not None:
            out["redis.cpu"] = cpu_seconds(self.redis_pid)
            info = await self.redis.info("stats")
            for key in ("total_commands_processed", "total_net_input_bytes"):
                out[f"redis.{key}"] = float(info[key])
            out["redis.total_net_output_bytes"] = float(info["total_net_output_bytes"])
            for name, command in (await self.redis.info("commandstats")).items():
                out[f"redis.cmd.{name.removeprefix('cmdstat_')}"] = float(command["calls"])
        return out


def window_figures(
    s0: dict[str, float], s1: dict[str, float], stats: Stats, nodes: int
) -> dict[str, Any]:
    """A cluster run's figures from the samples at either end of its window."""
    delta = {key: s1[key] - s0.get(key, 0.0) for key in s1}
    wall = delta["t"]
    count = delta["moves"]
    ms = 1000 / count if count else float("nan")
    figures: dict[str, Any] = {
        "moves": count,
        "moves_per_s": count / wall,
        "p50_ms": 1000 * percentile(stats.latencies, 50),
        "p99_ms": 1000 * percentile(stats.latencies, 99),
        "mean_ms": 1000 * statistics.fmean(stats.latencies) if stats.latencies else float("nan"),
        "cpu_ms_per_move": delta["cpu"] * ms,
        "loop_ms_per_move": delta["loop"] * ms,
        "pg_cpu_ms_per_move": delta.get("pg.cpu", float("nan")) * ms,
        "redis_cpu_ms_per_move": delta.get("redis.cpu", float("nan")) * ms,
        "cpu_share": delta["cpu"] / wall,
        "pg_cpu_share": delta.get("pg.cpu", float("nan")) / wall,
        "redis_cpu_share": delta.get("redis.cpu", float("nan")) / wall,
        "client_cpu_share": delta["own"] / wall,
        "samples": len(stats.latencies),
        "nodes": [],
        "redis_commands": {},
    }
    figures["all_cpu_ms_per_move"] = (
        figures["cpu_ms_per_move"]
        + figures["pg_cpu_ms_per_move"]
        + (figures["redis_cpu_ms_per_move"] if "redis.cpu" in delta else 0.0)
    )
    for key in (
        "xact_commit",
        "xact_rollback",
        "tup_inserted",
        "tup_updated",
        "tup_deleted",
        "wal_bytes",
    ):
        figures[f"pg_{key}"] = _per_move(delta, f"pg.{key}")
    for key in ("total_commands_processed", "total_net_input_bytes", "total_net_output_bytes"):
        figures[f"redis_{key}"] = _per_move(delta, f"redis.{key}")
    for key in ("sent", "moves"):
        figures[f"forwarded_{key}"] = _per_move(delta, f"forwarded.{key}")
    commands = {
        key.removeprefix("redis.cmd."): _per_move(delta, key)
        for key in delta
        if key.startswith("redis.cmd.") and delta[key] > 0
    }
    figures["redis_commands"] = dict(sorted(commands.items(), key=lambda kv: -kv[1]))
    for i in range(nodes):
        if f"node{i}.cpu" not in delta:
            continue
        figures["nodes"].append(
            {
                "cpu_share": delta[f"node{i}.cpu"] / wall,
                "of_cpu": delta[f"node{i}.cpu"] / delta["cpu"] if delta["cpu"] else float("nan"),
                "moves": delta[f"node{i}.moves"],
                "cpu_ms_per_move": delta[f"node{i}.cpu"] * 1000 / delta[f"node{i}.moves"]
                if delta[f"node{i}.moves"]
                else float("nan"),
                "matches": s1[f"node{i}.matches"],
                "connections": s1[f"node{i}.connections"],
            }
        )
    figures["refused"] = stats.refused
    figures["errors"] = dict(stats.errors)
    figures["closed"] = stats.closed
    figures["close_codes"] = dict(stats.close_codes)
    figures["disorder"] = dict(stats.disorder)
    figures["messages"] = stats.messages.most_common(6)
    figures["made_though_unavailable"] = stats.made_though_unavailable
    return figures


@dataclass
class Failover:
    """What the seats see after a node is killed (``--failover``)."""

    victim: int
    killed_at: float = 0.0
    affected: dict[int, str] = field(default_factory=dict)
    """Table -> its match, for the tables whose match ran on the killed node."""
    before: dict[int, int] | None = None
    """Table -> its match's version in the database just after the kill: the newest the
    killed node stored (the frames it sent before dying may still be on their way)."""
    survivors: dict[int, set[int]] = field(default_factory=dict)
    """Table -> its seats connected to a node that is still up at the kill."""
    first_frame: dict[int, float] = field(default_factory=dict)
    first_new: dict[int, float] = field(default_factory=dict)
    reconnected: dict[tuple[int, int], float] = field(default_factory=dict)
    """(table, seat) -> seconds from the kill to its first reconnect."""
    all_running: float | None = None
    """Seconds from the kill until the survivors' healthz ran every match again."""

    def frame(self, table: Table, seat: int, frame: dict[str, Any], now: float) -> None:
        index = table.index
        if self.before is None or index not in self.affected:
            return
        # A seat counts once it is on a surviving node: there from the start, or there
        # since its reconnect (with the room rule every seat of such a table was on
        # the killed node, and all of them come back through a reconnect).
        if seat not in self.survivors[index] and (index, seat) not in self.reconnected:
            return
        gap = now - self.killed_at
        self.first_frame.setdefault(index, gap)
        if frame["version"] > self.before[index]:
            self.first_new.setdefault(index, gap)

    def reconnect(self, table: Table, seat: int, now: float) -> None:
        if self.killed_at:
            self.reconnected.setdefault((table.index, seat), now - self.killed_at)


async def run_failover(
    args: argparse.Namespace,
    tables: list[Table],
    nodes: list[Any],
    alive: set[int],
    probe: Probe,
    stats: Stats,
) -> dict[str, Any]:
    """Kill -9 the node running the most matches; watch the tables it ran come back."""
    import asyncpg

    names = [f"n{i}" for i in range(len(nodes))]
    conn = await asyncpg.connect(probe.database_dsn)
    try:
        rows = await conn.fetch("SELECT id, owner FROM matches WHERE status = 'running'")
        owner_of = {str(row["id"]): row["owner"] for row in rows}
        owners = {t.index: str(owner_of[t.match]) for t in tables if t.match in owner_of}
        held = collections.Counter(owners.values())
        victim = names.index(held.most_common(1)[0][0])
        watch = Failover(victim)
        for table in tables:
            if owners.get(table.index) == names[victim] and table.match is not None:
                watch.affected[table.index] = table.match
                watch.survivors[table.index] = {k for k in range(4) if table.seat_node[k] != victim}
            table.on_frame = watch.frame
            table.on_reconnect = watch.reconnect
        killed_seats = sum(t.seat_node.count(victim) for t in tables)
        errors_before = collections.Counter(stats.errors)
        messages_before = collections.Counter(stats.messages)
        alive.discard(victim)
        probe.dead.add(victim)
        moves_before = await probe.moves()
        watch.killed_at = time.perf_counter()
        nodes[victim].kill9()
        rows = await conn.fetch(
            "SELECT id, version FROM matches WHERE id = ANY($1::text[])",
            list(watch.affected.values()),
        )
    finally:
        await conn.close()
    stored = {str(row["id"]): int(row["version"]) for row in rows}
    watch.before = {index: stored.get(match, -1) for index, match in watch.affected.items()}
    patience = 3 * args.lease + 60
    running_before = len(owners)
    with tqdm(total=len(watch.affected), desc="tables resumed", unit="table", leave=False) as bar:
        while time.perf_counter() - watch.killed_at < patience:
            await asyncio.sleep(0.5)
            bar.update(len(watch.first_new) - bar.n)
            if watch.all_running is None:
                found = await asyncio.gather(*(probe.health(i) for i in sorted(alive)))
                if sum(int(h["matches"]) for h in found) >= running_before:
                    watch.all_running = time.perf_counter() - watch.killed_at
            if len(watch.first_new) == len(watch.affected) and watch.all_running is not None:
                break
    elapsed = time.perf_counter() - watch.killed_at
    moves_after = await probe.moves()
    gaps = list(watch.first_new.values())
    firsts = list(watch.first_frame.values())
    again = list(watch.reconnected.values())
    return {
        "victim": names[victim],
        "held": dict(held),
        "unknown_owner": len(tables) - len(owners),
        "affected": len(watch.affected),
        "resumed": len(gaps),
        "gap_p50": percentile(gaps, 50),
        "gap_p90": percentile(gaps, 90),
        "gap_max": max(gaps) if gaps else float("nan"),
        "first_p50": percentile(firsts, 50),
        "first_max": max(firsts) if firsts else float("nan"),
        "first_count": len(firsts),
        "killed_seats": killed_seats,
        "reconnected": len(again),
        "reconnect_p50": percentile(again, 50),
        "reconnect_max": max(again) if again else float("nan"),
        "all_running": watch.all_running,
        "watched": elapsed,
        "moves_per_s": (moves_after - moves_before) / elapsed,
        "errors": dict(collections.Counter(stats.errors) - errors_before),
        "messages": (collections.Counter(stats.messages) - messages_before).most_common(6),
    }


async def cluster_run(
    args: argparse.Namespace,
    classes: tuple[Any, Any, Any],
    pg: Any,
    redis_server: Any | None,
    root: Path,
    count: int,
    label: str,
    failover: bool = False,
    sqlite: bool = False,
) -> dict[str, Any]:
    """``count`` nodes on a fresh database (with Redis if given), the tables round-robin
    over them; the figures of the measured window (and of the failover). With
    ``sqlite``, the node keeps its database in a SQLite file of its data directory
    (PostgreSQL idles then; its figures are left out)."""
    _, _, server_process = classes
    database = f"bench_{label}"
    url = None if sqlite else await pg.fresh_database(database)
    env = node_env(args)
    nodes = []
    for i in range(count):
        extra = ["--node-id", f"n{i}"]
        if redis_server is not None:
            extra += ["--redis", redis_server.url]
        nodes.append(
            server_process(
                root / label / f"n{i}", env=env, db=url, host=f"127.0.0.{i + 1}", extra_args=extra
            )
        )
    pool = ThreadPoolExecutor(count)
    try:
        # Side by side: each spends seconds importing and migrating.
        started = [pool.submit(node.start, NODE_START) for node in nodes]
        with tqdm(total=count, desc=f"starting {label}", unit="node", leave=False) as bar:
            for done in asyncio.as_completed([asyncio.wrap_future(f) for f in started]):
                await done
                bar.update()
        stats = Stats()
        alive = set(range(count)) if failover else None
        tables = [
            Table(
                i,
                [node.http for node in nodes],
                [node.ws for node in nodes],
                args.rate,
                stats,
                deltas=not args.full_views,
                compression="deflate" if args.compression else None,
                alive=alive,
                spread=args.spread,
            )
            for i in range(args.tables)
        ]
        # Idle kept-alive connections are dropped before uvicorn's 5 s would close them.
        limits = httpx.Limits(keepalive_expiry=2.0)
        async with httpx.AsyncClient(timeout=30, limits=limits) as client:
            probe = Probe(nodes, client, pg, database, redis_server)
            await probe.open()
            try:
                await seat_all(
                    [t.setup(client) for t in tables], f"seating tables ({label})", at_once=40
                )
                outcome: dict[str, Any] = {}
                start: dict[str, float] = {}
                for table in tables:
                    # At most starts_per_second matches start a second (each takes
                    # several transactions): the window measures play, not a storm of
                    # starts; it opens once every match has started, and warmup after.
                    table.start_delay = table.index / args.starts_per_second

                async def all_started() -> None:
                    start["at"] = time.perf_counter()
                    patience = len(tables) / args.starts_per_second + 120
                    with tqdm(total=len(tables), desc="starting matches", leave=False) as bar:
                        while time.perf_counter() - start["at"] < patience:
                            done = sum(t.started.is_set() for t in tables)
                            bar.update(done - bar.n)
                            if done == len(tables):
                                break
                            await asyncio.sleep(0.2)
                    start["took"] = time.perf_counter() - start["at"]
                    start["never"] = sum(not t.started.is_set() for t in tables)

                async def then() -> None:
                    assert alive is not None
                    outcome.update(await run_failover(args, tables, nodes, alive, probe, stats))

                s0, s1 = await play_window(
                    tables,
                    stats,
                    args.warmup,
                    args.seconds,
                    probe.sample,
                    then if failover else None,
                    all_started,
                )
            finally:
                await probe.close()
        result = window_figures(s0, s1, stats, count)
        if sqlite:
            for key in [k for k in result if k.startswith("pg_")]:
                result[key] = float("nan")
            result["all_cpu_ms_per_move"] = result["cpu_ms_per_move"]
        result["failover"] = outcome or None
        result["reconnects"] = stats.reconnects
        result["http_retries"] = stats.http_retries
        result["start_retries"] = stats.start_retries
        result["start_took"] = start["took"]
        result["never_started"] = int(start["never"])
        result["crashes"] = stats.crashes
        result["addresses"] = [f"n{i} {node.host}:{node.port}" for i, node in enumerate(nodes)]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # no start still under way...
        stop_nodes(nodes)  # ...when the nodes are stopped
    result["logs"] = {f"n{i}": log_summary(node.log) for i, node in enumerate(nodes)}
    return result


async def cluster_runs(
    args: argparse.Namespace, classes: tuple[Any, Any, Any], pg: Any, redis_server: Any, root: Path
) -> tuple[dict[str, Any] | None, dict[str, Any] | None, dict[str, Any]]:
    """One node on SQLite, one on PostgreSQL, N on PostgreSQL + Redis (with
    ``--failover`` the last alone), at the same table count and rate."""
    lite = reference = None
    if not args.failover:
        lite = await cluster_run(args, classes, pg, None, root, 1, "sqlite", sqlite=True)
        reference = await cluster_run(args, classes, pg, None, root, 1, "one")
    several = await cluster_run(
        args, classes, pg, redis_server, root, args.nodes, f"n{args.nodes}", args.failover
    )
    return lite, reference, several


def cluster_main(args: argparse.Namespace) -> None:
    """``--nodes N``: PostgreSQL and Redis for the run, then one node without Redis (the
    reference) and N nodes with it, each on a fresh database; both reported."""
    classes = cluster_services()
    postgres_server, redis_class, _ = classes
    with contextlib.ExitStack() as stack:
        # Every exit path (an error, Ctrl-C, SIGTERM) leaves the with blocks: nodes first
        # (in cluster_run), then Redis, PostgreSQL and the files.
        root = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="younuo-load-")))
        if args.logs is not None:
            root = Path(args.logs)
            root.mkdir(parents=True, exist_ok=True)
        with tqdm(total=2, desc="starting PostgreSQL and Redis", leave=False) as bar:
            pg = stack.enter_context(postgres_server())
            bar.update()
            redis_server = stack.enter_context(redis_class())
            bar.update()
        version = subprocess.run(
            [str(Path(pg.bindir) / "postgres"), "--version"], capture_output=True, text=True
        ).stdout.strip()
        lite, reference, several = asyncio.run(cluster_runs(args, classes, pg, redis_server, root))
        pg_log = log_summary(Path(pg.log))
        redis_log = log_summary(Path(redis_server.log))
    print(cluster_report(lite, reference, several, args, version))
    for name, lines in (("PostgreSQL", pg_log), ("Redis", redis_log)):
        print(f"\n{name} log, most frequent lines:")
        print("\n".join(lines) if lines else "  (empty)")
    if lite is not None and reference is not None:
        # Last, for the check that reads them (issue 41's targets: <= 1.30x and <= 1.15x).
        print()
        print("\n".join(cpu_ratio_lines(lite, reference, several, args.nodes)))


def ratio(a: float, b: float) -> float:
    """``a / b``; NaN when ``b`` is 0 or NaN (a run that made no move)."""
    return a / b if b and b == b else float("nan")


def cpu_ratio_lines(
    lite: dict[str, Any], one: dict[str, Any], many: dict[str, Any], nodes: int
) -> list[str]:
    """The run's closing lines: node CPU per move of PostgreSQL against SQLite (one node
    each), and of ``nodes`` nodes against one (both on PostgreSQL)."""
    return [
        "node CPU per move, postgresql / sqlite:"
        f" {ratio(one['cpu_ms_per_move'], lite['cpu_ms_per_move']):.2f}x",
        f"node CPU per move, {nodes} nodes / 1 node:"
        f" {ratio(many['cpu_ms_per_move'], one['cpu_ms_per_move']):.2f}x",
    ]


def cluster_report(
    lite: dict[str, Any] | None,
    one: dict[str, Any] | None,
    many: dict[str, Any],
    args: argparse.Namespace,
    version: str,
) -> str:
    n = args.nodes
    lines = [
        f"{args.tables} tables x 4 clients, {args.rate:g} move/s per table, {args.seconds:g} s"
        f" measured after {args.warmup:g} s; {version}, Redis; "
        f"{'full views' if args.full_views else 'view deltas'},"
        f" {'deflate' if args.compression else 'no compression'}; {os.cpu_count()} CPUs",
        (
            f"seat k of table t on node (t + k) % {n} (--spread: no room rule)"
            if args.spread
            else f"all four seats of table t on node t % {n} (the room rule)"
        )
        + "; the match runs on the host's (seat 0) node",
        "",
    ]
    head = f"{'1 node, SQLite':>16}" if lite is not None else ""
    head += f"{'1 node, PG':>14}" if one is not None else ""
    lines.append(f"{'':34}{head}{f'{n} nodes, PG+Redis':>20}" + ("" if one is None else "   ratio"))
    rows = [
        ("moves per second", "moves_per_s", "{:.1f}"),
        ("p50 latency, ms", "p50_ms", "{:.2f}"),
        ("p99 latency, ms", "p99_ms", "{:.2f}"),
        ("mean latency, ms", "mean_ms", "{:.2f}"),
        ("node CPU ms per move (all nodes)", "cpu_ms_per_move", "{:.3f}"),
        ("  of it event loops'", "loop_ms_per_move", "{:.3f}"),
        ("PostgreSQL CPU ms per move", "pg_cpu_ms_per_move", "{:.3f}"),
        ("Redis CPU ms per move", "redis_cpu_ms_per_move", "{:.3f}"),
        ("all server CPU ms per move", "all_cpu_ms_per_move", "{:.3f}"),
        ("nodes' CPU share (cores)", "cpu_share", "{:.2f}"),
        ("PostgreSQL CPU share", "pg_cpu_share", "{:.2f}"),
        ("Redis CPU share", "redis_cpu_share", "{:.2f}"),
        ("client CPU share", "client_cpu_share", "{:.2f}"),
        ("PG commits per move", "pg_xact_commit", "{:.2f}"),
        ("PG rollbacks per move", "pg_xact_rollback", "{:.2f}"),
        ("PG rows inserted per move", "pg_tup_inserted", "{:.2f}"),
        ("PG rows updated per move", "pg_tup_updated", "{:.2f}"),
        ("PG rows deleted per move", "pg_tup_deleted", "{:.2f}"),
        ("PG WAL bytes per move", "pg_wal_bytes", "{:.0f}"),
        ("Redis commands per move", "redis_total_commands_processed", "{:.2f}"),
        ("Redis bytes in per move", "redis_total_net_input_bytes", "{:.0f}"),
        ("Redis bytes out per move", "redis_total_net_output_bytes", "{:.0f}"),
        ("forwarded calls per move", "forwarded_sent", "{:.2f}"),
        ("  of them players' actions", "forwarded_moves", "{:.2f}"),
    ]
    for label, key, fmt in rows:
        line = f"{label:34}"
        if lite is not None:
            line += f"{fmt.format(lite[key]):>16}"
        if one is not None:
            line += f"{fmt.format(one[key]):>14}"
        line += f"{fmt.format(many[key]):>20}"
        if one is not None:
            line += f"{ratio(many[key], one[key]):>7.2f}x"
        lines.append(line)
    commands = ", ".join(f"{k} {v:.2f}" for k, v in list(many["redis_commands"].items())[:8])
    lines += ["", f"Redis commands per move by name ({n} nodes): {commands or 'none'}"]
    for title, run in (
        ("1 node, SQLite", lite),
        ("1 node, PG", one),
        (f"{n} nodes, PG+Redis", many),
    ):
        if run is None:
            continue
        lines += ["", f"{title}:"]
        for address, node in zip(run["addresses"], run["nodes"], strict=False):
            lines.append(
                f"  {address:24} moves {node['moves']:8.0f}  CPU {node['cpu_share']:.2f} cores"
                f" ({100 * node['of_cpu']:.0f}% of the nodes'), {node['cpu_ms_per_move']:.3f} ms"
                f" per own move; {node['matches']:.0f} matches, {node['connections']:.0f}"
                " connections at the end"
            )
        errors = ", ".join(f"{k} {v}" for k, v in sorted(run["errors"].items())) or "none"
        lines.append(
            f"  {run['samples']} latency samples, {run['refused']} refused tries;"
            f" error frames: {errors}; connections closed by a server: {run['closed']}"
            f"{' ' + str(run['close_codes']) if run['close_codes'] else ''},"
            f" reconnects: {run['reconnects']}; setup requests retried: {run['http_retries']}"
        )
        lines.append(
            f"  all matches started in {run['start_took']:.1f} s"
            f" ({args.starts_per_second:g} starts a second asked; starts sent again after an"
            f" error: {run['start_retries']}; tables never started: {run['never_started']})"
        )
        disorder = ", ".join(f"{k} {v}" for k, v in sorted(run["disorder"].items())) or "none"
        lines.append(f"  updates out of order (a version repeated or skipped): {disorder}")
        lines.append(
            "  actions answered unavailable that the next update shows made all the same:"
            f" {run['made_though_unavailable']}"
        )
        for message, times in run["messages"]:
            lines.append(f"  {times:7d} x error {message[:140]}")
        if run["crashes"]:
            lines.append(f"  client tasks failed: {len(run['crashes'])}, e.g. {run['crashes'][0]}")
    if many["failover"] is not None:
        f = many["failover"]
        held = ", ".join(f"{k} {v}" for k, v in sorted(f["held"].items()))
        running = "never" if f["all_running"] is None else f"{f['all_running']:.2f} s"
        errors = ", ".join(f"{k} {v}" for k, v in sorted(f["errors"].items())) or "none"
        lines += [
            "",
            f"failover: kill -9 of {f['victim']} (matches held: {held};"
            f" {f['unknown_owner']} tables without a known owner), match_lease {args.lease:g} s",
            f"  tables whose match ran there: {f['affected']}; resumed (a seat on a surviving node"
            f" saw a newer version): {f['resumed']} within {f['watched']:.1f} s",
            f"  kill -> first new version: p50 {f['gap_p50']:.2f} s, p90 {f['gap_p90']:.2f} s,"
            f" max {f['gap_max']:.2f} s",
            f"  kill -> first state/update of any version on a surviving seat: p50"
            f" {f['first_p50']:.2f} s,"
            f" max {f['first_max']:.2f} s ({f['first_count']} tables)",
            f"  the killed node's seats: {f['killed_seats']}, reconnected: {f['reconnected']},"
            f" first time after p50"
            f" {f['reconnect_p50']:.2f} s, max {f['reconnect_max']:.2f} s",
            f"  every match running on the survivors again (healthz matches) after {running};"
            f" {f['moves_per_s']:.1f} moves/s meanwhile",
            f"  error frames since the kill: {errors}",
        ]
        for message, times in f["messages"]:
            lines.append(f"  {times:7d} x error {message[:140]}")
    for title, run in (
        ("1 node, SQLite", lite),
        ("1 node, PG", one),
        (f"{n} nodes, PG+Redis", many),
    ):
        if run is None:
            continue
        for name, summary in run["logs"].items():
            lines += ["", f"node log {name} ({title}), most frequent lines:"]
            lines += summary or ["  (empty)"]
    return "\n".join(lines)


def report(game: dict[str, float], echo: dict[str, float] | None, args: argparse.Namespace) -> str:
    lines = [
        f"{args.tables} tables x 4 clients, {args.rate:g} move/s per table,"
        f" {args.seconds:g} s measured (SQLite synchronous={args.sqlite_synchronous},"
        f" {'full views' if args.full_views else 'view deltas'},"
        f" {'deflate' if args.compression else 'no compression'}), {os.cpu_count()} CPUs",
        "",
        f"{'':24}{'game server':>14}" + ("" if echo is None else f"{'bare echo':>14}{'ratio':>10}"),
    ]
    rows = [
        ("moves (msgs) per second", "moves_per_s", "{:.1f}"),
        ("p50 latency, ms", "p50_ms", "{:.2f}"),
        ("p99 latency, ms", "p99_ms", "{:.2f}"),
        ("server CPU ms per move", "cpu_ms_per_move", "{:.3f}"),
        ("  of it event loop's", "loop_ms_per_move", "{:.3f}"),
        ("server CPU share", "cpu_share", "{:.2f}"),
        ("client CPU share", "client_cpu_share", "{:.2f}"),
    ]
    for label, key, fmt in rows:
        line = f"{label:24}{fmt.format(game[key]):>14}"
        if echo is not None:
            e = echo[key]
            ratio = game[key] / e if e else float("nan")
            line += f"{fmt.format(e):>14}{ratio:>9.1f}x"
        lines.append(line)
    lines += [
        "",
        f"game server memory: {game['rss_mb']:.0f} MB RSS, {game['kb_per_table']:.0f} KB per table;"
        f" {int(game['samples'])} latency samples, {int(game['refused'])} refused tries",
    ]
    return "\n".join(lines)


def _interrupt(_signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="concurrent 4-player tables")
    parser.add_argument("--rate", type=float, default=1.0, help="moves per second per table")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per run")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--sqlite-synchronous", default="full", choices=("full", "normal"))
    parser.add_argument(
        "--full-views", action="store_true", help="no view deltas: the full view in every update"
    )
    parser.add_argument(
        "--compression", action="store_true", help="per-message deflate (ws_compression)"
    )
    parser.add_argument("--no-echo", action="store_true", help="skip the bare echo reference run")
    parser.add_argument(
        "--nodes",
        type=int,
        help="N nodes on PostgreSQL + Redis against one node on PostgreSQL alone (no echo run)",
    )
    parser.add_argument(
        "--failover",
        action="store_true",
        help="with --nodes N >= 2: after the measured window kill -9 the node running the"
        " most matches and measure how long its tables take to play again (no reference run)",
    )
    parser.add_argument(
        "--lease", type=float, default=10.0, help="the nodes' match_lease, seconds (1-10)"
    )
    parser.add_argument(
        "--spread",
        action="store_true",
        help="with --nodes: seat k of table t on node (t + k) %% N, as a balancer without the"
        " room rule would (most moves forwarded); by default a table's seats share a node",
    )
    parser.add_argument("--logs", help="keep the nodes' logs in this directory")
    parser.add_argument(
        "--starts-per-second",
        type=float,
        default=50.0,
        help="with --nodes: matches started a second before the warm-up (then measured)",
    )
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        echo_server(args.echo_server)
        return
    if args.failover and (args.nodes or 0) < 2:
        parser.error("--failover needs --nodes 2 or more")
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    if args.nodes is not None:
        # SIGTERM as Ctrl-C: the with blocks then stop the nodes, Redis and PostgreSQL.
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            cluster_main(args)
        except KeyboardInterrupt:
            sys.exit("interrupted: the nodes, Redis and PostgreSQL are stopped")
        return
    game = asyncio.run(game_run(args))
    echo = None if args.no_echo else asyncio.run(echo_run(args))
    print(report(game, echo, args))


if __name__ == "__main__":
    main()
