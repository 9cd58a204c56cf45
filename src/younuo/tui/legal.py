"""What the player may do now, read from the one source there is: the ``legal`` list the
server sends with every state and update (docs/protocol.md §4), each entry an action
exactly as it may be sent back. The terminal keeps no copy of the rules: a card is
playable, a key acts and a picker offers a choice only because ``legal`` lists it.

The same readings as the web table's ``js/table/legal.js``, in one place for the
terminal: :mod:`younuo.tui.tablemodel` asks these functions and never looks into the
list itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

Action = Mapping[str, Any]
"""An action as the wire has it (docs/records.md, *Actions*, without ``player``)."""
PickField = Literal["color", "target"]


@dataclass(frozen=True, slots=True)
class Picker:
    """An open choice between legal actions that differ only in ``field``: the colour a
    wild names, the target of a 7 (R-HOUSE-70) or of a report. ``options`` in the order
    listed; key ``1`` picks the first."""

    field: PickField
    options: tuple[str, ...]
    actions: tuple[Action, ...]


def cards_of(action: Action) -> tuple[str, ...]:
    """The cards of a play action (a single ``card`` or several ``cards``)."""
    cards = action.get("cards")
    return tuple(cards) if cards else (str(action["card"]),)


def of_type(legal: Sequence[Action], kind: str) -> tuple[Action, ...]:
    """Every listed action of this type, in the order listed."""
    return tuple(a for a in legal if a["type"] == kind)


def allows(legal: Sequence[Action], kind: str) -> bool:
    """Whether ``legal`` lists an action of this type."""
    return any(a["type"] == kind for a in legal)


def first(legal: Sequence[Action], kind: str) -> Action | None:
    """The first listed action of this type, or None."""
    return next((a for a in legal if a["type"] == kind), None)


def playable_codes(legal: Sequence[Action]) -> frozenset[str]:
    """Every card code that starts some legal play."""
    return frozenset(code for a in of_type(legal, "play") for code in cards_of(a))


def plays_of(legal: Sequence[Action], codes: Sequence[str]) -> tuple[Action, ...]:
    """The legal plays of exactly these cards (one per colour named, per target, ...)."""
    wanted = Counter(codes)
    return tuple(a for a in of_type(legal, "play") if Counter(cards_of(a)) == wanted)


def can_grow(legal: Sequence[Action], codes: Sequence[str]) -> bool:
    """Whether some legal play holds all of these cards (a selection may grow)."""
    wanted = Counter(codes)
    return any(not wanted - Counter(cards_of(a)) for a in of_type(legal, "play"))


def next_choice(actions: Sequence[Action]) -> Picker | Action:
    """What is left to ask before one of ``actions`` can be sent: a :class:`Picker`
    when they differ in the colour named or the target, else the one action."""
    for name in ("color", "target"):
        options = tuple(dict.fromkeys(str(a[name]) for a in actions if a.get(name) is not None))
        if len(options) > 1:
            return Picker(field=name, options=options, actions=tuple(actions))
    return actions[0]


__all__ = [
    "Action",
    "Picker",
    "allows",
    "can_grow",
    "cards_of",
    "first",
    "next_choice",
    "of_type",
    "playable_codes",
    "plays_of",
]
