"""Real services for the multi-node tests (issue 25), each a child of the test process.

:class:`RedisServer` (Debian's ``redis-server``), :class:`PostgresServer` (Debian's
``postgresql``) and :class:`NginxProxy` (Debian's ``nginx``, a round-robin load balancer
in front of several ``younuo serve`` nodes). Each listens on a free port of a loopback
address and keeps its files in a temporary directory of its own, removed by ``close()``
(or at the end of a ``with`` block). ``stop()`` then ``start()`` (or ``restart()``)
brings a service back on the same port, so that clients reconnect to the URL they had.

A missing binary raises :class:`ServiceMissing`, naming the Debian package to install:
the tests that need a service fail rather than skip, so that a machine without it
cannot pass them unnoticed (``.ci/run`` installs all three).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal, Self

import redis

from server.harness import free_port

from .balancer import documented_balancer

POSTGRES_INSTALL = "apt-get update && apt-get install -y postgresql"
REDIS_INSTALL = "apt-get update && apt-get install -y redis-server"
NGINX_INSTALL = "apt-get update && apt-get install -y nginx"

LOOPBACK = "127.0.0.1"


class ServiceMissing(FileNotFoundError):
    """A service's binary is not installed; the message says which package brings it."""


class ServiceFailed(RuntimeError):
    """A service did not start (or stop) as asked; the message holds its log's tail."""


