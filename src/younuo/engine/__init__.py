"""The Younuo rules engine: pure rules, no I/O, no clock, no global random state.

Everything a program needs is importable from here::

    from younuo.engine import Game, Rules, Action, Card, Color

``GameStatus``, ``Phase`` and ``EventType`` name the states a game passes through, the
phases of a turn and the events it reports (``Literal`` types: ``mypy --strict`` refuses
a misspelt one); ``GAME_STATUSES``, ``PHASES`` and ``EVENT_TYPES`` list them for checks
at run time.

See ``docs/rules.md`` for the rules in the project's words and the decisions taken
where the rule book left a choice. ``COMPILED`` tells whether the per-move modules run
compiled by mypyc (``docs/engine.md``) or from source.
"""

from younuo.engine.native import choose

COMPILED = choose()
"""Whether the engine's per-move modules run compiled (mypyc) rather than from source."""

# The imports below come after choose(): it decides where they load from.

from younuo.engine.actions import Action, ActionType
from younuo.engine.cards import (
    ALL_CARDS,
    COLORS,
    Card,
    Color,
    Rank,
    hand_points,
    parse_cards,
    party_deck,
    standard_deck,
)
from younuo.engine.errors import IllegalAction, RecordError, RulesError, YounuoError
from younuo.engine.events import EVENT_TYPES, Event, EventType, is_event_type
from younuo.engine.game import Game
from younuo.engine.rating import (
    LEVELS,
    Level,
    RatingChange,
    escape_penalty,
    finish_bonus,
    level,
    match_score,
    rating_breakdown,
    rating_changes,
)
from younuo.engine.records import Record, ReplayResult, replay
from younuo.engine.rng import Rng
from younuo.engine.rules import CHOICES, INT_RANGES, PRESETS, Rules
from younuo.engine.status import GAME_STATUSES, PHASES, GameStatus, Phase
from younuo.engine.views import PlayerView, redact

__all__ = [
    "ALL_CARDS",
    "CHOICES",
    "COLORS",
    "COMPILED",
    "EVENT_TYPES",
    "GAME_STATUSES",
    "INT_RANGES",
    "LEVELS",
    "PHASES",
    "PRESETS",
    "Action",
    "ActionType",
    "Card",
    "Color",
    "Event",
    "EventType",
    "Game",
    "GameStatus",
    "IllegalAction",
    "Level",
    "Phase",
    "PlayerView",
    "Rank",
    "RatingChange",
    "Record",
    "RecordError",
    "ReplayResult",
    "Rng",
    "Rules",
    "RulesError",
    "YounuoError",
    "escape_penalty",
    "finish_bonus",
    "hand_points",
    "is_event_type",
    "level",
    "match_score",
    "parse_cards",
    "party_deck",
    "rating_breakdown",
    "rating_changes",
    "redact",
    "replay",
    "standard_deck",
]
