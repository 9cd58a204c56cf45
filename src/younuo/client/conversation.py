"""The protocol's state machine, without the socket: fed frames, it says what to send.

:class:`Conversation` is the client's side of one account's conversation with the
server, across reconnects. It numbers requests (``ref``), keeps what the server told
(the account, the room, the lobby listing, the match picture, the last result) and
keeps the match picture right: an update is applied only when it is the next version;
a version gap or a delta with nothing to apply it to calls for one ``sync``, and
updates are held back until its ``state`` arrives (docs/protocol.md §4). A refusal
``stale_version`` names the version the table is at: usually its update is on the
way, so the picture is checked again a moment later (:meth:`Conversation.check`) and
only if it has still not got there is a ``sync`` sent. A match that stays silent
past its clock's deadline is asked for again too (:class:`~younuo.client.silence.Silence`:
an update lost with nothing after it shows no gap). It does no I/O and reads no
clock, so tests drive it frame by frame;
:class:`~younuo.client.connection.Client` is the thin shell that moves the frames.
"""

from __future__ import annotations

from dataclasses import dataclass

from younuo.client.match import Match
from younuo.client.messages import (
    PROTOCOL_VERSION,
    AccountOut,
    ClientMessage,
    ErrorOut,
    Hello,
    Kicked,
    LeftRoom,
    Lobby,
    MatchOver,
    RoomMessage,
    RoomOut,
    RoomSummary,
    ServerMessage,
    State,
    Sync,
    Update,
    WatchLobby,
    Welcome,
)
from younuo.client.silence import Silence
from younuo.protocol.errors import ErrorCode


@dataclass(frozen=True, slots=True)
class Step:
    """What one server frame means for the client.

    ``frame``: the frame as a program sees it (an ``update`` with its whole view and
    ``delta`` false), or None when it is held back (an update that cannot be applied:
    its ``sync`` will bring the table). ``send``: messages to send because of it.
    """

    frame: ServerMessage | None
    send: tuple[ClientMessage, ...] = ()
    check_after: float | None = None
    """Call :meth:`Conversation.check` this many seconds from now (a ``stale_version``
    named a version not seen yet)."""
    silence_after: float | None = None
    """Call :meth:`Conversation.silent` with the picture's match and version this many
    seconds from now (a new picture: :class:`~younuo.client.silence.Silence`); a later
    picture replaces the call."""


STALE_GRACE = 1.0
"""Seconds an update named by ``stale_version`` has to arrive before a ``sync``."""


