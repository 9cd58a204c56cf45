"""The ``normal`` level: a player who knows the usual tactics, and every house rule.

Heuristics, each a line of :func:`play_score` or :meth:`NormalBot.decide`:

- keeps wilds for need: plays a wild only when nothing else fits, or to hit a player
  about to win; with a big hand and no danger it would rather draw than spend one;
- names the color it holds most of (and one the next player seems to lack);
- hits a near-winning next player with Skip, Draw Two, Wild Draw Four, or turns the
  play away from them with a Reverse;
- calls UNO at once, catches every player who forgot (R-UNO);
- challenges a Wild Draw Four when the odds favour it (R-DRAW4): the chance that the
  accused held the color asked, from the unseen cards and their bluffing record;
- plays every option: stacks rather than draws (R-STACK, the cheaper card first),
  bounces to a threatening previous player (R-PARTY), jumps in (R-HOUSE-JUMP), swaps
  hands with the smallest hand and passes a 0 only when it gains (R-HOUSE-70), plays
  several cards at once (R-MULTI) and Discard All (R-PARTY) when they shed most.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from younuo.bots.actionspace import top_card
from younuo.bots.base import Bot, my_turn, turn_actions
from younuo.bots.belief import bluff_probability
from younuo.bots.memory import Memory
from younuo.bots.timing import NO_DELAY, Timing
from younuo.bots.weights import NORMAL, Weights
from younuo.engine import COLORS, Action, ActionType, Card, Color, PlayerView, Rank

GOING_OUT = 1000.0


class NormalBot(Bot):
    """Rule-of-thumb play (see the module docstring)."""

    level = "normal"
    weights = NORMAL
    """The weights of :func:`play_score` (:mod:`younuo.bots.weights`)."""

    def __init__(
        self, seed: int = 0, timing: Timing = NO_DELAY, *, hold_wilds: bool = False
    ) -> None:
        super().__init__(seed, timing)
        self.hold_wilds = hold_wilds

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        quick = free_action(legal)
        if quick is not None:
            return quick
        if not my_turn(view):
            return self.jump_in(view, legal)
        return self.turn(view, turn_actions(legal, view))

    def turn(self, view: PlayerView, actions: list[Action]) -> Action | None:
        """The turn action: color, challenge, a play, or draw / pass."""
        if not actions:
            return None
        if view.phase == "choose_color":
            named = best_color(view.hand, view, self.memory)
            return next(a for a in actions if a.color is named)
        challenge = next((a for a in actions if a.type is ActionType.CHALLENGE), None)
        if challenge is not None and should_challenge(view, self.memory):
            return challenge
        plays = [a for a in actions if a.type is ActionType.PLAY]
        fallback = next((a for a in actions if a.type in (ActionType.DRAW, ActionType.PASS)), None)
        if not plays:
            return fallback if fallback is not None else actions[0]
        scored = rank_plays(view, self.memory, plays, self.weights)
        score, best = scored[0]
        if fallback is not None:
            w = self.weights
            rest = w.draw if fallback.type is ActionType.DRAW else w.pass_
            if score < rest:
                return fallback
            if self.hold_wilds and not view.pending_draw and keep_wild(view, best):
                return fallback
        return best

    def jump_in(self, view: PlayerView, legal: list[Action]) -> Action | None:
        """R-HOUSE-JUMP: a free turn, taken unless it spends a wild for nothing."""
        plays = [a for a in legal if a.type is ActionType.PLAY]
        if not plays:
            return None
        score, best = rank_plays(view, self.memory, plays, self.weights)[0]
        if best.played[0].is_wild and score < GOING_OUT and len(view.hand) > 3:
            return None
        return best


def free_action(legal: Sequence[Action]) -> Action | None:
    """Actions that cost nothing and are always right: call UNO, catch (R-UNO)."""
    for action in legal:
        if action.type is ActionType.UNO:
            return action
    for action in legal:
        if action.type is ActionType.CATCH:
            return action
    return None


def keep_wild(view: PlayerView, action: Action) -> bool:
    """Whether to draw rather than spend this wild: big hand and nobody near winning."""
    if not action.played[0].is_wild or len(view.hand) < 4:
        return False
    return max_danger(view) == 0


def should_challenge(view: PlayerView, memory: Memory) -> bool:
    """R-DRAW4-2: challenge when the expected cards gained beat the 2 extra risked.

    Success: the accused draws the pending total and this player keeps the turn
    (worth about a card); failure: this player draws 2 more. In a 2-player game every
    card the accused draws counts fully, among more players half.
    """
    if view.challenge is None:
        return False
    p = bluff_probability(view, memory, view.challenge[1])
    pending = view.pending_draw
    weight = 1.0 if active_count(view) == 2 else 0.5
    return p * (pending + weight * pending + 1.0) > (1.0 - p) * 2.0


def rank_plays(
    view: PlayerView, memory: Memory, plays: Sequence[Action], weights: Weights = NORMAL
) -> list[tuple[float, Action]]:
    """Plays with their scores, best first (ties keep the engine's order)."""
    scored = [(play_score(view, memory, a, weights), i, a) for i, a in enumerate(plays)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, a) for s, _, a in scored]


