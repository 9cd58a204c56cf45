"""Whether a play is legal, and the normalised plan of a legal one.

The rule checks live here as small named predicates (matching, stacking, last card,
jump-in, multi-play) so that the effect step and the legal-action generator consult
the same pieces. :func:`plan_play` returns a :class:`PlayPlan` or the
:class:`IllegalAction` that refuses it, without changing the state.
"""

from __future__ import annotations

from collections import Counter
from typing import Final, final

from younuo.engine.cards import Card, Color, Rank
from younuo.engine.errors import IllegalAction
from younuo.engine.hands import holds
from younuo.engine.rules import Rules
from younuo.engine.state import State
from younuo.engine.status import CHOOSE, DRAWN, PLAYING

_D2: Final = Rank.DRAW_TWO
_D4: Final = Rank.WILD_DRAW_FOUR

_LAST_OK_NO_ACTION: Final = frozenset({*(Rank(str(n)) for n in range(10)), _D2, _D4})
_NUMBERS: Final = frozenset(Rank(str(n)) for n in range(10))


@final
class PlayPlan:
    """A checked play: ``cards`` in discard order (the top card last)."""

    __slots__ = ("cards", "color", "companions", "going_out", "jump", "seat", "target")

    def __init__(
        self,
        seat: int,
        cards: tuple[Card, ...],
        color: Color,
        target: int | None,
        jump: bool,
        companions: tuple[Card, ...],
        going_out: bool,
    ) -> None:
        self.seat = seat
        self.cards = cards
        self.color = color
        self.target = target
        self.jump = jump
        self.companions = companions  # cards that go with a Discard All (R-PARTY)
        self.going_out = going_out


def matches(card: Card, top: Card | None, color: Color | None) -> bool:
    """R-TURN-1: same color as the color in force, same number or symbol, or a wild."""
    if card.color is None or card.color is color:
        return True
    return top is not None and top.color is not None and card.rank is top.rank


def can_answer_penalty(rules: Rules, card: Card, kind: Rank | None, color: Color | None) -> bool:
    """R-STACK, R-PARTY: may ``card`` be put on a pending penalty of ``kind``?

    A Wild Bounce always may (it bounces the penalty whatever ``stacking`` says).
    """
    rank = card.rank
    if rank is Rank.WILD_BOUNCE:
        return True
    if rank is not _D2 and rank is not _D4:
        return False
    mode = rules.stacking
    if mode == "none":
        return False
    if mode == "same":
        return rank is kind
    if mode == "progressive":
        return kind is _D2 or rank is _D4
    # "any": +4 on anything, +2 on +2, and +2 on +4 when it has the color named.
    return rank is _D4 or kind is _D2 or card.color is color


def last_card_ok(rules: Rules, leaving: tuple[Card, ...] | list[Card]) -> bool:
    """R-HOUSE-LAST: may these cards be the last to leave a hand?"""
    mode = rules.last_card
    if mode == "any":
        return True
    allowed = _NUMBERS if mode == "number_only" else _LAST_OK_NO_ACTION
    return all(card.rank in allowed for card in leaving)


def identical(card: Card, top: Card | None) -> bool:
    """R-HOUSE-JUMP: same color and same number or symbol; wilds of the same kind."""
    return top is not None and card.rank is top.rank and card.color is top.color


