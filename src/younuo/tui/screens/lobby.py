"""The lobby: the open rooms (kept up to date by the server's pushes), create a room,
join one (from the list or by its code), quick match."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from younuo.client import RoomSummary
from younuo.tui.casual import casual_settings
from younuo.tui.host import Host
from younuo.tui.names import room_name
from younuo.tui.plain import Plain
from younuo.tui.screens.base import Base


class LobbyScreen(Base):
    """↑↓ and Enter join a listed room; C create, Q quick match, J join by code, R
    refresh."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *Base.BINDINGS,
        ("c", "create", "Create"),
        ("q", "quick", "Quick match"),
        ("j", "code", "Join by code"),
        ("r", "refresh", "Refresh"),
    ]

    DEFAULT_CSS = """
    LobbyScreen #rooms { height: 1fr; }
    """

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.shown: tuple[RoomSummary, ...] = ()
        self.watching = False

    def compose(self) -> ComposeResult:
        words = self.words
        yield self.conn_line()
        yield Plain(words("nav.lobby"), classes="title")
        yield Plain("", id="me")
        yield OptionList(id="rooms", markup=False)
        yield Input(placeholder=words("tui.lobby.code"), id="code")
        yield self.say_line()
        yield Plain(words("tui.lobby.keys"), classes="keys")

    def on_mount(self) -> None:
        self.query_one("#code", Input).display = False

    def on_screen_resume(self) -> None:
        client = self.host.client
        if client is not None and not self.watching:
            self.watching = True
            self.host.do(client.watch_lobby())
        self.query_one("#rooms", OptionList).focus()
        self.show()

    def on_screen_suspend(self) -> None:
        client = self.host.client
        if client is not None and self.watching:
            self.watching = False
            self.host.do(client.unwatch_lobby())

    def show(self) -> None:
        client, words = self.host.client, self.words
        if client is None:
            return
        if client.account is not None:
            self.query_one("#me", Plain).update(words("tui.lobby.me", name=client.account.name))
        rooms = tuple(client.lobby or ())
        if rooms == self.shown:
            return
        self.shown = rooms
        listing = self.query_one("#rooms", OptionList)
        at = listing.highlighted
        listing.clear_options()
        if not rooms:
            listing.add_option(Option(words("tui.lobby.none"), id="none", disabled=True))
            return
        for room in rooms:
            status = words("tui.lobby.playing" if room.status == "playing" else "tui.lobby.open")
            text = words(
                "tui.lobby.room",
                name=room_name(words, room.name),
                preset=room.preset,
                mode=words(f"tui.mode.{room.mode}"),
                taken=room.taken,
                seats=room.seats,
                status=status,
                host=room.host_name or "—",
            )
            listing.add_option(Option(text, id=room.id))
        listing.highlighted = min(at or 0, len(rooms) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        client = self.host.client
        if client is not None and event.option.id not in (None, "none"):
            self.host.do(client.join_room(event.option.id))

    def action_create(self) -> None:
        if self.host.client is not None:
            self.host.do(self.host.client.create_room(casual_settings(self.host.create)))

    def action_quick(self) -> None:
        if self.host.client is not None:
            self.host.do(self.host.client.quick_match())

    def action_refresh(self) -> None:
        if self.host.client is not None:
            self.host.do(self.host.client.watch_lobby())

    def action_code(self) -> None:
        field = self.query_one("#code", Input)
        field.display = True
        field.value = ""
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip().upper()
        event.input.display = False
        self.query_one("#rooms", OptionList).focus()
        if code and self.host.client is not None:
            self.host.do(self.host.client.join_room(code=code))

    def key_escape(self) -> None:
        field = self.query_one("#code", Input)
        if field.display:
            field.display = False
            self.query_one("#rooms", OptionList).focus()


__all__ = ["LobbyScreen"]
