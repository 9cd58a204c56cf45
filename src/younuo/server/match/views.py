"""Each seat's view as it goes on the wire, built once per move, and what changed in it.

After every move each member of the room gets the table as their seat sees it. The
engine's :meth:`PlayerView.to_dict` gives that, but calling it for every seat repeats
the same work: every field but a few is the same for everyone. So :func:`seat_views`
converts the public view once and copies it for each seat with the fields that
depend on who looks (:data:`PRIVATE`) taken from that seat's own view; the rule set,
which never changes during a match, is converted once per match. A test compares the
result with the engine's own ``to_dict`` for every seat of many games.

Clients that ask for it (``hello`` with ``"deltas": true``) get in each ``update``
only the fields that changed since the view they had (:func:`changes`).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any

from younuo.engine import Card, Game, PlayerView
from younuo.engine.views import VIEW_FIELDS

FIELDS = tuple(name for name in VIEW_FIELDS if name != "rules")
"""The fields of a view, but the rule set (converted once per match)."""

PRIVATE = ("player", "hand", "drawn", "challenge_open", "reveal")
"""The fields of a view that depend on who looks (``younuo.engine.views.make_view``):
the viewer, their hand, the card they just drew, whether they may challenge, and the
hand shown to them by a challenge. The others are the same for every seat."""

Views = dict[str | None, dict[str, Any]]
"""View dicts by seat name; None: the public view (spectators)."""


_PLAIN = frozenset({str, int, bool, float, type(None)})
"""Types a view field holds that JSON takes as they are."""


def jsonable(value: Any) -> Any:
    """A view field as JSON: cards as codes, colors and ranks as their values, lists."""
    # Dispatch on the exact type first: this runs for every card of every view after
    # every move (the discard pile alone is up to a hundred cards), and a function call
    # with isinstance checks per card was a tenth of the server's time per move.
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is Card:
        return value.code
    if kind is tuple or kind is list:
        return [
            v if type(v) in _PLAIN else v.code if type(v) is Card else jsonable(v) for v in value
        ]
    if isinstance(value, Enum):
        return value.value
    return value


def public_dict(view: PlayerView, rules: dict[str, Any]) -> dict[str, Any]:
    """``view.to_dict()``, with the rule set given already converted."""
    out = {}
    for name in FIELDS:
        value = getattr(view, name)
        out[name] = value if type(value) in _PLAIN else jsonable(value)
    out["rules"] = rules
    return out


def seat_views(
    game: Game, public: PlayerView, rules: dict[str, Any], seats: Iterable[str]
) -> Views:
    """The public view and each of ``seats``' views, as ``PlayerView.to_dict()`` gives them."""
    base = public_dict(public, rules)
    out: Views = {None: base}
    for name in seats:
        own = game.view(name)
        view = dict(base)
        for field in PRIVATE:
            value = getattr(own, field)
            view[field] = value if type(value) in _PLAIN else jsonable(value)
        out[name] = view
    return out


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``after`` whose values differ from ``before`` (a view delta)."""
    missing = object()
    return {key: value for key, value in after.items() if before.get(key, missing) != value}


def seat_changes(
    before: Views, after: Views, public: dict[str, Any], name: str | None
) -> dict[str, Any]:
    """``changes(before[name], after[name])`` given ``public``, the public view's changes.

    A seat's view is the public one with :data:`PRIVATE` replaced, so only those
    fields need comparing per seat: the rest of the delta is the same for everyone.
    """
    if name is None:
        return public
    old, new = before[name], after[name]
    out = {key: value for key, value in public.items() if key not in PRIVATE}
    for key in PRIVATE:
        value = new[key]
        if key not in old or old[key] != value:
            out[key] = value
    return out


__all__ = [
    "FIELDS",
    "PRIVATE",
    "Views",
    "changes",
    "jsonable",
    "public_dict",
    "seat_changes",
    "seat_views",
]
