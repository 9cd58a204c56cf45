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
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
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
    closed: int = 0
    """Client connections that ended while the clients still played."""
    reconnects: int = 0
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


class Table:
    """Four clients at one table, paced at ``rate`` moves a second.

    ``http`` and ``ws`` are one server's addresses, or one per node of a cluster: then
    seat ``k`` connects to node ``(index + k) % nodes``, as a load balancer without
    stickiness would spread them (the host, seat 0, makes the room on its node, so the
    match runs there). With ``alive`` (the indexes of the nodes still up), a seat whose
    connection drops says ``hello`` again with its token on the next node that is up.
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
    ) -> None:
        self.index = index
        self.https = [http] if isinstance(http, str) else list(http)
        self.wss = [ws] if isinstance(ws, str) else list(ws)
        self.seat_node = [(index + k) % len(self.wss) for k in range(4)]
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

    async def setup(self, client: httpx.AsyncClient) -> None:
        sessions = []
        for seat in range(4):
            r = await client.post(
                f"{self.https[self.seat_node[seat]]}/api/auth/guest",
                json={"name": f"t{self.index}p{seat}"},
            )
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

    async def _connect(self, node: int, token: str) -> Any:
        ws = await websockets.connect(
            self.wss[node], max_size=2**22, ping_interval=None, compression=self.compression
        )
        hello = {"type": "hello", "protocol": 1, "token": token}
        if self.deltas:
            hello["deltas"] = True
        await ws.send(json.dumps(hello))
        await _until(ws, "welcome")
        return ws

    async def play(self, stop: asyncio.Event) -> None:
        # Tables start spread over one move's interval, as the echo tables send: people
        # at a thousand tables do not all move in the same millisecond of every second.
        await asyncio.sleep(self.interval * (self.index % 97) / 97)
        await self.sockets[0].send(json.dumps({"type": "start", "ref": 3}))
        await asyncio.gather(*(self._seat(i, stop) for i in range(4)))

    async def _seat(self, seat: int, stop: asyncio.Event) -> None:
        while True:
            with contextlib.suppress(websockets.ConnectionClosed):
                await self._play_seat(seat, stop)
            if stop.is_set():
                return
            self.stats.closed += 1
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
                ws = await asyncio.wait_for(self._connect(up[0], self.tokens[seat]), 10)
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
        async for raw in ws:
            if stop.is_set():
                return
            now = time.perf_counter()
            frame = json.loads(raw)
            kind = frame.get("type")
            if kind in ("state", "update"):
                self.match = frame["match"]
                self.version = max(self.version, frame["version"])
                self.stats.got(self.index, frame["version"], now)
                if self.on_frame is not None:
                    self.on_frame(self, seat, frame, now)
                if frame.get("delta"):
                    view.update(frame["view"])  # only what changed (docs/protocol.md §4)
                else:
                    view = frame["view"]
                if view["status"] == "playing" and view["current"] == me:
                    pending = candidates(view)
                    await self._send(ws, frame["version"], pending.pop(0))
                else:
                    pending = []
            elif kind == "error":
                code = frame.get("code")
                self.stats.errors[str(code)] += 1
                if pending and code not in ("stale_version",):
                    self.stats.refused += 1
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
            await asyncio.gather(*setups[start : start + at_once])
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
) -> tuple[dict[str, float], dict[str, float]]:
    """Let the tables play: ``warmup`` seconds, then ``seconds`` measured (the samples
    at either end are returned), then ``then`` while they still play; then stop them."""
    stop = asyncio.Event()
    # The load generator's own collector pauses are not the server's latency: keep the
    # thousands of client connections out of its passes, as the server does.
    gc.collect()
    gc.freeze()
    players = [asyncio.create_task(t.play(stop)) for t in tables]
    try:
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
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        echo_server(args.echo_server)
        return
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    game = asyncio.run(game_run(args))
    echo = None if args.no_echo else asyncio.run(echo_run(args))
    print(report(game, echo, args))


if __name__ == "__main__":
    main()
