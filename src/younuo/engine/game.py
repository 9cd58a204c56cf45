"""The game: the one object the rest of Younuo talks to.

::

    game = Game.new(["ann", "bob", "cat", "dan"], Rules.from_preset("younuo"), seed=7)
    actions = game.legal_actions("bob")      # for any player, not only the one to move
    events = game.apply(actions[0])          # what happened; IllegalAction changes nothing
    view = game.view("bob")                  # what bob may see
    mine = [game.redact(e, "bob") for e in events]

A game is deterministic: the same players, rules and seed (or setup), and the same
actions, always give the same state. ``game.record()`` returns that recipe.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from younuo.engine import turns
from younuo.engine.actions import Action, ActionType
from younuo.engine.cards import Card
from younuo.engine.effects import play
from younuo.engine.errors import IllegalAction, RecordError
from younuo.engine.events import Event
from younuo.engine.flow import next_round, open_round
from younuo.engine.legality import PlayPlan, plan_play
from younuo.engine.moves import action_caches, legal_actions
from younuo.engine.rng import Seed, generator
from younuo.engine.rounds import Setup, build_deck, match_clock
from younuo.engine.rules import Rules
from younuo.engine.state import State
from younuo.engine.status import MATCH_OVER, ROUND_OVER, GameStatus
from younuo.engine.views import PlayerView, make_view, redact


class Game:
    """A match of Younuo under one set of rules, from the deal to the match winner."""

    __slots__ = ("_history", "_opening", "_origin", "_s")

    def __init__(self, state: State, origin: dict[str, Any]) -> None:
        """Use :meth:`new` or :meth:`from_setup`."""
        self._s = state
        self._origin = origin
        self._history: list[Action] = []
        # The deal and start card happen before any action: keep their events for replays.
        self._opening: tuple[Event, ...] = tuple(state.events)

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(
        cls,
        players: Sequence[str],
        rules: Rules | None = None,
        seed: Seed = 0,
        teams: Sequence[Sequence[str]] | None = None,
    ) -> Game:
        """Shuffle and deal from ``seed`` (R-SETUP): an integer seeds SplitMix64, a
        128-bit key (32 hex digits) the keyed BLAKE2b generator (``younuo.engine.rng``)."""
        rules = rules or Rules()
        state = _new_state(players, rules, seed, teams)
        open_round(state)
        return cls(state, {"seed": seed, "setup": None, "teams": teams})

    @classmethod
    def from_setup(
        cls,
        players: Sequence[str],
        rules: Rules | None,
        hands: Mapping[str, Sequence[Card]],
        start: Card,
        pile: Sequence[Card] = (),
        first: str | None = None,
        direction: int = 1,
        seed: Seed | None = None,
        teams: Sequence[Sequence[str]] | None = None,
    ) -> Game:
        """An explicit position (docs/records.md, *The start*); ``seed`` (0 if None) reshuffles."""
        rules = rules or Rules()
        state = _new_state(players, rules, 0 if seed is None else seed, teams)
        seats = {name: i for i, name in enumerate(state.players)}
        if set(hands) != set(seats):
            raise RecordError(
                "bad_setup", "setup.hands must give a hand for every player and nobody else"
            )
        if first is not None and first not in seats:
            raise RecordError("bad_player", f"setup.first names no player: {first!r}")
        if direction not in (1, -1):
            raise RecordError("bad_setup", "setup.direction is 1 (clockwise) or -1")
        if any(not hands[name] for name in players):
            raise RecordError("bad_setup", "every hand in a setup needs at least one card")
        _check_card_supply(
            rules, len(players), [*(c for h in hands.values() for c in h), start, *pile]
        )
        setup = Setup(
            hands=tuple(tuple(hands[name]) for name in players),
            start=start,
            pile=tuple(pile),
            first=seats[first] if first is not None else 0,
            direction=direction,
        )
        open_round(state, setup)
        origin = {
            "seed": seed,
            "teams": teams,
            "setup": {
                "hands": {name: [c.code for c in hands[name]] for name in players},
                "start": start.code,
                "pile": [c.code for c in pile],
                "first": players[setup.first],
                "direction": direction,
            },
        }
        return cls(state, origin)

    # ----------------------------------------------------------------- reading
    @property
    def players(self) -> tuple[str, ...]:
        return self._s.players

    @property
    def rules(self) -> Rules:
        return self._s.rules

    @property
    def status(self) -> GameStatus:
        """``playing``, ``round_over`` or ``match_over`` (:data:`GameStatus`)."""
        return self._s.status

    @property
    def is_over(self) -> bool:
        return self._s.status == MATCH_OVER

    @property
    def current(self) -> str | None:
        """Whose turn it is (None between rounds and at the end)."""
        return self._s.name(self._s.current)

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def opening_events(self) -> tuple[Event, ...]:
        """The events of the game's creation (round start, deal, start card), before any action."""
        return self._opening

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, in order."""
        return tuple(self._history)

    def scores(self) -> dict[str, int]:
        return dict(zip(self._s.players, self._s.scores, strict=True))

    def hand(self, player: str) -> tuple[Card, ...]:
        """A player's hand. For the referee, tests and replays: players get :meth:`view`."""
        return tuple(self._s.hands[self._seat(player)])

    def card_count(self) -> int:
        """Cards in hands, the draw pile and the discard pile together (R-CARD)."""
        s = self._s
        return sum(map(len, s.hands)) + len(s.pile) + len(s.discard)

    def view(self, player: str | None) -> PlayerView:
        """What ``player`` may see (``None``: a spectator, who sees no hand)."""
        return make_view(self._s, None if player is None else self._seat(player))

    def redact(self, event: Event, player: str | None) -> Event:
        """``event`` as ``player`` may see it."""
        return redact(event, player)

    # ----------------------------------------------------------------- acting
    def legal_actions(self, player: str) -> list[Action]:
        """Every action ``player`` may take now (plays, jump-ins, UNO, catch, leave, ...).

        The server's own ``timeout`` and ``match_clock`` actions are accepted by
        :meth:`apply` but not listed: they are not a player's choice.
        """
        return legal_actions(self._s, self._seat(player))

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` (without applying it)."""
        try:
            self.copy().apply(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` and return what happened.

        Raises :class:`IllegalAction` (with a code and a message) and changes nothing
        when the rules refuse it.
        """
        s = self._s
        s.events = []
        kind = action.type
        # The actor's seat, found once (-1: none or unknown, which the handler refuses).
        seat = _seat_index(s.players, action.player)
        # Plays and draws are most actions; finding a handler in the table hashes the type.
        if kind is ActionType.PLAY:
            _play(s, action, seat)
        elif kind is ActionType.DRAW:
            _draw(s, action, seat)
        else:
            _HANDLERS[kind](s, action, seat)
        if kind is not ActionType.TIMEOUT and seat >= 0:
            s.timeouts[seat] = 0
        self._history.append(action)
        return tuple(s.events)

    def push(self, action: Action) -> tuple[Event, ...]:
        """The same as :meth:`apply` (python-chess's name for it)."""
        return self.apply(action)

    def copy(self) -> Game:
        """An independent copy, for search."""
        twin = Game(self._s.copy(), self._origin)
        twin._history = self._history[:]
        twin._opening = self._opening
        return twin

    def snapshot(self) -> dict[str, Any]:
        """The full state in the ``state`` of ``younuo replay --json`` (docs/records.md)."""
        s = self._s
        return {
            "status": s.status,
            "hands": {name: [c.code for c in s.hands[i]] for i, name in enumerate(s.players)},
            "pile_count": len(s.pile),
            "discard_top": None if not s.discard else s.discard[-1].code,
            "color": None if s.color is None else s.color.value,
            "current": s.name(s.current),
            "direction": s.direction,
            "pending_draw": s.pending,
            "round_winner": s.name(s.round_winner),
            "round_points": s.round_points,
            "scores": self.scores(),
            "match_winner": s.name(s.match_winner),
        }

    def origin(self) -> dict[str, Any]:
        """How the game began: ``seed``, ``setup`` and ``teams`` as in a record."""
        return dict(self._origin)

    def _seat(self, player: str) -> int:
        seat = _seat_index(self._s.players, player)
        if seat < 0:
            raise IllegalAction("unknown_player", f"no player named {player!r}")
        return seat


def _new_state(
    players: Sequence[str], rules: Rules, seed: Seed, teams: Sequence[Sequence[str]] | None
) -> State:
    names = tuple(players)
    if len(set(names)) != len(names) or not all(isinstance(p, str) and p for p in names):
        raise RecordError("bad_players", "players must be distinct, non-empty names")
    rules.check_table(len(names), teams is not None)
    if teams is not None and rules.scoring == "knockout":
        raise RecordError("bad_teams", "knockout scoring ranks single players: leave teams unset")
    n = len(names)
    plays, others = action_caches(n)
    return State(
        players=names,
        rules=rules,
        rng=generator(seed),
        # R-TEAM: partner rotation plays in (rotating) pairs, so its rounds are team rounds.
        team_mode=teams is not None or rules.partner_rotation,
        team_of=_team_of(names, teams),
        hands=[[] for _ in names],
        in_match=[True] * n,
        in_round=[True] * n,
        called=[False] * n,
        scores=[0] * n,
        last_play=[None] * n,
        timeouts=[0] * n,
        play_cache=plays,
        simple_cache=others,
    )


def _team_of(names: tuple[str, ...], teams: Sequence[Sequence[str]] | None) -> list[int]:
    """R-TEAM: two camps, team-mates seated alternately."""
    if teams is None:
        return [i % 2 for i in range(len(names))]
    if len(teams) != 2:
        raise RecordError("bad_teams", "teams are two lists of player names")
    members = [name for team in teams for name in team]
    if sorted(members) != sorted(names):
        raise RecordError("bad_teams", "every player must be in exactly one of the two teams")
    team_of = [0 if name in teams[0] else 1 for name in names]
    if any(team_of[i] == team_of[(i + 1) % len(names)] for i in range(len(names))):
        raise RecordError("bad_teams", "team-mates must be seated alternately")
    return team_of


def _check_card_supply(rules: Rules, players: int, cards: list[Card]) -> None:
    dummy = _new_state([f"p{i}" for i in range(players)], rules, 0, None)
    supply: dict[Card, int] = {}
    for card in build_deck(dummy):
        supply[card] = supply.get(card, 0) + 1
    used: dict[Card, int] = {}
    for card in cards:
        used[card] = used.get(card, 0) + 1
        if used[card] > supply.get(card, 0):
            raise RecordError(
                "bad_setup",
                f"more {card} cards than the deck(s) hold under these rules",
            )


def _seat_index(players: tuple[str, ...], name: str | None) -> int:
    """The seat of ``name``, -1 for none (``players.index`` without a method call).

    Actions name players with the game's own strings (legal_actions builds them from
    ``players``), so an identity test finds the seat first; ``==`` then finds equal
    strings made elsewhere (records, the wire).
    """
    if name is None:
        return -1
    for seat in range(len(players)):
        if players[seat] is name:
            return seat
    for seat in range(len(players)):
        if players[seat] == name:
            return seat
    return -1


def _seat_of(s: State, name: str | None, field: str) -> int:
    if name is None:
        raise IllegalAction(f"missing_{field}", f"the action needs a {field}")
    seat = _seat_index(s.players, name)
    if seat < 0:
        raise IllegalAction("unknown_player", f"no player named {name!r}")
    return seat


def _actor(a: Action, seat: int) -> int:
    """The acting player's seat, as :func:`_seat_of` gives it (``seat``: -1 for none)."""
    if seat < 0:
        if a.player is None:
            raise IllegalAction("missing_player", "the action needs a player")
        raise IllegalAction("unknown_player", f"no player named {a.player!r}")
    return seat


# Every handler gets the state, the action and the actor's seat (-1 for none).
Handler = Callable[[State, Action, int], None]


def _play(s: State, a: Action, seat: int) -> None:
    seat = _actor(a, seat)
    if a.card is not None and a.cards is not None:
        raise IllegalAction("card_and_cards", "give card or cards, not both")
    target = None if a.target is None else _seat_of(s, a.target, "target")
    plan = plan_play(s, seat, a.played, a.color, target)
    if not isinstance(plan, PlayPlan):
        raise plan
    play(s, plan)


def _simple(fn: Callable[[State, int], None]) -> Handler:
    def handler(s: State, a: Action, seat: int) -> None:
        fn(s, _actor(a, seat))

    return handler


def _draw(s: State, a: Action, seat: int) -> None:
    turns.draw(s, _actor(a, seat))


def _choose_color(s: State, a: Action, seat: int) -> None:
    turns.choose_color(s, _actor(a, seat), a.color)


def _catch(s: State, a: Action, seat: int) -> None:
    seat = _actor(a, seat)
    turns.catch(s, seat, None if a.target is None else _seat_of(s, a.target, "target"))


def _next_round(s: State, a: Action, seat: int) -> None:
    if a.player is not None:
        seat = _actor(a, seat)
        if not s.in_match[seat]:
            raise IllegalAction("not_in_match", f"{a.player} is no longer in the match")
    if s.status != ROUND_OVER:
        raise IllegalAction("round_not_over", "next_round comes only after a round is over")
    next_round(s)


def _match_clock(s: State, a: Action, seat: int) -> None:
    if s.status == MATCH_OVER:
        raise IllegalAction("match_over", "the match is over")
    match_clock(s)


def _handlers() -> dict[ActionType, Handler]:
    return {
        ActionType.PLAY: _play,
        ActionType.DRAW: _draw,
        ActionType.PASS: _simple(turns.pass_),
        ActionType.CHOOSE_COLOR: _choose_color,
        ActionType.UNO: _simple(turns.uno),
        ActionType.CATCH: _catch,
        ActionType.CHALLENGE: _simple(turns.challenge),
        ActionType.LEAVE: _simple(turns.leave),
        ActionType.NEXT_ROUND: _next_round,
        ActionType.TIMEOUT: _simple(turns.timeout),
        ActionType.MATCH_CLOCK: _match_clock,
    }


_HANDLERS: Final = _handlers()
