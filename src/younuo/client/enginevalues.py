"""The wire's dicts as the engine's values, for bots written against the engine.

The server sends a seat's view as ``PlayerView.to_dict()``, its legal actions and
events as the objects of docs/records.md; the server's bots (:mod:`younuo.bots`) take
:class:`~younuo.engine.PlayerView`, :class:`~younuo.engine.Action` and
:class:`~younuo.engine.Event`. These functions turn the one into the other, exactly:
``player_view(view.to_dict()) == view``. (They live here, not in the engine, which
never reads views back: only a program on the other end of the wire needs to.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from younuo.engine import (
    EVENT_TYPES,
    GAME_STATUSES,
    PHASES,
    Action,
    Card,
    Color,
    Event,
    PlayerView,
    Rank,
    RecordError,
    Rules,
    is_event_type,
)
from younuo.engine.events import FIELDS as EVENT_FIELDS


def player_view(data: Mapping[str, Any]) -> PlayerView:
    """The :class:`~younuo.engine.PlayerView` whose ``to_dict()`` is ``data``.

    Raises :class:`~younuo.engine.RecordError` (a bad card, color, status or phase),
    :class:`~younuo.engine.RulesError` (bad rules) or :class:`KeyError` (a field
    missing) for data that no view gives.
    """
    reveal = data.get("reveal")
    challenge = data.get("challenge")
    teams = data.get("teams")
    return PlayerView(
        player=data["player"],
        players=tuple(data["players"]),
        rules=Rules.from_dict(data["rules"]),
        status=_one_of(data["status"], GAME_STATUSES, "bad_status", "game status"),
        round=data["round"],
        hand=_cards(data["hand"]),
        hand_counts=tuple(data["hand_counts"]),
        top=_card(data["top"]),
        color=_color(data["color"]),
        direction=data["direction"],
        current=data["current"],
        phase=_one_of(data["phase"], PHASES, "bad_phase", "turn phase"),
        drawn=_card(data["drawn"]),
        pending_draw=data["pending_draw"],
        pending_kind=None if data["pending_kind"] is None else Rank(data["pending_kind"]),
        challenge_open=data["challenge_open"],
        pile_count=data["pile_count"],
        discard_count=data["discard_count"],
        called_uno=tuple(data["called_uno"]),
        exposed=data["exposed"],
        in_match=tuple(data["in_match"]),
        in_round=tuple(data["in_round"]),
        teams=None if teams is None else tuple(teams),
        last_play=tuple(None if play is None else _cards(play) for play in data["last_play"]),
        top_owner=data["top_owner"],
        scores=tuple(data["scores"]),
        round_winner=data["round_winner"],
        round_points=data["round_points"],
        match_winner=data["match_winner"],
        timeouts=tuple(data["timeouts"]),
        reveal=None if reveal is None else (reveal[0], _cards(reveal[1])),
        discard_pile=_cards(data.get("discard_pile", ())),
        challenge=None if challenge is None else (challenge[0], challenge[1]),
        penalty_stack=tuple(data.get("penalty_stack", ())),
    )


def actions(legal: Sequence[Mapping[str, Any]], player: str | None) -> list[Action]:
    """The legal actions as the engine's, each with the seat ``player`` (the engine's
    own legal actions carry it; the wire's do not)."""
    return [Action.from_dict({**action, "player": player}) for action in legal]


def wire_action(action: Action) -> dict[str, Any]:
    """An action as it is sent (docs/records.md, *Actions*; no ``player``: the server knows it)."""
    out = action.to_dict()
    out.pop("player", None)
    return out


def event(data: Mapping[str, Any]) -> Event:
    """The :class:`~younuo.engine.Event` whose ``to_dict()`` is ``data``: fields the
    engine names are read back, every other key goes to ``info`` in order.

    Raises :class:`~younuo.engine.RecordError` for a type the engine never gives
    (``bad_event_type``), a bad card or color."""
    cards = data.get("cards")
    color = data.get("color")
    hands = data.get("hands")
    return Event(
        type=_one_of(data["type"], EVENT_TYPES, "bad_event_type", "event type"),
        player=data.get("player"),
        target=data.get("target"),
        cards=None if cards is None else _cards(cards),
        count=data.get("count"),
        color=_color(color),
        reason=data.get("reason"),
        points=data.get("points"),
        hands=None
        if hands is None
        else tuple((name, None if held is None else _cards(held)) for name, held in hands.items()),
        info=tuple((key, value) for key, value in data.items() if key not in EVENT_FIELDS),
    )


def events(data: Sequence[Mapping[str, Any]]) -> list[Event]:
    """Each of ``data`` as an event (:func:`event`), leaving out those of a type this
    engine does not know.

    docs/records.md: new event types may come in any release. A bot built on an older
    release then plays on, blind only to what is new, rather than failing at the first
    event a newer server sends; a bad card or color in a known event still raises."""
    return [event(item) for item in data if is_event_type(item.get("type"))]


Known = TypeVar("Known", bound=str)


def _one_of(value: object, known: tuple[Known, ...], code: str, what: str) -> Known:
    """``value`` as the one of ``known`` it equals (the engine's Literal type), or a
    :class:`~younuo.engine.RecordError` with ``code``."""
    for name in known:
        if value == name:
            return name
    raise RecordError(code, f"unknown {what}: {value!r}")


def _cards(codes: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def _card(code: str | None) -> Card | None:
    return None if code is None else Card.parse(code)


def _color(name: str | None) -> Color | None:
    return None if name is None else Color.parse(name)


__all__ = ["actions", "event", "events", "player_view", "wire_action"]
