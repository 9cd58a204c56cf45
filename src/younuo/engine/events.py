"""Events: what happened, in order, as immutable values.

``Game.apply`` returns the full events; :func:`younuo.engine.views.redact` gives each
player their copy with what they may not see taken out (drawn cards, other hands).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Literal, TypeGuard, final, get_args

from younuo.engine.cards import Card, Color
from younuo.engine.value import Value

Hands = tuple[tuple[str, tuple[Card, ...] | None], ...]

# A Literal, not an enum: the compiled engine makes events at every step and builds and
# compares plain strings at C speed; records and the wire carry the same strings, and
# mypy --strict refuses a misspelt type wherever one is compared, assigned or passed.
EventType = Literal[
    "round_start",  # a round begins; player: who plays first; info: round, dealer
    "dealer_draw",  # the draw for dealer (R-SETUP-2); player: the dealer; info: draws
    "deal",  # the hands are dealt; hands: every hand
    "start_card",  # the start card turned; cards, color; reason "returned" if put back
    "play",  # player put cards down; cards, color in force; info: jump_in (bool)
    "jump_in",  # player jumps in out of turn (R-HOUSE-JUMP), before their play
    "skip",  # player loses their turn
    "reverse",  # the direction of play changes; info: direction
    "bounce",  # player bounces the pending penalty to target; count: cards owed
    "penalty",  # player made target owe cards; count: the penalty now pending
    "draw",  # player draws cards; cards, count; reason: why (penalty, turn, ...)
    "pass",  # player keeps the card they drew (R-TURN-4), themselves or on a timeout
    "choose_color",  # player names a Wild start card's color; reason "timeout" if automatic
    "uno",  # player calls UNO; reason "false" for a call not allowed
    "catch",  # player catches target; reason "caught" or "false" (a false catch)
    "challenge",  # player challenges target's Wild Draw Four; reason: guilty, innocent
    "reveal",  # the accused (player) shows their hand (cards) to the challenger (target)
    "swap",  # a Seven: player and target swap hands; hands: both new hands
    "rotate",  # a Zero: every hand passes on in the direction; hands; info: direction
    "reshuffle",  # the discard pile, less its top, becomes the draw pile; count: its size
    "timeout",  # player's turn clock ran out
    "leave",  # player leaves the match; count: cards they held; points
    "player_out",  # player is out of the match (elimination); points: their score
    "finish",  # player went out of the round (knockout); info: place
    "round_over",  # the round is won by player; points, hands; info: scores (order)
    "match_over",  # the match is won by player; info: scores
]
"""What an event says happened: the value of :attr:`Event.type`, in records and on the wire."""

EVENT_TYPES: Final[tuple[EventType, ...]] = get_args(EventType)
"""Every :data:`EventType`, in the order above (for checks at run time)."""


def is_event_type(value: object) -> TypeGuard[EventType]:
    """Whether ``value`` (say, a ``type`` read from the wire) is an :data:`EventType`."""
    return value in EVENT_TYPES


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

    ``type`` is one of :data:`EVENT_TYPES` (:data:`EventType` says what each means).
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

    type: Final[EventType]
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
        type: EventType,
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
