"""What one player may see: :class:`PlayerView` and :func:`redact`.

These are the only ways information leaves the engine for a player, a bot or a
spectator (``player=None``). Another player's cards appear only where a rule reveals
them: the accused's hand to the challenger (R-DRAW4-2), the hands exchanged by a 7-0
swap to those who exchanged them (R-HOUSE-70), and every hand at the end of a round
when it is counted (R-SCORE-2).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, final

from younuo.engine.cards import Card, Color, Rank
from younuo.engine.events import Event
from younuo.engine.rules import Rules
from younuo.engine.state import State
from younuo.engine.status import GameStatus, Phase
from younuo.engine.value import Value

VIEW_FIELDS: Final = (
    "player",
    "players",
    "rules",
    "status",
    "round",
    "hand",
    "hand_counts",
    "top",
    "color",
    "direction",
    "current",
    "phase",
    "drawn",
    "pending_draw",
    "pending_kind",
    "challenge_open",
    "pile_count",
    "discard_count",
    "called_uno",
    "exposed",
    "in_match",
    "in_round",
    "teams",
    "last_play",
    "top_owner",
    "scores",
    "round_winner",
    "round_points",
    "match_winner",
    "timeouts",
    "reveal",
    "discard_pile",
    "challenge",
    "penalty_stack",
)
"""The fields of :class:`PlayerView`, in the order of its constructor's arguments."""


