"""A card as the terminal shows it: its colour's symbol and its rank, in the colour's
style (``▲5``, ``●+2``, ``■⊘``, ``★W+4``), and the order of a hand on screen.

Nothing here says what may be played: that is the server's ``legal`` list
(:mod:`younuo.tui.tablemodel`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from younuo.engine.cards import COLORS, Card, Color, Rank
from younuo.tui.colours import style, symbol

RANK_FACES: Final[dict[Rank, str]] = {
    Rank.SKIP: "⊘",
    Rank.REVERSE: "⇄",
    Rank.DRAW_TWO: "+2",
    Rank.DISCARD_ALL: "A",
    Rank.WILD: "W",
    Rank.WILD_DRAW_FOUR: "W+4",
    Rank.WILD_BOUNCE: "WB",
}
"""Ranks that are not numbers; numbers are their digit."""
RANK_ORDER: Final[tuple[Rank, ...]] = tuple(Rank)


@dataclass(frozen=True, slots=True)
class Face:
    """What a card looks like: ``text`` (symbol and rank) in ``style``."""

    code: str
    text: str
    style: str
    color: Color | None


def face(code: str, named: Color | None = None) -> Face:
    """The face of the card ``code`` (a wild in ``named``, the colour named with it, if
    given: the top of the pile)."""
    card = Card.parse(code)
    color = card.color if card.color is not None else named
    rank = RANK_FACES.get(card.rank, card.rank.value)
    return Face(code=code, text=f"{symbol(color)}{rank}", style=style(color), color=color)


def hand_order(codes: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The hand as shown: by colour (red, yellow, green, blue), then rank; wilds last."""

    def key(code: str) -> tuple[int, int]:
        card = Card.parse(code)
        colour = len(COLORS) if card.color is None else COLORS.index(card.color)
        return colour, RANK_ORDER.index(card.rank)

    return tuple(sorted(codes, key=key))


__all__ = ["Face", "face", "hand_order"]
