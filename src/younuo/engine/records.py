"""Game records (docs/records.md): read, write and replay.

A record is the recipe of a game: rules, seats, the start (a ``seed`` or an explicit
``setup``) and every action in order. The seed is an integer (SplitMix64, every record
made before keyed deals) or a 128-bit key in hex with ``"generator": "blake2b"``
(docs/records.md, "Seeds and generators"). Replaying it is deterministic::

    record = Record.from_json(text)          # RecordError if it is not a valid record
    result = replay(record)                  # stops at the first refused action
    result.ok, result.error, result.state    # as printed by ``younuo replay --json``

    Record.from_game(game).to_json()         # save a game being played

This module does no I/O: callers pass text or dicts and get values back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from younuo.engine.actions import Action
from younuo.engine.cards import Card
from younuo.engine.errors import IllegalAction, RecordError, RulesError
from younuo.engine.events import Event
from younuo.engine.game import Game
from younuo.engine.rng import GeneratorName, Seed, generator_of, is_key
from younuo.engine.rules import Rules

FORMAT = "younuo-record/1"
"""The record format this engine reads and writes."""

_SETUP_FIELDS = frozenset({"hands", "start", "pile", "first", "direction"})
# Width under which a JSON list or object is written on one line by :meth:`Record.to_json`.
_LINE_WIDTH = 96


@dataclass(frozen=True, slots=True)
class RecordSetup:
    """An explicit starting position (docs/records.md, *The start*).

    ``hands`` pairs each player's name with their hand, in the order the record gives them.
    """

    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    start: Card
    pile: tuple[Card, ...] = ()  # top first
    first: str | None = None  # None: the first seat (the host) plays first
    direction: int = 1

    def hand(self, player: str) -> tuple[Card, ...]:
        """The hand given to ``player`` (empty when the setup gives none)."""
        for name, cards in self.hands:
            if name == player:
                return cards
        return ()

    @classmethod
    def from_dict(cls, data: Any) -> RecordSetup:
        """Read the ``setup`` object. Malformed input raises :class:`RecordError`."""
        if not isinstance(data, Mapping):
            raise RecordError("bad_setup", "setup must be an object (or null when seed is given)")
        unknown = set(data) - _SETUP_FIELDS
        if unknown:
            raise RecordError(
                "bad_setup",
                f"unknown setup field(s) {', '.join(sorted(map(str, unknown)))}:"
                f" use {', '.join(sorted(_SETUP_FIELDS))}",
            )
        hands = data.get("hands")
        if not isinstance(hands, Mapping):
            raise RecordError("bad_setup", "setup.hands must map each player to a list of cards")
        if "start" not in data:
            raise RecordError("bad_setup", "setup.start (the start card) is missing")
        first = data.get("first")
        if first is not None and not isinstance(first, str):
            raise RecordError("bad_player", f"setup.first must be a player name, not {first!r}")
        direction = data.get("direction", 1)
        if isinstance(direction, bool) or direction not in (1, -1):
            raise RecordError("bad_setup", "setup.direction is 1 (clockwise) or -1")
        return cls(
            hands=tuple(
                (str(name), _cards(cards, f"setup.hands.{name}")) for name, cards in hands.items()
            ),
            start=Card.parse(data["start"]),
            pile=_cards(data.get("pile", []), "setup.pile"),
            first=first,
            direction=direction,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": {name: [c.code for c in cards] for name, cards in self.hands},
            "start": self.start.code,
            "pile": [c.code for c in self.pile],
            "first": self.first,
            "direction": self.direction,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """A whole game: rules, seats, the start and every action (docs/records.md).

    ``setup`` is an explicit start; without it ``seed`` deals. With a setup, ``seed``
    (0 when None) seeds the reshuffles and later rounds. An integer seed is SplitMix64's,
    a key (32 hex digits) the keyed BLAKE2b generator's; the JSON form names the
    generator of a key (:func:`seed_fields`). Fields are keyword-only and in the order
    of the JSON form.
    """

    format: str = FORMAT
    rules: Rules
    players: tuple[str, ...]
    teams: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    setup: RecordSetup | None = None
    seed: Seed | None = None
    actions: tuple[Action, ...] = ()

    def __post_init__(self) -> None:
        if self.setup is None and self.seed is None:
            raise RecordError("bad_start", "a record needs a seed or a setup")

    # ----------------------------------------------------------------- reading
    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record from JSON text. Anything invalid raises :class:`RecordError`."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise RecordError("bad_json", f"not valid JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record from its decoded JSON form.

        Every problem raises :class:`RecordError`, including bad rule options (whose
        :class:`RulesError` code is kept). Fields this format does not define are
        ignored: projects add their own (docs/records.md, *The record*).
        """
        if not isinstance(data, Mapping):
            raise RecordError("bad_record", "a record must be a JSON object")
        fmt = data.get("format")
        if fmt != FORMAT:
            raise RecordError(
                "bad_format",
                f"format must be {FORMAT!r}, not {fmt!r}"
                if "format" in data
                else f"the format field is missing: set it to {FORMAT!r}",
            )
        for key in ("rules", "players", "actions"):
            if key not in data:
                raise RecordError("bad_record", f"the {key} field is missing")
        try:
            rules = Rules.from_dict(data["rules"])
        except RulesError as exc:
            raise RecordError(exc.code, exc.message) from None
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise RecordError("bad_players", "players must be a list of player names")
        if len(set(players)) != len(players):
            raise RecordError("bad_players", "player names must be distinct")
        names = frozenset(players)
        teams = _teams(data.get("teams"), names)
        try:
            rules.check_table(len(players), teams is not None)
        except RulesError as exc:
            raise RecordError(exc.code, exc.message) from None
        setup = data.get("setup")
        seed = _seed(data.get("generator"), data.get("seed"))
        if setup is None and seed is None:
            raise RecordError("bad_start", "a record needs a seed (to deal) or a setup")
        start = None if setup is None else RecordSetup.from_dict(setup)
        if start is not None:
            for name, _ in start.hands:
                _known(name, names, "setup.hands")
            if start.first is not None:
                _known(start.first, names, "setup.first")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise RecordError("bad_record", "actions must be a list")
        parsed = tuple(_action(i, a, names) for i, a in enumerate(actions))
        return cls(
            rules=rules,
            players=tuple(players),
            actions=parsed,
            teams=teams,
            setup=start,
            seed=seed,
        )

    @classmethod
    def from_game(cls, game: Game) -> Record:
        """The record of ``game`` so far: its origin, rules and every action applied."""
        origin = game.origin()
        teams = origin.get("teams")
        setup = origin.get("setup")
        return cls(
            rules=game.rules,
            players=game.players,
            actions=game.history,
            teams=None if teams is None else (tuple(teams[0]), tuple(teams[1])),
            setup=None if setup is None else RecordSetup.from_dict(setup),
            seed=origin.get("seed"),
        )

    # ----------------------------------------------------------------- writing
    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready record: rules as the preset and the options changed over it."""
        return {
            "format": self.format,
            "rules": self.rules.changes(),
            "players": list(self.players),
            "teams": None if self.teams is None else [list(team) for team in self.teams],
            "setup": None if self.setup is None else self.setup.to_dict(),
            **seed_fields(self.seed),
            "actions": [action.to_dict() for action in self.actions],
        }

    def to_json(self) -> str:
        """JSON text, one action per line so that records diff well; ends with a newline."""
        return _pretty(self.to_dict(), 0) + "\n"

    # ----------------------------------------------------------------- playing
    def start(self) -> Game:
        """The game at its start, before any action.

        An impossible start (more copies of a card than the decks hold, a hand missing,
        a table the rules cannot seat) raises :class:`RecordError`.
        """
        teams = None if self.teams is None else [list(team) for team in self.teams]
        try:
            if self.setup is None:
                assert self.seed is not None
                return Game.new(self.players, self.rules, seed=self.seed, teams=teams)
            setup = self.setup
            return Game.from_setup(
                self.players,
                self.rules,
                hands={name: list(cards) for name, cards in setup.hands},
                start=setup.start,
                pile=list(setup.pile),
                first=setup.first,
                direction=setup.direction,
                seed=self.seed,
                teams=teams,
            )
        except RulesError as exc:
            raise RecordError(exc.code, exc.message) from None


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One applied action and the events it produced."""

    index: int
    action: Action
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What ``younuo replay`` reports: ``{ok, error, applied, state, events}`` (docs/records.md).

    ``state`` is the final state, or the state before the refused action. ``events``
    holds every event in order as dicts, the game's opening events (round start, deal,
    start card) first. ``opening``, ``steps`` and ``refused`` keep the same story as
    values, for a report written for people.
    """

    ok: bool
    error: dict[str, Any] | None
    applied: int
    state: dict[str, Any]
    events: list[dict[str, Any]]
    opening: tuple[Event, ...] = ()
    steps: tuple[ReplayStep, ...] = ()
    refused: Action | None = None
    game: Game | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The ``younuo replay --json`` object."""
        return {
            "ok": self.ok,
            "error": self.error,
            "applied": self.applied,
            "state": self.state,
            "events": self.events,
        }