def plan_play(
    s: State,
    seat: int,
    cards: tuple[Card, ...],
    color: Color | None,
    target: int | None,
) -> PlayPlan | IllegalAction:
    """Check a play of ``cards`` by ``seat``; return its plan or the refusal."""
    rules = s.rules
    if s.status != PLAYING:
        return IllegalAction("not_playing", "the round is over: wait for the next round")
    if not s.in_round[seat]:
        return IllegalAction("not_in_round", f"{s.players[seat]} is not playing this round")
    if not cards:
        return IllegalAction("missing_card", "a play needs a card (or cards, for multi-play)")
    first = cards[0]
    many = len(cards) > 1
    if many:
        if rules.multi_play == "off":
            return IllegalAction("multi_play_off", "one card per play: multi-play is off")
        if rules.multi_play == "identical" and any(c != first for c in cards):
            return IllegalAction("not_identical", "multi-play here needs identical cards")
        if any(c.rank is not first.rank for c in cards):
            return IllegalAction("not_same_rank", "multi-play needs cards of one number or symbol")
    hand = s.hands[seat]
    if not _holds(hand, cards):
        return IllegalAction(
            "card_not_in_hand", f"{' '.join(map(str, cards))} is not in {s.players[seat]}'s hand"
        )
    current = s.current
    jump = current is None or seat != current  # compiled: compares machine integers
    top = s.top()
    if jump:
        problem = _jump_problem(s, seat, cards, top)
        if problem is not None:
            return problem
    elif s.phase == CHOOSE:
        return IllegalAction("choose_color_first", "name the color of the Wild start card first")
    elif s.phase == DRAWN:
        if many or first != s.drawn:
            return IllegalAction(
                "play_drawn_card", f"after drawing, only the drawn card {s.drawn} may be played"
            )
    elif s.pending:
        if not can_answer_penalty(rules, first, s.pending_kind, s.color):
            return IllegalAction(
                "penalty_pending",
                f"{s.pending} cards are pending: stack a draw card the rules allow, or draw them",
            )
    elif not matches(first, top, s.color):
        return IllegalAction(
            "card_does_not_match",
            f"{first} does not match {top} in {s.color}: play the same color, number or symbol",
        )
    return _plan(s, seat, cards, color, target, jump)


def _plan(
    s: State,
    seat: int,
    cards: tuple[Card, ...],
    color: Color | None,
    target: int | None,
    jump: bool,
) -> PlayPlan | IllegalAction:
    first = cards[0]
    if first.color is None:
        if color is None:
            return IllegalAction("missing_color", f"name a color for {first}")
        in_force = color
    else:
        if color is not None and all(c.color is not color for c in cards):
            return IllegalAction(
                "bad_color", f"{color} is not among the played cards' colors: leave it out"
            )
        if color is not None and len(cards) > 1:
            on_top = next(c for c in cards if c.color is color)
            rest = list(cards)
            rest.remove(on_top)
            cards = (*rest, on_top)
        in_force = cards[-1].color  # type: ignore[assignment]
    hand = s.hands[seat]
    companions: tuple[Card, ...] = ()
    if first.rank is Rank.DISCARD_ALL:
        colors = {c.color for c in cards}
        left = _without(hand, cards)
        companions = tuple(c for c in left if c.color in colors)
    going_out = len(hand) == len(cards) + len(companions)
    if going_out and not last_card_ok(s.rules, cards + companions):
        return IllegalAction(
            "last_card", f"the last card may not be that under last_card={s.rules.last_card}"
        )
    swap = s.rules.seven_zero and first.rank is Rank.SEVEN and not going_out
    if swap:
        if target is None:
            return IllegalAction("missing_target", "name the player to swap hands with")
        if target == seat or not s.in_round[target]:
            return IllegalAction("bad_target", "swap with another player who is still in the round")
    elif target is not None and not (going_out and first.rank is Rank.SEVEN):
        return IllegalAction("unexpected_target", "only a 7 under seven-zero names a target")
    return PlayPlan(seat, cards, in_force, target if swap else None, jump, companions, going_out)


def _jump_problem(
    s: State, seat: int, cards: tuple[Card, ...], top: Card | None
) -> IllegalAction | None:
    mode = s.rules.jump_in
    whose = s.name(s.current)
    if mode == "off":
        return IllegalAction("not_your_turn", f"it is {whose}'s turn (jump-in is off)")
    if top is None or not all(identical(c, top) for c in cards):
        return IllegalAction(
            "not_your_turn", f"it is {whose}'s turn: a jump-in needs a card identical to {top}"
        )
    if mode == "numbers" and not top.rank.is_number:
        return IllegalAction("not_your_turn", f"it is {whose}'s turn: jump in on numbers only")
    if s.top_owner == seat:
        return IllegalAction("own_card", "you may not jump in on your own card")
    return None


def _holds(hand: list[Card], cards: tuple[Card, ...]) -> bool:
    if len(cards) == 1:
        return holds(hand, cards[0])
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= k for c, k in need.items())


def _without(hand: list[Card], cards: tuple[Card, ...]) -> list[Card]:
    left = hand[:]
    for card in cards:
        left.remove(card)
    return left