@final
class PlayerView(Value):
    """The table as ``player`` sees it (``player`` is None for a spectator).

    Immutable. A plain class rather than a frozen dataclass: compiled (docs/engine.md),
    it is built at C speed, and the server and the searching bots build views all the
    time. :data:`VIEW_FIELDS` lists the fields in order.
    """

    __slots__ = VIEW_FIELDS
    NAMES: ClassVar[tuple[str, ...]] = VIEW_FIELDS

    player: Final[str | None]
    players: Final[tuple[str, ...]]
    rules: Final[Rules]
    status: Final[GameStatus]
    round: Final[int]
    hand: Final[tuple[Card, ...]]
    hand_counts: Final[tuple[int, ...]]
    top: Final[Card | None]
    color: Final[Color | None]
    direction: Final[int]
    current: Final[str | None]
    phase: Final[Phase]
    drawn: Final[Card | None]
    pending_draw: Final[int]
    pending_kind: Final[Rank | None]
    challenge_open: Final[bool]
    pile_count: Final[int]
    discard_count: Final[int]
    called_uno: Final[tuple[bool, ...]]
    exposed: Final[str | None]
    in_match: Final[tuple[bool, ...]]
    in_round: Final[tuple[bool, ...]]
    teams: Final[tuple[int, ...] | None]
    last_play: Final[tuple[tuple[Card, ...] | None, ...]]
    top_owner: Final[str | None]
    scores: Final[tuple[int, ...]]
    round_winner: Final[str | None]
    round_points: Final[int | None]
    match_winner: Final[str | None]
    timeouts: Final[tuple[int, ...]]
    reveal: Final[tuple[str, tuple[Card, ...]] | None]
    """The last challenge's reveal shown to this player: (accused, their hand)."""
    # Public knowledge every player at the table saw happen; bots that search
    # (determinize the hidden hands) need it, and a person could note it down too.
    discard_pile: Final[tuple[Card, ...]]
    """The discard pile, bottom first (its last card is ``top``)."""
    challenge: Final[tuple[str, str] | None]
    """An open Wild Draw Four challenge as (who may challenge, who is accused)."""
    penalty_stack: Final[tuple[str, ...]]
    """Who played the Wild Draw Fours of the running penalty stack, oldest first."""

    def __init__(
        self,
        player: str | None,
        players: tuple[str, ...],
        rules: Rules,
        status: GameStatus,
        round: int,
        hand: tuple[Card, ...],
        hand_counts: tuple[int, ...],
        top: Card | None,
        color: Color | None,
        direction: int,
        current: str | None,
        phase: Phase,
        drawn: Card | None,
        pending_draw: int,
        pending_kind: Rank | None,
        challenge_open: bool,
        pile_count: int,
        discard_count: int,
        called_uno: tuple[bool, ...],
        exposed: str | None,
        in_match: tuple[bool, ...],
        in_round: tuple[bool, ...],
        teams: tuple[int, ...] | None,
        last_play: tuple[tuple[Card, ...] | None, ...],
        top_owner: str | None,
        scores: tuple[int, ...],
        round_winner: str | None,
        round_points: int | None,
        match_winner: str | None,
        timeouts: tuple[int, ...],
        reveal: tuple[str, tuple[Card, ...]] | None,
        discard_pile: tuple[Card, ...] = (),
        challenge: tuple[str, str] | None = None,
        penalty_stack: tuple[str, ...] = (),
    ) -> None:
        self.player = player
        self.players = players
        self.rules = rules
        self.status = status
        self.round = round
        self.hand = hand
        self.hand_counts = hand_counts
        self.top = top
        self.color = color
        self.direction = direction
        self.current = current
        self.phase = phase
        self.drawn = drawn
        self.pending_draw = pending_draw
        self.pending_kind = pending_kind
        self.challenge_open = challenge_open
        self.pile_count = pile_count
        self.discard_count = discard_count
        self.called_uno = called_uno
        self.exposed = exposed
        self.in_match = in_match
        self.in_round = in_round
        self.teams = teams
        self.last_play = last_play
        self.top_owner = top_owner
        self.scores = scores
        self.round_winner = round_winner
        self.round_points = round_points
        self.match_winner = match_winner
        self.timeouts = timeouts
        self.reveal = reveal
        self.discard_pile = discard_pile
        self.challenge = challenge
        self.penalty_stack = penalty_stack

    def fields(self) -> tuple[Any, ...]:
        """The field values, in the order of :data:`VIEW_FIELDS`."""
        return (
            self.player,
            self.players,
            self.rules,
            self.status,
            self.round,
            self.hand,
            self.hand_counts,
            self.top,
            self.color,
            self.direction,
            self.current,
            self.phase,
            self.drawn,
            self.pending_draw,
            self.pending_kind,
            self.challenge_open,
            self.pile_count,
            self.discard_count,
            self.called_uno,
            self.exposed,
            self.in_match,
            self.in_round,
            self.teams,
            self.last_play,
            self.top_owner,
            self.scores,
            self.round_winner,
            self.round_points,
            self.match_winner,
            self.timeouts,
            self.reveal,
            self.discard_pile,
            self.challenge,
            self.penalty_stack,
        )

    @property
    def seat(self) -> int | None:
        return None if self.player is None else self.players.index(self.player)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        out = {
            name: _jsonable(value) for name, value in zip(VIEW_FIELDS, self.fields(), strict=True)
        }
        out["rules"] = self.rules.to_dict()
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Color | Rank):
        return value.value
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def make_view(s: State, seat: int | None) -> PlayerView:
    mine = seat is not None
    reveal = None
    if s.reveal is not None and mine and s.reveal[0] == seat:
        reveal = (s.players[s.reveal[1]], s.reveal[2])
    challenge = s.challenge
    return PlayerView(
        player=s.name(seat),
        players=s.players,
        rules=s.rules,
        status=s.status,
        round=s.round,
        hand=tuple(s.hands[seat]) if seat is not None else (),
        hand_counts=tuple(len(h) for h in s.hands),
        top=s.top(),
        color=s.color,
        direction=s.direction,
        current=s.name(s.current),
        phase=s.phase,
        drawn=s.drawn if mine and s.current == seat else None,
        pending_draw=s.pending,
        pending_kind=s.pending_kind,
        challenge_open=challenge is not None and challenge.victim == seat,
        pile_count=len(s.pile),
        discard_count=len(s.discard),
        called_uno=tuple(s.called),
        exposed=s.name(s.exposed),
        in_match=tuple(s.in_match),
        in_round=tuple(s.in_round),
        teams=tuple(s.team_of) if s.team_mode or s.rules.partner_rotation else None,
        last_play=tuple(s.last_play),
        top_owner=s.name(s.top_owner),
        scores=tuple(s.scores),
        round_winner=s.name(s.round_winner),
        round_points=s.round_points,
        match_winner=s.name(s.match_winner),
        timeouts=tuple(s.timeouts),
        reveal=reveal,
        discard_pile=tuple(s.discard),
        challenge=None
        if challenge is None
        else (s.players[challenge.victim], s.players[challenge.accused]),
        penalty_stack=tuple(s.players[seat_] for seat_, _ in s.stack),
    )


def redact(event: Event, player: str | None) -> Event:
    """``event`` as ``player`` may see it: hidden cards become ``None``."""
    kind = event.type
    if kind == "draw":
        if event.player != player:
            return event.replace(cards=None)
    elif kind == "deal":
        return _keep_hands(event, {player})
    elif kind == "reveal":
        if event.target != player:
            return event.replace(cards=None)
    elif kind == "swap":
        if player not in (event.player, event.target):
            return _keep_hands(event, set())
    elif kind == "rotate":
        return _rotate_for(event, player)
    return event


def _keep_hands(event: Event, seen: set[str | None]) -> Event:
    assert event.hands is not None
    hands = tuple((name, cards if name in seen else None) for name, cards in event.hands)
    return event.replace(hands=hands)


def _rotate_for(event: Event, player: str | None) -> Event:
    # Each player sees the hand they received and the one they passed on (they held it).
    assert event.hands is not None
    names = [name for name, _ in event.hands]
    seen: set[str | None] = {player}
    if player in names:
        step = 1 if event.get("direction", 1) == 1 else -1
        seen.add(names[(names.index(player) + step) % len(names)])
    return _keep_hands(event, seen)