def replay(record: Record) -> ReplayResult:
    """Apply the record's actions in order, stopping at the first one the rules refuse.

    An invalid start raises :class:`RecordError`; a refused action does not raise: the
    result says which one (``error.index``) and why.
    """
    game = record.start()
    opening = game.opening_events
    events = [event.to_dict() for event in opening]
    steps: list[ReplayStep] = []
    error: dict[str, Any] | None = None
    refused: Action | None = None
    for index, action in enumerate(record.actions):
        try:
            produced = game.apply(action)
        except IllegalAction as exc:
            error = {"index": index, "code": exc.code, "message": exc.message}
            refused = action
            break
        steps.append(ReplayStep(index, action, produced))
        events.extend(event.to_dict() for event in produced)
    return ReplayResult(
        ok=error is None,
        error=error,
        applied=len(steps),
        state=game.snapshot(),
        events=events,
        opening=opening,
        steps=tuple(steps),
        refused=refused,
        game=game,
    )


# --------------------------------------------------------------------- helpers
def seed_fields(seed: Seed | None) -> dict[str, Any]:
    """A record's ``seed`` field, with ``"generator": "blake2b"`` before a key.

    An integer seed (or none) is written alone, as every record was before keys, so
    those records read and write exactly as they always did.
    """
    if isinstance(seed, str):
        return {"generator": str(generator_of(seed)), "seed": seed}
    return {"seed": seed}


