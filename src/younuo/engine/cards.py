"""Cards, colors, ranks and decks (R-CARD).

Cards are small immutable values. ``Card.parse("R+2")`` reads the card codes of the
rule book and ``str(card)`` writes them back; ``parse`` and the decks share one object
per distinct card, so cards mostly compare by identity.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, final

from younuo.engine.errors import RecordError


class Color(StrEnum):
    """The four suit colors. The value is the name used in actions and records."""

    # Enum's own __hash__ is Python code run on every dict or set lookup; a member is its
    # value (a str), and hashing it as that str is consistent with == and runs in C.
    __hash__ = str.__hash__

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    @property
    def code(self) -> str:
        """The one-letter code used in card codes: ``R Y G B``."""
        return _COLOR_CODES[self]

    @classmethod
    def parse(cls, name: str) -> Color:
        """Read a color name (``"red"``); raise :class:`RecordError` otherwise."""
        try:
            return cls(name)
        except ValueError:
            raise RecordError(
                "bad_color", f"unknown color {name!r}: use red, yellow, green or blue"
            ) from None


_COLOR_CODES: Final = {Color.RED: "R", Color.YELLOW: "Y", Color.GREEN: "G", Color.BLUE: "B"}
COLORS: Final[tuple[Color, ...]] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)


class Rank(StrEnum):
    """What a card is, apart from its color. The value is its part of the card code."""

    # As for Color: hashed as its str value, in C.
    __hash__ = str.__hash__

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    DISCARD_ALL = "A"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_BOUNCE = "WB"

    @property
    def is_number(self) -> bool:
        return self in _NUMBERS

    @property
    def is_wild(self) -> bool:
        return self in _WILDS

    @property
    def draw_amount(self) -> int:
        """Cards the next player must draw for one such card (0 for most ranks)."""
        return _DRAW_AMOUNT.get(self, 0)

    @property
    def points(self) -> int:
        """Card points at the end of a round (R-CARD-4)."""
        return _POINTS[self]


_RANK_INDEX: Final = {rank: i for i, rank in enumerate(Rank)}
_COLOR_INDEX: Final = {color: i for i, color in enumerate(COLORS, 1)}
CARD_INDEXES: Final = len(Rank) * 5
"""How many values :attr:`Card.index` may take."""
_NUMBERS: Final = frozenset(Rank(str(n)) for n in range(10))
_WILDS: Final = frozenset({Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_BOUNCE})
_DRAW_AMOUNT: Final = {Rank.DRAW_TWO: 2, Rank.WILD_DRAW_FOUR: 4}
_COLORED_RANKS: Final = frozenset(Rank) - _WILDS
_POINTS: Final = {r: int(r.value) if r in _NUMBERS else 50 if r in _WILDS else 20 for r in Rank}


@final
class Card:
    """One card: a color (``None`` for wilds) and a rank.

    >>> Card.parse("GR")
    Card.parse('GR')
    >>> str(Card(Color.RED, Rank.DRAW_TWO))
    'R+2'

    Equal cards compare and hash equal whichever way they were made; ``parse`` and the
    decks hand out one shared object per distinct card, so most comparisons are an
    identity check. A plain class rather than a named tuple: compiled (docs/engine.md),
    its fields are read straight from the object, and cards are read at every step.
    """

    __slots__ = ("_hash", "code", "color", "index", "rank")

    color: Final[Color | None]
    rank: Final[Rank]
    code: Final[str]
    """The card code of the rule book: ``R5``, ``GR``, ``Y+2``, ``BA``, ``W``, ``W+4``, ``WB``."""
    index: Final[int]
    """A small number for the card, below :data:`CARD_INDEXES`: equal cards share it."""
    _hash: Final[int]

    def __init__(self, color: Color | None, rank: Rank) -> None:
        self.color = color
        self.rank = rank
        self.code = rank.value if color is None else _COLOR_CODES[color] + rank.value
        self.index = _RANK_INDEX[rank] * 5 + (0 if color is None else _COLOR_INDEX[color])
        self._hash = hash(self.code)

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a card code (``R5``, ``GR``, ``Y+2``, ``BA``, ``W``, ``W+4``, ``WB``)."""
        card = _BY_CODE.get(code) if isinstance(code, str) else None
        if card is None:
            raise RecordError(
                "bad_card",
                f"unknown card code {code!r}: a color letter R/Y/G/B and 0-9, S, R, +2 or A;"
                " or W, W+4, WB",
            )
        return card

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def is_wild(self) -> bool:
        return self.color is None

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Card) and self.code == other.code

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Card.parse, (self.code,))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


def _all_cards() -> dict[str, Card]:
    cards = {rank.value: Card(None, rank) for rank in _WILDS}
    for color in COLORS:
        for rank in _COLORED_RANKS:
            card = Card(color, rank)
            cards[card.code] = card
    return cards


_BY_CODE: Final = _all_cards()
ALL_CARDS: Final[tuple[Card, ...]] = tuple(_BY_CODE.values())


def parse_cards(codes: list[str] | tuple[str, ...]) -> list[Card]:
    """Read a list of card codes."""
    return [Card.parse(code) for code in codes]


def standard_deck() -> list[Card]:
    """The 108 cards of one standard deck (R-CARD-1), in a fixed order."""
    return list(_STANDARD_DECK)


def party_deck() -> list[Card]:
    """The 120 cards of one party deck (R-CARD-2): standard plus Discard All and Wild Bounce."""
    return list(_PARTY_DECK)


def _standard_deck() -> tuple[Card, ...]:
    deck: list[Card] = []
    for color in COLORS:
        deck.append(Card.parse(color.code + Rank.ZERO.value))
        for rank in Rank:
            if rank is not Rank.ZERO and rank in _COLORED_RANKS and rank is not Rank.DISCARD_ALL:
                deck += [Card.parse(color.code + rank.value)] * 2
    deck += [Card.parse(Rank.WILD.value)] * 4 + [Card.parse(Rank.WILD_DRAW_FOUR.value)] * 4
    return tuple(deck)


def _party_deck() -> tuple[Card, ...]:
    deck = list(_STANDARD_DECK)
    for color in COLORS:
        deck += [Card.parse(color.code + Rank.DISCARD_ALL.value)] * 2
    deck += [Card.parse(Rank.WILD_BOUNCE.value)] * 4
    return tuple(deck)


# Built once: determinizing bots ask for the decks at every guessed world.
_STANDARD_DECK: Final = _standard_deck()
_PARTY_DECK: Final = _party_deck()


def hand_points(cards: list[Card] | tuple[Card, ...]) -> int:
    """Sum of card points (R-CARD-4)."""
    return sum(card.rank.points for card in cards)
