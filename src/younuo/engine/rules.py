"""Rule options and presets (docs/rules.md, R-PRESET).

:class:`Rules` is one frozen object holding every option. Build it from a preset and
set options over it::

    rules = Rules.from_preset("younuo", jump_in="numbers")
    rules = Rules.from_dict({"preset": "classic", "stacking": "progressive"})

Unknown options and bad values raise :class:`RulesError` with a message that names
the accepted values. :meth:`Rules.check_table` refuses tables the rules cannot seat.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from younuo.engine.errors import RulesError

MIN_PLAYERS = 2
MAX_PLAYERS = 10

# Each option: the values it accepts (a tuple of choices, or a type for numbers and
# switches). Kept as data so that validation, docs and the web client share one list.
CHOICES: dict[str, tuple[Any, ...] | type] = {
    "deck": ("standard", "party"),
    "decks": ("auto", 1, 2),
    "first_player": ("host", "draw_high", "random"),
    "later_rounds": ("winner_starts", "winner_deals"),
    "start_card": ("apply", "number_only"),
    "two_player_reverse": ("skip", "reverse"),
    "draw_and_play": bool,
    "force_play": bool,
    "draw_until_playable": bool,
    "no_bluff": bool,
    "forced_stacking": bool,
    "seven_zero": bool,
    "stacking": ("none", "same", "progressive", "any"),
    "stacked_challenge": ("none", "first"),
    "uno_penalty": int,
    "false_uno_penalty": int,
    "false_catch_penalty": int,
    "jump_in": ("off", "numbers", "all"),
    "last_card": ("any", "no_action_wild", "number_only"),
    "multi_play": ("off", "identical", "same_rank"),
    "scoring": ("cumulative", "negative", "elimination", "knockout", "single"),
    "target": int,
    "turn_seconds": int,
    "match_seconds": int,
    "partner_rotation": bool,
}

# Upper bounds that keep numbers sane (a 1,000-card penalty is a typo, not a rule).
INT_RANGES = {
    "uno_penalty": (0, 20),
    "false_uno_penalty": (0, 20),
    "false_catch_penalty": (0, 20),
    "target": (1, 1_000_000),
    "turn_seconds": (0, 3600),
    "match_seconds": (0, 86_400),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rule book. Defaults are the ``classic`` preset."""

    preset: str = "classic"
    deck: str = "standard"
    decks: str | int = "auto"
    first_player: str = "draw_high"
    later_rounds: str = "winner_deals"
    start_card: str = "apply"
    two_player_reverse: str = "skip"
    draw_and_play: bool = True
    force_play: bool = False
    draw_until_playable: bool = False
    no_bluff: bool = False
    forced_stacking: bool = False
    seven_zero: bool = False
    stacking: str = "none"
    stacked_challenge: str = "first"
    uno_penalty: int = 2
    false_uno_penalty: int = 0
    false_catch_penalty: int = 0
    jump_in: str = "off"
    last_card: str = "any"
    multi_play: str = "off"
    scoring: str = "cumulative"
    target: int = 500
    turn_seconds: int = 30
    match_seconds: int = 0
    partner_rotation: bool = False

    @classmethod
    def from_preset(cls, name: str = "classic", **options: Any) -> Rules:
        """The named preset (``classic``, ``younuo``, ``party``) with ``options`` set over it."""
        if name not in PRESETS:
            raise RulesError(
                "unknown_preset", f"unknown preset {name!r}: use one of {', '.join(PRESETS)}"
            )
        return PRESETS[name].replace(**options)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Read ``{"preset": name, option: value, ...}`` as in a game record."""
        if not isinstance(data, Mapping):
            raise RulesError("bad_rules", "rules must be an object of option names and values")
        options = dict(data)
        name = options.pop("preset", "classic")
        if not isinstance(name, str):
            raise RulesError("unknown_preset", f"preset must be a name, not {name!r}")
        return cls.from_preset(name, **options)

    def replace(self, **options: Any) -> Rules:
        """A copy with ``options`` changed, each checked."""
        for key, value in options.items():
            _check_option(key, value)
        return dataclasses.replace(self, **options)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Compiled (mypyc) frozen classes refuse pickle's attribute restore: rebuild instead.
        return (Rules, tuple(getattr(self, f.name) for f in dataclasses.fields(self)))

    def to_dict(self) -> dict[str, Any]:
        """Every option, preset first: the canonical form for records."""
        return dataclasses.asdict(self)

    def changes(self) -> dict[str, Any]:
        """The preset name and only the options that differ from it."""
        base = PRESETS[self.preset].to_dict()
        out: dict[str, Any] = {"preset": self.preset}
        out.update({k: v for k, v in self.to_dict().items() if base[k] != v})
        return out

    def deck_count(self, players: int) -> int:
        """Decks in play for a table (R-CARD-3): ``auto`` is two from 6 players up."""
        if self.decks == "auto":
            return 2 if players >= 6 else 1
        return int(self.decks)

    def check_table(self, players: int, teams: bool = False) -> None:
        """Raise :class:`RulesError` when the rules cannot seat such a table (R-SETUP-1, R-TEAM)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                "bad_table",
                f"{players} players: a table seats {MIN_PLAYERS} to {MAX_PLAYERS}",
            )
        if teams and players % 2:
            raise RulesError(
                "bad_table", f"team mode needs an even number of players, not {players}"
            )
        if self.partner_rotation and players != 4:
            raise RulesError("bad_table", "partner rotation is played by exactly 4 players")
        if self.partner_rotation and teams:
            raise RulesError("bad_table", "partner rotation makes its own pairs: leave teams unset")


def _check_option(key: str, value: Any) -> None:
    if key == "preset" or key not in CHOICES:
        raise RulesError(
            "unknown_option",
            f"unknown option {key!r}: options are {', '.join(sorted(CHOICES))}",
        )
    spec = CHOICES[key]
    if spec is bool:
        ok = isinstance(value, bool)
        wanted = "true or false"
    elif spec is int:
        low, high = INT_RANGES[key]
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        wanted = f"a whole number from {low} to {high}"
    else:
        assert isinstance(spec, tuple)
        ok = any(value == choice and type(value) is type(choice) for choice in spec)
        wanted = "one of " + ", ".join(str(c) for c in spec)
    if not ok:
        raise RulesError("bad_option_value", f"option {key}={value!r}: use {wanted}")


def _preset(name: str, **options: Any) -> Rules:
    return dataclasses.replace(Rules(), preset=name, **options)


PRESETS: dict[str, Rules] = {
    "classic": _preset("classic"),
    "younuo": _preset(
        "younuo",
        first_player="host",
        later_rounds="winner_starts",
        draw_and_play=False,
        stacking="progressive",
        last_card="no_action_wild",
        false_uno_penalty=2,
        false_catch_penalty=2,
        turn_seconds=15,
    ),
    "party": _preset(
        "party",
        deck="party",
        decks=2,
        first_player="random",
        later_rounds="winner_starts",
        stacking="progressive",
        forced_stacking=True,
        stacked_challenge="none",
        jump_in="all",
        seven_zero=True,
        false_uno_penalty=2,
        false_catch_penalty=2,
        turn_seconds=10,
        match_seconds=180,
    ),
}
