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
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text

import younuo
from younuo.protocol.messages import PROTOCOL_VERSION
from younuo.server.accounts.auth import Auth
from younuo.server.accounts.botapi import router as bot_router
from younuo.server.accounts.bots import BotAccounts
from younuo.server.accounts.personaldata import PersonalData
from younuo.server.accounts.privacyapi import router as privacy_router
from younuo.server.admin.api import refusal_handler
from younuo.server.admin.api import router as admin_router
from younuo.server.admin.fairplay import FairPlay
from younuo.server.admin.origins import Origins
from younuo.server.admin.originsecret import kept_secret
from younuo.server.admin.sanctions import Sanctions
from younuo.server.admin.service import Admin, AdminError
from younuo.server.api import add_error_handlers, router
from younuo.server.cluster.scheduler import Job, Scheduler
from younuo.server.edge.bodylimit import BodyLimit
from younuo.server.edge.headers import DOCS_PATHS, HeaderedFastAPI
from younuo.server.edge.limits import AddressGuard, AuthLimits, BotLimits, WriteLimits
from younuo.server.edge.refusallog import RefusalLog
from younuo.server.lobby.codeguesses import CodeGuesses
from younuo.server.lobby.service import Lobby
from younuo.server.match.bots import BotMaker
from younuo.server.match.replays import ReplayCache
from younuo.server.match.service import MatchService
from younuo.server.realtime.connections import Hub
from younuo.server.realtime.routing import Router
from younuo.server.realtime.socket import serve_socket
from younuo.server.settings import Settings
from younuo.server.social.api import router as social_router
from younuo.server.social.api import social_handler
from younuo.server.social.service import NotFound, SocialService
from younuo.server.tournaments.api import router as tournament_router
from younuo.server.tournaments.news import TournamentNews
from younuo.server.tournaments.series import SeriesService
from younuo.server.tournaments.seriesapi import router as series_router
from younuo.server.tournaments.service import TournamentService
from younuo.server.tournaments.tables import TournamentTables
from younuo.server.tournaments.titleapi import router as title_router
from younuo.server.tournaments.titles import Titles
from younuo.social.errors import SocialError
from younuo.store import Database

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


