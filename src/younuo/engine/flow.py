"""Turn order: ending a turn, skips, automatic penalty draws and deadlock (R-TURN, R-STACK)."""

from __future__ import annotations

from younuo.engine.events import Event
from younuo.engine.moves import legal_plays
from younuo.engine.rounds import Setup, end_round_deadlock, start_round
from younuo.engine.state import State, clear_penalty
from younuo.engine.status import PLAYING, TURN


def open_round(s: State, setup: Setup | None = None) -> None:
    """Deal a round (or lay out ``setup``) and settle what its start card leaves to do.

    The start card may put a penalty on a first player with no choice (R-SETUP-3,
    R-STACK): settling it is turn order, so it lives here and not in ``rounds``.
    """
    start_round(s, setup)
    settle(s)


def next_round(s: State) -> None:
    """Deal the next round after ``round_over`` (``next_round``, docs/records.md, *Actions*)."""
    s.round += 1
    open_round(s)


def end_turn(s: State, seat: int, skip: int = 0) -> None:
    """Pass the turn on from ``seat``, skipping ``skip`` players, then settle what follows."""
    if s.status != PLAYING:
        return
    s.phase = TURN
    s.drawn = None
    mover = seat
    for _ in range(skip):
        seat = s.next_seat(seat)
        if seat == mover:
            # R-MULTI: n Skips skip n other players; the player who played them is never
            # skipped (two Skips against one opponent: play again, as with one).
            seat = s.next_seat(seat)
        s.emit(Event("skip", s.players[seat]))
    s.current = s.next_seat(seat)
    settle(s)


def take_penalty(s: State, seat: int) -> None:
    """The player draws the whole pending total; the stack and any challenge end."""
    count = s.pending
    clear_penalty(s)
    s.take(seat, count, "penalty")


def has_choice(s: State, seat: int) -> bool:
    """Whether the player facing a penalty can do anything but draw it (R-STACK)."""
    challenge = s.challenge
    if challenge is not None and challenge.victim == seat:
        return True
    return bool(legal_plays(s, seat))


def settle(s: State) -> None:
    """Resolve what needs no decision: penalties with no choice, then a deadlock."""
    while s.status == PLAYING:
        seat = s.current
        assert seat is not None
        if s.pending and s.phase == TURN and s.rules.jump_in != "all" and not has_choice(s, seat):
            take_penalty(s, seat)
            s.idle_turns += 1
            s.current = s.next_seat(seat)
            continue
        if not s.can_draw() and s.idle_turns >= s.active():
            end_round_deadlock(s)
        return


def close_catch_window(s: State) -> None:
    """R-UNO-2: a play, draw, pass, challenge, choose_color or timeout closes the window."""
    s.exposed = None
