"""What a screen of the terminal table may reach of the app that shows it.

The screens (:mod:`younuo.tui.screens`) get a :class:`Host` passed to their constructor
and know the app by this protocol alone: :class:`younuo.tui.app.PlayApp` builds the
screens and satisfies it, and no screen imports the app (an import-linter contract in
pyproject keeps it so), so the app and its screens no longer import each other.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, Protocol

from younuo.client import Client, MatchOver, RoomSettingsPatch
from younuo.tui.tablemodel import Line, TableModel
from younuo.tui.words import Words


class Host(Protocol):
    """The app as its screens see it: the words, the client, the picture of the table,
    and the few things a screen asks the app to do."""

    words: Words
    client: Client | None
    """None until signed in."""
    create: RoomSettingsPatch | None
    """The settings of a room this player creates (``--option``)."""
    given_name: str | None
    given_token: str | None
    table: TableModel | None
    """The table on screen; the table screen sets the model a key press gave."""
    results: MatchOver | None
    log_lines: list[str]

    async def sign_in(self, name: str, token: str, password: str = "") -> None:
        """Sign in (the session of ``token``, the registered account ``name`` with its
        ``password``, or a new guest called ``name``) and connect."""

    def say(self, line: Line | str) -> None:
        """A notice on the screen's message line."""

    def say_next(self, line: Line) -> None:
        """A notice for the screen the player is being sent to (or the one on show, if
        they are already there)."""

    def do(self, request: Awaitable[Any]) -> None:
        """Send a request in the background; a refusal is said on the message line."""

    def server_now(self) -> float:
        """The server's clock (for the turn clock)."""

    def back_to_room(self) -> None:
        """Close the results."""


__all__ = ["Host"]
