"""The mutable state of one match, private to the engine.

Kept as plain lists and integers for speed (simulation and search copy and step it
millions of times). Nothing outside the engine holds a reference to it: the game hands
out views, events and snapshots, never this object.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from younuo.engine.actions import Action
from younuo.engine.cards import Card, Color, Rank
from younuo.engine.events import Event
from younuo.engine.rng import Rng
from younuo.engine.rules import Rules

PLAYING: Final = "playing"
ROUND_OVER: Final = "round_over"
MATCH_OVER: Final = "match_over"

# Phases of the current player's turn while the round is playing.
TURN: Final = "turn"  # play, draw, or answer a pending penalty
CHOOSE: Final = "choose_color"  # name the color of a Wild start card first
DRAWN: Final = "drawn"  # play the drawn card, or pass


@dataclass(slots=True)
class Challenge:
    """An open Wild Draw Four challenge (R-DRAW4): who may challenge whom."""

    victim: int
    accused: int
    bluff: bool


@dataclass(slots=True)
class State:
    players: tuple[str, ...]
    rules: Rules
    rng: Rng
    team_mode: bool
    team_of: list[int]
    hands: list[list[Card]]
    pile: list[Card] = field(default_factory=list)  # the draw pile; its top is the end
    discard: list[Card] = field(default_factory=list)  # its top is the end
    color: Color | None = None
    direction: int = 1
    current: int | None = None
    status: str = PLAYING
    phase: str = TURN
    drawn: Card | None = None
    pending: int = 0
    pending_kind: Rank | None = None
    # Wild Draw Four plays in the running stack, oldest first: (seat, was it a bluff).
    stack: list[tuple[int, bool]] = field(default_factory=list)
    challenge: Challenge | None = None
    # The top card's own play, for jump-in cancelling (R-HOUSE-JUMP).
    top_owner: int | None = None
    top_share: int = 0
    top_flips: int = 0
    top_w4: int = 0
    in_match: list[bool] = field(default_factory=list)
    in_round: list[bool] = field(default_factory=list)
    called: list[bool] = field(default_factory=list)
    exposed: int | None = None
    idle_turns: int = 0
    round: int = 1
    dealer: int | None = None
    scores: list[int] = field(default_factory=list)
    round_winner: int | None = None
    round_winner_prev: int | None = None  # survives next_round, for R-SETUP-2 later rounds
    round_points: int | None = None
    match_winner: int | None = None
    finished: list[int] = field(default_factory=list)
    last_play: list[tuple[Card, ...] | None] = field(default_factory=list)
    timeouts: list[int] = field(default_factory=list)
    reveal: tuple[int, int, tuple[Card, ...]] | None = None  # (viewer, accused, cards)
    events: list[Event] = field(default_factory=list)
    # Actions are immutable, so the legal-action generator reuses them (moves.py), from
    # lists indexed by small numbers, the fastest lookup there is; copies share them.
    play_cache: list[Action | None] = field(default_factory=list)
    simple_cache: list[Action | None] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.players)

    def copy(self) -> State:
        """An independent copy (hands, piles and the generator included)."""
        twin = State(
            players=self.players,
            rules=self.rules,
            rng=self.rng.copy(),
            team_mode=self.team_mode,
            team_of=self.team_of[:],
            hands=[h[:] for h in self.hands],
        )
        for name in _SCALARS:
            setattr(twin, name, getattr(self, name))
        for name in _LISTS:
            setattr(twin, name, getattr(self, name)[:])
        twin.challenge = (
            None
            if self.challenge is None
            else Challenge(self.challenge.victim, self.challenge.accused, self.challenge.bluff)
        )
        twin.events = []
        twin.play_cache = self.play_cache
        twin.simple_cache = self.simple_cache
        return twin

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def name(self, seat: int | None) -> str | None:
        return None if seat is None else self.players[seat]

    def active(self) -> int:
        """Players still in the round."""
        return sum(self.in_round)

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` turns after ``seat`` in the play direction, among those in the round.

        ``seat`` itself may be out of the round (a player who just went out or left).
        """
        n = len(self.players)
        d = self.direction
        in_round = self.in_round
        for _ in range(steps):
            seat = (seat + d) % n
            while not in_round[seat]:
                seat = (seat + d) % n
        return seat

    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def can_draw(self) -> bool:
        """Whether any card could still be drawn (R-TURN-6, R-TURN-8)."""
        return bool(self.pile) or len(self.discard) > 1

    def take(self, seat: int, count: int, reason: str) -> list[Card]:
        """Move up to ``count`` cards from the pile to a hand, reshuffling when it runs out."""
        hand = self.hands[seat]
        got: list[Card] = []
        for _ in range(count):
            if not self.pile:
                self.reshuffle()
                if not self.pile:
                    break
            got.append(self.pile.pop())
        if got:
            hand.extend(got)
            self.called[seat] = False
            if self.exposed == seat:
                self.exposed = None  # they no longer hold one card: nothing to catch
        self.emit(
            Event("draw", self.players[seat], cards=tuple(got), count=len(got), reason=reason)
        )
        return got

    def reshuffle(self) -> None:
        """Shuffle the discard pile, less its top card, into a new draw pile (R-TURN-6)."""
        if len(self.discard) <= 1:
            return
        top = self.discard.pop()
        self.pile = self.discard
        self.rng.shuffle(self.pile)
        self.discard = [top]
        self.emit(Event("reshuffle", count=len(self.pile)))


_SCALARS: Final = (
    "color", "direction", "current", "status", "phase", "drawn", "pending", "pending_kind",
    "top_owner", "top_share", "top_flips", "top_w4", "exposed", "idle_turns", "round", "dealer",
    "round_winner", "round_winner_prev", "round_points", "match_winner", "reveal",
)  # fmt: skip
_LISTS: Final = (
    "pile", "discard", "stack", "in_match", "in_round", "called", "scores", "finished",
    "last_play", "timeouts",
)  # fmt: skip
