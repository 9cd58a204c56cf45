"""Guessing the hidden cards: deal the unseen cards into the other hands and the pile.

A search bot plays many imagined futures. Each starts from a *world*: the hidden cards
dealt consistently with what the bot has seen (its view and :class:`Memory`):

- every other hand has the size the view shows;
- cards the bot knows to be in a hand (given away by a 7 or a 0, shown by a
  challenge) are in it;
- a hand thought to lack a color (its owner drew instead of playing) gets none of
  it, except among the cards drawn since;
- the player accused in an open Wild Draw Four challenge holds the color asked with
  the probability that their record and the unseen cards give (R-DRAW4);
- after a reshuffle the draw pile holds only cards it was made of (R-TURN-6), so
  the cards held since before it are certainly in the hands (with two players, the
  other hand is then known but for what it drew since).

When the guesses contradict each other (memory is only probable), the softer ones
give way: a world is always dealt.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import comb

from younuo.bots.memory import Memory
from younuo.bots.reading import Bar
from younuo.engine import Card, Color, Game, PlayerView
from younuo.engine.determinize import determinize, unseen_cards


@dataclass(frozen=True, slots=True)
class World:
    """One guess of the hidden cards: the other hands, and the draw pile top first."""

    hands: dict[str, list[Card]]
    pile: list[Card]
    bluffs: dict[str, bool]

    def game(self, view: PlayerView, seed: int = 0) -> Game:
        """The complete game this guess describes (see :func:`determinize`)."""
        return determinize(view, self.hands, self.pile, seed=seed, bluffs=self.bluffs)


def hold_probability(pool: Sequence[Card], size: int, color: Color) -> float:
    """Chance that ``size`` cards dealt from ``pool`` hold at least one card of ``color``."""
    total = len(pool)
    if size <= 0 or total == 0:
        return 0.0
    other = sum(1 for c in pool if c.color is not color)
    size = min(size, total)
    return 1.0 - comb(other, size) / comb(total, size)


def bluff_probability(view: PlayerView, memory: Memory, accused: str) -> float:
    """Chance that ``accused``'s Wild Draw Four was a bluff, as this player sees it.

    Bayes over the accused's hand: a random hand of their size holds the color asked
    with probability ``p``; a player holding it plays the Wild Draw Four anyway with
    their bluff rate ``b`` (:meth:`Verdicts.bluff_rate`); one without it always may.
    """
    color = memory.w4_color.get(accused)
    if color is None:
        return 0.0
    seat = view.players.index(accused)
    known = memory.of(accused).known
    if any(c.color is color for c in known.elements()):
        return 1.0
    pool = unseen_cards(view)
    p = hold_probability(pool, view.hand_counts[seat], color)
    b = memory.bluff_rate(accused)
    return p * b / (p * b + (1.0 - p)) if p < 1.0 else 1.0


def pile_cards(
    view: PlayerView, memory: Memory, unseen: Sequence[Card] | None = None
) -> Counter[Card] | None:
    """The unseen cards that may lie in the draw pile: those the last reshuffle put
    there (:attr:`Memory.pile`) that nobody has shown since; ``None`` when no
    reshuffle this round says so (then any unseen card may).

    ``None`` too when the discard pile ``memory`` built from the events is not the
    view's (a seat taken over mid-round, say): its record of the pile would be wrong.
    """
    if memory.pile is None or memory.discard != list(view.discard_pile):
        return None
    return memory.pile & Counter(unseen_cards(view) if unseen is None else unseen)


def sample_world(
    view: PlayerView,
    memory: Memory,
    rng: random.Random,
    unseen: Sequence[Card] | None = None,
    bars: Mapping[str, Bar] | None = None,
    tilts: Mapping[str, Mapping[int, float]] | None = None,
    pile: Counter[Card] | None = None,
) -> World:
    """Deal the unseen cards consistently with ``view`` and ``memory``.

    ``unseen``: :func:`unseen_cards` of ``view``, when the caller deals many worlds
    from one view (working it out is a good part of the cost of a world).

    ``bars`` (the ``expert`` level's :class:`~younuo.bots.reading.Reading`): for the
    players named, the cards their draws rule out replace the colors they lack, and
    the cards left are shuffled again before the rest is dealt. Without it (the
    ``hard`` level) the cards skipped while dealing a hand that lacks a color stay at
    the front of what is dealt next, so the cards drawn since (``free``) and the
    next hands get more of that color than chance gives.

    ``tilts`` (the ``expert`` level's learned model, :mod:`younuo.bots.handmodel`): for
    the players named, a weight per card kind (``Card.index``); their hands are dealt
    first, each card drawn from what is left with a chance in proportion to its
    weight (sampling without replacement), under their bars when ``bars`` names them;
    the colors ``memory`` thinks they lack are in the weights and not applied again.

    ``pile``: :func:`pile_cards` of ``view``, worked out once by a caller that deals
    many worlds (when ``None``, worked out here). The draw pile is dealt from those
    cards, right after the cards known to be held, and the hands get the rest.
    """
    me = view.player
    pool = unseen_cards(view) if unseen is None else list(unseen)
    rng.shuffle(pool)
    others = [name for i, name in enumerate(view.players) if name != me and view.hand_counts[i] > 0]
    size = {name: view.hand_counts[view.players.index(name)] for name in others}
    hands: dict[str, list[Card]] = {name: [] for name in others}
    # Known cards first: they are certain.
    for name in others:
        known = memory.hands.get(name)
        if known is None:
            continue
        for card, count in known.known.items():
            for _ in range(count):
                if len(hands[name]) < size[name] and card in pool:
                    pool.remove(card)
                    hands[name].append(card)
    # Then the draw pile, when a reshuffle showed what it can hold: certain too.
    if pile is None and memory.pile is not None:
        pile = pile_cards(view, memory, pool)
    dealt_pile = None if pile is None else _deal_pile(pool, pile, view.pile_count)
    # The accused of an open challenge: bluff or not, drawn from their record.
    bluff_of: dict[str, bool] = {}
    accused = [name for name in view.penalty_stack if name != me]
    if view.challenge is not None and view.challenge[1] != me:
        accused.append(view.challenge[1])
    for name in dict.fromkeys(accused):
        color = memory.w4_color.get(name)
        if name not in hands or color is None:
            continue
        bluff = rng.random() < bluff_probability(view, memory, name)
        if bluff and not any(c.color is color for c in hands[name]):
            held = next((c for c in pool if c.color is color), None)
            if held is not None and len(hands[name]) < size[name]:
                pool.remove(held)
                hands[name].append(held)
        bluff_of[name] = bluff

    # Then the hands with colors they probably lack, most constrained first.
    def lacks(name: str) -> set[Color]:
        k = memory.hands.get(name)
        voids = set(k.voids) if k is not None else set()
        if bluff_of.get(name) is False:
            color = memory.w4_color.get(name)
            if color is not None:
                voids.add(color)
        return voids

    tilted = [name for name in others if tilts is not None and name in tilts]
    for name in tilted:
        assert tilts is not None
        bar = None if bars is None else bars.get(name)
        if bar is not None and bluff_of.get(name) is not True:
            # The bar binds all but the cards drawn since; the weights pick among the rest.
            for lack in sorted(bar.kept, key=lambda k: -k.weight):
                _deal_tilted(
                    hands[name],
                    min(1, size[name] - len(hands[name])),
                    pool,
                    tilts[name],
                    rng,
                    lack.allows,
                )
            need = size[name] - len(hands[name]) - bar.free
            _deal_tilted(hands[name], need, pool, tilts[name], rng, bar.allows)
        _deal_tilted(hands[name], size[name] - len(hands[name]), pool, tilts[name], rng)
    order = sorted((n for n in others if n not in tilted), key=lambda name: -len(lacks(name)))
    for name in order:
        voids = lacks(name)
        k = memory.hands.get(name)
        free = k.free if k is not None and k.voids else 0
        bar = None if bars is None else bars.get(name)
        allowed: Callable[[Card], bool]
        if bar is not None and bluff_of.get(name) is not True:
            _deal_kept(hands[name], size[name], bar, pool)
            allowed = bar.allows
            free = bar.free
        elif voids:
            allowed = _lacking(voids)
        else:
            continue
        need = size[name] - len(hands[name])
        for _ in range(max(0, need - free)):
            i = next((j for j, c in enumerate(pool) if allowed(c)), None)
            if i is None:
                break  # the guess is wrong somewhere: fill from anything below
            hands[name].append(pool.pop(i))
    if bars is not None:
        rng.shuffle(pool)  # what was skipped above must not come first below
    for name in others:
        need = size[name] - len(hands[name])
        hands[name].extend(pool[:need])
        del pool[:need]
    bluffs = _bluffs(view, memory, hands)
    if dealt_pile is not None:
        return World(hands, dealt_pile, bluffs)
    # A game set up by hand may leave cards out of play: the pile takes what it holds.
    return World(hands, pool[: view.pile_count], bluffs)


def _deal_pile(pool: list[Card], cards: Counter[Card], size: int) -> list[Card] | None:
    """Take ``size`` cards of ``cards`` out of ``pool`` (shuffled: the first that fit)
    as the draw pile; ``None``, ``pool`` untouched, if it holds too few of them (the
    memory is wrong somewhere: the pile is then dealt as if nothing were known)."""
    left = Counter(cards)
    dealt: list[Card] = []
    rest: list[Card] = []
    for card in pool:
        if len(dealt) < size and left[card] > 0:
            left[card] -= 1
            dealt.append(card)
        else:
            rest.append(card)
    if len(dealt) < size:
        return None
    pool[:] = rest
    return dealt


def _deal_kept(hand: list[Card], size: int, bar: Bar, pool: list[Card]) -> None:
    """One card for each card its owner kept unplayable (``bar.kept``), the most
    constrained first, each the first of ``pool`` it could be (the pool is shuffled)."""
    for lack in sorted(bar.kept, key=lambda k: -k.weight):
        if len(hand) >= size:
            return
        i = next((j for j, c in enumerate(pool) if lack.allows(c)), None)
        if i is not None:
            hand.append(pool.pop(i))


def _deal_tilted(
    hand: list[Card],
    need: int,
    pool: list[Card],
    tilt: Mapping[int, float],
    rng: random.Random,
    allowed: Callable[[Card], bool] | None = None,
) -> None:
    """Move ``need`` cards of ``pool`` into ``hand``, each drawn with a chance in
    proportion to its weight among those left (the exponential race of Efraimidis
    and Spirakis: the ``need`` smallest ``Exp(weight)`` keys; a kind the tilt does not
    name weighs 1)."""
    if need <= 0:
        return
    keys = [
        (rng.expovariate(tilt.get(card.index, 1.0)), i)
        for i, card in enumerate(pool)
        if allowed is None or allowed(card)
    ]
    keys.sort()
    chosen = sorted((i for _, i in keys[:need]), reverse=True)
    for i in chosen:
        hand.append(pool.pop(i))


def _lacking(voids: set[Color]) -> Callable[[Card], bool]:
    return lambda card: card.color not in voids


def _bluffs(view: PlayerView, memory: Memory, hands: dict[str, list[Card]]) -> dict[str, bool]:
    """R-DRAW4-1 for each Wild Draw Four of the running stack, judged on the dealt hands."""
    out: dict[str, bool] = {}
    names = list(view.penalty_stack)
    if view.challenge is not None:
        names.append(view.challenge[1])
    for name in names:
        color = memory.w4_color.get(name)
        hand: Sequence[Card] = view.hand if name == view.player else hands.get(name, ())
        out[name] = color is not None and any(c.color is color for c in hand)
    return out


def world_counts(world: World) -> Counter[Card]:
    """Every card the world places (for checks)."""
    out: Counter[Card] = Counter(world.pile)
    for hand in world.hands.values():
        out.update(hand)
    return out
