"""Every action but a play: draw, pass, choose_color, challenge, uno, catch, leave, timeout.

Each handler checks everything first and raises :class:`IllegalAction` before it
changes anything, so a refused action leaves the game exactly as it was.
"""

from __future__ import annotations

from younuo.engine.cards import COLORS, Card, Color, Rank
from younuo.engine.errors import IllegalAction
from younuo.engine.events import Event
from younuo.engine.flow import close_catch_window, end_turn, settle, take_penalty
from younuo.engine.legality import PlayPlan, matches, plan_play
from younuo.engine.moves import about_to_uno, can_play, forced_stack_blocks_draw
from younuo.engine.rounds import end_knockout, finish_match
from younuo.engine.scoring import best_seat, lowest_wins
from younuo.engine.state import State, clear_penalty
from younuo.engine.status import CHOOSE, DRAWN, MATCH_OVER, PLAYING, TURN


def require_turn(s: State, seat: int) -> None:
    if s.status != PLAYING:
        raise IllegalAction("not_playing", "the round is over: wait for the next round")
    if seat != s.current:
        raise IllegalAction("not_your_turn", f"it is {s.name(s.current)}'s turn")


def require_in_round(s: State, seat: int) -> None:
    if s.status != PLAYING:
        raise IllegalAction("not_playing", "the round is over: wait for the next round")
    if not s.in_round[seat]:
        raise IllegalAction("not_in_round", f"{s.players[seat]} is not playing this round")


def draw(s: State, seat: int) -> None:
    """R-TURN-4..6: draw one card (or until playable), or take the pending penalty."""
    require_turn(s, seat)
    if s.phase == CHOOSE:
        raise IllegalAction("choose_color_first", "name the color of the Wild start card first")
    if s.phase == DRAWN:
        raise IllegalAction("already_drawn", f"you drew {s.drawn}: play it or pass")
    if s.pending:
        if forced_stack_blocks_draw(s, seat):
            raise IllegalAction(
                "must_stack", "forced stacking: you hold a card that stacks, so you must play it"
            )
        close_catch_window(s)
        take_penalty(s, seat)
        s.idle_turns += 1
        end_turn(s, seat)
        return
    if s.rules.force_play and can_play(s, seat):
        raise IllegalAction("must_play", "force play: you hold a playable card, so you must play")
    close_catch_window(s)
    rules = s.rules
    if rules.draw_until_playable:
        got: list[Card] = []
        while True:
            batch = s.take(seat, 1, "turn")
            got += batch
            if not batch or _playable_drawn(s, seat, batch[0]):
                break
    else:
        got = s.take(seat, 1, "turn")
    card = got[-1] if got else None
    keep_option = rules.draw_and_play or rules.draw_until_playable
    if card is not None and keep_option and _playable_drawn(s, seat, card):
        s.phase = DRAWN
        s.drawn = card
        return
    s.idle_turns += 1
    end_turn(s, seat)


def _playable_drawn(s: State, seat: int, card: Card) -> bool:
    # Only a Discard All can empty a hand that has just grown, so only it needs the full
    # check (R-HOUSE-LAST); any other matching card is playable.
    if not matches(card, s.top(), s.color):
        return False
    if card.rank is not Rank.DISCARD_ALL:
        return True
    return isinstance(plan_play(s, seat, (card,), None, None), PlayPlan)


def pass_(s: State, seat: int) -> None:
    """Keep the drawn card and end the turn (R-TURN-4); refused under force play (R-TURN-5)."""
    require_turn(s, seat)
    if s.phase != DRAWN:
        raise IllegalAction(
            "nothing_to_pass", "pass only after drawing a playable card: play or draw instead"
        )
    if s.rules.force_play:
        raise IllegalAction("must_play", f"force play: the drawn {s.drawn} must be played")
    close_catch_window(s)
    s.emit(Event("pass", s.players[seat]))
    s.idle_turns += 1
    end_turn(s, seat)


def choose_color(s: State, seat: int, color: Color | None) -> None:
    """R-SETUP-3: the first player names the color of a Wild start card, then plays."""
    require_turn(s, seat)
    if s.phase != CHOOSE:
        raise IllegalAction("no_color_to_choose", "there is no Wild start card to name")
    if color is None:
        raise IllegalAction("missing_color", "name a color: red, yellow, green or blue")
    close_catch_window(s)
    _name_color(s, seat, color, None)


def _name_color(s: State, seat: int, color: Color, reason: str | None) -> None:
    s.color = color
    s.phase = TURN
    s.emit(Event("choose_color", s.players[seat], color=color, reason=reason))


def challenge(s: State, seat: int) -> None:
    """R-DRAW4-2, R-DRAW4-4: challenge the Wild Draw Four played on you."""
    require_turn(s, seat)
    open_ = s.challenge
    if open_ is None or open_.victim != seat:
        raise IllegalAction(
            "no_challenge", "there is no Wild Draw Four played directly on you to challenge"
        )
    close_catch_window(s)
    accused = open_.accused
    total = s.pending
    hand = tuple(s.hands[accused])
    clear_penalty(s)
    guilty = open_.bluff
    s.emit(
        Event(
            "challenge",
            s.players[seat],
            target=s.players[accused],
            reason="guilty" if guilty else "innocent",
        )
    )
    s.reveal = (seat, accused, hand)
    s.emit(Event("reveal", s.players[accused], target=s.players[seat], cards=hand))
    if guilty:
        s.take(accused, total, "challenge")
        s.phase = TURN
        settle(s)
    else:
        s.take(seat, total + 2, "challenge")
        s.idle_turns += 1
        end_turn(s, seat)


