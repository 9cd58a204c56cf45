"""The four colours in the terminal: a symbol each, as the web table's colour-blind
mode marks them (docs/web.md: red ▲, yellow ●, green ■, blue ◆), and a terminal colour.

The symbol is always shown, next to the colour: in a terminal without colours, or for a
player who tells red from green by shape alone, the symbol says it.
"""

from __future__ import annotations

from typing import Final

from younuo.engine.cards import COLORS, Color

SYMBOLS: Final[dict[Color, str]] = {
    Color.RED: "▲",
    Color.YELLOW: "●",
    Color.GREEN: "■",
    Color.BLUE: "◆",
}
WILD_SYMBOL: Final = "★"
"""A wild card before its colour is named."""
STYLES: Final[dict[Color, str]] = {
    Color.RED: "bold red",
    Color.YELLOW: "bold yellow",
    Color.GREEN: "bold green",
    Color.BLUE: "bold dodger_blue1",
}
WILD_STYLE: Final = "bold magenta"


def symbol(color: Color | None) -> str:
    """The colour's symbol (★ for none: a wild)."""
    return WILD_SYMBOL if color is None else SYMBOLS[color]


def style(color: Color | None) -> str:
    """The colour's terminal style (Rich's style syntax)."""
    return WILD_STYLE if color is None else STYLES[color]


def name_key(color: Color) -> str:
    """The language table's key of the colour's name (``color.red``)."""
    return f"color.{color.value}"


__all__ = ["COLORS", "SYMBOLS", "WILD_SYMBOL", "name_key", "style", "symbol"]
