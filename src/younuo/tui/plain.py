"""The terminal table's text lines, which never read their text as markup.

Much of what the table shows comes from the server and so from other people: names of
players and rooms, error messages that quote a refused value. Textual reads a string
given to a widget as content markup by default, so a room named ``[/x]`` raised a
markup error in every lobby that listed it, and ``[@click=app.quit]...`` made a link
that ran an action of the app. Every line of the table is therefore a :class:`Plain`,
whose text is shown as it is (the language table's sentences hold no markup: styling is
done with Rich :class:`~rich.text.Text` styles, which are never parsed), and the
lobby's list of rooms is an ``OptionList`` with ``markup=False``. Only the help screen,
which shows the language table's sentences alone, keeps markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Plain(Static):
    """A :class:`~textual.widgets.Static` whose text is never parsed as markup."""

    def __init__(
        self,
        content: str | Text = "",
        *,
        id: str | None = None,  # Textual's own name for it
        classes: str | None = None,
    ) -> None:
        super().__init__(content, markup=False, id=id, classes=classes)


__all__ = ["Plain"]
