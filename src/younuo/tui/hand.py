"""The hand as the terminal table draws it: numbered cards, the selection in brackets,
the cursor reversed, and the cards that may be played now marked (``▸``, bold) and the
others dimmed, so a player sees what to play without asking for a hint (``H``)."""

from __future__ import annotations

from typing import Final

from rich.text import Text

from younuo.tui.cards import face
from younuo.tui.tablemodel import TableModel
from younuo.tui.words import Words

PLAYABLE: Final = "▸"
"""The mark before a card that may be played now (a shape, not only a colour or a
weight, so that it shows on every terminal and to a screen reader)."""


def hand_text(words: Words, model: TableModel) -> Text:
    """The player's hand line (a spectator's says that they watch)."""
    if model.me is None:
        return Text(words("tui.table.spectating"))
    out = Text(words("tui.table.hand"))
    playable = model.playable
    for i, code in enumerate(model.hand):
        card = face(code)
        chosen = i in model.selected
        can = code in playable
        look = card.style if can or not playable else f"{card.style} dim"
        if can:
            look += " bold"
        if chosen:
            look += " underline"
        if i == model.cursor:
            look += " reverse"
        label = f"{i + 1}:" if i < 10 else ""
        out.append(" " + ("[" if chosen else " "))
        out.append(PLAYABLE if can else " ", style="bold")
        out.append(label)
        out.append(card.text, style=look)
        out.append("]" if chosen else " ")
    return out


__all__ = ["PLAYABLE", "hand_text"]