class Conversation:
    """The client's side of the protocol (docs/protocol.md), fed one frame at a time.

    Per connection: :meth:`hello` opens it; then each frame read goes through
    :meth:`receive`, and each request sent gets its ``ref`` from :meth:`prepare`.
    """

    def __init__(self, token: str, deltas: bool = True, silence: Silence = Silence()) -> None:  # noqa: B008 (an immutable value)
        self.token = token
        self.deltas = deltas
        """Ask for view deltas (about a fifth of the bytes); applied here either way."""
        self.account: AccountOut | None = None
        """The account, from the last ``welcome``."""
        self.room: RoomOut | None = None
        """The room the account sits in or watches, as last sent; None in none."""
        self.room_changes = 0
        """How many ``room`` frames have come (to wait for the one a request causes)."""
        self.lobby: tuple[RoomSummary, ...] | None = None
        """The last listing of the lobby (an answer or a push of ``watch_lobby``)."""
        self.watching: WatchLobby | None = None
        """The ``watch_lobby`` in force, sent again after each reconnect (the server
        forgets it with the connection)."""
        self.match: Match | None = None
        """The match picture (the running match of the room, or the last one seen)."""
        self.over: MatchOver | None = None
        """The last ``match_over`` received."""
        self.syncing: str | int | None = None
        """The ref of the ``sync`` in flight, if one is; updates wait for its state."""
        self.expected: tuple[str, int] | None = None
        """(match, version) a ``stale_version`` said the table is at, until seen."""
        self.silence = silence
        """When a silent match is asked for again."""
        self.quiet_checks = 0
        """Checks of a silent match since its picture last changed version."""
        self._refs = 0

    # ---------------------------------------------------------------- sending
    def next_ref(self) -> int:
        """A fresh ``ref`` (1, 2, 3, ...; never reused, across reconnects too)."""
        self._refs += 1
        return self._refs

    def prepare(self, message: ClientMessage) -> ClientMessage:
        """``message`` with a fresh ``ref``, ready to send. A ``watch_lobby`` is
        remembered (or, with ``on`` false, forgotten) for the next connections."""
        if isinstance(message, WatchLobby):
            self.watching = message if message.on else None
        return message.model_copy(update={"ref": self.next_ref()})

    def hello(self) -> Hello:
        """The first message of a new connection (the same token every time).

        A new connection starts afresh: a ``sync`` of the old one will never be
        answered, and the picture waits for the ``state`` that follows ``welcome``.
        """
        self.syncing = None
        self.expected = None
        return Hello(
            type="hello",
            protocol=PROTOCOL_VERSION,
            token=self.token,
            deltas=self.deltas,
            ref=self.next_ref(),
        )

    def _sync(self) -> Step:
        sync = Sync(type="sync", ref=self.next_ref())
        self.syncing = sync.ref
        return Step(None, (sync,))

    # ---------------------------------------------------------------- receiving
    def receive(self, message: ServerMessage) -> Step:
        """Take in one server frame: what it means, and what to send because of it."""
        if isinstance(message, Update):
            return self._update(message)
        if isinstance(message, State):
            return self._state(message)
        elif isinstance(message, Welcome):
            self.account = message.account
            if message.room is None or (self.room is not None and self.room.id != message.room):
                self.room = None
            if message.room is None:
                self.match = None
            if self.watching is not None:  # a new connection: watch the lobby again
                return Step(message, (self.prepare(self.watching),))
        elif isinstance(message, RoomMessage):
            self.room = message.room
            self.room_changes += 1
        elif isinstance(message, LeftRoom | Kicked):
            if self.room is None or self.room.id == message.room:
                self.room = None
                self.match = None
        elif isinstance(message, Lobby):
            self.lobby = tuple(message.rooms)
        elif isinstance(message, MatchOver):
            self.over = message
        elif isinstance(message, ErrorOut):
            return self._error(message)
        return Step(message)

    def _state(self, state: State) -> Step:
        before = self.match
        self.match = Match.of(state)
        self.syncing = None  # any state is a new start, the sync's answer or not
        if before is None or (before.id, before.version) != (state.match, state.version):
            self.quiet_checks = 0
        self._seen()
        return Step(state, silence_after=self.silence.wait(self.match, self.quiet_checks))

    def _update(self, update: Update) -> Step:
        if self.syncing is not None:
            return Step(None)  # the sync's state will show this and more
        picture = self.match
        if picture is not None and update.match == picture.id and update.version <= picture.version:
            return Step(None)  # seen already (it cannot happen on one connection; harmless)
        if picture is None or not picture.follows(update):
            # A gap (or an update for a match with no state yet): never apply it.
            return self._sync()
        self.match = picture.after(update)
        self.quiet_checks = 0
        self._seen()
        return Step(
            update.model_copy(update={"view": dict(self.match.view), "delta": False}),
            silence_after=self.silence.wait(self.match, 0),
        )

    def _error(self, error: ErrorOut) -> Step:
        if self.syncing is not None and error.ref == self.syncing:
            self.syncing = None  # no match to sync (it ended meanwhile): nothing to wait for
            return Step(None)
        if error.code == ErrorCode.STALE_VERSION and self.match is not None:
            current = (error.details or {}).get("version")
            if isinstance(current, int) and current > self.match.version:
                # The table moved on past what this connection has seen: its update is
                # most likely on the way; look again in a moment.
                self.expected = (self.match.id, current)
                return Step(error, check_after=STALE_GRACE)
        return Step(error)

    def _seen(self) -> None:
        picture, expected = self.match, self.expected
        if (
            expected is not None
            and picture is not None
            and (picture.id != expected[0] or picture.version >= expected[1])
        ):
            self.expected = None

    def check(self) -> Step:
        """Called :attr:`Step.check_after` seconds after a ``stale_version``: a ``sync``
        if the picture has still not reached the version it named."""
        if self.expected is None or self.syncing is not None:
            return Step(None)
        self.expected = None
        return self._sync()

    def silent(self, match: str, version: int) -> Step:
        """Called :attr:`Step.silence_after` seconds after the picture of ``match`` at
        ``version`` came: a ``sync`` if it is still the picture (its answer, a
        ``state``, sets the next check, each further apart)."""
        picture = self.match
        if (
            picture is None
            or (picture.id, picture.version) != (match, version)
            or self.syncing is not None
            or (self.over is not None and self.over.match == match)
        ):
            return Step(None)
        self.quiet_checks += 1
        return self._sync()


__all__ = ["STALE_GRACE", "Conversation", "Step"]
