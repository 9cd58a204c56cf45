"""The legal actions of a player, for every player and not only the one to move.

Plays are generated from cheap candidate filters and then confirmed by
:func:`~younuo.engine.legality.plan_play`, the same check ``apply`` uses, so the list
and the referee can never disagree.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from younuo.engine.actions import Action, ActionType
from younuo.engine.cards import COLORS, Card, Color, Rank
from younuo.engine.legality import (
    PlayPlan,
    can_answer_penalty,
    matches,
    plan_play,
)
from younuo.engine.state import CHOOSE, DRAWN, MATCH_OVER, ROUND_OVER, State

_NO_COLOR: tuple[Color | None, ...] = (None,)
_NO_TARGET: tuple[int | None, ...] = (None,)


def legal_plays(s: State, seat: int) -> list[tuple[Action, PlayPlan]]:
    """Every legal play of ``seat`` now (in turn, or a jump-in), with its plan."""
    hand = s.hands[seat]
    if not hand or not s.in_round[seat]:
        return []
    top = s.top()
    if seat != s.current:
        if s.rules.jump_in == "off" or top is None or s.top_owner == seat:
            return []
        firsts = [top] if top in hand else []
    elif s.phase == CHOOSE:
        return []
    elif s.phase == DRAWN:
        assert s.drawn is not None
        firsts = [s.drawn]
    elif s.pending:
        rules, kind, color = s.rules, s.pending_kind, s.color
        firsts = [c for c in dict.fromkeys(hand) if can_answer_penalty(rules, c, kind, color)]
    else:
        color = s.color
        firsts = [c for c in dict.fromkeys(hand) if matches(c, top, color)]
    out: list[tuple[Action, PlayPlan]] = []
    for card in firsts:
        _expand(s, seat, (card,), out)
    if s.rules.multi_play != "off" and s.phase != DRAWN:
        _multi(s, seat, firsts, out)
    return out


def _multi(s: State, seat: int, firsts: list[Card], out: list[tuple[Action, PlayPlan]]) -> None:
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


def _expand(
    s: State, seat: int, cards: tuple[Card, ...], out: list[tuple[Action, PlayPlan]]
) -> None:
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
                out.append((action, plan))


def can_play(s: State, seat: int) -> bool:
    """Whether ``seat`` has any legal play now (R-TURN-5 force play, R-HOUSE-LAST)."""
    return bool(legal_plays(s, seat))


def forced_stack_blocks_draw(s: State, seat: int) -> bool:
    """R-STACK ``forced_stacking``: holding a card that stacks forbids taking the penalty."""
    if not (s.rules.forced_stacking and s.pending):
        return False
    rules, kind, color = s.rules, s.pending_kind, s.color
    return any(
        c.rank is not Rank.WILD_BOUNCE and can_answer_penalty(rules, c, kind, color)
        for c in s.hands[seat]
    )


def about_to_uno(s: State, seat: int) -> bool:
    """R-UNO-3: on your turn with 2 cards, or holding a legal play that leaves exactly one."""
    size = len(s.hands[seat])
    if size == 2 and seat == s.current:
        return True
    if size < 2:
        return False
    if size > 2 and s.rules.multi_play == "off" and s.rules.deck != "party":
        return False
    return any(size - len(p.cards) - len(p.companions) == 1 for _, p in legal_plays(s, seat))


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now. The server's ``timeout`` and ``match_clock`` are not listed."""
    name = s.players[seat]
    if s.status == MATCH_OVER or not s.in_match[seat]:
        return []
    if s.status == ROUND_OVER:
        return [Action.next_round(name), Action.leave(name)]
    out: list[Action] = []
    if s.in_round[seat]:
        plays = [action for action, _ in legal_plays(s, seat)]
        out += plays
        if seat == s.current:
            out += _turn_actions(s, seat, bool(plays))
        if not s.called[seat] and (len(s.hands[seat]) == 1 or about_to_uno(s, seat)):
            out.append(Action.uno(name))
        exposed = s.exposed
        if exposed is not None and exposed != seat:
            out.append(Action.catch(name, s.players[exposed]))
    out.append(Action.leave(name))
    return out


def _turn_actions(s: State, seat: int, can: bool) -> list[Action]:
    name = s.players[seat]
    if s.phase == CHOOSE:
        return [Action.choose_color(name, color) for color in COLORS]
    if s.phase == DRAWN:
        return [] if s.rules.force_play else [Action.pass_(name)]
    out: list[Action] = []
    challenge = s.challenge
    if s.pending:
        if challenge is not None and challenge.victim == seat:
            out.append(Action.challenge(name))
        if not forced_stack_blocks_draw(s, seat):
            out.append(Action.draw(name))
    elif not (s.rules.force_play and can):
        out.append(Action.draw(name))
    return out

