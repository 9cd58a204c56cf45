"""What every screen of the terminal table has: the connection line at the top, a
title, a message line and a line of keys; and its way to the app."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual.binding import BindingType
from textual.screen import Screen

from younuo.tui.plain import Plain

if TYPE_CHECKING:
    from younuo.tui.app import PlayApp
    from younuo.tui.words import Words


class Base(Screen[None]):
    """A screen of :class:`~younuo.tui.app.PlayApp`; ``show()`` redraws it from the app."""

    BINDINGS: ClassVar[list[BindingType]] = [("question_mark", "help", "Help")]

    @property
    def play(self) -> PlayApp:
        return cast("PlayApp", self.app)

    @property
    def words(self) -> Words:
        return self.play.words

    def conn_line(self) -> Plain:
        return Plain("", id="conn")

    def say_line(self) -> Plain:
        return Plain("", id="say")

    def show(self) -> None:
        """Redraw from the app's picture (each screen its own)."""

    def action_help(self) -> None:
        from younuo.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.words))


__all__ = ["Base"]
