"""One match replayed into what the signals count: every favour decision, and each seat's play.

:func:`digest` replays a stored record with the engine and, at every decision, files
it under its channel and stratum (:mod:`younuo.fairplay.channels`) for the ordered
pair (actor seat, target seat): how many such decisions there were (``n``) and in how
many the actor acted (``k``: hit, fed, caught, challenged). Decisions where the actor
favoured the target (spared it, fed it, let it go, accepted its Wild Draw Four) are
kept by their action index, as evidence a moderator can look up in the record.

Each seat also gets its figures for the account-change series (:class:`SeatPlay`):
where it finished, how long it thought, how often it used an action card it could have
played, how often it drew while holding a playable card.

Team-mates (R-TEAM, partner rotation) are never one another's target: sparing a
team-mate is the game, not a favour.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Final

from younuo.engine import (
    Action,
    ActionType,
    Color,
    Event,
    Game,
    IllegalAction,
    Phase,
    PlayerView,
    Rank,
    Record,
)
from younuo.fairplay.channels import (
    Channel,
    Position,
    Stratum,
    catch_stratum,
    challenge_stratum,
    feed_stratum,
    spare_stratum,
)
from younuo.fairplay.facts import StoredMatch

HITS = frozenset({Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})
"""Cards that hit the next player: skip it, turn play away from it, or make it draw."""

CLOSE = 3
"""An opponent with this many cards or fewer is "close to going out" (SPARE strata)."""

_DECISIONS = frozenset({ActionType.PLAY, ActionType.DRAW, ActionType.PASS, ActionType.CHALLENGE})
_FALLBACKS = frozenset({ActionType.DRAW, ActionType.PASS, ActionType.CHALLENGE})
_LOW_WINS = frozenset({"negative", "elimination"})
_CHOOSING: Final[frozenset[Phase]] = frozenset({"turn", "drawn"})
"""The phases of a turn in which the player chooses among plays (not a start color)."""


@dataclass(frozen=True, slots=True)
class Count:
    """Decisions of one stratum: ``n`` of them, the actor acted in ``k``."""

    stratum: Stratum
    n: int
    k: int


@dataclass(frozen=True, slots=True)
class Favour:
    """A decision where the actor favoured the target: the record's action index and channel.

    For CATCH the index is that of the action that closed the window (the chance
    passed there).
    """

    channel: Channel
    index: int


@dataclass(frozen=True, slots=True)
class PairObservations:
    """What seat ``actor`` decided towards seat ``target`` in one match."""

    actor: int
    target: int
    counts: tuple[Count, ...]
    favours: tuple[Favour, ...]


@dataclass(frozen=True, slots=True)
class SeatPlay:
    """One seat's play in one match: the points of its account's series.

    ``place``: 0 for the match winner up to 1 for the last (None if the match did not
    end). ``think``: median seconds per turn decision (None without think times).
    ``action_rate``: action cards played of the SPARE decisions it met (any target).
    ``draw_rate``: turns it drew of its turns with a legal play. None where it had no
    such decision.
    """

    player: str
    account: str | None
    place: float | None
    think: float | None
    action_rate: float | None
    draw_rate: float | None
    turns: int


@dataclass(frozen=True, slots=True)
class MatchDigest:
    """A match as the signals see it (see the module docstring).

    ``accounts`` by seat (None for bots). ``complete``: every action replayed (a
    refused action, which a stored record should never hold, stops the replay there).
    """

    match_id: str
    period: int
    players: tuple[str, ...]
    accounts: tuple[str | None, ...]
    pairs: tuple[PairObservations, ...]
    seats: tuple[SeatPlay, ...]
    applied: int
    complete: bool

    def seat_of(self, account: str) -> int | None:
        """The seat ``account`` sat in, or None."""
        for seat, name in enumerate(self.accounts):
            if name == account:
                return seat
        return None

    def observations(self, actor: int, target: int) -> PairObservations | None:
        for obs in self.pairs:
            if obs.actor == actor and obs.target == target:
                return obs
        return None


def digest(match: StoredMatch) -> MatchDigest:
    """Replay ``match`` and count its decisions (raises RecordError for an invalid record)."""
    record = Record.from_dict(match.record)
    game = record.start()
    return _Replay(game, match).run(record.actions)


class _Catch:
    """An open UNO-catch window: who forgot, who could catch, who did."""

    __slots__ = ("catcher", "eligible", "others_acted", "target")

    def __init__(self, target: int, eligible: tuple[int, ...]) -> None:
        self.target = target
        self.eligible = eligible
        self.catcher: int | None = None
        self.others_acted = False


class _Replay:
    """The replay of one match, filing decisions as it goes."""

    def __init__(self, game: Game, match: StoredMatch) -> None:
        self.game = game
        self.match = match
        n = len(game.players)
        self.n = n
        self.counts: dict[tuple[int, int], dict[Stratum, list[int]]] = {}
        self.favours: dict[tuple[int, int], list[Favour]] = {}
        self.shown: list[Color | None] = [None] * n
        self.window: _Catch | None = None
        # Filings of the action being replayed, kept once the game has accepted it.
        self.pending: list[tuple[int, int, Stratum, bool, int, Channel]] = []
        # Per seat: SPARE decisions met and acted on, turns with a play, draws then, turns.
        self.met = [0] * n
        self.hit = [0] * n
        self.playable = [0] * n
        self.drew = [0] * n
        self.turns = [0] * n

    def run(self, actions: tuple[Action, ...]) -> MatchDigest:
        game = self.game
        seat_of = {name: i for i, name in enumerate(game.players)}
        self._shown_from(game.opening_events)
        view = game.view(None)
        applied = 0
        complete = True
        for index, action in enumerate(actions):
            actor = seat_of.get(action.player) if action.player is not None else None
            counters = self._counters()
            if view.status == "playing" and actor is not None:
                self._before(index, action, actor, view)
            try:
                events = game.apply(action)
            except IllegalAction:
                # A refused action decided nothing: forget what it was filed under.
                self.met, self.hit, self.playable, self.drew, self.turns = counters
                self.pending = []
                complete = False
                break
            applied += 1
            self._commit()
            self._shown_from(events)
            view = game.view(None)
            self._after(index, action, actor, view)
        return self._result(view, applied, complete)

    def _counters(self) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
        return (
            list(self.met),
            list(self.hit),
            list(self.playable),
            list(self.drew),
            list(self.turns),
        )

    # ------------------------------------------------------------ decisions
    def _before(self, index: int, action: Action, actor: int, view: PlayerView) -> None:
        exposed = view.exposed
        if exposed is not None:
            target = view.players.index(exposed)
            if self.window is None or self.window.target != target:
                eligible = tuple(
                    s
                    for s in range(self.n)
                    if s != target and view.in_round[s] and view.in_match[s]
                )
                self.window = _Catch(target, eligible)
            window = self.window
            if actor != target:
                window.others_acted = True
            if action.type is ActionType.CATCH and action.target == exposed:
                window.catcher = actor
        if _names_color(action):
            self._feed(index, action, actor, view)
        if action.player != view.current or action.type not in _DECISIONS:
            return
        if view.phase not in _CHOOSING:
            return
        legal = self.game.legal_actions(view.players[actor])
        self._turn(index, action, actor, view, legal)
        challenge = view.challenge
        if challenge is None or challenge[0] != view.players[actor]:
            return
        accused = view.players.index(challenge[1])
        if any(a.type is ActionType.CHALLENGE for a in legal) and not self._mates(
            view, actor, accused
        ):
            stratum = challenge_stratum(view.hand_counts[accused], sum(view.in_round) == 2)
            acted = action.type is ActionType.CHALLENGE
            self._file(actor, accused, stratum, acted, index, Channel.CHALLENGE)

    def _turn(
        self, index: int, action: Action, actor: int, view: PlayerView, legal: list[Action]
    ) -> None:
        plays = [a for a in legal if a.type is ActionType.PLAY]
        self.turns[actor] += 1
        if plays:
            self.playable[actor] += 1
            self.drew[actor] += action.type is ActionType.DRAW
        hits = [a for a in plays if _hits(a)]
        if not hits:
            return
        other_play = len(hits) < len(plays)
        if not other_play and not any(a.type in _FALLBACKS for a in legal):
            return  # nothing else to do: no choice, no favour
        target = _next_seat(view, actor, view.direction)
        if target == actor or self._mates(view, actor, target):
            return
        others_close = any(
            view.hand_counts[s] <= CLOSE
            for s in range(self.n)
            if s not in (actor, target) and view.in_round[s] and not self._mates(view, actor, s)
        )
        stratum = spare_stratum(
            view.hand_counts[target],
            others_close,
            other_play,
            view.pending_draw > 0,
            all(a.played[-1].rank is Rank.WILD_DRAW_FOUR for a in hits),
        )
        acted = _hits(action)
        self.met[actor] += 1
        self.hit[actor] += acted
        self._file(actor, target, stratum, acted, index, Channel.SPARE)

    def _feed(self, index: int, action: Action, actor: int, view: PlayerView) -> None:
        named = action.color
        following = _next_seat(view, actor, view.direction)
        before = _next_seat(view, actor, -view.direction)
        for target in range(self.n):
            shown = self.shown[target]
            if target == actor or shown is None or not view.in_round[target]:
                continue
            if self._mates(view, actor, target):
                continue
            if target == following:
                position = Position.NEXT
            elif target == before:
                position = Position.PREVIOUS
            else:
                position = Position.ACROSS
            fed = shown is named
            self._file(actor, target, feed_stratum(position), fed, index, Channel.FEED)

    def _after(self, index: int, action: Action, actor: int | None, view: PlayerView) -> None:
        window = self.window
        if window is None:
            return
        exposed = view.exposed
        if exposed is not None and view.players.index(exposed) == window.target:
            return
        self.window = None
        if window.catcher is None and not window.others_acted and actor == window.target:
            return  # it called UNO itself before anyone else acted: no one let it go
        for seat in window.eligible:
            if self._mates(view, seat, window.target):
                continue
            stratum = catch_stratum((seat - window.target) % self.n)
            caught = window.catcher == seat
            self._file(seat, window.target, stratum, caught, index, Channel.CATCH)
        self._commit()

    # ------------------------------------------------------------ bookkeeping
    def _file(
        self, actor: int, target: int, stratum: Stratum, acted: bool, index: int, channel: Channel
    ) -> None:
        self.pending.append((actor, target, stratum, acted, index, channel))

    def _commit(self) -> None:
        for actor, target, stratum, acted, index, channel in self.pending:
            self._count(actor, target, stratum, acted, index, channel)
        self.pending = []

    def _count(
        self, actor: int, target: int, stratum: Stratum, acted: bool, index: int, channel: Channel
    ) -> None:
        cell = self.counts.setdefault((actor, target), {}).setdefault(stratum, [0, 0])
        cell[0] += 1
        cell[1] += acted
        if acted == (channel.favour_sign > 0):
            self.favours.setdefault((actor, target), []).append(Favour(channel, index))

    def _mates(self, view: PlayerView, a: int, b: int) -> bool:
        teams = view.teams
        return teams is not None and teams[a] == teams[b]

    def _shown_from(self, events: tuple[Event, ...]) -> None:
        for event in events:
            if event.type == "round_start":
                self.shown = [None] * self.n
            elif event.type in ("play", "choose_color") and event.player and event.color:
                self.shown[self.game.players.index(event.player)] = event.color

    def _result(self, view: PlayerView, applied: int, complete: bool) -> MatchDigest:
        game = self.game
        match = self.match
        accounts = tuple(match.facts(name).account for name in game.players)
        places = _places(view)
        seats = []
        for seat, name in enumerate(game.players):
            times = match.facts(name).think_times
            seats.append(
                SeatPlay(
                    player=name,
                    account=accounts[seat],
                    place=places[seat] if places is not None else None,
                    think=statistics.median(times) if times else None,
                    action_rate=_rate(self.hit[seat], self.met[seat]),
                    draw_rate=_rate(self.drew[seat], self.playable[seat]),
                    turns=self.turns[seat],
                )
            )
        pairs = tuple(
            PairObservations(
                actor=actor,
                target=target,
                counts=tuple(
                    Count(stratum, n, k)
                    for stratum, (n, k) in sorted(cells.items(), key=lambda kv: kv[0])
                ),
                favours=tuple(self.favours.get((actor, target), ())),
            )
            for (actor, target), cells in sorted(self.counts.items())
        )
        return MatchDigest(
            match_id=match.match_id,
            period=match.period,
            players=game.players,
            accounts=accounts,
            pairs=pairs,
            seats=tuple(seats),
            applied=applied,
            complete=complete,
        )


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _names_color(action: Action) -> bool:
    if action.type is ActionType.CHOOSE_COLOR:
        return action.color is not None
    return (
        action.type is ActionType.PLAY
        and action.color is not None
        and all(c.is_wild for c in action.played)
    )


def _hits(action: Action) -> bool:
    return action.type is ActionType.PLAY and bool(action.played) and action.played[-1].rank in HITS


def _next_seat(view: PlayerView, seat: int, direction: int) -> int:
    """The next seat still in the round after ``seat`` in ``direction``."""
    n = len(view.players)
    for step in range(1, n + 1):
        other = (seat + direction * step) % n
        if view.in_round[other]:
            return other
    return seat


def _places(view: PlayerView) -> list[float] | None:
    """Each seat's finish, 0 (the winner) to 1 (the last), or None if the match is not over.

    The winner first, then by score (lowest first under negative and elimination
    scoring), then by fewer cards left.
    """
    if view.status != "match_over" or view.match_winner is None:
        return None
    n = len(view.players)
    low = view.rules.scoring in _LOW_WINS
    winner = view.players.index(view.match_winner)
    order = sorted(
        range(n),
        key=lambda s: (
            s != winner,
            view.scores[s] if low else -view.scores[s],
            view.hand_counts[s],
        ),
    )
    places = [0.0] * n
    for rank, seat in enumerate(order):
        places[seat] = rank / (n - 1) if n > 1 else 0.0
    return places


__all__ = [
    "CLOSE",
    "HITS",
    "Count",
    "Favour",
    "MatchDigest",
    "PairObservations",
    "SeatPlay",
    "digest",
]
