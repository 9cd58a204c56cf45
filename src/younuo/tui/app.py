"""The terminal table's app: a Textual :class:`~textual.app.App` on one
:class:`younuo.client.Client` (the thin shell around the pure parts).

It signs in, keeps the client's frames flowing into the screens, and shows the screen
the account's place calls for: signed out, the sign-in; in no room, the lobby; in a
room, the room; at a running match (or its results), the table. The client reconnects
by itself (docs/client.md, *Reconnecting*); the app only says so on every screen's
connection line and, after the ``state`` that follows the ``welcome``, shows the table
again.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable
from typing import Any, Literal

from textual.app import App, ScreenStackError
from textual.css.query import NoMatches
from textual.screen import Screen

from younuo.client import (
    Client,
    ClientError,
    Kicked,
    MatchOver,
    Reconnect,
    Rest,
    RoomSettingsPatch,
    ServerError,
    ServerMessage,
    State,
    Update,
)
from younuo.protocol.errors import ErrorCode
from younuo.tui.describe import Reader, describe
from younuo.tui.plain import Plain
from younuo.tui.screens.lobby import LobbyScreen
from younuo.tui.screens.room import RoomScreen
from younuo.tui.screens.signin import SignInScreen
from younuo.tui.screens.table import TableScreen
from younuo.tui.tablemodel import Line, TableModel
from younuo.tui.words import Lang, Words

Place = Literal["signin", "lobby", "room", "table"]
LOG_LINES = 200
"""Lines of the table's log kept."""


