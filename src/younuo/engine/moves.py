"""The legal actions of a player, for every player and not only the one to move.

Plays are generated from cheap candidate filters and then confirmed by
:func:`~younuo.engine.legality.plan_play`, the same check ``apply`` uses, so the list
and the referee can never disagree.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Final

from younuo.engine.actions import Action, ActionType
from younuo.engine.cards import CARD_INDEXES, COLORS, Card, Color, Rank
from younuo.engine.hands import holds
from younuo.engine.legality import (
    PlayPlan,
    can_answer_penalty,
    matches,
    plan_play,
)
from younuo.engine.state import State
from younuo.engine.status import CHOOSE, DRAWN, MATCH_OVER, ROUND_OVER

# The actions that are no plays, by number: _simple takes the number (the index of its
# type in _SIMPLE_TYPES), which picks the cached action's slot with no lookup.
_SIMPLE_TYPES: Final = (
    ActionType.NEXT_ROUND,
    ActionType.LEAVE,
    ActionType.UNO,
    ActionType.CATCH,
    ActionType.CHOOSE_COLOR,
    ActionType.PASS,
    ActionType.CHALLENGE,
    ActionType.DRAW,
)
_NEXT_ROUND: Final = 0
_LEAVE: Final = 1
_UNO: Final = 2
_CATCH: Final = 3
_CHOOSE_COLOR: Final = 4
_PASS: Final = 5
_CHALLENGE: Final = 6
_DRAW: Final = 7

_NO_COLOR: Final[tuple[Color | None, ...]] = (None,)
_NO_TARGET: Final[tuple[int | None, ...]] = (None,)


def legal_plays(s: State, seat: int) -> list[Action]:
    """Every legal play of ``seat`` now (in turn, or a jump-in)."""
    out: list[Action] = []
    _add_plays(s, seat, out)
    return out


def _add_plays(s: State, seat: int, out: list[Action]) -> None:
    """Append :func:`legal_plays` to ``out`` (legal_actions' list: no list made and joined)."""
    hand = s.hands[seat]
    if not hand or not s.in_round[seat]:
        return
    top = s.top()
    rules = s.rules
    current = s.current
    if current is None or seat != current:
        mode = rules.jump_in
        if mode == "off" or top is None or s.top_owner == seat or not holds(hand, top):
            return
        if mode == "numbers" and not top.rank.is_number:
            return
        firsts = [top]
    elif s.phase == CHOOSE:
        return
    elif s.phase == DRAWN:
        assert s.drawn is not None
        firsts = [s.drawn]
    else:
        # Each distinct card once, in the order of the hand (as dict.fromkeys(hand) would
        # give them, without hashing every card: docs/engine.md).
        firsts = []
        color = s.color
        if s.pending:
            kind = s.pending_kind
            for c in hand:
                if can_answer_penalty(rules, c, kind, color) and not holds(firsts, c):
                    firsts.append(c)
        else:
            for c in hand:
                if matches(c, top, color) and not holds(firsts, c):
                    firsts.append(c)
    _singles(s, seat, firsts, out)
    if rules.multi_play != "off" and s.phase != DRAWN:
        _multi(s, seat, firsts, out)


def _singles(s: State, seat: int, firsts: list[Card], out: list[Action]) -> None:
    """One-card plays. The common cases skip the full check: they cannot fail it."""
    rules = s.rules
    checked = len(s.hands[seat]) == 1 and rules.last_card != "any"
    cache = s.play_cache
    for card in firsts:
        rank = card.rank
        if checked or rank is Rank.DISCARD_ALL or (rules.seven_zero and rank is Rank.SEVEN):
            _expand(s, seat, (card,), out)
        elif card.color is None:
            for slot, color in enumerate(COLORS, 1):
                out.append(_cached_play(s, cache, seat, card, color, slot))
        else:
            out.append(_cached_play(s, cache, seat, card, None, 0))


def _cached_play(
    s: State, cache: list[Action | None], seat: int, card: Card, color: Color | None, slot: int
) -> Action:
    """The play of one ``card`` naming ``color`` (its ``slot``: 0 for none, 1-4 for COLORS)."""
    key = (seat * CARD_INDEXES + card.index) * 5 + slot
    action = cache[key]
    if action is None:
        action = cache[key] = Action(ActionType.PLAY, s.players[seat], card=card, color=color)
    return action


def _multi(s: State, seat: int, firsts: list[Card], out: list[Action]) -> None:
    hand = s.hands[seat]
    jump = seat != s.current
    same_rank = s.rules.multi_play == "same_rank" and not jump
    seen: set[tuple[str, ...]] = set()
    for first in firsts:
        group = Counter(c for c in hand if (c.rank is first.rank if same_rank else c == first))
        if sum(group.values()) < 2:
            continue
        group[first] -= 1
        codes = list(group)
        for counts in product(*(range(group[c] + 1) for c in codes)):
            if sum(counts) == 0:
                continue
            rest = [c for c, k in zip(codes, counts, strict=True) for _ in range(k)]
            key = tuple(sorted(c.code for c in [first, *rest]))
            if key in seen:
                continue
            seen.add(key)
            _expand(s, seat, (first, *rest), out)


def _expand(s: State, seat: int, cards: tuple[Card, ...], out: list[Action]) -> None:
    """Add each legal way (color named, swap target) to put down ``cards``."""
    first = cards[0]
    if first.color is None:
        colors: tuple[Color | None, ...] = COLORS
    elif len(cards) > 1 and len({c.color for c in cards}) > 1:
        colors = tuple(dict.fromkeys(c.color for c in cards))
    else:
        colors = _NO_COLOR
    if s.rules.seven_zero and first.rank is Rank.SEVEN:
        targets: tuple[int | None, ...] = tuple(
            i for i in range(s.n) if i != seat and s.in_round[i]
        )
        if len(s.hands[seat]) == len(cards):
            targets = _NO_TARGET  # going out on a 7: no swap
    else:
        targets = _NO_TARGET
    name = s.players[seat]
    single = cards[0] if len(cards) == 1 else None
    for color in colors:
        for target in targets:
            plan = plan_play(s, seat, cards, color, target)
            if isinstance(plan, PlayPlan):
                action = Action(
                    ActionType.PLAY,
                    name,
                    card=single,
                    cards=None if single is not None else cards,
                    color=color,
                    target=None if target is None else s.players[target],
                )
                out.append(action)


def can_play(s: State, seat: int) -> bool:
    """Whether ``seat`` has any legal play now (R-TURN-5 force play, R-HOUSE-LAST)."""
    return bool(legal_plays(s, seat))


def forced_stack_blocks_draw(s: State, seat: int) -> bool:
    """R-STACK ``forced_stacking``: a legal stacking play forbids taking the penalty.

    A bounce or a challenge stays open but does not force anything.
    """
    if not (s.rules.forced_stacking and s.pending):
        return False
    return any(a.played[0].rank is not Rank.WILD_BOUNCE for a in legal_plays(s, seat))


def about_to_uno(s: State, seat: int) -> bool:
    """R-UNO-3: on your turn with 2 cards, or holding a legal play that leaves exactly one."""
    size = len(s.hands[seat])
    if size == 2 and seat == s.current:
        return True
    if size < 2:
        return False
    if size > 2 and s.rules.multi_play == "off" and s.rules.deck != "party":
        return False
    return any(_left_after(s, seat, a) == 1 for a in legal_plays(s, seat))


def _left_after(s: State, seat: int, action: Action) -> int:
    """Cards left in hand after a legal play (Discard All takes its color with it)."""
    cards = action.played
    left = len(s.hands[seat]) - len(cards)
    if cards[0].rank is Rank.DISCARD_ALL:
        colors = {c.color for c in cards}
        left -= sum(1 for c in s.hands[seat] if c.color in colors) - len(cards)
    return left


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now.

    The server's ``timeout`` and ``match_clock`` are accepted but not listed.
    """
    if s.status == MATCH_OVER or not s.in_match[seat]:
        return []
    if s.status == ROUND_OVER:
        return [_simple(s, _NEXT_ROUND, seat), _simple(s, _LEAVE, seat)]
    out: list[Action] = []
    if s.in_round[seat]:
        _add_plays(s, seat, out)
        if seat == s.current:
            _turn_actions(s, seat, bool(out), out)
        if not s.called[seat] and (len(s.hands[seat]) == 1 or about_to_uno(s, seat)):
            out.append(_simple(s, _UNO, seat))
        exposed = s.exposed
        if exposed is not None and exposed != seat:
            out.append(_simple(s, _CATCH, seat, target=exposed))
    out.append(_simple(s, _LEAVE, seat))
    return out


def _turn_actions(s: State, seat: int, can: bool, out: list[Action]) -> None:
    if s.phase == CHOOSE:
        out += [
            _simple(s, _CHOOSE_COLOR, seat, color=color, slot=slot)
            for slot, color in enumerate(COLORS, 1)
        ]
    elif s.phase == DRAWN:
        if not s.rules.force_play:
            out.append(_simple(s, _PASS, seat))
    elif s.pending:
        challenge = s.challenge
        if challenge is not None and challenge.victim == seat:
            out.append(_simple(s, _CHALLENGE, seat))
        if not forced_stack_blocks_draw(s, seat):
            out.append(_simple(s, _DRAW, seat))
    elif not (s.rules.force_play and can):
        out.append(_simple(s, _DRAW, seat))


def _simple(
    s: State,
    kind: int,
    seat: int,
    target: int | None = None,
    color: Color | None = None,
    slot: int = 0,
) -> Action:
    """The cached action of ``_SIMPLE_TYPES[kind]``; ``slot`` is ``color``'s (0 for none)."""
    n = len(s.players)
    whom = 0 if target is None else target + 1
    key = ((kind * n + seat) * (n + 1) + whom) * 5 + slot
    cache = s.simple_cache
    action = cache[key]
    if action is None:
        name = None if target is None else s.players[target]
        action = Action(_SIMPLE_TYPES[kind], s.players[seat], color=color, target=name)
        cache[key] = action
    return action


def action_caches(players: int) -> tuple[list[Action | None], list[Action | None]]:
    """Empty caches for the plays and the other actions of a table (``State``)."""
    plays: list[Action | None] = [None] * (players * CARD_INDEXES * 5)
    others: list[Action | None] = [None] * (len(_SIMPLE_TYPES) * players * (players + 1) * 5)
    return plays, others
