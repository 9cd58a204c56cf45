"""What a checked play does: card effects, jump-in cancelling, 7-0, going out.

R-TURN-2 (Skip, Reverse, Draw Two, Wild, Wild Draw Four), R-TURN-3 (two players),
R-HOUSE-JUMP, R-HOUSE-70, R-MULTI (n cards act n times), R-PARTY, R-SCORE-1.
"""

from __future__ import annotations

from typing import Any, Final

from younuo.engine.cards import Rank
from younuo.engine.events import Event
from younuo.engine.flow import close_catch_window, end_turn, take_penalty
from younuo.engine.hands import remove
from younuo.engine.legality import PlayPlan
from younuo.engine.rounds import end_round, finish_player
from younuo.engine.state import Challenge, State
from younuo.engine.status import TURN

# A play event's info, made once (an event's fields are never changed). Typed as a
# tuple of any length so that compiled code keeps the one object rather than
# rebuilding it from an unboxed C struct at every use.
_JUMPED: Final[tuple[tuple[str, Any], ...]] = (("jump_in", True),)
_IN_TURN: Final[tuple[tuple[str, Any], ...]] = (("jump_in", False),)


def play(s: State, plan: PlayPlan) -> None:
    """Carry out a play that :func:`~younuo.engine.legality.plan_play` accepted."""
    seat = plan.seat
    name = s.players[seat]
    close_catch_window(s)
    if plan.jump:
        _cancel_top(s)
        s.emit(Event("jump_in", name))
    hand = s.hands[seat]
    top = plan.cards[-1]
    rank = top.rank
    bluff = rank is Rank.WILD_DRAW_FOUR and any(c.color is s.color for c in hand)
    companions = plan.companions
    for card in plan.cards:
        remove(hand, card)
    if companions:
        for card in companions:
            remove(hand, card)
        s.discard.extend(companions)
    s.discard.extend(plan.cards)
    put_down = companions + plan.cards if companions else plan.cards
    s.color = plan.color
    s.top_owner = seat
    s.top_share = s.top_flips = s.top_w4 = 0
    s.challenge = None
    s.phase = TURN
    s.drawn = None
    s.current = seat
    s.idle_turns = 0
    s.timeouts[seat] = 0
    s.last_play[seat] = put_down
    s.emit(
        Event(
            "play",
            name,
            cards=put_down,
            color=plan.color,
            info=_JUMPED if plan.jump else _IN_TURN,
        )
    )
    if len(hand) == 1:
        if not s.called[seat]:
            s.exposed = seat
    else:
        s.called[seat] = False
    count = len(plan.cards)
    if plan.going_out and (s.rules.scoring != "knockout" or s.active() <= 2):
        # The round ends with this card: under knockout, when the last but one goes out.
        _go_out(s, seat, rank, count)
        return
    if plan.going_out:
        # Knockout with others still holding cards: the card acts on them as usual.
        finish_player(s, seat)
    elif s.rules.seven_zero and rank is Rank.SEVEN:
        assert plan.target is not None
        _swap(s, seat, plan.target)
    elif s.rules.seven_zero and rank is Rank.ZERO:
        _rotate(s)
    _act(s, seat, rank, count, bluff)


def _act(s: State, seat: int, rank: Rank, count: int, bluff: bool) -> None:
    if rank is Rank.SKIP:
        end_turn(s, seat, skip=count)
    elif rank is Rank.REVERSE:
        _flip(s, count)
        s.top_flips = count
        two = s.active() == 2 and s.rules.two_player_reverse == "skip"
        end_turn(s, seat, skip=count if two else 0)
    elif rank is Rank.DRAW_TWO or rank is Rank.WILD_DRAW_FOUR:
        _add_penalty(s, seat, rank, count, bluff)
        end_turn(s, seat)
    elif rank is Rank.WILD_BOUNCE and s.pending:
        _flip(s, 1)
        s.top_flips = 1
        s.challenge = None
        s.emit(Event("bounce", s.players[seat], target=s.name(s.next_seat(seat)), count=s.pending))
        end_turn(s, seat)
    else:
        end_turn(s, seat)


