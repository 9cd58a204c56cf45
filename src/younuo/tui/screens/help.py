"""The help screen: every key, in the player's language (``?`` opens and closes it)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from younuo.tui.words import Words

LINES = (
    "tui.help.move",
    "tui.help.select",
    "tui.help.play",
    "tui.help.draw",
    "tui.help.uno",
    "tui.help.pickers",
    "tui.help.hint",
    "tui.help.auto",
    "tui.help.leave",
    "",
    "tui.help.lobby",
    "tui.help.room",
    "tui.help.colours",
    "",
    "tui.keys.common",
    "tui.help.close",
)


class HelpScreen(ModalScreen[None]):
    """The keys of every screen, over the screen that opened it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("escape", "close", "Close"),
        ("question_mark", "close", "Close"),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: 80; max-width: 100%; height: auto; max-height: 100%;
                          border: round $accent; padding: 0 1; background: $surface; }
    """

    def __init__(self, words: Words) -> None:
        super().__init__()
        self.words = words

    def compose(self) -> ComposeResult:
        title = f"[b]{self.words('tui.help.title')}[/b] — {self.words('tui.help.table')}"
        body = "\n".join(self.words(key) if key else "" for key in LINES)
        yield Static(f"{title}\n{body}", id="help", markup=True)

    def action_close(self) -> None:
        self.dismiss()


__all__ = ["HelpScreen"]
