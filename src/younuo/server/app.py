"""The application factory: ``create_app(settings)`` wires the database, services and routes.

::

    app = create_app(Settings.load(data="data"))
    uvicorn.run(app, host="127.0.0.1", port=8000)

At start the migrations are applied and every running match is restored from the
database; at shutdown the services stop and the database closes.
"""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text

import younuo
from younuo.protocol.messages import PROTOCOL_VERSION
from younuo.server.accounts.api import router as accounts_router
from younuo.server.accounts.botapi import router as bot_router
from younuo.server.accounts.privacyapi import router as privacy_router
from younuo.server.admin.api import refusal_handler
from younuo.server.admin.api import router as admin_router
from younuo.server.admin.service import AdminError
from younuo.server.compose import build_services
from younuo.server.edge.bodylimit import BodyLimit
from younuo.server.edge.headers import DOCS_PATHS, HeaderedFastAPI
from younuo.server.lobby.api import router as lobby_router
from younuo.server.match.api import router as match_router
from younuo.server.match.bots import BotMaker
from younuo.server.problems import add_error_handlers
from younuo.server.realtime.socket import serve_socket
from younuo.server.services import Services, services_of
from younuo.server.settings import Settings
from younuo.server.social.api import router as social_router
from younuo.server.social.api import social_handler
from younuo.server.social.facts import NotFound
from younuo.server.tournaments.api import router as tournament_router
from younuo.server.tournaments.seriesapi import router as series_router
from younuo.server.tournaments.titleapi import router as title_router
from younuo.social.errors import SocialError

log = logging.getLogger(__name__)

WEB_STATIC = Path(younuo.__file__).parent / "web" / "static"
"""Where the web client's files live inside the package."""

SWITCH_INTERVAL = 0.001
"""Seconds a thread holds the GIL while another waits for it (Python's default: 0.005)."""

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Younuo</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>Younuo 優諾</h1>
<p>The server is running. The web table is not installed in this copy yet.</p>
<p>The REST API is described by <a href="/openapi.json">/openapi.json</a>; the WebSocket
protocol is <code>/ws</code> (docs/protocol.md, version {version}).</p>
</body></html>
"""


class RevalidatedFiles(StaticFiles):
    """The web client's files with ``Cache-Control: no-cache``: a browser keeps them but
    asks again each time (a 304 when unchanged), so that after an upgrade no player runs
    stale modules; the URLs carry no version to bust a cache with."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


class NodeApp(HeaderedFastAPI):
    """The application of one node, holding its :class:`Services` (routes read them with
    :func:`~younuo.server.services.services_of`)."""

    def __init__(self, services: Services, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services = services


def create_app(settings: Settings | None = None, bot_maker: BotMaker | None = None) -> NodeApp:
    """A ready-to-serve application for ``settings`` (defaults: see ``Settings``).

    ``bot_maker`` makes the bots, ``(level, seed, timing)``; the default is
    :func:`younuo.bots.make_bot` (another one serves tests and experiments). The services
    are built by :func:`~younuo.server.compose.build_services`; here they get their
    life (:func:`_lifespan`), their routes and the web client's files.
    """
    settings = settings or Settings.load()
    services, origin_key_made = build_services(settings, bot_maker)
    # Every response carries the security headers (server/edge/headers.py); the API pages,
    # which load their scripts from a CDN, only when an operator turns them on.
    app = NodeApp(
        services,
        docs_paths=DOCS_PATHS if settings.api_docs else (),
        docs_url="/docs" if settings.api_docs else None,
        redoc_url="/redoc" if settings.api_docs else None,
        title="Younuo",
        version=getattr(younuo, "__version__", "0.1.0"),
        description="The Younuo (優諾) game server: accounts, lobby, rooms, history. Real-time"
        f" play is on the WebSocket /ws (protocol version {PROTOCOL_VERSION}, docs/protocol.md).",
        lifespan=_lifespan(services, origin_key_made),
    )
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, refusals=services.refusals)
    add_error_handlers(app)
    app.add_exception_handler(AdminError, refusal_handler)
    app.add_exception_handler(SocialError, social_handler)
    app.add_exception_handler(NotFound, social_handler)
    for routes in ROUTERS:
        app.include_router(routes)
    app.add_api_route("/healthz", healthz, methods=["GET"], tags=["server"])
    app.add_api_websocket_route("/ws", websocket)
    static = settings.static_dir or WEB_STATIC
    if static.is_dir():
        app.mount("/", RevalidatedFiles(directory=static, html=True), name="web")
    else:
        app.add_api_route(
            "/", placeholder, methods=["GET"], response_class=HTMLResponse, include_in_schema=False
        )
    return app


