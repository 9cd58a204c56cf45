"""``younuo serve``: run the game server (FastAPI on uvicorn).

With no options it listens on 127.0.0.1:8000 and keeps its SQLite database in
``./data``; nothing else needs installing. ``--db`` points at PostgreSQL instead.
Every option also has an environment variable and a config-file key (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Annotated

import typer


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
    config: Annotated[
        Path | None, typer.Option(help="A TOML file of settings (also YOUNUO_CONFIG).")
    ] = None,
    log_level: Annotated[str | None, typer.Option(help="Log level (default info).")] = None,
    migrate_only: Annotated[
        bool, typer.Option("--migrate-only", help="Apply the database migrations and exit.")
    ] = False,
) -> None:
    """Run the game server: web table at /, REST API (/docs), WebSocket at /ws, /healthz."""
    import uvicorn

    from younuo.server import Settings, create_app
    from younuo.store import Database

    if data is not None and db is not None:
        typer.echo("younuo serve: give --data or --db, not both", err=True)
        raise typer.Exit(2)
    try:
        settings = Settings.load(
            config, host=host, port=port, data=data, db=db, log_level=log_level
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
    where = _safe(settings.database_url)
    typer.echo(f"younuo serve: http://{settings.host}:{settings.port}/ (database {where})")
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        # The sans-I/O websockets protocol checks a frame's length in its header and
        # closes (1009) before reading the payload: an oversized frame costs nothing.
        # Named rather than "auto", so that a change of uvicorn's default cannot
        # silently bring an implementation that reads frames whole first.
        ws="websockets-sansio",
        ws_max_size=settings.max_frame_bytes,
        ws_per_message_deflate=settings.ws_compression,
        proxy_headers=True,
    )


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
