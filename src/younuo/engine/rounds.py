"""Rounds: first player and dealer, the deal, the start card, round and match end.

R-SETUP (first player, dealing, start card), R-SCORE (round end, scoring methods,
match clock), R-TEAM (team wins, partner rotation), R-TURN-8 (deadlock).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from younuo.engine.cards import Card, Rank, hand_points, party_deck, standard_deck
from younuo.engine.events import Event
from younuo.engine.scoring import (
    best_seat,
    lowest_wins,
    partner_rotation_rounds,
    partner_teams,
    round_points,
)
from younuo.engine.state import State, clear_penalty
from younuo.engine.status import CHOOSE, MATCH_OVER, PLAYING, ROUND_OVER, TURN

HAND_SIZE: Final = 7


@dataclass(frozen=True, slots=True)
class Setup:
    """An explicit starting position (docs/records.md, *The start*), seats by index."""

    hands: tuple[tuple[Card, ...], ...]
    start: Card
    pile: tuple[Card, ...]  # top first
    first: int
    direction: int


def build_deck(s: State) -> list[Card]:
    """The full deck(s) for this table (R-CARD-1..3)."""
    one = party_deck() if s.rules.deck == "party" else standard_deck()
    return one * s.rules.deck_count(s.n)


def start_round(s: State, setup: Setup | None = None) -> None:
    """Reset the round, deal (or lay out ``setup``), turn the start card and apply it.

    What the start card leaves to settle (a Draw Two on a first player with no answer)
    is turn order's: ``flow.open_round`` calls this, then settles.
    """
    n = s.n
    s.status = PLAYING
    s.phase = TURN
    s.drawn = None
    s.pending = 0
    s.pending_kind = None
    s.stack = []
    s.challenge = None
    s.in_round = s.in_match[:]
    s.called = [False] * n
    s.exposed = None
    s.idle_turns = 0
    s.round_winner = None
    s.round_points = None
    s.finished = []
    s.last_play = [None] * n
    s.reveal = None
    s.direction = 1
    s.top_share = s.top_flips = s.top_w4 = 0
    s.top_owner = None
    if s.rules.partner_rotation:
        s.team_of = list(partner_teams(s.round))
    if setup is None:
        first, s.dealer = _first_player(s)
        s.pile = build_deck(s)
        s.rng.shuffle(s.pile)
        s.hands = [[] for _ in range(n)]
        order = [first]
        while len(order) < s.active():
            order.append(s.next_seat(order[-1]))
        for _ in range(HAND_SIZE):
            for seat in order:
                s.hands[seat].append(s.pile.pop())
        start = s.pile.pop()
    else:
        first, s.dealer = setup.first, None
        s.hands = [list(hand) for hand in setup.hands]
        s.pile = list(reversed(setup.pile))
        s.direction = setup.direction
        start = setup.start
    s.discard = []
    s.emit(
        Event(
            "round_start",
            s.players[first],
            info=(("round", s.round), ("dealer", s.name(s.dealer))),
        )
    )
    s.emit(Event("deal", hands=tuple((s.players[i], tuple(s.hands[i])) for i in range(n))))
    _turn_start_card(s, start, first)


def _first_player(s: State) -> tuple[int, int | None]:
    """R-SETUP-2: (first player, dealer or None) for this round."""
    rules = s.rules
    if s.round > 1 and s.round_winner_prev is not None:
        winner = s.round_winner_prev
        if not s.in_match[winner]:
            winner = s.next_seat(winner)
        if rules.later_rounds == "winner_starts":
            return winner, None
        return s.next_seat(winner), winner
    if rules.first_player == "host" or s.round > 1:
        return (0 if s.in_match[0] else s.next_seat(0)), None
    seats = [i for i in range(s.n) if s.in_match[i]]
    if rules.first_player == "random":
        return s.rng.choice(seats), None
    dealer = _draw_high(s, seats)
    return s.next_seat(dealer), dealer


def _draw_high(s: State, seats: list[int]) -> int:
    """Each draws a card, non-numbers redrawn; the highest deals, ties draw again."""
    deck = build_deck(s)
    s.rng.shuffle(deck)
    draws: list[tuple[str, str]] = []
    while True:
        values: dict[int, int] = {}
        for seat in seats:
            while True:
                if not deck:
                    deck = build_deck(s)
                    s.rng.shuffle(deck)
                card = deck.pop()
                draws.append((s.players[seat], card.code))
                if card.rank.is_number:
                    values[seat] = card.points
                    break
        best = max(values.values())
        seats = [seat for seat in seats if values[seat] == best]
        if len(seats) == 1:
            s.emit(Event("dealer_draw", s.players[seats[0]], info=(("draws", draws),)))
            return seats[0]


def _turn_start_card(s: State, card: Card, first: int) -> None:
    """R-SETUP-3: turn the start card (putting back what the option refuses) and apply it."""
    mode = s.rules.start_card
    for _ in range(len(s.pile) + 1):
        refused = card.rank is Rank.WILD_DRAW_FOUR or (
            mode == "number_only" and not card.rank.is_number
        )
        if not refused or not s.pile:
            break
        s.emit(Event("start_card", cards=(card,), reason="returned"))
        s.pile.insert(0, card)
        card = s.pile.pop()
    s.discard = [card]
    s.color = card.color
    s.current = first
    s.emit(Event("start_card", cards=(card,), color=card.color))
    rank = card.rank
    # R-TURN-3: in a 2-player game a Reverse start card is a Skip start card, whatever
    # two_player_reverse says (the rule holds without condition; docs/rules.md, R-SETUP-3).
    if rank is Rank.SKIP or (rank is Rank.REVERSE and s.active() == 2):
        if rank is Rank.REVERSE:
            s.direction = -s.direction
            s.top_flips = 1
        s.emit(Event("skip", s.players[first]))
        s.current = s.next_seat(first)
    elif rank is Rank.REVERSE:
        s.direction = -s.direction
        s.top_flips = 1
        s.emit(Event("reverse", info=(("direction", s.direction),)))
        if s.dealer is not None:
            s.current = s.dealer
    elif rank is Rank.DRAW_TWO:
        s.pending = s.top_share = 2
        s.pending_kind = rank
        s.emit(Event("penalty", target=s.players[first], count=2))
    elif card.color is None:
        s.phase = CHOOSE


def end_round(s: State, winner: int) -> None:
    """A round is won by ``winner`` (R-SCORE-1..3, R-TEAM): score it, then maybe end the match."""
    s.status = ROUND_OVER
    _stop_play(s)
    seats = [i for i in range(s.n) if s.in_match[i]]
    if s.team_mode:
        side = s.team_of[winner]
        winners = [i for i in seats if s.team_of[i] == side]
    else:
        winners = [winner]
    losers = [i for i in seats if i not in winners]
    points = round_points(s.hands, losers)
    s.round_winner = s.round_winner_prev = winner
    s.round_points = points
    if s.rules.scoring in ("negative", "elimination"):
        for i in losers:
            s.scores[i] += hand_points(s.hands[i])
    else:
        for i in winners:
            s.scores[i] += points
    s.emit(
        Event(
            "round_over",
            s.players[winner],
            points=points,
            hands=tuple((s.players[i], tuple(s.hands[i])) for i in seats),
            info=(("scores", _scores(s)),),
        )
    )
    _check_match_end(s)


def finish_player(s: State, seat: int) -> None:
    """Knockout (R-SCORE-3): a player who goes out leaves the round; the last one ends it."""
    s.finished.append(seat)
    s.in_round[seat] = False
    s.emit(Event("finish", s.players[seat], info=(("place", len(s.finished)),)))
    if s.active() <= 1:
        end_knockout(s)


def end_knockout(s: State) -> None:
    rest = [i for i in range(s.n) if s.in_round[i]]
    rest.sort(key=lambda i: (hand_points(s.hands[i]), len(s.hands[i]), i))
    s.finished.extend(rest)
    s.in_round = [False] * s.n
    order = s.finished
    for place, seat in enumerate(order):
        s.scores[seat] = len(order) - 1 - place
    s.status = ROUND_OVER
    _stop_play(s)
    s.round_winner = s.round_winner_prev = order[0]
    s.round_points = hand_points(s.hands[order[-1]])
    s.emit(
        Event(
            "round_over",
            s.players[order[0]],
            points=s.round_points,
            hands=tuple((s.players[i], tuple(s.hands[i])) for i in order),
            info=(("scores", _scores(s)), ("order", [s.players[i] for i in order])),
        )
    )
    # R-LEAVE: a player who finished and then left the match cannot win it.
    finish_match(s, next((i for i in order if s.in_match[i]), order[0]))


def end_round_deadlock(s: State) -> None:
    """R-TURN-8: nothing to draw and a full circle without a play: fewest points wins."""
    if s.rules.scoring == "knockout":
        end_knockout(s)
    else:
        end_round(s, fewest_points_side(s))


def fewest_points_side(s: State) -> int:
    """The seat whose side (player, or team in team mode) holds the fewest hand points.

    Ties: fewer cards, then the earlier seat (R-TURN-8, R-SCORE-5).
    """
    seats = [i for i in range(s.n) if s.in_round[i]]

    def side_key(i: int) -> tuple[int, int, int]:
        members = [j for j in seats if s.team_of[j] == s.team_of[i]] if s.team_mode else [i]
        return (
            sum(hand_points(s.hands[j]) for j in members),
            sum(len(s.hands[j]) for j in members),
            i,
        )

    side = min(seats, key=side_key)
    if s.team_mode:
        team = [j for j in seats if s.team_of[j] == s.team_of[side]]
        side = min(team, key=lambda j: (hand_points(s.hands[j]), len(s.hands[j]), j))
    return side


def match_clock(s: State) -> None:
    """R-SCORE-5: the match clock ran out: the round ends by fewest points, then the match."""
    if s.status == PLAYING:
        if s.rules.scoring == "knockout":
            end_knockout(s)
            return
        end_round(s, fewest_points_side(s))
    if s.status != MATCH_OVER:
        finish_match(s, _leader(s))


def _leader(s: State) -> int:
    seats = [i for i in range(s.n) if s.in_match[i]]
    best = best_seat(seats, s.scores, s.hands, lowest_wins(s.rules.scoring))
    # R-TEAM: the leading team wins; name the round's winner when they are of that team
    # (team-mates share one score). Partner rotation ranks single players.
    winner = s.round_winner
    team_play = s.team_mode and not s.rules.partner_rotation
    if team_play and winner is not None and s.scores[winner] == s.scores[best]:
        return winner
    return best


def _check_match_end(s: State) -> None:
    rules = s.rules
    seats = [i for i in range(s.n) if s.in_match[i]]
    winner = s.round_winner
    assert winner is not None
    if rules.partner_rotation:
        if s.round >= partner_rotation_rounds():
            finish_match(s, best_seat(seats, s.scores, s.hands, lowest_wins(rules.scoring)))
        return
    method = rules.scoring
    reached = [i for i in seats if s.scores[i] >= rules.target]
    if method == "single":
        finish_match(s, winner)
    elif method == "cumulative" and reached:
        finish_match(s, winner if s.team_mode else best_seat(seats, s.scores, s.hands, False))
    elif method == "negative" and reached:
        finish_match(s, best_seat(seats, s.scores, s.hands, True))
    elif method == "elimination" and reached:
        remaining = [i for i in seats if s.scores[i] < rules.target]
        if not remaining:
            finish_match(s, best_seat(seats, s.scores, s.hands, True))
            return
        for i in reached:
            s.in_match[i] = False
            s.in_round[i] = False  # out of the match: the view shows them in no round
            s.emit(Event("player_out", s.players[i], points=s.scores[i]))
        if len(remaining) == 1:
            finish_match(s, remaining[0])


def finish_match(s: State, winner: int) -> None:
    s.status = MATCH_OVER
    _stop_play(s)
    s.match_winner = winner
    s.emit(Event("match_over", s.players[winner], info=(("scores", _scores(s)),)))


def _stop_play(s: State) -> None:
    """Nobody is to play and nothing is owed once a round or the match is over.

    A penalty still pending lapses (R-LEAVE, R-SCORE-5); one that a last card leaves
    is drawn before the round ends (R-SCORE-1), so it is no longer pending here.
    """
    s.current = None
    s.exposed = None
    s.phase = TURN
    s.drawn = None
    clear_penalty(s)


def _scores(s: State) -> dict[str, int]:
    return dict(zip(s.players, s.scores, strict=True))
