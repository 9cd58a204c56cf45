"""The game's states: what :attr:`Game.status <younuo.engine.Game.status>` can be, and
the phase of the turn of the player to move (:attr:`PlayerView.phase
<younuo.engine.PlayerView.phase>`).

A ``Literal`` rather than an enum: the compiled engine (docs/engine.md) compares and
stores the plain strings at C speed, records and views carry them unchanged, and
``mypy --strict`` still refuses a misspelt state wherever a value of this type is
compared, assigned or passed.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

GameStatus = Literal[
    "playing",  # a round is being played: someone is to move
    "round_over",  # a round has ended and the match goes on: next_round starts the next
    "match_over",  # the match has ended: nothing more may be played
]
"""The states of a game, in the order a match passes through them."""

GAME_STATUSES: Final[tuple[GameStatus, ...]] = get_args(GameStatus)
"""Every :data:`GameStatus`, for checks at run time (e.g. of a view read from the wire)."""

Phase = Literal[
    "turn",  # play, draw, or answer a pending penalty
    "choose_color",  # name the color of a Wild start card first (R-SETUP-3)
    "drawn",  # play the card just drawn, or pass (R-TURN-4)
]
"""The phases of the turn of the player to move while a round is played."""

PHASES: Final[tuple[Phase, ...]] = get_args(Phase)
"""Every :data:`Phase`, for checks at run time."""

# The engine's own names for them (module constants: compiled, read from C variables).
PLAYING: Final = "playing"
ROUND_OVER: Final = "round_over"
MATCH_OVER: Final = "match_over"
TURN: Final = "turn"
CHOOSE: Final = "choose_color"
DRAWN: Final = "drawn"
