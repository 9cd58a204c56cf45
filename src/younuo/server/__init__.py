"""The Younuo game server: FastAPI on uvicorn, REST + WebSocket, SQLAlchemy persistence.

:func:`younuo.server.compose.build_services` is the composition root: it builds every
service with its collaborators; :func:`younuo.server.app.create_app` makes the application
over them and its routes (``younuo serve`` runs it with
:class:`younuo.server.settings.Settings`). The server is a set of capability packages,
each with its pure core, its service and its routes or messages:

- ``match``: a running match (pure transitions in ``core``, the one action path in
  ``service``, bots, clocks, views, privacy, replays);
- ``realtime``: the WebSocket endpoint, connections, each match's feed, routing;
- ``cluster``: several nodes on PostgreSQL and Redis, shared limits, the scheduler;
- ``lobby``: rooms (pure rules in ``rooms``), the lobby service and feed, room codes;
- ``seats``: the one seat value a room and a match share, and its wire forms;
- ``accounts``: sign-in, names, bot accounts, seat facts, a player's own data;
- ``admin``: roles and standing, sanctions, the fair-play scan;
- ``tournaments``: tournaments, series and titles;
- ``social``: friends, presence, invitations, chat, reports;
- ``edge``: body size, security headers, rate limits, the refusal log.

The wire models live below the server, in :mod:`younuo.protocol`, so that the client
library shares them without importing the server. docs/architecture.md says where a new
feature goes.
"""