def _add_penalty(s: State, seat: int, rank: Rank, count: int, bluff: bool) -> None:
    amount = rank.draw_amount * count
    fresh = s.pending == 0
    s.pending += amount
    s.pending_kind = rank
    s.top_share = amount
    victim = s.next_seat(seat)
    if rank is Rank.WILD_DRAW_FOUR:
        s.stack.append((seat, bluff))
        s.top_w4 = 1
        if not s.rules.no_bluff:
            if s.rules.stacked_challenge == "first":
                accused, was_bluff = s.stack[0]
                # No one challenges their own card: a stack that comes back to the
                # player who began it leaves no challenge open (R-DRAW4-4).
                if s.in_match[accused] and accused != victim:
                    s.challenge = Challenge(victim, accused, was_bluff)
                else:
                    s.challenge = None
            elif fresh:
                s.challenge = Challenge(victim, seat, bluff)
    s.emit(Event("penalty", s.players[seat], target=s.players[victim], count=s.pending))


def _go_out(s: State, seat: int, rank: Rank, count: int) -> None:
    """R-SCORE-1: the round ends; a last Draw Two / Wild Draw Four is drawn first.

    The whole pending stack goes with it, under every scoring method: under knockout
    the last player still holding cards draws it before the round is ranked and
    ``round_points`` counted.
    """
    if rank.draw_amount:
        s.pending += rank.draw_amount * count
    elif rank is Rank.WILD_BOUNCE and s.pending:
        _flip(s, 1)
    if s.pending:
        take_penalty(s, s.next_seat(seat))
    if s.rules.scoring == "knockout":
        finish_player(s, seat)
    else:
        end_round(s, seat)


def _cancel_top(s: State) -> None:
    """R-HOUSE-JUMP: undo the jumped card's own direction flips and pending share."""
    if s.top_flips % 2:
        _flip(s, 1)
    if s.top_share and s.pending:
        s.pending = max(0, s.pending - s.top_share)
        if s.top_w4:
            del s.stack[-s.top_w4 :]
        if not s.pending:
            s.pending_kind = None
            s.stack.clear()
    s.challenge = None


def _flip(s: State, times: int) -> None:
    if times % 2:
        s.direction = -s.direction
    s.emit(Event("reverse", info=(("direction", s.direction),)))


def _swap(s: State, seat: int, target: int) -> None:
    """R-HOUSE-70: a 7 swaps hands with the chosen player."""
    s.hands[seat], s.hands[target] = s.hands[target], s.hands[seat]
    s.emit(
        Event(
            "swap",
            s.players[seat],
            target=s.players[target],
            hands=(
                (s.players[seat], tuple(s.hands[seat])),
                (s.players[target], tuple(s.hands[target])),
            ),
        )
    )
    _after_exchange(s, (seat, target))


def _rotate(s: State) -> None:
    """R-HOUSE-70: a 0 passes every hand to the next player in the play direction."""
    seats = [i for i in range(s.n) if s.in_round[i]]
    moved = {s.next_seat(i): s.hands[i] for i in seats}
    for i, hand in moved.items():
        s.hands[i] = hand
    s.emit(
        Event(
            "rotate",
            hands=tuple((s.players[i], tuple(s.hands[i])) for i in seats),
            info=(("direction", s.direction),),
        )
    )
    _after_exchange(s, tuple(seats))


def _after_exchange(s: State, seats: tuple[int, ...]) -> None:
    # R-UNO-1: one card received by a swap needs no call, and catching it is false.
    for seat in seats:
        s.called[seat] = len(s.hands[seat]) == 1
    # The one-card hand the player played down to has changed hands: nobody is
    # left to catch for it (R-UNO-2 edge case: catching after a swap is a false catch).
    if s.exposed in seats:
        s.exposed = None
