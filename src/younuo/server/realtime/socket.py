"""The WebSocket endpoint ``/ws``: one :class:`ClientSession` per connection.

The session checks the Origin, the size and rate of every frame, parses it into its
protocol model, and hands it to the lobby or the match service. Whatever goes wrong
with one message becomes an ``error`` frame for that message: a client cannot crash
the server or close it for others, and its connection stays open unless it floods.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from younuo.protocol import wirejson
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import (
    PROTOCOL_VERSION,
    Ack,
    AddBot,
    Autoplay,
    Chat,
    Configure,
    CreateRoom,
    Hello,
    JoinRoom,
    Kick,
    LeaveRoom,
    LeftRoom,
    ListRooms,
    Ping,
    PlayAction,
    Pong,
    ProtocolError,
    QuickMatch,
    Ready,
    RemoveBot,
    SetAvatar,
    SetCamp,
    StandUp,
    Start,
    Sync,
    TakeSeat,
    WatchLobby,
    Welcome,
    echo_ref,
    error,
    parse_client,
)
from younuo.protocol.messages import (
    Lobby as LobbyMessage,
)
from younuo.server.accounts.auth import Auth, AuthError, account_out, token_hash
from younuo.server.accounts.seatfacts import seat_facts
from younuo.server.admin.origins import Origins
from younuo.server.edge.limits import AddressGuard, BotLimits, Write, WriteLimits
from younuo.server.edge.refusallog import RefusalLog
from younuo.server.lobby.codeguesses import CodeGuesses
from younuo.server.lobby.feed import RoomFilter
from younuo.server.lobby.rooms import RoomState
from younuo.server.lobby.service import Lobby
from younuo.server.realtime.connections import Connection, Hub
from younuo.server.realtime.routing import Op, Router
from younuo.server.settings import Settings
from younuo.server.social.service import NotFound, SocialService
from younuo.social.errors import SocialError
from younuo.store.errors import is_outage
from younuo.store.models import Account

log = logging.getLogger(__name__)

CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
REFUSED_INPUT = frozenset(
    {ErrorCode.BAD_JSON, ErrorCode.BAD_MESSAGE, ErrorCode.UNKNOWN_TYPE, ErrorCode.TOO_LARGE}
)
"""Error codes that refuse a message's form (not what it asks): logged, rarely."""


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