def uno(s: State, seat: int) -> None:
    """R-UNO-1, R-UNO-3: call UNO, or pay for a false call."""
    require_in_round(s, seat)
    size = len(s.hands[seat])
    if size == 1 or about_to_uno(s, seat):
        if s.called[seat]:
            raise IllegalAction("already_called", "you have already called UNO")
        s.called[seat] = True
        if s.exposed == seat:
            s.exposed = None
        s.emit(Event("uno", s.players[seat]))
        return
    penalty = s.rules.false_uno_penalty
    if not penalty:
        raise IllegalAction(
            "false_uno", f"you hold {size} cards: call UNO when you are about to hold one"
        )
    s.emit(Event("uno", s.players[seat], reason="false"))
    s.take(seat, penalty, "false_uno")


def catch(s: State, seat: int, target: int | None) -> None:
    """R-UNO-2, R-UNO-3: report a player who holds one card and did not call."""
    require_in_round(s, seat)
    if target is None:
        raise IllegalAction("missing_target", "name the player to catch")
    if target == seat or not s.in_round[target]:
        raise IllegalAction("bad_target", "catch another player who is still in the round")
    if s.exposed == target:
        s.exposed = None
        s.emit(Event("catch", s.players[seat], target=s.players[target], reason="caught"))
        s.take(target, s.rules.uno_penalty, "uno_penalty")
        return
    if len(s.hands[target]) == 1 and not s.called[target]:
        raise IllegalAction(
            "catch_closed", "too late: the catch window closed at the next player's action"
        )
    penalty = s.rules.false_catch_penalty
    if not penalty:
        raise IllegalAction(
            "false_catch", f"{s.players[target]} called UNO or does not hold one card"
        )
    s.emit(Event("catch", s.players[seat], target=s.players[target], reason="false"))
    s.take(seat, penalty, "false_catch")


def leave(s: State, seat: int) -> None:
    """R-LEAVE: the player is out; cards to the bottom of the pile; their penalty lapses."""
    if s.status == MATCH_OVER:
        raise IllegalAction("match_over", "the match is over")
    if not s.in_match[seat]:
        raise IllegalAction("not_in_match", f"{s.players[seat]} is no longer in the match")
    hand = s.hands[seat]
    points = sum(c.points for c in hand)
    s.pile[0:0] = hand
    s.emit(Event("leave", s.players[seat], points=points, count=len(hand)))
    s.hands[seat] = []
    was_current = s.status == PLAYING and s.current == seat
    s.in_match[seat] = False
    s.in_round[seat] = False
    s.called[seat] = False
    if s.exposed == seat:
        s.exposed = None
    if s.challenge is not None and s.challenge.accused == seat:
        s.challenge = None
    remaining = [i for i in range(s.n) if s.in_match[i]]
    if len(remaining) < (3 if s.n > 3 else 2):
        if s.rules.scoring == "knockout" and s.status == PLAYING:
            end_knockout(s)  # rank and score those left (R-SCORE-3), then end the match
        else:
            finish_match(s, _best_left(s, remaining))
        return
    if s.status != PLAYING:
        return
    if s.rules.scoring == "knockout" and s.active() <= 1:
        end_knockout(s)
        return
    if was_current:
        # R-SETUP-3 decision: whoever now plays first names a Wild start card's color.
        naming = s.phase == CHOOSE
        clear_penalty(s)
        s.phase = CHOOSE if naming else TURN
        s.drawn = None
        s.current = s.next_seat(seat)
    # Whoever leaves, the player to move may be left with no choice (say, the accused
    # of their open challenge left): they draw at once (R-STACK), as after any turn.
    settle(s)


def _best_left(s: State, remaining: list[int]) -> int:
    if s.rules.scoring == "knockout":
        done = [i for i in s.finished if s.in_match[i]]
        if done:
            return done[0]
        return min(remaining, key=lambda i: (sum(c.points for c in s.hands[i]), i))
    return best_seat(remaining, s.scores, s.hands, lowest_wins(s.rules.scoring))


def timeout(s: State, seat: int) -> None:
    """R-TURN-7: the turn clock ran out: the automatic action, then the turn passes."""
    require_turn(s, seat)
    close_catch_window(s)
    s.timeouts[seat] += 1
    s.emit(Event("timeout", s.players[seat]))
    if s.phase == CHOOSE:
        held = [c.color for c in s.hands[seat]]
        _name_color(s, seat, max(COLORS, key=held.count), "timeout")
    if s.pending:
        take_penalty(s, seat)
    elif s.phase == DRAWN:
        s.emit(Event("pass", s.players[seat]))
    else:
        s.take(seat, 1, "turn")
    s.idle_turns += 1
    end_turn(s, seat)
