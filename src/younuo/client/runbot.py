"""A bot over the network: ``run_bot(server, token, decide)`` plays one match.

A bot is a function from the seat's view and its legal actions to an action::

    def decide(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        return legal[0] if view["current"] == view["player"] else None

    result = await run_bot("http://127.0.0.1:8000", token, decide, quick_match="classic")

:func:`run_bot` signs in with the token, takes a seat (quick match, a room by id or
code, or the room the account already sits in), says it is ready, and, as the room's
host, does what :class:`Host` says (seat bots, set options, start once enough players
are ready). Then, whenever the table changes and the seat has legal actions, it asks
``decide`` (a plain function or a coroutine function) and sends what it returns: on
the newest table only, with the table's version, so a decision made on a table that
has moved on is refused (``stale_version``) and made again on the new one. It
returns the ``match_over`` of the match it played. The client under it reconnects by
itself (docs/client.md): after a drop the next ``state`` is decided on as any other.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from younuo.client.connection import Client, Frames
from younuo.client.errors import ClientError, Closed, Disconnected, ServerError
from younuo.client.match import Match
from younuo.client.messages import (
    ActionBody,
    Kicked,
    MatchOver,
    RoomMessage,
    RoomOut,
    RoomSettingsPatch,
    State,
    Update,
    Welcome,
)
from younuo.client.reconnect import Reconnect
from younuo.client.silence import Silence

log = logging.getLogger("younuo.client.bot")

Choice = Mapping[str, Any] | ActionBody | None
"""A bot's answer: an action (docs/records.md, *Actions*; no ``player``), or None: nothing now."""
Decide = Callable[[dict[str, Any], list[dict[str, Any]]], Choice | Awaitable[Choice]]
"""A bot: ``decide(view, legal)``, the seat's whole view (``PlayerView.to_dict()``) and
its legal actions (as the server lists them, ``leave`` included) to a choice."""
Observe = Callable[[State | Update], None]
"""Told every ``state`` and ``update`` of the table, in order, before ``decide``."""

QUIET_REFUSALS = frozenset({"stale_version", "not_your_turn", "no_match", "not_a_player"})
"""Refusals that only mean the table moved on before the action arrived."""
TURN_TYPES = frozenset({"play", "draw", "pass", "choose_color", "challenge"})
"""Actions that use the turn: the fallback when a bot's own turn action is refused."""


@dataclass(frozen=True, slots=True)
class Host:
    """What a bot does as the host of its room (a quick match that finds no open room
    makes one, with the bot as its host).

    ``settings`` are sent once (``configure``: rules ``options`` such as ``{"scoring":
    "single"}``, ``needed``, ...); a bot of each level of ``bots`` is seated (those
    seated already count); then the match is started once as many players are ready
    as the room needs (the host counts as ready).
    """

    bots: tuple[str, ...] = ()
    settings: RoomSettingsPatch | None = None


async def run_bot(
    server: str | Sequence[str],
    token: str,
    decide: Decide,
    *,
    observe: Observe | None = None,
    quick_match: str | bool = False,
    mode: str | None = None,
    room: str | None = None,
    code: str | None = None,
    host: Host | None = Host(),
    leave: bool = True,
    deltas: bool = True,
    reconnect: Reconnect | None = Reconnect(),  # noqa: B008 (an immutable value)
    silence: Silence = Silence(),  # noqa: B008 (an immutable value)
) -> MatchOver:
    """Play one match as the account of ``token``; its ``match_over``.

    Where: ``room`` (an id) and/or ``code`` (a private room's) join that room;
    ``quick_match`` a preset's name (or True: any preset; ``mode`` ``ffa`` or
    ``teams``) quick-matches; none of them plays in the room the account sits in
    already. An account that is playing a match when it connects goes on with that
    match wherever it was asked to go. ``host``: what to do as the room's host (None:
    nothing: the room then waits, for only its host can start it). ``leave``: leave the room
    after the match (an ending program should not hold a seat). ``server``,
    ``deltas``, ``reconnect``, ``silence``: as for :class:`~younuo.client.Client`.

    Raises :class:`~younuo.client.errors.Revoked` if the token opens nothing (or is
    revoked meanwhile), :class:`~younuo.client.errors.ServerError` if the room cannot
    be joined, :class:`~younuo.client.errors.ClientError` if the bot is kicked, and the
    client's other :class:`~younuo.client.errors.Stopped` errors.
    """
    client = Client(server, token, deltas=deltas, reconnect=reconnect, silence=silence)
    frames = client.frames()
    try:
        welcome = await client.connect()
        seat = _Seat(client, decide, observe, host, welcome)
        if not await seat.resuming():
            if room is not None or code is not None:
                await client.join_room(room, code)
            elif quick_match is not False:
                preset = quick_match if isinstance(quick_match, str) else None
                await client.quick_match(preset, mode)
            elif welcome.room is None:
                raise ClientError("the account sits in no room: quick-match or name a room")
        result = await seat.play(frames)
        if leave:
            with contextlib.suppress(ClientError):
                await client.leave_room()
        return result
    finally:
        frames.close()
        await client.close()


