"""The mutable state of one match, private to the engine.

Kept as plain lists and integers for speed (simulation and search copy and step it
millions of times). Nothing outside the engine holds a reference to it: the game hands
out views, events and snapshots, never this object.
"""

from __future__ import annotations

from typing import final

from younuo.engine.actions import Action
from younuo.engine.cards import Card, Color, Rank
from younuo.engine.events import Event
from younuo.engine.rng import RandomStream
from younuo.engine.rules import Rules
from younuo.engine.status import PLAYING, TURN, GameStatus, Phase


@final
class Challenge:
    """An open Wild Draw Four challenge (R-DRAW4): who may challenge whom."""

    __slots__ = ("accused", "bluff", "victim")

    def __init__(self, victim: int, accused: int, bluff: bool) -> None:
        self.victim = victim
        self.accused = accused
        self.bluff = bluff


@final
class State:
    """Everything about the match, in plain lists and numbers (see the module's docstring).

    A plain class with every field listed: compiled, it is built and copied at C speed,
    and searching bots copy it at every guessed world and candidate.
    """

    __slots__ = (
        "called",
        "challenge",
        "color",
        "current",
        "dealer",
        "direction",
        "discard",
        "drawn",
        "events",
        "exposed",
        "finished",
        "hands",
        "idle_turns",
        "in_match",
        "in_round",
        "last_play",
        "match_winner",
        "pending",
        "pending_kind",
        "phase",
        "pile",
        "play_cache",
        "players",
        "reveal",
        "rng",
        "round",
        "round_points",
        "round_winner",
        "round_winner_prev",
        "rules",
        "scores",
        "simple_cache",
        "stack",
        "status",
        "team_mode",
        "team_of",
        "timeouts",
        "top_flips",
        "top_owner",
        "top_share",
        "top_w4",
    )

    players: tuple[str, ...]
    rules: Rules
    rng: RandomStream
    team_mode: bool
    team_of: list[int]
    hands: list[list[Card]]
    pile: list[Card]  # the draw pile; its top is the end
    discard: list[Card]  # its top is the end
    color: Color | None
    direction: int
    current: int | None
    status: GameStatus
    phase: Phase
    drawn: Card | None
    pending: int
    pending_kind: Rank | None
    # Wild Draw Four plays in the running stack, oldest first: (seat, was it a bluff).
    stack: list[tuple[int, bool]]
    challenge: Challenge | None
    # The top card's own play, for jump-in cancelling (R-HOUSE-JUMP).
    top_owner: int | None
    top_share: int
    top_flips: int
    top_w4: int
    in_match: list[bool]
    in_round: list[bool]
    called: list[bool]
    exposed: int | None
    idle_turns: int
    round: int
    dealer: int | None
    scores: list[int]
    round_winner: int | None
    round_winner_prev: int | None  # survives next_round, for R-SETUP-2 later rounds
    round_points: int | None
    match_winner: int | None
    finished: list[int]
    last_play: list[tuple[Card, ...] | None]
    timeouts: list[int]
    reveal: tuple[int, int, tuple[Card, ...]] | None  # (viewer, accused, cards)
    events: list[Event]
    # Actions are immutable, so the legal-action generator reuses them (moves.py), from
    # lists indexed by small numbers, the fastest lookup there is; copies share them.
    play_cache: list[Action | None]
    simple_cache: list[Action | None]

    def __init__(
        self,
        players: tuple[str, ...],
        rules: Rules,
        rng: RandomStream,
        team_mode: bool,
        team_of: list[int],
        hands: list[list[Card]],
        *,
        pile: list[Card] | None = None,
        discard: list[Card] | None = None,
        color: Color | None = None,
        direction: int = 1,
        current: int | None = None,
        status: GameStatus = PLAYING,
        phase: Phase = TURN,
        drawn: Card | None = None,
        pending: int = 0,
        pending_kind: Rank | None = None,
        stack: list[tuple[int, bool]] | None = None,
        challenge: Challenge | None = None,
        top_owner: int | None = None,
        top_share: int = 0,
        top_flips: int = 0,
        top_w4: int = 0,
        in_match: list[bool] | None = None,
        in_round: list[bool] | None = None,
        called: list[bool] | None = None,
        exposed: int | None = None,
        idle_turns: int = 0,
        round: int = 1,
        dealer: int | None = None,
        scores: list[int] | None = None,
        round_winner: int | None = None,
        round_winner_prev: int | None = None,
        round_points: int | None = None,
        match_winner: int | None = None,
        finished: list[int] | None = None,
        last_play: list[tuple[Card, ...] | None] | None = None,
        timeouts: list[int] | None = None,
        reveal: tuple[int, int, tuple[Card, ...]] | None = None,
        events: list[Event] | None = None,
        play_cache: list[Action | None] | None = None,
        simple_cache: list[Action | None] | None = None,
    ) -> None:
        self.players = players
        self.rules = rules
        self.rng = rng
        self.team_mode = team_mode
        self.team_of = team_of
        self.hands = hands
        self.pile = [] if pile is None else pile
        self.discard = [] if discard is None else discard
        self.color = color
        self.direction = direction
        self.current = current
        self.status = status
        self.phase = phase
        self.drawn = drawn
        self.pending = pending
        self.pending_kind = pending_kind
        self.stack = [] if stack is None else stack
        self.challenge = challenge
        self.top_owner = top_owner
        self.top_share = top_share
        self.top_flips = top_flips
        self.top_w4 = top_w4
        self.in_match = [] if in_match is None else in_match
        self.in_round = [] if in_round is None else in_round
        self.called = [] if called is None else called
        self.exposed = exposed
        self.idle_turns = idle_turns
        self.round = round
        self.dealer = dealer
        self.scores = [] if scores is None else scores
        self.round_winner = round_winner
        self.round_winner_prev = round_winner_prev
        self.round_points = round_points
        self.match_winner = match_winner
        self.finished = [] if finished is None else finished
        self.last_play = [] if last_play is None else last_play
        self.timeouts = [] if timeouts is None else timeouts
        self.reveal = reveal
        self.events = [] if events is None else events
        self.play_cache = [] if play_cache is None else play_cache
        self.simple_cache = [] if simple_cache is None else simple_cache

    @property
    def n(self) -> int:
        return len(self.players)

    def copy(self) -> State:
        """An independent copy (hands, piles and the generator included)."""
        twin = State(
            self.players,
            self.rules,
            self.rng.copy(),
            self.team_mode,
            self.team_of[:],
            [h[:] for h in self.hands],
            pile=self.pile[:],
            discard=self.discard[:],
            stack=self.stack[:],
            in_match=self.in_match[:],
            in_round=self.in_round[:],
            called=self.called[:],
            scores=self.scores[:],
            finished=self.finished[:],
            last_play=self.last_play[:],
            timeouts=self.timeouts[:],
            play_cache=self.play_cache,
            simple_cache=self.simple_cache,
        )
        twin.color = self.color
        twin.direction = self.direction
        twin.current = self.current
        twin.status = self.status
        twin.phase = self.phase
        twin.drawn = self.drawn
        twin.pending = self.pending
        twin.pending_kind = self.pending_kind
        twin.top_owner = self.top_owner
        twin.top_share = self.top_share
        twin.top_flips = self.top_flips
        twin.top_w4 = self.top_w4
        twin.exposed = self.exposed
        twin.idle_turns = self.idle_turns
        twin.round = self.round
        twin.dealer = self.dealer
        twin.round_winner = self.round_winner
        twin.round_winner_prev = self.round_winner_prev
        twin.round_points = self.round_points
        twin.match_winner = self.match_winner
        twin.reveal = self.reveal
        challenge = self.challenge
        if challenge is not None:
            twin.challenge = Challenge(challenge.victim, challenge.accused, challenge.bluff)
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
        last = len(self.players) - 1
        d = self.direction  # 1 or -1
        in_round = self.in_round
        for _ in range(steps):
            # One seat at a time, wrapping round by hand: compiled, Python's modulo of a
            # possibly negative number is a general routine, and this runs every turn.
            while True:
                seat += d
                if seat > last:
                    seat = 0
                elif seat < 0:
                    seat = last
                if in_round[seat]:
                    break
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
            exposed = self.exposed
            if exposed is not None and exposed == seat:
                self.exposed = None  # they no longer hold one card: nothing to catch
        self.events.append(
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


def clear_penalty(s: State) -> None:
    """No penalty pending: the stack, its challenge and the top card's share are gone.

    The end of a turn's penalty (drawn, challenged, lapsed) and the end of a round or
    match (nothing may stay pending once nobody is to play) share it.
    """
    s.pending = 0
    s.pending_kind = None
    s.stack.clear()
    s.challenge = None
    s.top_share = 0
    s.top_w4 = 0
