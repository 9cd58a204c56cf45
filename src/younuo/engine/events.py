"""Events: what happened, in order, as immutable values.

``Game.apply`` returns the full events; :func:`younuo.engine.views.redact` gives each
player their copy with what they may not see taken out (drawn cards, other hands).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, final

from younuo.engine.cards import Card, Color
from younuo.engine.value import Value

Hands = tuple[tuple[str, tuple[Card, ...] | None], ...]


FIELDS: Final = (
    "type",
    "player",
    "target",
    "cards",
    "count",
    "color",
    "reason",
    "points",
    "hands",
    "info",
)
"""An event's fields, in the order of its constructor's arguments."""


@final
class Event(Value):
    """One thing that happened. Fields not used by an event type stay ``None``.

    Immutable: :meth:`replace` makes a changed copy. A plain class with its fields
    listed once: compiled (docs/engine.md), it is built at C speed, and events are made
    at every step of every simulated game.

    Types: ``round_start``, ``dealer_draw``, ``deal``, ``start_card``, ``play``,
    ``jump_in``, ``skip``, ``reverse``, ``bounce``, ``penalty``, ``draw``, ``pass``,
    ``choose_color``, ``uno``, ``catch``, ``challenge``, ``reveal``, ``swap``,
    ``rotate``, ``reshuffle``, ``timeout``, ``leave``, ``player_out``, ``finish``,
    ``round_over``, ``match_over``.
    """

    __slots__ = (
        "cards",
        "color",
        "count",
        "hands",
        "info",
        "player",
        "points",
        "reason",
        "target",
        "type",
    )
    NAMES: ClassVar[tuple[str, ...]] = FIELDS

    type: Final[str]
    player: Final[str | None]
    target: Final[str | None]
    cards: Final[tuple[Card, ...] | None]
    count: Final[int | None]
    color: Final[Color | None]
    reason: Final[str | None]
    points: Final[int | None]
    hands: Final[Hands | None]
    info: Final[tuple[tuple[str, Any], ...]]

    def __init__(
        self,
        type: str,
        player: str | None = None,
        target: str | None = None,
        cards: tuple[Card, ...] | None = None,
        count: int | None = None,
        color: Color | None = None,
        reason: str | None = None,
        points: int | None = None,
        hands: Hands | None = None,
        info: tuple[tuple[str, Any], ...] = (),
    ) -> None:
        self.type = type
        self.player = player
        self.target = target
        self.cards = cards
        self.count = count
        self.color = color
        self.reason = reason
        self.points = points
        self.hands = hands
        self.info = info

    def fields(self) -> tuple[Any, ...]:
        """The field values, in the order of the constructor's arguments."""
        return (
            self.type,
            self.player,
            self.target,
            self.cards,
            self.count,
            self.color,
            self.reason,
            self.points,
            self.hands,
            self.info,
        )

    def replace(self, **changes: Any) -> Event:
        """A copy with ``changes`` (field names) made."""
        values = dict(zip(FIELDS, self.fields(), strict=True))
        values.update(changes)
        return Event(**values)

    def get(self, key: str, default: Any = None) -> Any:
        """A value of ``info`` by name."""
        for name, value in self.info:
            if name == key:
                return value
        return default

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: unset fields left out, cards as codes."""
        out: dict[str, Any] = {"type": self.type}
        if self.player is not None:
            out["player"] = self.player
        if self.target is not None:
            out["target"] = self.target
        if self.cards is not None:
            out["cards"] = [c.code for c in self.cards]
        if self.count is not None:
            out["count"] = self.count
        if self.color is not None:
            out["color"] = self.color.value
        if self.reason is not None:
            out["reason"] = self.reason
        if self.points is not None:
            out["points"] = self.points
        if self.hands is not None:
            out["hands"] = {
                name: None if cards is None else [c.code for c in cards]
                for name, cards in self.hands
            }
        for name, value in self.info:
            out[name] = value
        return out
