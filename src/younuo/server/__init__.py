"""The Younuo game server: FastAPI on uvicorn, REST + WebSocket, SQLAlchemy persistence.

``create_app(settings)`` builds the application (``younuo serve`` runs it). Modules:
``settings`` (pydantic-settings), ``protocol`` (every wire message as a pydantic model),
``auth`` and ``names`` (accounts, sessions, validation), ``rooms`` (the room's pure
rules) and ``lobby`` (rooms stored and shared), ``match`` (the one action path, bots,
restore), ``clocks`` (deadlines as data), ``connections`` (who is online, fan-out),
``ws`` (the WebSocket endpoint) and ``api`` (REST).
"""

from younuo.server.app import create_app
from younuo.server.settings import Settings

__all__ = ["Settings", "create_app"]