def active_count(view: PlayerView) -> int:
    return sum(view.in_round)


def next_seat(view: PlayerView, seat: int, direction: int | None = None) -> int:
    """The next seat in the round after ``seat`` in ``direction`` (the view's by default)."""
    d = view.direction if direction is None else direction
    n = len(view.players)
    for _ in range(n):
        seat = (seat + d) % n
        if view.in_round[seat]:
            return seat
    return seat


def is_friend(view: PlayerView, seat: int) -> bool:
    """A team-mate (R-TEAM), whom no one wants to hit."""
    me = view.seat
    return view.teams is not None and me is not None and view.teams[seat] == view.teams[me]


def danger(view: PlayerView, seat: int) -> int:
    """How close an opponent is to going out: 3 with one card, 2 with two, 1 with three."""
    if seat == view.seat or is_friend(view, seat) or not view.in_round[seat]:
        return 0
    return max(0, 4 - view.hand_counts[seat])


def max_danger(view: PlayerView) -> int:
    return max(danger(view, i) for i in range(len(view.players)))


def play_score(
    view: PlayerView, memory: Memory, action: Action, weights: Weights = NORMAL
) -> float:
    """How good a play looks (higher is better). See the module docstring.

    ``weights``: the value of each line (:class:`~younuo.bots.weights.Weights`).
    """
    me = view.seat
    assert me is not None
    cards = action.played
    hand = Counter(view.hand)
    hand.subtract(cards)
    top = top_card(action)
    rank = top.rank
    out = list(cards)
    if rank is Rank.DISCARD_ALL:
        colors = {c.color for c in cards}
        for card in list(hand.elements()):
            if card.color in colors:
                out.append(card)
                hand[card] -= 1
    left = +hand
    size = sum(left.values())
    if size == 0:
        return GOING_OUT
    color = action.color if action.color is not None else top.color
    two = active_count(view) == 2
    nxt = next_seat(view, me)
    prv = next_seat(view, me, -view.direction)
    threat = max_danger(view)

    w = weights
    score = w.card * len(out)
    # Keep the color in force one we can follow.
    score += w.color * sum(k for c, k in left.items() if c.color is color)
    if top.color is None and color is not None:
        score += w.void * (color in _voids(memory, view, nxt))
    # Shed points when someone may go out soon (wilds are kept for need all the same).
    if threat >= 2:
        score += w.shed_points * sum(c.points for c in out if not c.is_wild)
    # Wilds are for need: a small cost, lifted when the hand is nearly out.
    if any(c.is_wild for c in cards):
        score -= w.wild if size > 2 else 2.0
    count = len(cards)
    if rank is Rank.SKIP:
        seat, hit = me, 0
        for _ in range(count):
            seat = next_seat(view, seat)
            hit += danger(view, seat) - 2 * is_friend(view, seat)
        score += 8.0 * hit + (6.0 if two else -2.0)
    elif rank is Rank.REVERSE:
        if two:
            score += 8.0 * danger(view, nxt) + (
                6.0 if view.rules.two_player_reverse == "skip" else 0
            )
        elif count % 2:
            score += 6.0 * (danger(view, nxt) - danger(view, prv)) - 2.0
    elif rank is Rank.DRAW_TWO:
        score += 10.0 * danger(view, nxt) + 2.0 * count - (12.0 * is_friend(view, nxt))
        score += 4.0 if two else -2.0
    elif rank is Rank.WILD_DRAW_FOUR:
        score += 12.0 * danger(view, nxt) + 3.0 * count - (20.0 * is_friend(view, nxt))
        if view.pending_draw:
            score -= 6.0  # a Draw Two would have stacked as well: keep the four
        if view.color is not None and any(c.color is view.color for c in left.elements()):
            score -= 0.0 if threat >= 2 else 15.0  # a bluff (R-DRAW4-1) risks a challenge
    elif rank is Rank.WILD_BOUNCE and view.pending_draw:
        target = prv if not two else nxt
        score += view.pending_draw + 10.0 * danger(view, target)
    if view.rules.seven_zero and rank is Rank.SEVEN and action.target is not None:
        target = view.players.index(action.target)
        score += 6.0 * (size - view.hand_counts[target])
    elif view.rules.seven_zero and rank is Rank.ZERO:
        score += 6.0 * (size - view.hand_counts[prv])
    if threat == 0 and not two and rank in _ACTIONS:
        score -= w.hold_action  # nobody to stop yet: keep the action card for defence
    return score


def best_color(hand: Sequence[Card], view: PlayerView, memory: Memory) -> Color:
    """The color held most (ties: most points), preferring one the next player lacks."""
    me = view.seat
    lacking = _voids(memory, view, next_seat(view, me)) if me is not None else set()

    def key(color: Color) -> tuple[int, int, int]:
        mine = [c for c in hand if c.color is color]
        return (len(mine), color in lacking, sum(c.points for c in mine))

    return max(COLORS, key=key)


_ACTIONS = frozenset({Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO})


def _voids(memory: Memory, view: PlayerView, seat: int) -> set[Color]:
    k = memory.hands.get(view.players[seat])
    return set(k.voids) if k is not None else set()
