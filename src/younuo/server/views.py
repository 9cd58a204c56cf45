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

import dataclasses
from collections.abc import Iterable
from enum import Enum
from typing import Any

from younuo.engine import Card, Game, PlayerView

FIELDS = tuple(f.name for f in dataclasses.fields(PlayerView) if f.name != "rules")
"""The fields of a view, but the rule set (converted once per match)."""

PRIVATE = ("player", "hand", "drawn", "challenge_open", "reveal")
"""The fields of a view that depend on who looks (``younuo.engine.views.make_view``):
the viewer, their hand, the card they just drew, whether they may challenge, and the
hand shown to them by a challenge. The others are the same for every seat."""

Views = dict[str | None, dict[str, Any]]
"""View dicts by seat name; None: the public view (spectators)."""


def jsonable(value: Any) -> Any:
    """A view field as JSON: cards as codes, colors and ranks as their values, lists."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    return value


def public_dict(view: PlayerView, rules: dict[str, Any]) -> dict[str, Any]:
    """``view.to_dict()``, with the rule set given already converted."""
    out = {name: jsonable(getattr(view, name)) for name in FIELDS}
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
            view[field] = jsonable(getattr(own, field))
        out[name] = view
    return out


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``after`` whose values differ from ``before`` (a view delta)."""
    missing = object()
    return {key: value for key, value in after.items() if before.get(key, missing) != value}


__all__ = ["FIELDS", "PRIVATE", "Views", "changes", "jsonable", "public_dict", "seat_views"]
