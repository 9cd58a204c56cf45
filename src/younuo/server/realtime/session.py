"""One connection's conversation with the server: :class:`ClientSession`.

It checks the size and rate of every frame, parses it into its protocol model, signs the
client in (``hello``) and hands every other message to its handler (rooms, lobby, play,
chat: one class each). Whatever goes wrong with one message becomes an ``error`` frame
for that message: a client cannot crash the server or close it for others, and its
connection stays open unless it floods.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import (
    PROTOCOL_VERSION,
    Hello,
    Ping,
    Pong,
    ProtocolError,
    Welcome,
    error,
    parse_client,
)
from younuo.server.accounts.auth import Auth, AuthError, account_out, token_hash
from younuo.server.admin.origins import Origins
from younuo.server.edge.limits import BotLimits, WriteLimits
from younuo.server.edge.refusallog import RefusalLog
from younuo.server.lobby.codeguesses import CodeGuesses
from younuo.server.lobby.service import Lobby
from younuo.server.realtime.chathandlers import ChatHandlers, ChatPosts
from younuo.server.realtime.client import Handlers, SocketClient, over_budget
from younuo.server.realtime.connections import Connection, Hub
from younuo.server.realtime.frames import CLOSE_POLICY, REFUSED_INPUT, frame_bytes, ref_of
from younuo.server.realtime.lobbyhandlers import LobbyHandlers
from younuo.server.realtime.playhandlers import PlayHandlers
from younuo.server.realtime.roomhandlers import RoomHandlers
from younuo.server.realtime.routing import Op, Router
from younuo.server.settings import Settings
from younuo.server.social.facts import NotFound
from younuo.social.errors import SocialError
from younuo.store.errors import is_outage

log = logging.getLogger(__name__)


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
        chat: ChatPosts | None = None,
        code_guesses: CodeGuesses | None = None,
        refusals: RefusalLog | None = None,
        write_limits: WriteLimits | None = None,
    ) -> None:
        self.client = SocketClient(conn, host)
        self.conn = conn
        self.auth = auth
        self.lobby = lobby
        self.tables = tables
        self.hub = hub
        self.settings = settings
        self.bot_limits = bot_limits
        self.origins = origins
        self.refusals = refusals
        self._origin_task: asyncio.Task[None] | None = None
        """The write of this connection's origin (held: a bare task may be collected)."""
        self.lobby_watch = LobbyHandlers(self.client, lobby, hub)
        self._handlers: Handlers = {
            Ping: self.ping,
            **self.lobby_watch.handlers(),
            **RoomHandlers(self.client, lobby, tables, write_limits, code_guesses).handlers(),
            **PlayHandlers(self.client, lobby, tables).handlers(),
            **ChatHandlers(self.client, chat).handlers(),
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
                ref = None if too_large else ref_of(raw)
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
            elif self.client.account is None:
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
            account = self.client.account
            log.exception("message from %s failed", account.id if account else "?")
            self.conn.send(error(ErrorCode.INTERNAL, "the server failed on this message", ref))

    def _refused(self, code: str) -> None:
        """A message refused for its form: in the log once per client and period."""
        if self.refusals is not None:
            self.refusals.refused(self.client.host, f"a WebSocket message ({code})")

    async def _bot_budget(self, ref: Any) -> None:
        """A bot account's message counts against its account's budget (docs/client.md)."""
        refusal = None if self.bot_limits is None else await self.bot_limits.check(self.client.me)
        if refusal is not None:
            raise over_budget(refusal, ref)

    async def ping(self, m: Ping) -> None:
        self.conn.send(Pong(ref=m.ref, server_time=time.time()))

    # ------------------------------------------------------------------ connecting
    async def hello(self, m: Hello) -> None:
        if m.protocol != PROTOCOL_VERSION:
            raise ProtocolError(
                ErrorCode.BAD_PROTOCOL,
                f"this server speaks protocol {PROTOCOL_VERSION}, not {m.protocol}",
                m.ref,
            )
        if self.client.account is not None:
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
        self.client.account = account
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
                self.origins.seen(account.id, self.client.host, m.browser)
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
        self.lobby_watch.unwatch()
        if self.client.account is None:
            return
        account = self.client.account.id
        if self.hub.detach(account, self.conn):
            room = self.hub.room_of.get(account)
            if room is None or not await self.hub.peers.gone(account):
                return
            match = await self.lobby.match_in(room)
            if match is not None:
                with contextlib.suppress(ProtocolError):
                    await self.tables.request(match, Op.AWAY, account)
            await self.lobby.touch(room)
            self.lobby.went_away(account, room)  # a host gone for the grace hands over


__all__ = ["ClientSession"]
