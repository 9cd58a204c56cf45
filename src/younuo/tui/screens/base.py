"""What every screen of the terminal table has: the connection line at the top, a
title, a message line and a line of keys; and its way to the app, the
:class:`~younuo.tui.host.Host` it is given."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType
from textual.screen import Screen

from younuo.tui.host import Host
from younuo.tui.plain import Plain
from younuo.tui.screens.help import HelpScreen
from younuo.tui.words import Words


class Base(Screen[None]):
    """A screen of the terminal table; ``show()`` redraws it from its host's picture."""

    BINDINGS: ClassVar[list[BindingType]] = [("question_mark", "help", "Help")]

    def __init__(self, host: Host) -> None:
        super().__init__()
        self.host = host

    @property
    def words(self) -> Words:
        return self.host.words

    def conn_line(self) -> Plain:
        return Plain("", id="conn")

    def say_line(self) -> Plain:
        return Plain("", id="say")

    def show(self) -> None:
        """Redraw from the app's picture (each screen its own)."""

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.words))


__all__ = ["Base"]
