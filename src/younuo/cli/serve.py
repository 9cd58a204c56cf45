"""``younuo serve``: run the game server (FastAPI on uvicorn).

With no options it listens on 127.0.0.1:8000 and keeps its SQLite database in
``./data``; nothing else needs installing. ``--db`` points at PostgreSQL instead.
Every option also has an environment variable and a config-file key (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    import uvicorn

    from younuo.server.edge.limits import AddressGuard
    from younuo.server.edge.refusallog import RefusalLog


SILENT_DRIVERS = ("aiosqlite", "sqlalchemy.engine", "sqlalchemy.pool")
"""Loggers that write every SQL statement with its parameters at debug or info."""


def _quiet_drivers() -> None:
    """Keep the database drivers' loggers at WARNING whatever the server's level.

    Their statements carry what the log must never hold: a running match's deal key,
    an event's secrets (docs/security.md, "Threat model"), password and token hashes.
    A server at ``--log-level debug`` logs its own messages, not those parameters.
    """
    for name in SILENT_DRIVERS:
        logging.getLogger(name).setLevel(logging.WARNING)


def serve(
    host: Annotated[
        str | None, typer.Option(help="Address to listen on (default 127.0.0.1).")
    ] = None,
    port: Annotated[int | None, typer.Option(help="Port to listen on (default 8000).")] = None,
    data: Annotated[
        Path | None, typer.Option(help="Data directory for the SQLite database (default ./data).")
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL instead of SQLite, e.g. postgresql+asyncpg://user:pw@host/db."
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL shared by several nodes (redis://host:6379/0); needs --db"
            " PostgreSQL (docs/scaling.md)."
        ),
    ] = None,
    node_id: Annotated[
        str | None, typer.Option(help="This node's name among several (default HOST:PORT).")
    ] = None,
    config: Annotated[
        Path | None, typer.Option(help="A TOML file of settings (also YOUNUO_CONFIG).")
    ] = None,
    log_level: Annotated[str | None, typer.Option(help="Log level (default info).")] = None,
    migrate_only: Annotated[
        bool, typer.Option("--migrate-only", help="Apply the database migrations and exit.")
    ] = False,
) -> None:
    """Run the game server: web table at /, REST API (/openapi.json), WebSocket at /ws, /healthz."""
    import uvicorn

    from younuo.server.app import create_app
    from younuo.server.edge.limits import FrontDoor
    from younuo.server.settings import Settings
    from younuo.store import Database

    if data is not None and db is not None:
        typer.echo("younuo serve: give --data or --db, not both", err=True)
        raise typer.Exit(2)
    try:
        settings = Settings.load(
            config,
            host=host,
            port=port,
            data=data,
            db=db,
            redis=redis,
            node_id=node_id,
            log_level=log_level,
        )
    except (FileNotFoundError, ValueError) as exc:
        typer.echo(f"younuo serve: {exc}", err=True)
        raise typer.Exit(2) from None
    if migrate_only:
        database = Database.from_url(settings.database_url)

        async def migrate() -> None:
            await database.migrate()
            await database.close()

        asyncio.run(migrate())
        typer.echo(f"database at {_safe(settings.database_url)} is up to date")
        return
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s"
    )
    _quiet_drivers()
    where = _safe(settings.database_url)
    typer.echo(f"younuo serve: http://{settings.host}:{settings.port}/ (database {where})")
    app = create_app(settings)
    server = uvicorn.Config(
        FrontDoor(app, app.services.guard),
        http=_guarded_http(app.services.guard),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        # The sans-I/O websockets protocol checks a frame's length in its header and
        # closes (1009) before reading the payload: an oversized frame costs nothing.
        # Named rather than "auto", so that a change of uvicorn's default cannot
        # silently bring an implementation that reads frames whole first.
        ws=_checked_ws(app.services.refusals),
        ws_max_size=settings.max_frame_bytes,
        ws_per_message_deflate=settings.ws_compression,
        proxy_headers=True,
    )
    _draining_server(app.services.drain)(server).run()


def _draining_server(drain: Callable[[], Awaitable[int]] | None) -> type[uvicorn.Server]:
    """uvicorn's server, which on SIGTERM first runs ``drain`` (several nodes: hand the
    node's matches to the others), and only then stops, closing its WebSocket
    connections with 1012 (service restart). A second signal stops at once."""
    import uvicorn

    class DrainingServer(uvicorn.Server):
        loop: asyncio.AbstractEventLoop | None = None
        draining = False

        async def serve(self, sockets: list[socket.socket] | None = None) -> None:
            self.loop = asyncio.get_running_loop()
            await super().serve(sockets)

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if drain is None or self.draining or self.loop is None or sig != signal.SIGTERM:
                super().handle_exit(sig, frame)
                return
            self.draining = True
            self.loop.call_soon_threadsafe(self._start_drain)

        def _start_drain(self) -> None:
            self.drain_task = asyncio.ensure_future(self._drain())

        async def _drain(self) -> None:
            assert drain is not None
            try:
                moved = await drain()
                logging.getLogger("younuo.serve").info("drained: %d match(es) handed over", moved)
            except Exception:
                logging.getLogger("younuo.serve").exception("drain failed")
            self.should_exit = True

    return DrainingServer


def _guarded_http(guard: AddressGuard) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools), dropping a banned peer's TCP connection at once.

    A banned client that keeps reconnecting would otherwise cost the event loop an HTTP
    parse, a WebSocket handshake and a close each time (about half a millisecond);
    dropped on arrival it costs next to nothing. Only the TCP peer's own address can be
    checked here: a client behind a proxy is refused later, by :class:`FrontDoor`.
    """
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class GuardedHttp(HttpToolsProtocol):
        refused = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            if peer and guard.banned(str(peer[0])):
                self.refused = True
                transport.abort()
                return
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            if not self.refused:
                super().connection_lost(exc)

    return GuardedHttp


def _checked_ws(refusals: RefusalLog) -> type[asyncio.Protocol]:
    """uvicorn's sans-I/O WebSocket protocol, closing a text frame that is not UTF-8.

    The close (1007, docs/protocol.md) is uvicorn's own; what differs is the log: uvicorn
    writes an ERROR with a full traceback for each such frame, so any client could fill
    the log. Here the frame is checked before uvicorn decodes it, and the refusal goes
    to ``refusals`` (one line per client and period, no traceback).
    """
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class CheckedWebSocket(WebSocketsSansIOProtocol):
        def send_receive_event_to_app(self) -> None:
            if self.curr_msg_data_type == "text" and not self.close_sent:
                frames = self.frames
                try:
                    (frames[0] if len(frames) == 1 else b"".join(frames)).decode("utf-8")
                except UnicodeDecodeError:
                    self.frames = []
                    refusals.refused(
                        self.client[0] if self.client else None,
                        "a WebSocket text frame that is not UTF-8 (closed 1007)",
                    )
                    self.conn.send_close(1007)
                    self.handle_parser_exception()
                    return
            super().send_receive_event_to_app()

    return CheckedWebSocket


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
