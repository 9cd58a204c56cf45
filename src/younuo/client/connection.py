"""The client: one account's WebSocket to a Younuo server, kept open across drops.

::

    async with Client("http://127.0.0.1:8000", token) as client:
        frames = client.frames()
        room = await client.quick_match("classic")
        async for frame in frames:
            ...

:class:`Client` is the thin I/O shell around
:class:`~younuo.client.conversation.Conversation` (the protocol's state machine): it
opens the socket, says ``hello``,
reads every frame into the conversation, hands each to the frame iterators
(:meth:`Client.frames`) and to the request that waits for it (by ``ref``), and sends
what the conversation asks for (a ``sync``). When the connection closes it follows the
close code (:mod:`younuo.client.reconnect`): reconnects with backoff, to the next
address of its list when the server is restarting, or stops.

**Following the room.** Once the account sits in (or watches) a room, the client moves
its socket to ``/ws?room=ID`` (docs/protocol.md §2, *The room argument*), the key a
load balancer hashes so that a table's seats sit on its match's node: it opens the new
socket and says ``hello`` before it lets the old one go (the server closes that one
with 4001, which the client expects), so requests and frames go on without a gap.
After leaving a room it stays where it is.

Requests answer with the server's models or raise
:class:`~younuo.client.errors.ServerError`; ``unavailable`` and ``rate_limited``
(the server did not make the change) are sent again, with backoff, for up to
``retry_for`` seconds first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from younuo.client.addresses import route_of, routed, ws_url
from younuo.client.conversation import Conversation
from younuo.client.errors import (
    ClientError,
    Closed,
    Disconnected,
    Refused,
    Revoked,
    ServerError,
    Stopped,
    TakenOver,
    Unreachable,
)
from younuo.client.match import Match
from younuo.client.messages import (
    AccountOut,
    Ack,
    ActionBody,
    AddBot,
    Autoplay,
    Avatar,
    BadFrame,
    ClientMessage,
    Configure,
    CreateRoom,
    ErrorOut,
    JoinRoom,
    Kick,
    LeaveRoom,
    LeftRoom,
    ListRooms,
    Lobby,
    MatchOver,
    Ping,
    PlayAction,
    Pong,
    QuickMatch,
    Ready,
    RemoveBot,
    RoomMessage,
    RoomOut,
    RoomSettingsPatch,
    RoomSummary,
    ServerMessage,
    SetAvatar,
    SetCamp,
    StandUp,
    Start,
    State,
    Sync,
    TakeSeat,
    WatchLobby,
    Welcome,
    encode,
    parse_server,
)
from younuo.client.reconnect import Reconnect, Verdict, reason, verdict
from younuo.client.silence import Silence
from younuo.protocol.errors import ErrorCode

log = logging.getLogger("younuo.client")

TOKEN_CODES = frozenset(
    {
        ErrorCode.BAD_TOKEN,
        ErrorCode.NOT_AUTHENTICATED,
        ErrorCode.ACCOUNT_BANNED,
        ErrorCode.ACCOUNT_SUSPENDED,
        ErrorCode.BAD_PROTOCOL,
    }
)
"""Refusals of ``hello`` that no retry mends: the client stops (:class:`Revoked`)."""
RETRY_CODES = frozenset({ErrorCode.UNAVAILABLE, ErrorCode.RATE_LIMITED})
"""Refusals that mean the change was not made and may be asked for again in a moment."""
MAX_FRAME = 2**22
"""The largest server frame read (a whole view with a long discard pile is ~10 KiB)."""

_Answer = TypeVar("_Answer", bound=ServerMessage)
_CONNECT_ERRORS = (OSError, TimeoutError, WebSocketException, ServerError, BadFrame)


class Frames:
    """The frames a client receives from the moment this was made, in order.

    An async iterator (``async for frame in client.frames()``) that ends when the
    client is closed or taken over, and raises the client's
    :class:`~younuo.client.errors.Stopped` error when it stops for another reason.
    Updates come with their whole view (``delta`` false); an update held back for a
    ``sync`` does not come at all (its ``state`` does). A ``welcome`` starts each new
    connection after a reconnect. :meth:`close` (or leaving ``async with``) stops
    collecting.
    """

    def __init__(self, client: Client) -> None:
        self._client = client
        self._queue: asyncio.Queue[ServerMessage | Stopped] = asyncio.Queue()
        client._subscribers.append(self._queue)
        if client.stopped is not None:
            self._queue.put_nowait(client.stopped)

    def __aiter__(self) -> Frames:
        return self

    async def __anext__(self) -> ServerMessage:
        item = await self._queue.get()
        if isinstance(item, Stopped):
            self._queue.put_nowait(item)  # every later call ends the same way
            if item.quiet:
                raise StopAsyncIteration
            raise item
        return item

    async def next(
        self,
        want: type[ServerMessage] | Callable[[ServerMessage], bool] | None = None,
        timeout: float = 10.0,
    ) -> ServerMessage:
        """The next frame (of the type ``want``, or for which ``want`` is true), skipping
        others; :class:`TimeoutError` if none comes within ``timeout`` seconds."""
        if want is None:
            match: Callable[[ServerMessage], bool] = lambda _frame: True  # noqa: E731
        elif isinstance(want, type):
            kind = want
            match = lambda frame: isinstance(frame, kind)  # noqa: E731
        else:
            match = want
        async with asyncio.timeout(timeout):
            async for frame in self:
                if match(frame):
                    return frame
        raise self._client.stopped or Closed("the client is closed")

    def waiting(self) -> int:
        """How many frames have come that were not taken yet."""
        return self._queue.qsize()

    def close(self) -> None:
        """Stop collecting frames."""
        with contextlib.suppress(ValueError):
            self._client._subscribers.remove(self._queue)

    async def __aenter__(self) -> Frames:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        self.close()


class Client:
    """One account's connection to a Younuo server (docs/protocol.md §2-§5).

    ``server``: the server's address (``http://host:port``, ``https://…`` or
    ``ws://host:port/ws``), or a list of them: the nodes of one deployment, tried in
    turn when one is lost or restarting (docs/scaling.md). ``token``: a session token
    (:class:`~younuo.client.rest.Rest` signs in and gives one). ``deltas``: ask for
    view deltas (the client completes them either way). ``reconnect``: the policy
    (None: stop with :class:`~younuo.client.errors.Unreachable` when the connection
    drops). ``timeout``: seconds a request waits for its answer. ``retry_for``: seconds
    for which ``unavailable`` and ``rate_limited`` refusals are sent again. ``rng``:
    the jitter's generator (a seeded one makes the waits repeatable).
    ``follow_rooms``: move the socket to ``/ws?room=ID`` once in a room (see the
    module's text); off, the socket stays on the address it was given.
    ``silence``: when a match that stays silent is asked for again
    (:class:`~younuo.client.silence.Silence`).
    """

    def __init__(
        self,
        server: str | Sequence[str],
        token: str,
        *,
        deltas: bool = True,
        reconnect: Reconnect | None = Reconnect(),  # noqa: B008 (an immutable value)
        timeout: float = 10.0,
        retry_for: float = 30.0,
        rng: random.Random | None = None,
        follow_rooms: bool = True,
        silence: Silence = Silence(),  # noqa: B008 (an immutable value)
    ) -> None:
        servers = [server] if isinstance(server, str) else list(server)
        if not servers:
            raise ValueError("give at least one server address")
        self.addresses: tuple[str, ...] = tuple(ws_url(s) for s in servers)
        """The WebSocket addresses, in the order they are tried."""
        self.conversation = Conversation(token, deltas, silence)
        """The protocol's state (account, room, lobby, match); read it, do not feed it."""
        self.reconnect = reconnect
        self.timeout = timeout
        self.retry_for = retry_for
        self.rng = rng or random.Random()
        self.stopped: Stopped | None = None
        """Why the client stopped for good (None while it runs or may reconnect)."""
        self.connections = 0
        """How many connections were opened (1, plus one per reconnect or move)."""
        self.follow_rooms = follow_rooms
        self.moves = 0
        """How many times the socket moved to a room's route (``/ws?room=ID``)."""
        self._route: str | None = None
        """The room the socket is routed by (None: the address as given)."""
        self._moving: asyncio.Future[None] | None = None
        """Set while the socket moves to a room's route."""
        self._left_behind: set[str | int] = set()
        """The refs of the requests pending on the socket the last move replaced."""
        self._index = 0
        self._ws: ClientConnection | None = None
        self._pending: dict[str | int, asyncio.Future[ServerMessage]] = {}
        self._subscribers: list[asyncio.Queue[ServerMessage | Stopped]] = []
        self._tick = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._later: set[asyncio.Task[None]] = set()
        self._silent: asyncio.Task[None] | None = None
        """The check of the match picture's silence, replaced by each new picture."""
        self._closing = False

    # ------------------------------------------------------------------ what is known
    @property
    def account(self) -> AccountOut | None:
        """The signed-in account (from ``welcome``)."""
        return self.conversation.account

    @property
    def room(self) -> RoomOut | None:
        """The room the account sits in or watches, as last sent (None: in none)."""
        return self.conversation.room

    @property
    def match(self) -> Match | None:
        """The match picture: the running match of the room, or the last one seen."""
        return self.conversation.match

    @property
    def lobby(self) -> tuple[RoomSummary, ...] | None:
        """The last lobby listing (an answer to ``list_rooms``/``watch_lobby``, or a push)."""
        return self.conversation.lobby

    @property
    def over(self) -> MatchOver | None:
        """The last ``match_over`` received."""
        return self.conversation.over

    @property
    def connected(self) -> bool:
        """Whether a connection is open and welcomed now."""
        return self._ws is not None

    @property
    def address(self) -> str:
        """The address of the current (or last) connection, with its room route."""
        return self._address(self._index)

    @property
    def route(self) -> str | None:
        """The room the connection is routed by (``/ws?room=ID``), if any."""
        return self._route

    def _address(self, index: int) -> str:
        address = self.addresses[index]
        return routed(address, self._route) if self._route is not None else address

    def frames(self) -> Frames:
        """Every frame from now on, as an async iterator (:class:`Frames`).

        Make it before the request whose consequences it should see (or before
        :meth:`connect`, to see the ``welcome`` and what follows it).
        """
        return Frames(self)

    async def until(self, predicate: Callable[[], bool], timeout: float | None = None) -> None:
        """Wait until ``predicate()`` is true, looked at after every frame and change of
        connection. Raises :class:`TimeoutError`, or the client's stop error."""
        async with asyncio.timeout(timeout):
            while not predicate():
                if self.stopped is not None:
                    raise self.stopped
                await self._tick.wait()

    # ------------------------------------------------------------------ connecting
    async def connect(self) -> Welcome:
        """Open the connection and sign in with the token; the ``welcome``.

        Each address is tried once. Raises :class:`~younuo.client.errors.Revoked` if
        the token is refused, :class:`~younuo.client.errors.Unreachable` if no server
        answered. From then on the client reads frames and reconnects by itself.
        """
        if self._task is not None or self.stopped is not None:
            raise RuntimeError("a client connects once (make a new one)")
        failure: BaseException | None = None
        for i in range(len(self.addresses)):
            try:
                welcome = await self._open((self._index + i) % len(self.addresses))
            except Revoked as exc:
                self._stop(exc)
                raise
            except _CONNECT_ERRORS as exc:
                failure = exc
                continue
            self._task = asyncio.create_task(self._run(), name="younuo-client")
            return welcome
        error = Unreachable(f"no server answered at {', '.join(self.addresses)}: {failure}")
        self._stop(error)
        raise error from failure

    async def close(self) -> None:
        """Close the connection and stop (frame iterators end; waiting requests raise
        :class:`~younuo.client.errors.Closed`). Leaves the room as it is: use
        :meth:`leave_room` first to give up the seat."""
        self._closing = True
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()
        task = self._task
        if task is not None and not task.done():
            if ws is None:
                task.cancel()  # waiting to reconnect: nothing to wait for
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._stop(Closed("the client was closed"))

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    async def _greeted(self, address: str) -> tuple[ClientConnection, Welcome]:
        """A socket to ``address`` that said ``hello`` and got its ``welcome`` (closed
        again if the greeting fails)."""
        ws = await ws_connect(address, max_size=MAX_FRAME, open_timeout=self.timeout)
        try:
            async with asyncio.timeout(self.timeout):
                return ws, await self._hello(ws)
        except BaseException:
            with contextlib.suppress(Exception):
                await ws.close()
            raise

    async def _open(self, index: int) -> Welcome:
        """Connect to address ``index`` and say ``hello``; the ``welcome``."""
        ws, welcome = await self._greeted(self._address(index))
        self._ws = ws
        self._index = index
        self.connections += 1
        await self._deliver(welcome)
        return welcome

    async def _hello(self, ws: ClientConnection) -> Welcome:
        hello = self.conversation.hello()
        await ws.send(encode(hello))
        while True:  # the welcome is the first frame; anything else before it is skipped
            answer = parse_server(await ws.recv())
            if isinstance(answer, Welcome):
                return answer
            if isinstance(answer, ErrorOut) and answer.ref == hello.ref:
                if answer.code in TOKEN_CODES:
                    raise Revoked(
                        f"the server refused the token: {answer.message} ({answer.code})",
                        answer.code,
                    )
                raise ServerError.of(answer)

    async def _run(self) -> None:
        """Read frames until the connection closes; then reconnect or stop."""
        while True:
            ws = self._ws
            assert ws is not None
            code = await self._read(ws)
            if self._moving is not None:
                await asyncio.shield(self._moving)  # it closed because the move took over?
            if self._ws is not ws and self._ws is not None:
                self._unanswered(self._left_behind)  # asked on the old one, unanswered
                continue  # moved to the room's route: read the new socket
            self._lost(code)
            if self._closing:
                self._stop(Closed("the client was closed"))
                return
            why = verdict(code)
            if why is Verdict.STOP:
                self._stop(TakenOver(reason(code), code))
                return
            if why is Verdict.REVOKED:
                self._stop(Revoked(f"{reason(code)}: sign in again", "revoked", code))
                return
            if why is Verdict.REFUSED:
                self._stop(Refused(reason(code), code))
                return
            if self.reconnect is None:
                self._stop(Unreachable(f"{reason(code)}, and reconnecting is off", code))
                return
            log.info("%s at %s: reconnecting", reason(code), self.address)
            if not await self._reconnect(self.reconnect, why):
                return

    async def _reconnect(self, policy: Reconnect, why: Verdict) -> bool:
        """Try the addresses by the policy until one takes the ``hello``."""
        lost, since, attempt = self._index, time.monotonic(), 0
        while not self._closing:
            await asyncio.sleep(policy.delay(attempt, why, self.rng))
            index = policy.address(lost, len(self.addresses), attempt, why)
            try:
                await self._open(index)
            except Revoked as exc:
                self._stop(exc)
                return False
            except _CONNECT_ERRORS as exc:
                log.debug("reconnect to %s failed: %s", self._address(index), exc)
            else:
                log.info("reconnected to %s", self.address)
                return True
            attempt += 1
            if policy.give_up is not None and time.monotonic() - since > policy.give_up:
                self._stop(Unreachable(f"no server answered for {policy.give_up:g} s"))
                return False
        self._stop(Closed("the client was closed"))
        return False

    async def _read(self, ws: ClientConnection) -> int | None:
        """Take in every frame of one connection; its close code once it ends."""
        with contextlib.suppress(ConnectionClosed):
            async for text in ws:
                try:
                    message = parse_server(text)
                except BadFrame as exc:
                    log.warning("a server frame that does not read was skipped: %s", exc)
                    continue
                if message is None:
                    continue
                if ws is not self._ws and getattr(message, "ref", None) not in self._pending:
                    continue  # a socket the room's route took over: only its answers count
                await self._deliver(message)
        return ws.close_code

    async def _deliver(self, message: ServerMessage) -> None:
        """One frame through the conversation, to its waiting request and the iterators."""
        step = self.conversation.receive(message)
        await self._send_quietly(step.send)
        if step.check_after is not None:
            self._later_task(self._check(step.check_after))
        picture = self.conversation.match
        if step.silence_after is not None and picture is not None and self.stopped is None:
            if self._silent is not None:
                self._silent.cancel()
            self._silent = self._later_task(
                self._quiet(step.silence_after, picture.id, picture.version)
            )
        ref = getattr(message, "ref", None)
        if ref is not None:
            future = self._pending.get(ref)
            if future is not None and not future.done():
                future.set_result(message)
        if step.frame is not None:
            for queue in self._subscribers:
                queue.put_nowait(step.frame)
        if isinstance(message, RoomMessage) and self._wants_route(message.room.id):
            self._later_task(self._follow(message.room.id))
        self._wake()

    # ------------------------------------------------------------------ the room's route
    def _wants_route(self, room: str) -> bool:
        return self.follow_rooms and room != self._route and not self._closing

    async def _follow(self, room: str) -> None:
        """Move the socket to ``room``'s route, unless it is there or a move is on.

        The new socket says ``hello`` first; only once it is welcomed does it replace
        the old one (which the server then closes with 4001, expected). If the new one
        cannot be opened, the client stays where it is: the server forwards its moves.
        """
        while self._moving is not None:
            await asyncio.shield(self._moving)
        if not self._wants_route(room) or self._ws is None:
            return
        moving: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._moving = moving
        address = routed(self.addresses[self._index], room)
        try:
            ws, welcome = await self._greeted(address)
        except (*_CONNECT_ERRORS, Revoked) as exc:
            log.info(
                "staying at %s: %s did not take the room's route: %s", self.address, address, exc
            )
        else:
            old, self._ws = self._ws, ws
            # Requests asked on the old socket: their answers still come on it (_read),
            # those it closed before answering fail as after a drop (_run).
            self._left_behind = set(self._pending)
            self._route = route_of(address)
            self.connections += 1
            self.moves += 1
            await self._deliver(welcome)
            if old is not None:
                self._later_task(self._let_go(old))
        finally:
            self._moving = None
            moving.set_result(None)
            self._wake()

    async def _let_go(self, old: ClientConnection) -> None:
        """The socket a move replaced: its answers still come in (``_read``) until the
        server closes it (4001); close it ourselves if it has not within a while."""
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            async with asyncio.timeout(self.timeout):
                await old.wait_closed()
        with contextlib.suppress(Exception):
            await old.close()

    async def _check(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._send_quietly(self.conversation.check().send)

    async def _quiet(self, delay: float, match: str, version: int) -> None:
        await asyncio.sleep(delay)
        await self._send_quietly(self.conversation.silent(match, version).send)

    async def _send_quietly(self, messages: Sequence[ClientMessage]) -> None:
        """Send what the conversation asked for; a closed socket is the reader's to see."""
        for message in messages:
            ws = self._ws
            if ws is not None:
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(encode(message))

    def _later_task(self, coroutine: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.create_task(coroutine)
        self._later.add(task)
        task.add_done_callback(self._later.discard)
        return task

    def _lost(self, code: int | None) -> None:
        self._ws = None
        self._fail_pending(Disconnected(f"{reason(code)} before the answer came"))
        self._wake()

    def _stop(self, error: Stopped) -> None:
        if self.stopped is not None:
            return
        self.stopped = error
        self._ws = None
        self._fail_pending(error)
        for queue in self._subscribers:
            queue.put_nowait(error)
        for task in list(self._later):
            task.cancel()
        self._wake()

    def _unanswered(self, refs: set[str | int]) -> None:
        """Fail the requests of ``refs`` still waiting: their socket closed unanswered."""
        for ref in refs:
            future = self._pending.pop(ref, None)
            if future is not None and not future.done():
                future.set_exception(Disconnected("the socket closed before the answer came"))

    def _fail_pending(self, error: ClientError) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(error)
        self._pending.clear()

    def _wake(self) -> None:
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    # ------------------------------------------------------------------ requests
    async def request(self, message: ClientMessage, timeout: float | None = None) -> ServerMessage:
        """Send ``message`` with a fresh ``ref``; the server's answer to it (``ack`` or
        the reply the protocol names). Raises :class:`~younuo.client.errors.ServerError`
        for an ``error``, after sending again for ``retry_for`` seconds while it is
        ``unavailable`` or ``rate_limited``; :class:`~younuo.client.errors.Disconnected`
        if the connection drops first; :class:`TimeoutError` if no answer comes within
        ``timeout`` seconds (the client's ``timeout`` by default)."""
        wait = self.timeout if timeout is None else timeout
        started, attempt = time.monotonic(), 0
        while True:
            answer = await self._ask(message, wait)
            if not isinstance(answer, ErrorOut):
                return answer
            if answer.code in RETRY_CODES and time.monotonic() - started < self.retry_for:
                delay = (self.reconnect or Reconnect()).delay(attempt, Verdict.RETRY, self.rng)
                # A bot account over its budget is told when it may go on (docs/client.md).
                after = (answer.details or {}).get("retry_after")
                if isinstance(after, int | float):
                    delay = max(delay, float(after))
                await asyncio.sleep(delay)
                attempt += 1
                continue
            raise ServerError.of(answer)

    async def _ask(self, message: ClientMessage, timeout: float) -> ServerMessage:
        async with asyncio.timeout(timeout):
            # Not while the socket moves: the request goes on the one that stays.
            await self.until(lambda: self.connected and self._moving is None)
            ws = self._ws
            assert ws is not None
            prepared = self.conversation.prepare(message)
            assert prepared.ref is not None
            future: asyncio.Future[ServerMessage] = asyncio.get_running_loop().create_future()
            self._pending[prepared.ref] = future
            try:
                try:
                    await ws.send(encode(prepared))
                except ConnectionClosed:
                    raise Disconnected(f"{reason(ws.close_code)} before the request went") from None
                return await future
            finally:
                self._pending.pop(prepared.ref, None)

    async def _answer(self, message: ClientMessage, kind: type[_Answer]) -> _Answer:
        answer = await self.request(message)
        if not isinstance(answer, kind):
            raise ClientError(f"{message.type} was answered by {answer.type}, not {kind.__name__}")
        return answer

    async def _ack(self, message: ClientMessage) -> None:
        await self._answer(message, Ack)

    async def _room_after(self, message: ClientMessage) -> RoomOut:
        """Send a request that puts the account in a room; that room, once it came."""
        before = self.conversation.room_changes
        await self._ack(message)
        await self.until(
            lambda: self.conversation.room_changes > before and self.room is not None,
            self.timeout,
        )
        assert self.room is not None
        room = self.room
        await self._follow(room.id)  # before the next request: it goes on the new socket
        return room

    async def ping(self) -> Pong:
        """``ping``: the ``pong`` (with the server's clock)."""
        return await self._answer(Ping(type="ping"), Pong)

    async def list_rooms(
        self, mode: str | None = None, preset: str | None = None, free_seats: int | None = None
    ) -> list[RoomSummary]:
        """The open public rooms (docs/protocol.md §3), by the filters given."""
        message = ListRooms.model_validate(
            {"type": "list_rooms", "mode": mode, "preset": preset, "free_seats": free_seats}
        )
        return (await self._answer(message, Lobby)).rooms

    async def watch_lobby(
        self, mode: str | None = None, preset: str | None = None, free_seats: int | None = None
    ) -> list[RoomSummary]:
        """The listing now, and from then on a ``lobby`` frame pushed whenever it changes
        (each a whole listing; :attr:`lobby` always holds the last one)."""
        message = WatchLobby.model_validate(
            {"type": "watch_lobby", "mode": mode, "preset": preset, "free_seats": free_seats}
        )
        return (await self._answer(message, Lobby)).rooms

    async def unwatch_lobby(self) -> None:
        """Stop the lobby pushes."""
        await self._ack(WatchLobby(type="watch_lobby", on=False))

    async def create_room(self, settings: RoomSettingsPatch | None = None) -> RoomOut:
        """A new room with the account seated as its host; the room."""
        message = CreateRoom(type="create_room")
        if settings is not None:
            message = CreateRoom(type="create_room", settings=settings)
        return await self._room_after(message)

    async def join_room(
        self, room: str | None = None, code: str | None = None, spectate: bool = False
    ) -> RoomOut:
        """Sit in (or with ``spectate`` watch) a room, by its id or its code; the room.
        A match running there sends its public ``state``; the seat is for the next."""
        fields: dict[str, Any] = {"type": "join_room", "room": room, "code": code}
        if spectate:
            fields["spectate"] = True
        return await self._room_after(JoinRoom.model_validate(fields))

    async def quick_match(self, preset: str | None = None, mode: str | None = None) -> RoomOut:
        """Join the fullest open public room that fits, or create one; the room."""
        message = QuickMatch.model_validate({"type": "quick_match", "preset": preset, "mode": mode})
        return await self._room_after(message)

    async def leave_room(self) -> str:
        """Leave the room (during a match: leave it first, R-LEAVE); the room's id."""
        return (await self._answer(LeaveRoom(type="leave_room"), LeftRoom)).room

    async def take_seat(self, seat: int | None = None) -> None:
        """A spectator sits (in ``seat``, or any free one) while no match runs."""
        await self._ack(TakeSeat(type="take_seat", seat=seat))

    async def stand_up(self) -> None:
        """A seated player becomes a spectator while no match runs."""
        await self._ack(StandUp(type="stand_up"))

    async def ready(self, ready: bool = True) -> None:
        """Say the seat is ready (or not) to play the next match."""
        await self._ack(Ready(type="ready", ready=ready))

    async def set_avatar(self, avatar: Avatar) -> None:
        """Change the seat's and account's avatar (during a match, an emote)."""
        await self._ack(SetAvatar(type="avatar", avatar=avatar))

    async def kick(self, seat: int) -> None:
        """Host: remove the player or bot in ``seat`` from the room."""
        await self._ack(Kick(type="kick", seat=seat))

    async def set_camp(self, seat: int, camp: str) -> None:
        """Host: put ``seat`` in camp ``red`` or ``blue`` (team mode)."""
        await self._ack(SetCamp.model_validate({"type": "set_camp", "seat": seat, "camp": camp}))

    async def configure(self, settings: RoomSettingsPatch) -> None:
        """Host: change the room's settings (options are merged; ``None`` drops one)."""
        await self._ack(Configure(type="configure", settings=settings))

    async def add_bot(self, level: str = "normal", seat: int | None = None) -> None:
        """Host: seat a bot of ``level`` (``GET /api/rules`` lists the levels)."""
        await self._ack(AddBot(type="add_bot", level=level, seat=seat))

    async def remove_bot(self, seat: int) -> None:
        """Host: remove the bot in ``seat``."""
        await self._ack(RemoveBot(type="remove_bot", seat=seat))

    async def start(self) -> None:
        """Host: start the match (``cannot_start`` with ``details["reasons"]`` if not)."""
        await self._ack(Start(type="start"))

    async def act(
        self,
        action: Mapping[str, Any] | ActionBody,
        *,
        match: str | None = None,
        version: int | None = None,
        guard: bool = True,
    ) -> None:
        """Send an action (docs/records.md, *Actions*, without ``player``) and wait for its ``ack``.

        ``match`` defaults to the picture's match; ``version`` to the picture's version
        when ``guard`` is true (the server then refuses it with ``stale_version`` if the
        table has moved on, rather than apply it to a table the decision did not see).
        A refusal by the rules raises :class:`~younuo.client.errors.ServerError` with
        the engine's code (``not_your_turn``, ``cannot_play``, ...).
        """
        picture = self.match
        if match is None:
            if picture is None:
                raise ClientError("no match to act in")
            match = picture.id
        if version is None and guard and picture is not None and picture.id == match:
            version = picture.version
        body = action if isinstance(action, ActionBody) else ActionBody.model_validate(action)
        message = PlayAction(type="action", match=match, action=body)
        if version is not None:
            message = PlayAction(type="action", match=match, version=version, action=body)
        await self._ack(message)

    async def autoplay(self, on: bool = True) -> None:
        """Let a server bot play the seat (until switched off or an action is sent)."""
        await self._ack(Autoplay(type="autoplay", on=on))

    async def sync(self) -> State:
        """A fresh ``state`` of the running match (``no_match`` if none runs)."""
        return await self._answer(Sync(type="sync"), State)


__all__ = ["MAX_FRAME", "RETRY_CODES", "TOKEN_CODES", "Client", "Frames"]