def create_app(settings: Settings | None = None, bot_maker: BotMaker | None = None) -> FastAPI:
    """A ready-to-serve application for ``settings`` (defaults: see ``Settings``).

    ``bot_maker`` makes the bots, ``(level, seed, timing)``; the default is
    :func:`younuo.bots.make_bot` (another one serves tests and experiments).
    """
    settings = settings or Settings.load()
    db = Database.from_url(settings.database_url, sqlite_synchronous=settings.sqlite_synchronous)
    hub = Hub()
    matches = MatchService(db, hub, settings, bot_maker)
    tables = Router(matches)
    lobby = Lobby(db, hub, matches, tables)
    auth = Auth(db, settings.token_days, settings.hash_workers)
    guard = AddressGuard(settings)
    bot_limits = BotLimits(settings, hub)
    code_guesses = CodeGuesses(settings, hub)
    cluster = None
    if settings.redis:
        # Imported only for a node of several: Redis's client adds most of a second to
        # every start of a single server.
        from younuo.server.cluster.node import Cluster

        cluster = Cluster(settings, db, hub, matches, tables, lobby)
    origins = Origins(db, settings.origin_secret, settings.origin_days)
    fairplay = FairPlay(db, settings.fairplay_window_days, settings.fairplay_max_matches, origins)
    jobs = [
        Job("purge_sessions", settings.session_purge_seconds, auth.purge_expired),
        Job("purge_origins", settings.session_purge_seconds, origins.purge),
    ]
    if settings.fairplay_scan_seconds > 0:
        jobs.append(Job("fairplay_scan", settings.fairplay_scan_seconds, fairplay.scan))
    # --- tournaments (issue 27): the shell's job under the scheduler's lease ---
    tournaments = TournamentService(db)
    # A table is a room and a match on the match service (server/tournaments/tables.py);
    # a table's match ending goes on to the event at once, after the room's own hook.
    tables_of_events = TournamentTables(db, hub, lobby, matches, tournaments)
    tournaments.carry_out = tables_of_events.carry_out
    tournaments.changed = TournamentNews(hub).changed
    room_over = matches.on_match_over

    async def match_over(room_id: str | None, match_id: str) -> None:
        if room_over is not None:
            await room_over(room_id, match_id)
        await tables_of_events.match_over(room_id, match_id)

    matches.on_match_over = match_over
    if settings.tournament_tick_seconds > 0:
        jobs.append(
            Job(
                "tournaments",
                settings.tournament_tick_seconds,
                lambda: tournaments.tick(datetime.now(UTC)),
            )
        )
    series = SeriesService(db, tournaments)
    if settings.series_tick_seconds > 0:
        jobs.append(
            Job("series", settings.series_tick_seconds, lambda: series.tick(datetime.now(UTC)))
        )
    # --- social play (issue 29): friends, notices, chat, reports; the chat purge job ---
    social = SocialService(db, hub, lobby, settings)
    if settings.chat_purge_seconds > 0:
        jobs.append(Job("purge_chat", settings.chat_purge_seconds, social.purge_chat))
    if settings.evidence_purge_seconds > 0:
        # Evidence has a retention of its own (docs/security.md, "Privacy").
        jobs.append(Job("purge_evidence", settings.evidence_purge_seconds, social.purge_evidence))
    scheduler = Scheduler(db, settings.node_name, jobs, settings.match_lease)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await db.migrate()
        if not settings.origin_secret:
            # A single server keeps its own key (several nodes must be given one).
            origins.secret, made = kept_secret(settings.data)
            if made:
                gone = await origins.forget_all()
                log.info(
                    "made the origin key in %s (%d older origins deleted)", settings.data, gone
                )
        if settings.deal_seed is not None:
            log.warning(
                "every match is dealt from the fixed seed %d (deal_seed): for tests only",
                settings.deal_seed,
            )
        # Thousands of long-lived games make the collector's full passes long pauses:
        # collect the young generation less often (the engine makes few cycles).
        gc.set_threshold(50_000, 20, 100)
        # The move log's writer thread takes the GIL back after each SQLite call; with
        # the event loop busy it waited up to the whole switch interval (5 ms) each
        # time, several times a batch, and every move of the batch waited with it.
        switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)
        if cluster is not None:
            await cluster.start()
        restored = await matches.restore()
        await lobby.restore()
        if restored:
            log.info("restored %d running match(es)", restored)
        # What start-up made (modules, the app, restored matches) stays: keep it out
        # of the collector's passes, which then walk only what play makes.
        gc.collect()
        gc.freeze()
        app.state.started = time.time()
        scheduler.start()
        try:
            yield
        finally:
            await scheduler.close()
            if cluster is not None:
                await cluster.close()
            await lobby.feed.close()
            await matches.close()
            auth.close()
            await db.close()
            sys.setswitchinterval(switch)
            gc.unfreeze()

    # Every response carries the security headers (server/edge/headers.py); the API pages,
    # which load their scripts from a CDN, only when an operator turns them on.
    app = HeaderedFastAPI(
        docs_paths=DOCS_PATHS if settings.api_docs else (),
        docs_url="/docs" if settings.api_docs else None,
        redoc_url="/redoc" if settings.api_docs else None,
        title="Younuo",
        version=getattr(younuo, "__version__", "0.1.0"),
        description="The Younuo (優諾) game server: accounts, lobby, rooms, history. Real-time"
        f" play is on the WebSocket /ws (protocol version {PROTOCOL_VERSION}, docs/protocol.md).",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.db = db
    app.state.hub = hub
    app.state.matches = matches
    app.state.lobby = lobby
    app.state.tables = tables
    app.state.auth = auth
    app.state.admin = Admin(db)
    app.state.fairplay = fairplay
    app.state.tournaments = tournaments
    # A ban's or a suspension's effects on the live server (server/admin/sanctions.py).
    app.state.sanctions = Sanctions(hub, lobby, tournaments)
    app.state.auth_limits = AuthLimits(settings)
    app.state.guard = guard
    app.state.bot_limits = bot_limits
    app.state.code_guesses = code_guesses
    app.state.write_limits = write_limits = WriteLimits(settings, hub)
    app.state.replays = ReplayCache()
    # --- privacy (issue 38): /api/me/data and DELETE /api/me ---
    app.state.personal_data = PersonalData(db, hub, auth, lobby, app.state.replays)
    app.state.cluster = cluster
    # Refused input (bad bodies and frames) in the log: once per client and minute.
    app.state.refusals = refusals = RefusalLog()
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, refusals=refusals)
    app.state.scheduler = scheduler
    # Called on SIGTERM before the connections close (younuo serve): hand matches over.
    app.state.drain = cluster.drain if cluster is not None else None
    add_error_handlers(app)
    app.add_exception_handler(AdminError, refusal_handler)
    app.include_router(router)
    app.include_router(admin_router)
    # --- bot accounts (issue 28): /api/me/bots ---
    app.state.bot_accounts = BotAccounts(db)
    app.include_router(bot_router)
    # --- series and titles (issue 27) ---
    app.state.series = series
    app.state.titles = Titles(db)
    app.include_router(series_router)
    app.include_router(title_router)
    # --- tournaments (issue 27): /api/tournaments ---
    app.include_router(tournament_router)
    # --- social play (issue 29): /api/me/friends, blocks, notices, reports, chat log ---
    app.state.social = social
    app.add_exception_handler(SocialError, social_handler)
    app.add_exception_handler(NotFound, social_handler)
    app.include_router(social_router)
    app.include_router(privacy_router)

    @app.get("/healthz", tags=["server"])
    async def healthz(request: Request) -> JSONResponse:
        """This node is alive, and whether its database (and Redis) answer."""
        try:
            async with db.session() as s:
                await s.execute(text("SELECT 1"))
            db_ok = True
        except Exception:
            db_ok = False
        redis_ok = cluster.redis_up if cluster is not None else None
        ok = db_ok and redis_ok is not False
        body = {
            "ok": ok,
            "node": settings.node_name,
            "db": db.dialect,
            "db_ok": db_ok,
            "redis": redis_ok,
            "scheduler": scheduler.holding,
            "matches": len(matches.runtimes),
            "connections": hub.count,
            "moves": matches.moves,
            "protocol": PROTOCOL_VERSION,
        }
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await serve_socket(
            ws,
            auth,
            lobby,
            tables,
            hub,
            settings,
            guard,
            bot_limits,
            origins,
            social,
            code_guesses,
            refusals,
            write_limits,
        )

    static = settings.static_dir or WEB_STATIC
    if static.is_dir():
        app.mount("/", RevalidatedFiles(directory=static, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def placeholder() -> str:
            return PLACEHOLDER.format(version=PROTOCOL_VERSION)

    return app


__all__ = ["WEB_STATIC", "create_app"]
