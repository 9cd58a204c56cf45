"""The Younuo game server: FastAPI on uvicorn, REST + WebSocket, SQLAlchemy persistence.

``create_app(settings)`` builds the application (``younuo serve`` runs it). Modules:
``settings`` (pydantic-settings), ``protocol`` (every wire message as a pydantic model)
and ``restmodels`` (the REST-only bodies and answers), ``auth`` and ``names`` (accounts,
sessions, validation), ``rooms`` (the room's pure rules) and ``lobby`` (rooms stored and
shared), ``match`` (the one action path, bots, restore), ``clocks`` (deadlines as
data), ``connections`` (who is online, fan-out), ``ws`` (the WebSocket endpoint) and
``api`` (REST).

``create_app`` and ``Settings`` are loaded on first use: importing
``younuo.server.protocol`` (as ``younuo.client`` does) must not load the whole web
application, which takes seconds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from younuo.server.app import create_app
    from younuo.server.settings import Settings


def __getattr__(name: str) -> Any:
    # PEP 562: the package's two names, imported when first asked for.
    if name == "create_app":
        from younuo.server.app import create_app

        return create_app
    if name == "Settings":
        from younuo.server.settings import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Settings", "create_app"]