def _tail(path: Path, chars: int = 3000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return "(no log)"


def _wait_for(
    ready: Callable[[], bool],
    proc: subprocess.Popen[bytes],
    what: str,
    log: Path,
    timeout: float,
) -> None:
    """Poll ``ready`` until it holds; :class:`ServiceFailed` if ``proc`` exits or time
    runs out (then it is killed, so that no half-started service outlives the test)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ServiceFailed(f"{what} exited with {proc.returncode}:\n{_tail(log)}")
        if ready():
            return
        time.sleep(0.05)
    _end(proc, signal.SIGKILL)
    raise ServiceFailed(f"{what} did not come up within {timeout} s:\n{_tail(log)}")


def _end(proc: subprocess.Popen[bytes], sig: signal.Signals, timeout: float = 10.0) -> None:
    """Send ``sig`` and wait; SIGKILL the whole process group if it outlives ``timeout``.

    The group, not the process: nginx's workers would otherwise survive a killed master
    and keep serving its port.
    """
    if proc.poll() is not None:
        return
    proc.send_signal(sig)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def _accepts_tcp(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


# --------------------------------------------------------------------------- Redis
def redis_bin() -> Path | None:
    """Debian's redis-server, or None when it is not installed."""
    found = shutil.which("redis-server") or "/usr/bin/redis-server"
    return Path(found) if Path(found).exists() else None


class _Child:
    """A service run as a child process in its own directory ``root``: restarted on the
    same port, removed with its directory, and a context manager."""

    root: Path

    def start(self, timeout: float = 15.0) -> None:
        raise NotImplementedError

    def stop(self, timeout: float = 10.0) -> None:
        raise NotImplementedError

    def restart(self, timeout: float = 15.0) -> None:
        """Stop, then start on the same port (Redis comes back empty: nothing persists)."""
        self.stop()
        self.start(timeout)

    def close(self) -> None:
        """Stop and remove its directory."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Self:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


class RedisServer(_Child):
    """``redis-server`` on ``host`` and a free port, with no persistence.

    Nothing is saved (``--save "" --appendonly no``): a restart comes back empty, as a
    Redis that lost its memory would. No config file is read (so none of Debian's
    /etc/redis settings apply), and the log goes to stdout, kept in ``log``.
    """

    def __init__(self, host: str = LOOPBACK, port: int | None = None) -> None:
        binary = redis_bin()
        if binary is None:
            raise ServiceMissing(f"redis-server is not installed: {REDIS_INSTALL}")
        self.binary = binary
        self.host = host
        self.port = port or free_port(host)
        self.root = Path(tempfile.mkdtemp(prefix="younuo-redis-"))
        self.log = self.root / "redis.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}/0"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self, timeout: float = 15.0) -> None:
        """Start, and return once it answers PING."""
        if self.running:
            raise ServiceFailed(f"redis on port {self.port} is already running")
        cmd = [
            str(self.binary),
            "--bind",
            self.host,
            "--port",
            str(self.port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--daemonize",
            "no",
            "--dir",
            str(self.root),
        ]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.root,
                start_new_session=True,
            )
        _wait_for(self._pings, self.proc, f"redis-server on {self.url}", self.log, timeout)

    def _pings(self) -> bool:
        client = redis.Redis(host=self.host, port=self.port, socket_connect_timeout=0.5)
        try:
            return bool(client.ping())
        except redis.RedisError:
            return False
        finally:
            client.close()

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM, and wait for it to exit (its clients see their connections close)."""
        if self.proc is not None:
            _end(self.proc, signal.SIGTERM, timeout)

    def kill(self) -> None:
        """SIGKILL, as a crash: no goodbye to the clients."""
        if self.proc is not None:
            _end(self.proc, signal.SIGKILL)


# --------------------------------------------------------------------------- PostgreSQL
def pg_bin() -> Path | None:
    """The directory holding initdb and pg_ctl, or None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "initdb").exists() and Path(candidate, "pg_ctl").exists():
            return Path(candidate)
    return None


async def fresh_database(admin_url: str, name: str) -> str:
    """Create an empty database ``name`` on the server of ``admin_url``; its URL."""
    import asyncpg  # type: ignore[import-untyped]

    dsn = admin_url.replace("postgresql+asyncpg://", "postgresql://")
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return admin_url.rsplit("/", 1)[0] + "/" + name


class PostgresServer:
    """A throwaway PostgreSQL cluster on 127.0.0.1 and a free port, trusting local users.

    ``initdb`` and ``pg_ctl`` refuse to run as root, so as root they run as the
    ``postgres`` user (``runuser``), in a directory of ``/tmp`` handed to that user (a
    pytest ``tmp_path`` is not: its parents are closed to other users). The unix socket
    is in the same directory. ``fsync=off``: the data need not survive the machine.
    The cluster is made at the first ``start()``; later ones reuse its data directory.
    """

    def __init__(self, port: int | None = None) -> None:
        bindir = pg_bin()
        if bindir is None:
            raise ServiceMissing(
                f"PostgreSQL (initdb, pg_ctl) is not installed: {POSTGRES_INSTALL}"
            )
        self.bindir = bindir
        self.port = port or free_port(LOOPBACK)
        self.as_postgres = os.geteuid() == 0
        self.root = Path(tempfile.mkdtemp(prefix="younuo-pg-"))
        if self.as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self.data = self.root / "data"
        self.log = self.root / "log"
        self.running = False

    @property
    def admin_url(self) -> str:
        """The URL of database ``postgres`` as superuser ``postgres`` (for SQLAlchemy)."""
        return f"postgresql+asyncpg://postgres@{LOOPBACK}:{self.port}/postgres"

    def _run(self, cmd: list[str]) -> None:
        if self.as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            raise ServiceFailed(
                f"{' '.join(cmd)} exited with {done.returncode}:\n"
                f"{done.stdout.decode(errors='replace')}{done.stderr.decode(errors='replace')}"
                f"\n{_tail(self.log)}"
            )

    def start(self, timeout: float = 60.0) -> None:
        """Start (making the cluster first if there is none yet); return once it accepts
        connections (``pg_ctl -w``)."""
        if self.running:
            raise ServiceFailed(f"postgres on port {self.port} is already running")
        if not (self.data / "PG_VERSION").exists():
            self._run(
                [
                    str(self.bindir / "initdb"),
                    "-D",
                    str(self.data),
                    "-U",
                    "postgres",
                    "--auth=trust",
                    "-E",
                    "UTF8",
                ]
            )
        options = f"-p {self.port} -k {self.root} -c listen_addresses={LOOPBACK} -c fsync=off"
        self._run(
            [
                str(self.bindir / "pg_ctl"),
                "-D",
                str(self.data),
                "-o",
                options,
                "-l",
                str(self.log),
                "-w",
                "-t",
                str(int(timeout)),
                "start",
            ]
        )
        self.running = True

    def stop(self, mode: Literal["smart", "fast", "immediate"] = "fast") -> None:
        """``pg_ctl stop``: ``fast`` ends the sessions and shuts down cleanly;
        ``immediate`` is as a crash (recovery runs at the next start)."""
        if not self.running:
            return
        self._run(self._stop_command(mode))
        self.running = False

    def _stop_command(self, mode: str) -> list[str]:
        return [str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop"]

    def restart(self) -> None:
        """Stop (fast), then start on the same port and data directory."""
        self.stop()
        self.start()

    async def fresh_database(self, name: str) -> str:
        """Create an empty database ``name``; its URL."""
        return await fresh_database(self.admin_url, name)

    def close(self) -> None:
        """Stop (immediate: nothing is kept) and remove the cluster.

        A server that this object does not count as running but whose pid file is there
        (a start that timed out) is stopped too, before its directory goes.
        """
        try:
            if self.running or (self.data / "postmaster.pid").exists():
                with contextlib.suppress(ServiceFailed):
                    self._run(self._stop_command("immediate"))
                self.running = False
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


# --------------------------------------------------------------------------- nginx
def nginx_bin() -> Path | None:
    """Debian's nginx, or None when it is not installed."""
    found = Path("/usr/sbin/nginx")
    if found.exists():
        return found
    on_path = shutil.which("nginx")
    return Path(on_path) if on_path else None


class NginxProxy(_Child):
    """nginx on ``host`` and a free port, balancing as docs/deploy.md says ("Several
    nodes"): the page's ``upstream`` and ``location /`` blocks are read from it
    (:mod:`tests.cluster.balancer`), with the test's addresses.

    That rule hashes the ``room`` argument of ``/ws``: every socket of one room goes
    to one node. Requests without it (REST, a socket in no room) have an empty key,
    which nginx balances round-robin, without stickiness: consecutive requests,
    WebSocket handshakes included, go to the upstreams in turn, so a client's REST
    calls and its socket may land on different nodes. A refused or slow connect (1 s)
    moves a request on to the next upstream (for a hashed room, the next node on the
    ring), and the failed one is left out for 2 s (``max_fails=1 fail_timeout=2s``): a
    killed node is skipped. Proxied connections may stay idle for an hour, so that
    quiet WebSockets stay open. One worker process: the round-robin order and the
    failure marks are that worker's, the same for every request.
    """

    def __init__(self, upstreams: list[str], host: str = LOOPBACK, port: int | None = None) -> None:
        """``upstreams``: ``host:port`` of each node."""
        binary = nginx_bin()
        if binary is None:
            raise ServiceMissing(f"nginx is not installed: {NGINX_INSTALL}")
        if not upstreams:
            raise ValueError("nginx needs at least one upstream")
        for upstream in upstreams:
            name, _, number = upstream.rpartition(":")
            if not name or not number.isdigit():
                raise ValueError(f"upstream {upstream!r} is not host:port")
        self.binary = binary
        self.upstreams = list(upstreams)
        self.host = host
        self.port = port or free_port(host)
        self.root = Path(tempfile.mkdtemp(prefix="younuo-nginx-"))
        self.conf = self.root / "nginx.conf"
        self.log = self.root / "error.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.host}:{self.port}/ws"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def config(self) -> str:
        """The nginx.conf it runs with."""
        root = self.root
        rule = documented_balancer()
        servers = "\n".join(
            f"        server {upstream} {rule.server_params};" for upstream in self.upstreams
        )
        balancing = "\n".join(f"        {line}" for line in rule.directives)
        location = "\n".join(f"            {line}" for line in rule.location)
        # As root, the workers would run as nobody and could not enter the root-owned
        # 0700 temporary directory where request bodies and large responses are
        # buffered; as another user the directive is ignored with a warning, so it is
        # left out.
        user = "user root;\n" if os.geteuid() == 0 else ""
        return f"""{user}daemon off;
master_process on;
worker_processes 1;
pid {root}/nginx.pid;
lock_file {root}/nginx.lock;
error_log {root}/error.log warn;

events {{
    worker_connections 4096;
}}

http {{
    access_log off;
    # Every temporary path inside the prefix: the compiled-in ones are /var/lib/nginx.
    client_body_temp_path {root}/client_body;
    proxy_temp_path {root}/proxy;
    fastcgi_temp_path {root}/fastcgi;
    uwsgi_temp_path {root}/uwsgi;
    scgi_temp_path {root}/scgi;

    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}

    upstream younuo {{
{balancing}
{servers}
    }}

    server {{
        listen {self.host}:{self.port};

        location / {{
{location}
        }}
    }}
}}
"""

    def start(self, timeout: float = 15.0) -> None:
        """Write the config, start nginx, and return once its port accepts TCP."""
        if self.running:
            raise ServiceFailed(f"nginx on port {self.port} is already running")
        self.conf.write_text(self.config())
        # -e: errors before the config is read go to our log too, not to the
        # compiled-in one.
        cmd = [str(self.binary), "-p", str(self.root), "-c", str(self.conf), "-e", str(self.log)]
        with (self.root / "nginx.out").open("ab") as out:
            self.proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=self.root,
                start_new_session=True,
            )
        _wait_for(
            lambda: _accepts_tcp(self.host, self.port),
            self.proc,
            f"nginx on {self.url}",
            self.log,
            timeout,
        )

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM (nginx's fast shutdown: open connections are cut, WebSockets too)."""
        if self.proc is not None:
            _end(self.proc, signal.SIGTERM, timeout)
