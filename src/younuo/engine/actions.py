"""Actions: what a player (or the server's clock) asks the game to do.

One small immutable type covers every action of docs/records.md, so that records, bots, RL
agents and the server all speak the same language::

    Action.play("ann", Card.parse("R5"))
    Action.play("bob", Card.parse("W"), color=Color.GREEN)
    Action.draw("cat")
    Action.from_dict({"player": "dan", "type": "catch", "target": "ann"})
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, Final, final

from younuo.engine.cards import Card, Color
from younuo.engine.errors import RecordError
from younuo.engine.value import Value


class ActionType(StrEnum):
    """What an action does. The value is its ``type`` in records and on the wire."""

    # As for Color and Rank: hashed as its str value, in C (Enum's __hash__ is Python).
    __hash__ = str.__hash__

    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    CHOOSE_COLOR = "choose_color"
    UNO = "uno"
    CATCH = "catch"
    CHALLENGE = "challenge"
    LEAVE = "leave"
    NEXT_ROUND = "next_round"
    TIMEOUT = "timeout"
    MATCH_CLOCK = "match_clock"
    """The match clock ran out (R-SCORE-5); sent by the server, with no player."""


@final
class Action(Value):
    """One action. ``card`` and ``cards`` are exclusive; ``cards`` is for multi-play (R-MULTI).

    Immutable; equal actions compare and hash equal. A plain class rather than a frozen
    dataclass: compiled (docs/engine.md), a dataclass is built through Python-level code,
    several thousand machine instructions, and legal actions are made for every seat.
    """

    __slots__ = ("card", "cards", "color", "player", "target", "type")
    NAMES: ClassVar[tuple[str, ...]] = ("type", "player", "card", "cards", "color", "target")

    type: Final[ActionType]
    player: Final[str | None]
    card: Final[Card | None]
    cards: Final[tuple[Card, ...] | None]
    color: Final[Color | None]
    target: Final[str | None]

    def __init__(
        self,
        type: ActionType,
        player: str | None = None,
        card: Card | None = None,
        cards: tuple[Card, ...] | None = None,
        color: Color | None = None,
        target: str | None = None,
    ) -> None:
        self.type = type
        self.player = player
        self.card = card
        self.cards = cards
        self.color = color
        self.target = target

    def fields(self) -> tuple[Any, ...]:
        """The field values, in the order of the constructor's arguments."""
        return (self.type, self.player, self.card, self.cards, self.color, self.target)

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards a play puts down, in the order given."""
        if self.cards is not None:
            return self.cards
        return (self.card,) if self.card is not None else ()

    # Constructors, named as the action types.
    @classmethod
    def play(
        cls,
        player: str,
        card: Card | tuple[Card, ...] | list[Card],
        color: Color | None = None,
        target: str | None = None,
    ) -> Action:
        if isinstance(card, Card):
            return cls(ActionType.PLAY, player, card=card, color=color, target=target)
        return cls(ActionType.PLAY, player, cards=tuple(card), color=color, target=target)

    @classmethod
    def draw(cls, player: str) -> Action:
        return cls(ActionType.DRAW, player)

    @classmethod
    def pass_(cls, player: str) -> Action:
        return cls(ActionType.PASS, player)

    @classmethod
    def choose_color(cls, player: str, color: Color) -> Action:
        return cls(ActionType.CHOOSE_COLOR, player, color=color)

    @classmethod
    def uno(cls, player: str) -> Action:
        return cls(ActionType.UNO, player)

    @classmethod
    def catch(cls, player: str, target: str) -> Action:
        return cls(ActionType.CATCH, player, target=target)

    @classmethod
    def challenge(cls, player: str) -> Action:
        return cls(ActionType.CHALLENGE, player)

    @classmethod
    def leave(cls, player: str) -> Action:
        return cls(ActionType.LEAVE, player)

    @classmethod
    def next_round(cls, player: str | None = None) -> Action:
        return cls(ActionType.NEXT_ROUND, player)

    @classmethod
    def timeout(cls, player: str) -> Action:
        return cls(ActionType.TIMEOUT, player)

    @classmethod
    def match_clock(cls) -> Action:
        return cls(ActionType.MATCH_CLOCK)

    def to_dict(self) -> dict[str, Any]:
        """The record form: only the fields that are set."""
        out: dict[str, Any] = {}
        if self.player is not None:
            out["player"] = self.player
        out["type"] = self.type.value
        if self.card is not None:
            out["card"] = self.card.code
        if self.cards is not None:
            out["cards"] = [c.code for c in self.cards]
        if self.color is not None:
            out["color"] = self.color.value
        if self.target is not None:
            out["target"] = self.target
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """Read the record form. Malformed input raises :class:`RecordError`.

        A missing field is not malformed: the game refuses such an action by the rules.
        """
        if not isinstance(data, Mapping):
            raise RecordError("bad_action", "an action must be an object")
        unknown = set(data) - _FIELDS
        if unknown:
            raise RecordError(
                "bad_action", f"unknown action field(s) {', '.join(sorted(map(str, unknown)))}"
            )
        kind = data.get("type")
        try:
            action_type = ActionType(str(kind))
        except ValueError:
            raise RecordError(
                "bad_action_type",
                f"unknown action type {kind!r}: use one of {', '.join(ActionType)}",
            ) from None
        player = _optional_str(data, "player")
        target = _optional_str(data, "target")
        color = data.get("color")
        if color is not None:
            if not isinstance(color, str):
                raise RecordError("bad_color", f"color must be a name, not {color!r}")
            color = Color.parse(color)
        card = data.get("card")
        if card is not None:
            card = Card.parse(card)
        cards = data.get("cards")
        if cards is not None:
            if not isinstance(cards, list):
                raise RecordError("bad_action", "cards must be a list of card codes")
            cards = tuple(Card.parse(code) for code in cards)
        return cls(action_type, player, card=card, cards=cards, color=color, target=target)


_FIELDS: Final = frozenset({"type", "player", "card", "cards", "color", "target"})


def _optional_str(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise RecordError("bad_action", f"{key} must be a player name, not {value!r}")
    return value