ROUTERS = (
    accounts_router,
    lobby_router,
    match_router,
    admin_router,
    bot_router,  # bot accounts (issue 28): /api/me/bots
    series_router,  # series and titles (issue 27)
    title_router,
    tournament_router,  # tournaments (issue 27): /api/tournaments
    social_router,  # social play (issue 29): friends, blocks, notices, reports, chat log
    privacy_router,  # privacy (issue 38): /api/me/data and DELETE /api/me
)
"""The REST routes, by capability."""


def _lifespan(
    services: Services, origin_key_made: bool
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """Start-up and shutdown of the services, in order."""
    s = services

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await s.db.migrate()
        if origin_key_made:
            gone = await s.origins.forget_all()
            log.info("made the origin key in %s (%d older origins deleted)", s.settings.data, gone)
        if s.settings.deal_seed is not None:
            log.warning(
                "every match is dealt from the fixed seed %d (deal_seed): for tests only",
                s.settings.deal_seed,
            )
        # Thousands of long-lived games make the collector's full passes long pauses:
        # collect the young generation less often (the engine makes few cycles).
        gc.set_threshold(50_000, 20, 100)
        # The move log's writer thread takes the GIL back after each SQLite call; with
        # the event loop busy it waited up to the whole switch interval (5 ms) each
        # time, several times a batch, and every move of the batch waited with it.
        switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)
        if s.cluster is not None:
            await s.cluster.start()
        restored = await s.matches.restore()
        await s.lobby.restore()
        if restored:
            log.info("restored %d running match(es)", restored)
        # What start-up made (modules, the app, restored matches) stays: keep it out
        # of the collector's passes, which then walk only what play makes.
        gc.collect()
        gc.freeze()
        s.scheduler.start()
        try:
            yield
        finally:
            await s.scheduler.close()
            if s.cluster is not None:
                await s.cluster.close()
            await s.lobby.feed.close()
            await s.lobby.hosts.close()
            await s.matches.close()
            s.auth.close()
            await s.db.close()
            sys.setswitchinterval(switch)
            gc.unfreeze()

    return lifespan


async def healthz(request: Request) -> JSONResponse:
    """This node is alive, and whether its database (and Redis) answer."""
    s = services_of(request)
    try:
        async with s.db.session() as session:
            await session.execute(text("SELECT 1"))
        db_ok = True
    except Exception:
        db_ok = False
    redis_ok = s.cluster.redis_up if s.cluster is not None else None
    ok = db_ok and redis_ok is not False
    body = {
        "ok": ok,
        "node": s.settings.node_name,
        "db": s.db.dialect,
        "db_ok": db_ok,
        "redis": redis_ok,
        "scheduler": s.scheduler.holding,
        "matches": len(s.matches.runtimes),
        "connections": s.hub.count,
        "moves": s.matches.moves,
        # Requests about matches another node runs (docs/scaling.md, "Routing").
        "forwarded": s.cluster.forwarded.as_json() if s.cluster is not None else None,
        "protocol": PROTOCOL_VERSION,
    }
    return JSONResponse(body, status_code=200 if ok else 503)


async def websocket(ws: WebSocket) -> None:
    s = services_of(ws)
    await serve_socket(
        ws,
        s.auth,
        s.lobby,
        s.tables,
        s.hub,
        s.settings,
        s.guard,
        s.bot_limits,
        s.origins,
        s.social,
        s.code_guesses,
        s.refusals,
        s.write_limits,
    )


async def placeholder() -> str:
    """The page at ``/`` when the web client's files are not installed."""
    return PLACEHOLDER.format(version=PROTOCOL_VERSION)


__all__ = ["WEB_STATIC", "NodeApp", "create_app"]