def _seed(name: Any, seed: Any) -> Seed | None:
    """The seed of a record, checked against the generator it names (none: SplitMix64)."""
    if name is None or name == GeneratorName.SPLITMIX64:
        if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
            return seed
        hint = ' (a key needs "generator": "blake2b")' if is_key(seed) else ""
        raise RecordError("bad_seed", f"seed must be a whole number or null, not {seed!r}{hint}")
    if name == GeneratorName.BLAKE2B:
        if isinstance(seed, str) and is_key(seed):
            return seed
        raise RecordError(
            "bad_seed",
            f"the blake2b generator's seed is a key of 32 lowercase hex digits, not {seed!r}",
        )
    names = ", ".join(repr(str(g)) for g in GeneratorName)
    raise RecordError("bad_generator", f"generator must be one of {names}, not {name!r}")


def _cards(codes: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(codes, list):
        raise RecordError("bad_setup", f"{where} must be a list of card codes")
    return tuple(Card.parse(code) for code in codes)


def _known(name: Any, names: frozenset[str], where: str) -> None:
    if name not in names:
        raise RecordError("bad_player", f"{where}: {name!r} is not one of the players")


def _teams(data: Any, names: frozenset[str]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    if data is None:
        return None
    if (
        not isinstance(data, list)
        or len(data) != 2
        or not all(isinstance(team, list) for team in data)
    ):
        raise RecordError("bad_teams", "teams must be null or two lists of player names")
    for team in data:
        for name in team:
            _known(name, names, "teams")
    return tuple(data[0]), tuple(data[1])


def _action(index: int, data: Any, names: frozenset[str]) -> Action:
    try:
        action = Action.from_dict(data)
    except RecordError as exc:
        raise RecordError(exc.code, f"action {index}: {exc.message}") from None
    for key in ("player", "target"):
        value = getattr(action, key)
        if value is not None and value not in names:
            raise RecordError(
                "bad_player", f"action {index}: {key} {value!r} is not one of the players"
            )
    return action


def _pretty(value: Any, indent: int) -> str:
    """JSON with short lists and objects kept on one line, longer ones one item a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= _LINE_WIDTH or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(key, ensure_ascii=False)}: {_pretty(item, indent + 2)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _pretty(item, indent + 2) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


__all__ = [
    "FORMAT",
    "Record",
    "RecordSetup",
    "ReplayResult",
    "ReplayStep",
    "replay",
    "seed_fields",
]