class ClientSession:
    """One connection's conversation with the server."""

    def __init__(
        self,
        conn: Connection,
        auth: Auth,
        lobby: Lobby,
        tables: Router,
        hub: Hub,
        settings: Settings,
        bot_limits: BotLimits | None = None,
        origins: Origins | None = None,
        host: str | None = None,
        social: SocialService | None = None,
        code_guesses: CodeGuesses | None = None,
        refusals: RefusalLog | None = None,
        write_limits: WriteLimits | None = None,
    ) -> None:
        self.conn = conn
        self.refusals = refusals
        self.code_guesses = code_guesses
        self.write_limits = write_limits
        self.bot_limits = bot_limits
        self.origins = origins
        self.host = host
        self.social = social
        self.auth = auth
        self.lobby = lobby
        self.tables = tables
        self.hub = hub
        self.settings = settings
        self.account: Account | None = None
        self._origin_task: asyncio.Task[None] | None = None
        """The write of this connection's origin (held: a bare task may be collected)."""
        self._handlers: dict[type, Callable[[Any], Awaitable[None]]] = {
            Ping: self.ping,
            ListRooms: self.list_rooms,
            WatchLobby: self.watch_lobby,
            CreateRoom: self.create_room,
            JoinRoom: self.join_room,
            QuickMatch: self.quick_match,
            LeaveRoom: self.leave_room,
            TakeSeat: self.take_seat,
            StandUp: self.stand_up,
            Ready: self.ready,
            SetAvatar: self.avatar,
            Kick: self.kick,
            SetCamp: self.set_camp,
            Configure: self.configure,
            AddBot: self.add_bot,
            RemoveBot: self.remove_bot,
            Start: self.start,
            PlayAction: self.action,
            Autoplay: self.autoplay,
            Sync: self.sync,
            Chat: self.chat,
        }

    # ------------------------------------------------------------------ frames
    async def receive(self, raw: str | bytes) -> None:
        """Handle one frame; every failure becomes an ``error`` frame."""
        limit = self.settings.max_message_bytes
        too_large = frame_bytes(raw, limit) > limit
        # Every frame counts against the rate, refused ones too: a stream of frames just
        # over the size limit is a flood like any other.
        if not self.conn.limit.allow():
            if self.conn.limit.abusive:
                self.conn.close(CLOSE_POLICY)
            else:
                ref = None if too_large else _ref_of(raw)
                self.conn.send(error(ErrorCode.RATE_LIMITED, "too many messages: slow down", ref))
            return
        if too_large:
            self._refused(ErrorCode.TOO_LARGE)
            self.conn.send(error(ErrorCode.TOO_LARGE, f"messages are at most {limit} bytes"))
            return
        ref = None
        try:
            message = parse_client(raw)
            ref = message.ref
            if isinstance(message, Hello):
                await self.hello(message)
            elif self.account is None:
                raise ProtocolError(ErrorCode.NOT_AUTHENTICATED, "send hello with your token first")
            else:
                await self._bot_budget(ref)
                await self._handlers[type(message)](message)
        except ProtocolError as exc:
            if exc.code in REFUSED_INPUT:
                self._refused(exc.code)
            self.conn.send(
                error(exc.code, exc.message, exc.ref if exc.ref is not None else ref, exc.details)
            )
        except AuthError as exc:
            self.conn.send(error(exc.code, exc.message, ref))
        except SocialError as exc:  # chat refused by the social rules (docs/social.md)
            self.conn.send(error(exc.code.value, exc.message, ref))
        except NotFound as exc:  # a direct message to no such account
            self.conn.send(error(ErrorCode.NOT_FOUND, exc.message, ref))
        except Exception as exc:
            if is_outage(exc):
                self.conn.send(
                    error(ErrorCode.UNAVAILABLE, "the database did not answer: retry soon", ref)
                )
                return
            # A server fault, not the client's: the malformed input that could cause one
            # (wirejson's policy, the models' bounds) is refused before any handler runs.
            log.exception("message from %s failed", self.account.id if self.account else "?")
            self.conn.send(error(ErrorCode.INTERNAL, "the server failed on this message", ref))

    def _refused(self, code: str) -> None:
        """A message refused for its form: in the log once per client and period."""
        if self.refusals is not None:
            self.refusals.refused(self.host, f"a WebSocket message ({code})")

    async def _bot_budget(self, ref: Any) -> None:
        """A bot account's message counts against its account's budget (docs/client.md)."""
        refusal = None if self.bot_limits is None else await self.bot_limits.check(self.me)
        if refusal is not None:
            raise ProtocolError(
                ErrorCode.RATE_LIMITED,
                f"{refusal.message}: try again in {refusal.retry_after} s",
                ref,
                {"retry_after": refusal.retry_after},
            )

    def _ack(self, ref: Any) -> None:
        if ref is not None:
            self.conn.send(Ack(ref=ref))

    @property
    def me(self) -> Account:
        assert self.account is not None
        return self.account

    # ------------------------------------------------------------------ connecting
    async def hello(self, m: Hello) -> None:
        if m.protocol != PROTOCOL_VERSION:
            raise ProtocolError(
                ErrorCode.BAD_PROTOCOL,
                f"this server speaks protocol {PROTOCOL_VERSION}, not {m.protocol}",
                m.ref,
            )
        if self.account is not None:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "already authenticated", m.ref)
        account = await self.auth.account(m.token)
        room = await self.lobby.room_of(account.id)
        # From attaching to the welcome with no await between: nothing sent to the
        # account (a room, a state) can reach this connection ahead of its welcome.
        # It gets a match's updates only from its first state of that match on
        # (MatchService.send_state).
        hashed = token_hash(m.token)
        if self.hub.revoked(hashed):  # logged out while this hello was being checked
            raise AuthError(
                ErrorCode.NOT_AUTHENTICATED, "this session was logged out: log in again"
            )
        self.account = account
        self.conn.deltas = m.deltas
        self.conn.token_hash = hashed
        self.hub.attach(account.id, self.conn)
        self.hub.follow(account.id, room.id if room else None)
        attached = self.hub.peers.attached(account.id)
        self.conn.send(
            Welcome(
                ref=m.ref,
                server_time=time.time(),
                account=account_out(account),
                room=room.id if room else None,
            )
        )
        if self.origins is not None:  # for the fair-play scan, off the connection's path
            self._origin_task = asyncio.create_task(
                self.origins.seen(account.id, self.host, m.browser)
            )
        await attached  # the other nodes know this account is here now
        if room is None:
            return
        match = room.match_id
        if match is not None:
            with contextlib.suppress(ProtocolError):
                await self.tables.request(match, Op.BACK, account.id)
        await self.lobby.touch(room.id)  # shows the seat connected again
        if match is not None:
            await self.tables.send_state(match, account.id)

    async def disconnected(self) -> None:
        self._unwatch_lobby()
        if self.account is None:
            return
        account = self.account.id
        if self.hub.detach(account, self.conn):
            room = self.hub.room_of.get(account)
            if room is None or not await self.hub.peers.gone(account):
                return
            match = await self.lobby.match_in(room)
            if match is not None:
                with contextlib.suppress(ProtocolError):
                    await self.tables.request(match, Op.AWAY, account)
            await self.lobby.touch(room)

    # ------------------------------------------------------------------ lobby
    async def ping(self, m: Ping) -> None:
        self.conn.send(Pong(ref=m.ref, server_time=time.time()))

    async def list_rooms(self, m: ListRooms) -> None:
        rooms = await self.lobby.listing(m.mode, m.preset, m.free_seats)
        self.conn.send(LobbyMessage(ref=m.ref, rooms=rooms))

    async def watch_lobby(self, m: WatchLobby) -> None:
        if m.on:  # answered by the listing now, then pushes (lobby/feed.py)
            await self.lobby.feed.watch(
                self.conn, RoomFilter(m.mode, m.preset, m.free_seats), m.ref
            )
            if self.account is not None:  # friends see them in the lobby
                self.hub.peers.watching_lobby(self.account.id, True)
        else:
            self._unwatch_lobby()
            self._ack(m.ref)

    def _unwatch_lobby(self) -> None:
        """Stop the lobby's pushes to this connection, and its presence ``lobby``
        unless the account's newer connection here watches it too."""
        if not self.lobby.feed.unwatch(self.conn) or self.account is None:
            return
        if self.account.id not in self.lobby.feed.accounts():
            self.hub.peers.watching_lobby(self.account.id, False)

    async def create_room(self, m: CreateRoom) -> None:
        # The same budget as POST /api/rooms: leaving and creating again is no way round.
        refusal = (
            None
            if self.write_limits is None
            else await self.write_limits.check(self.me, Write.ROOMS)
        )
        if refusal is not None:
            raise ProtocolError(
                ErrorCode.TOO_MANY_WRITES,
                f"{refusal.message}: try again in {refusal.retry_after} s",
                m.ref,
                {"retry_after": refusal.retry_after},
            )
        await self.lobby.create(self.me, m.settings)
        self._ack(m.ref)

    async def join_room(self, m: JoinRoom) -> None:
        if m.room is None and m.code is None:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "give the room's id or its code", m.ref)
        if m.code is None or self.code_guesses is None:
            room = await self.lobby.join(self.me, m.room, m.code, m.spectate)
        else:
            room = await self._join_by_code(m, self.code_guesses)
        self._ack(m.ref)
        if room.match_id is not None:
            await self.tables.send_state(room.match_id, self.me.id)

    async def _join_by_code(self, m: JoinRoom, guesses: CodeGuesses) -> RoomState:
        """A join naming a code spends the budget of wrong codes (server/lobby/codeguesses.py);
        any answer but ``room_not_found`` means the code was right and costs nothing."""
        refusal = await guesses.attempt(self.me.id, self.host)
        if refusal is not None:
            raise ProtocolError(
                ErrorCode.RATE_LIMITED,
                f"{refusal.message}: try again in {refusal.retry_after} s",
                m.ref,
                {"retry_after": refusal.retry_after},
            )
        try:
            room = await self.lobby.join(self.me, m.room, m.code, m.spectate)
        except ProtocolError as exc:
            if exc.code != ErrorCode.ROOM_NOT_FOUND:
                await guesses.right(self.me.id, self.host)
            raise
        await guesses.right(self.me.id, self.host)
        return room

    async def quick_match(self, m: QuickMatch) -> None:
        await self.lobby.quick_match(self.me, m.preset, m.mode)
        self._ack(m.ref)

    async def leave_room(self, m: LeaveRoom) -> None:
        room = await self.lobby.leave(self.me)
        if room is None:
            raise ProtocolError(ErrorCode.NOT_IN_ROOM, "you are not in a room", m.ref)
        self.conn.send(LeftRoom(ref=m.ref, room=room))

    async def take_seat(self, m: TakeSeat) -> None:
        me = self.me
        facts = seat_facts(me)
        await self.lobby.act(me, lambda r: r.take_seat(me.id, facts, m.seat))
        self._ack(m.ref)

    async def stand_up(self, m: StandUp) -> None:
        await self.lobby.act(self.me, lambda r: r.stand_up(self.me.id))
        self._ack(m.ref)

    async def ready(self, m: Ready) -> None:
        await self.lobby.act(self.me, lambda r: r.set_ready(self.me.id, m.ready))
        self._ack(m.ref)

    async def avatar(self, m: SetAvatar) -> None:
        await self.lobby.set_avatar(self.me, m.avatar)
        self._ack(m.ref)

    async def kick(self, m: Kick) -> None:
        await self.lobby.kick(self.me, m.seat)
        self._ack(m.ref)

    async def set_camp(self, m: SetCamp) -> None:
        await self.lobby.act(self.me, lambda r: r.set_camp(self.me.id, m.seat, m.camp))
        self._ack(m.ref)

    async def configure(self, m: Configure) -> None:
        await self.lobby.configure(self.me, m.settings)
        self._ack(m.ref)

    async def add_bot(self, m: AddBot) -> None:
        await self.lobby.act(self.me, lambda r: r.add_bot(self.me.id, m.level, m.seat))
        self._ack(m.ref)

    async def remove_bot(self, m: RemoveBot) -> None:
        await self.lobby.act(self.me, lambda r: r.remove_bot(self.me.id, m.seat))
        self._ack(m.ref)

    async def start(self, m: Start) -> None:
        await self.lobby.start(self.me)
        self._ack(m.ref)

    # ------------------------------------------------------------------ play
    async def action(self, m: PlayAction) -> None:
        body = m.action.model_dump(exclude_none=True)
        await self.tables.request(m.match, Op.PLAY, self.me.id, body=body, version=m.version)
        self._ack(m.ref)
        if body.get("type") == "leave":
            await self.lobby.leave(self.me)

    async def autoplay(self, m: Autoplay) -> None:
        match = await self._my_match()
        await self.tables.request(match, Op.AUTOPLAY, self.me.id, on=m.on)
        self._ack(m.ref)

    async def sync(self, m: Sync) -> None:
        room = await self.lobby.room_of(self.me.id)
        match = room.match_id if room is not None else None
        if match is None or not await self.tables.send_state(match, self.me.id, ref=m.ref):
            raise ProtocolError(ErrorCode.NO_MATCH, "no running match to sync", m.ref)

    # ------------------------------------------------------------------ social
    async def chat(self, m: Chat) -> None:
        """Post to a room's chat: acked, and pushed as ``chat`` to its readers (docs/social.md)."""
        if self.social is None:
            raise ProtocolError(ErrorCode.UNAVAILABLE, "chat is not served here", m.ref)
        await self.social.post(self.me, m)
        self._ack(m.ref)

    async def _my_match(self) -> str:
        """The running match of the account's room (whose node checks the seat)."""
        room = await self.lobby.room_of(self.me.id)
        if room is None or room.match_id is None:
            raise ProtocolError(ErrorCode.NO_MATCH, "you play in no running match")
        return room.match_id


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
        social,
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


def frame_bytes(raw: str | bytes, limit: int) -> int:
    """The size of a frame in bytes (a text frame's UTF-8), or ``limit + 1`` once it is
    surely over ``limit`` (a text of more characters than that has more bytes)."""
    if isinstance(raw, bytes):
        return len(raw)
    if len(raw) > limit:
        return limit + 1
    if raw.isascii():
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))


def _ref_of(raw: str | bytes) -> Any:
    """The ``ref`` of a message, if it has a usable one (for errors sent before parsing)."""
    try:
        decoded = wirejson.loads(raw)
    except wirejson.BadJson:
        return None
    return echo_ref(decoded.get("ref")) if isinstance(decoded, dict) else None


__all__ = ["ClientSession", "origin_allowed", "serve_socket"]