class _Seat:
    """One run of :func:`run_bot`: the room's duties and the play."""

    def __init__(
        self,
        client: Client,
        decide: Decide,
        observe: Observe | None,
        host: Host | None,
        welcome: Welcome,
    ) -> None:
        self.client = client
        self.decide = decide
        self.observe = observe
        self.host = host
        self.me = welcome.account.id
        self.welcome = welcome
        self.played: set[str] = set()
        """The matches this account plays (a ``state`` showed it a seat)."""
        self.hosted: set[str] = set()

    async def resuming(self) -> bool:
        """Whether the account plays a running match already (a restarted bot)."""
        client, room_id = self.client, self.welcome.room
        if room_id is None:
            return False
        with contextlib.suppress(TimeoutError):
            await client.until(lambda: client.room is not None, client.timeout)
            room = client.room
            if room is None or room.match is None:
                return False
            match = room.match
            await client.until(
                lambda: client.match is not None and client.match.id == match, client.timeout
            )
            return client.match is not None and client.match.you is not None
        return False

    async def play(self, frames: Frames) -> MatchOver:
        """Take the frames until the end of a match this account played."""
        async for frame in frames:
            if isinstance(frame, RoomMessage):
                await self.room_duties()
            elif isinstance(frame, State | Update):
                if isinstance(frame, State) and frame.you is not None:
                    self.played.add(frame.match)
                if self.observe is not None:
                    self.observe(frame)
                await self.act(frame)
            elif isinstance(frame, MatchOver) and frame.match in self.played:
                return frame
            elif isinstance(frame, Kicked):
                raise ClientError(f"the host removed this player from room {frame.room}")
        raise self.client.stopped or Closed("the client was closed")

    # ------------------------------------------------------------------ the room
    async def room_duties(self) -> None:
        """Ready the seat; as the host, set the room up and start when it can."""
        room = self.client.room  # the newest: older room frames may still be queued
        if room is None or room.status != "open" or self.played:
            return  # once its match has begun, a run neither readies nor starts again
        mine = next((s for s in room.seats if s is not None and s.account == self.me), None)
        if mine is None:
            return  # watching
        try:
            if room.host != self.me or self.host is None:
                if not mine.ready:
                    await self.client.ready()
                return
            if room.id not in self.hosted:
                self.hosted.add(room.id)
                await self.set_up(room, self.host)
            now = self.client.room
            if now is not None and now.status == "open" and _ready(now) >= now.settings.needed:
                await self.client.start()
        except ServerError as exc:
            log.info("room %s: %s", room.id, exc)  # cannot_start: the next change tries again
        except Disconnected:
            pass  # the room comes again after the reconnect

    async def set_up(self, room: RoomOut, host: Host) -> None:
        if host.settings is not None:
            await self.client.configure(host.settings)
        missing = list(host.bots)
        for seat in room.seats:
            if seat is not None and seat.kind == "bot" and seat.bot_level in missing:
                missing.remove(seat.bot_level)
        for level in missing:
            await self.client.add_bot(level)

    # ------------------------------------------------------------------ the play
    async def act(self, frame: State | Update) -> None:
        """Decide on the table if this frame is its newest version, and send the choice."""
        picture = self.client.match
        if picture is None or (picture.id, picture.version) != (frame.match, frame.version):
            return  # a newer table has come: decide on that one
        if picture.you is None or not picture.legal:
            return
        choice = self.decide(dict(picture.view), [dict(a) for a in picture.legal])
        if inspect.isawaitable(choice):
            choice = await choice
        if choice is None:
            return
        try:
            await self.client.act(choice, match=picture.id, version=picture.version)
        except ServerError as exc:
            if exc.code not in QUIET_REFUSALS:
                log.warning("match %s: %s refused: %s", picture.id, dict(_body(choice)), exc)
                await self.fall_back(picture)
        except Disconnected:
            pass  # decided again on the state that comes after the reconnect

    async def fall_back(self, picture: Match) -> None:
        """The bot's turn action was refused: play the first legal turn action instead,
        so that a bot's mistake never holds up the table (as the server does)."""
        current = self.client.match
        if current is None or current.version != picture.version or not picture.my_turn:
            return
        turn = [a for a in picture.legal or () if a.get("type") in TURN_TYPES]
        if turn:
            with contextlib.suppress(ClientError):
                await self.client.act(turn[0], match=picture.id, version=picture.version)


def _ready(room: RoomOut) -> int:
    """Players who would play if the host started now (the host's start counts it ready)."""
    return sum(1 for s in room.seats if s is not None and (s.ready or s.account == room.host))


def _body(choice: Mapping[str, Any] | ActionBody) -> Mapping[str, Any]:
    return choice.model_dump(exclude_none=True) if isinstance(choice, ActionBody) else choice


__all__ = ["QUIET_REFUSALS", "TURN_TYPES", "Choice", "Decide", "Host", "Observe", "run_bot"]