class PlayApp(App[None]):
    """``younuo play``: sign in, lobby, room and table, by keyboard, in three languages.

    ``create``: the settings of a room this player creates (``--option``). ``name`` and
    ``token`` fill in the sign-in form.
    """

    CSS = """
    Screen { layout: vertical; }
    #conn { height: 1; color: $text-muted; }
    #say { height: 1; color: $warning; }
    .title { height: 1; text-style: bold; }
    .keys { height: auto; color: $text-muted; }
    """
    TITLE = "Younuo"

    def __init__(
        self,
        server: str,
        *,
        lang: Lang = "en",
        name: str | None = None,
        token: str | None = None,
        create: RoomSettingsPatch | None = None,
        reconnect: Reconnect | None = Reconnect(),  # noqa: B008 (an immutable value)
    ) -> None:
        super().__init__()
        self.server = server
        self.words = Words(lang)
        self.given_name = name
        self.given_token = token
        self.create = create
        self.reconnect = reconnect
        self.client: Client | None = None
        self.error: ClientError | None = None
        """Why the client stopped for good, if it did."""
        self.table: TableModel | None = None
        self.results: MatchOver | None = None
        """The last match's results, shown until the player goes back to the room."""
        self.log_lines: list[str] = []
        self.offset = 0.0
        """Server time minus local time, from the last table frame (for the clock)."""
        self.place: Place | None = None
        self.switching = False
        self.carried: Line | None = None
        """A notice for the screen a switch under way leads to (:meth:`say_next`)."""

    # ------------------------------------------------------------------ life
    def on_mount(self) -> None:
        self.title = self.words("tui.app.title")
        self.install_screen(SignInScreen(self), "signin")
        self.install_screen(LobbyScreen(self), "lobby")
        self.install_screen(RoomScreen(self), "room")
        self.install_screen(TableScreen(self), "table")
        self.push_screen("signin")
        self.place = "signin"
        self.set_interval(0.25, self.tick)

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()

    async def sign_in(self, name: str, token: str, password: str = "") -> None:
        """Sign in (the session of ``token``, the registered account ``name`` with its
        ``password``, or a new guest called ``name``) and connect."""
        if not token:
            async with Rest(self.server) as rest:
                if password:
                    token = (await rest.login(name, password)).token
                else:
                    token = (await rest.guest(name)).token
        client = Client(self.server, token, reconnect=self.reconnect)
        frames = client.frames()
        await client.connect()
        self.client = client
        self.run_worker(self.read(frames), name="frames", exit_on_error=False)
        self.route()

    async def read(self, frames: Any) -> None:
        """Every frame into the picture, until the client stops."""
        try:
            async for frame in frames:
                self.receive(frame)
        except ClientError as exc:
            self.error = exc
        self.tick()

    def receive(self, frame: ServerMessage) -> None:
        """One frame: the log, the table model, the results; then the screen."""
        client = self.client
        if client is None:
            return
        if isinstance(frame, State | Update):
            match = client.match
            if match is not None and match.id == frame.match:
                if self.table is None or self.table.match.id != match.id:
                    self.table = TableModel(match)
                    self.log_lines = []
                    self.results = None
                else:
                    self.table = self.table.refreshed(match)
                self.offset = match.server_time - time.time()
                reader = Reader.table(self.words, match.you, self.table.bots)
                for event in frame.events:
                    line = describe(event, reader)
                    if line:
                        self.log_lines.append(line)
                del self.log_lines[:-LOG_LINES]
        elif isinstance(frame, MatchOver):
            if self.table is not None and self.table.match.id == frame.match:
                self.results = frame
        elif isinstance(frame, Kicked):
            self.say(Line("tui.room.kicked"))
        self.route()

    # ------------------------------------------------------------------ screens
    def wanted(self) -> Place:
        """The screen the account's place calls for."""
        client = self.client
        if client is None:
            return "signin"
        if self.results is not None:
            return "table"
        if not client.connected and self.place is not None:
            return self.place  # reconnecting: the screen stays until the server answers
        room, match = client.room, client.match
        if room is not None and match is not None and room.match == match.id:
            return "table"
        return "room" if room is not None else "lobby"

    def route(self) -> None:
        """Show the screen the place calls for, and bring it up to date.

        Screen switches are made one at a time, each awaited (a burst of frames, as
        after a reconnect, must not start a switch while another is under way), and
        always to the newest place."""
        if self.wanted() != self.place and not self.switching:
            self.switching = True
            self.run_worker(self.switch(), name="switch", exit_on_error=False)
        self.refresh_screen()

    async def switch(self) -> None:
        try:
            while (place := self.wanted()) != self.place:
                self.place = place
                await self.switch_screen(place)
        finally:
            self.switching = False
        self.refresh_screen()
        if self.carried is not None:
            carried, self.carried = self.carried, None
            self.say(carried)

    def shown_screen(self) -> Screen[object] | None:
        """The screen on show; None in the instant of a switch, when the stack is
        empty (a timer's tick may fall there)."""
        try:
            return self.screen
        except ScreenStackError:
            return None

    def refresh_screen(self) -> None:
        show = getattr(self.shown_screen(), "show", None)
        # A screen just switched to is composed a moment later: it draws itself then
        # (on_screen_resume), so a query that finds nothing yet is no error.
        with contextlib.suppress(NoMatches):
            if show is not None:
                show()
        self.tick()

    def tick(self) -> None:
        """The connection line (and the table's clock) of the screen on show."""
        screen = self.shown_screen()
        if screen is None:
            return
        with contextlib.suppress(NoMatches):
            screen.query_one("#conn", Plain).update(self.connection_text())
        clock = getattr(screen, "show_clock", None)
        with contextlib.suppress(NoMatches):
            if clock is not None:
                clock()

    def connection_text(self) -> str:
        client, words = self.client, self.words
        if self.error is not None:
            return words("tui.conn.stopped", reason=str(self.error))
        if client is None:
            return words("tui.keys.common")
        if not client.connected:
            return words("tui.conn.reconnecting")
        name = client.account.name if client.account is not None else ""
        return words("tui.conn.online", name=name) + "   " + words("tui.keys.common")

    def server_now(self) -> float:
        return time.time() + self.offset

    # ------------------------------------------------------------------ doing
    def say(self, line: Line | str) -> None:
        """A notice on the screen's message line."""
        text = line if isinstance(line, str) else self.words(line.key, **line.params)
        screen = self.shown_screen()
        with contextlib.suppress(NoMatches):
            if screen is not None:
                screen.query_one("#say", Plain).update(text)

    def say_next(self, line: Line) -> None:
        """A notice for the screen the player is being sent to: said once the switch is
        done (the screen being left would take it away), or now if it is done already."""
        if self.switching or self.wanted() != self.place:
            self.carried = line
        else:
            self.say(line)

    def do(self, request: Awaitable[Any]) -> None:
        """Send a request in the background; a refusal is said on the message line."""

        async def run() -> None:
            try:
                await request
            except ServerError as exc:
                if exc.code != ErrorCode.STALE_VERSION:  # the table moved on: look again
                    self.say(self.words("tui.error", code=exc.code, message=exc.message))
            except ClientError as exc:
                self.say(self.words("tui.error", code=type(exc).__name__, message=str(exc)))
            self.route()

        self.run_worker(run(), exit_on_error=False)

    def back_to_room(self) -> None:
        """Close the results."""
        self.results = None
        self.route()


__all__ = ["PlayApp"]
