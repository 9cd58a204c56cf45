"""A match's last committed version, the one thing every outbound view is built from.

The engine applies a move to the match's game before the move is stored; storing it
awaits the database, and meanwhile other tasks run: a spectator's ``sync``, a
reconnect's ``state``, a seat going away. Had they read the game, they would have
shown a move that was not committed yet (and might never be) under the version before
it. So each committed version leaves a :class:`Snapshot`, every seat's view and legal
actions at that version, and every ``state`` and ``update`` is built from it. The
match's runtime replaces its snapshot only once the move's commit succeeded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from younuo.engine import Action, ActionType, Game, PlayerView
from younuo.server.match.views import Views, seat_views

SERVER_ONLY = frozenset({ActionType.TIMEOUT, ActionType.MATCH_CLOCK, ActionType.NEXT_ROUND})
"""The server's own actions: never listed in ``legal``, refused from clients."""


@dataclass(slots=True)
class Snapshot:
    """Every seat's view and legal actions at one committed version of a match."""

    version: int
    views: Views
    """By seat name, and None for the public view: as :func:`seat_views` gives them."""
    legal: dict[str, list[Action]]
    """By seat name: the engine's legal actions at ``version`` (bots choose from them)."""
    _legal_out: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def legal_out(self, name: str) -> list[dict[str, Any]]:
        """``name``'s legal actions as the protocol sends them (built once per version)."""
        out = self._legal_out.get(name)
        if out is None:
            out = self._legal_out[name] = legal_dicts(self.legal[name])
        return out


def take_snapshot(game: Game, public: PlayerView, rules: dict[str, Any], version: int) -> Snapshot:
    """The snapshot of ``game`` as it stands, committed as ``version``."""
    players = game.players
    return Snapshot(
        version=version,
        views=seat_views(game, public, rules, players),
        legal={name: game.legal_actions(name) for name in players},
    )


def legal_dicts(actions: list[Action]) -> list[dict[str, Any]]:
    """Legal actions as the protocol sends them: action objects (docs/records.md, *Actions*) without
    ``player``, and none of the server's own (``next_round``, ``timeout``, ...)."""
    out = []
    for action in actions:
        if action.type in SERVER_ONLY:
            continue
        body = action.to_dict()
        body.pop("player", None)
        out.append(body)
    return out


__all__ = ["SERVER_ONLY", "Snapshot", "legal_dicts", "take_snapshot"]
