"""The WebSocket endpoint ``/ws``: :func:`serve_socket` accepts a connection (or refuses
it: Origin, the address's cap or ban) and feeds its frames to one
:class:`~younuo.server.realtime.session.ClientSession` until it closes.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import ErrorOut, dump
from younuo.protocol.route import ROOM_PARAM, BadRoute, routed_room
from younuo.server.accounts.auth import Auth
from younuo.server.admin.origins import Origins
from younuo.server.edge.limits import AddressGuard, BotLimits, WriteLimits
from younuo.server.edge.refusallog import RefusalLog
from younuo.server.lobby.codeguesses import CodeGuesses
from younuo.server.lobby.service import Lobby
from younuo.server.realtime.connections import Connection, Hub
from younuo.server.realtime.frames import CLOSE_BAD_ROUTE, CLOSE_POLICY, CLOSE_TOO_BIG
from younuo.server.realtime.routing import Router
from younuo.server.realtime.session import ClientSession
from younuo.server.settings import Settings
from younuo.server.social.service import SocialService


def origin_allowed(ws: WebSocket, settings: Settings) -> bool:
    """A browser's Origin must be this server's own origin or an allowed one."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: programs need no Origin
    if origin in settings.allowed_origins or "*" in settings.allowed_origins:
        return True
    host = ws.headers.get("host", "")
    parts = urlsplit(origin)
    return bool(parts.netloc) and parts.netloc.lower() == host.lower()


async def serve_socket(
    ws: WebSocket,
    auth: Auth,
    lobby: Lobby,
    tables: Router,
    hub: Hub,
    settings: Settings,
    guard: AddressGuard,
    bot_limits: BotLimits | None = None,
    origins: Origins | None = None,
    social: SocialService | None = None,
    code_guesses: CodeGuesses | None = None,
    refusals: RefusalLog | None = None,
    write_limits: WriteLimits | None = None,
) -> None:
    """The ``/ws`` endpoint's body.

    ``guard`` holds the limits by client address: a connection over the address's cap
    or from a banned address is closed at once (accepted first, so that a browser,
    which never sees a refused handshake's status, learns the close code; ``younuo
    serve`` refuses those earlier still, in :class:`~younuo.server.edge.limits.FrontDoor`);
    a flood (the per-connection rate's close) or a frame over ``max_frame_bytes`` is a
    strike.
    """
    if not origin_allowed(ws, settings):
        await ws.close(code=CLOSE_POLICY)  # before accept: the handshake gets HTTP 403
        return
    host = ws.client.host if ws.client else None
    refused = guard.refusal(host)
    await ws.accept()
    if refused is not None:
        await ws.close(*refused)
        return
    try:
        routed_room(ws.query_params.getlist(ROOM_PARAM))
    except BadRoute as exc:
        refusal = ErrorOut(code=ErrorCode.BAD_MESSAGE, message=str(exc))
        await ws.send_text(dump(refusal))
        await ws.close(CLOSE_BAD_ROUTE)
        return
    conn = Connection(ws, settings.send_queue, settings.rate_per_second, settings.rate_burst)
    guard.attach(host, conn)
    session = ClientSession(
        conn,
        auth,
        lobby,
        tables,
        hub,
        settings,
        bot_limits,
        origins,
        host,
        social.chat if social is not None else None,
        code_guesses,
        refusals,
        write_limits,
    )
    try:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                # uvicorn's parser stops at the header of a frame over ws_max_size
                # (max_frame_bytes) and closes with 1009: the frame is never read.
                if message.get("code") == CLOSE_TOO_BIG:
                    guard.strike(host)
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            await session.receive(raw)
            if conn.close_code == CLOSE_POLICY:
                guard.strike(host)  # closed for flooding
    except WebSocketDisconnect:
        pass
    except RuntimeError:
        pass  # receive after the socket closed
    finally:
        guard.detach(host, conn)
        await session.disconnected()
        if not conn.closed:
            conn.close()
        await conn.stop()


__all__ = ["origin_allowed", "serve_socket"]
