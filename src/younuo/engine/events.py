"""Events: what happened, in order, as immutable values.

``Game.apply`` returns the full events; :func:`younuo.engine.views.redact` gives each
player their copy with what they may not see taken out (drawn cards, other hands).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from younuo.engine.cards import Card, Color

Hands = tuple[tuple[str, tuple[Card, ...] | None], ...]


class Event(NamedTuple):
    """One thing that happened. Fields not used by an event type stay ``None``.

    A named tuple rather than a dataclass: events are made at every step of every
    simulated game, and a tuple is several times cheaper to build.

    Types: ``round_start``, ``dealer_draw``, ``deal``, ``start_card``, ``play``,
    ``jump_in``, ``skip``, ``reverse``, ``bounce``, ``penalty``, ``draw``, ``pass``,
    ``choose_color``, ``uno``, ``catch``, ``challenge``, ``reveal``, ``swap``,
    ``rotate``, ``reshuffle``, ``timeout``, ``leave``, ``player_out``, ``finish``,
    ``round_over``, ``match_over``.
    """

    type: str
    player: str | None = None
    target: str | None = None
    cards: tuple[Card, ...] | None = None
    count: int | None = None  # type: ignore[assignment]  # shadows tuple.count, on purpose
    color: Color | None = None
    reason: str | None = None
    points: int | None = None
    hands: Hands | None = None
    info: tuple[tuple[str, Any], ...] = ()

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
