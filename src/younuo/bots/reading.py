"""What a player's draws say about their hand: no card that could have been played.

A player who draws on their turn instead of playing almost always holds nothing
playable: no card of the color in force, none of the top card's rank (matching a
number or an action card, R-TURN-1) and no wild. :class:`~younuo.bots.memory.Memory`
keeps only the color; the ``expert`` level's guesses of the hidden hands use all
three (:func:`younuo.bots.expert.deal`), because a guessed hand that holds a card its
owner could have played is a world that did not happen.

The cards drawn since then are free of that: ``free`` counts them. Except one drawn
on a turn that then ended at once: where the rules offer a playable drawn card to
its drawer (R-TURN-4, ``draw_and_play``), that card matched nothing either, and it
is ``kept`` with what it lacked (:class:`Lack`). A later draw instead of a play
binds every card held then, kept and free ones included. A play that breaks the
bar must come from a kept card it could be, or from the free cards; one that cannot
shows the reading was wrong, and it is forgotten. The hand sizes a view shows
(:meth:`Reading.sync`) say when no card held at the draw is left, so that a play
takes a kept card out instead. A hand that changes owner (R-HOUSE-70) is forgotten
too.

Only the redacted events a seat is sent are read: nothing here needs hidden cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass, field

from younuo.engine import Card, Color, Event, Rank


@dataclass(slots=True)
class Bar:
    """What one hand held none of when its owner last drew instead of playing.

    ``colors`` and ``ranks``: card colors and ranks it lacked; ``wild``: it held no wild.
    The last ``free`` cards drawn are exempt (they came after).
    """

    colors: set[Color] = field(default_factory=set)
    ranks: set[Rank] = field(default_factory=set)
    wild: bool = False
    free: int = 0
    kept: list[Lack] = field(default_factory=list)
    """Cards drawn since and kept because they could not be played then (the turn
    ended at once, R-TURN-4): each lacks what the table asked at its draw."""
    held: int | None = None
    """The owner's hand size, once a view told it (:meth:`Reading.sync`): the cards held
    at the draw are those not ``kept`` nor ``free``."""

    def allows(self, card: Card) -> bool:
        """Whether a card held since the draw could be ``card``."""
        return _allows(card, self.colors, self.ranks, self.wild)

    @property
    def empty(self) -> bool:
        return not self.colors and not self.ranks and not self.wild and not self.kept

    def add(self, lack: Lack) -> None:
        """Every card held now lacks ``lack`` too (its owner drew instead of playing)."""
        self.colors |= lack.colors
        self.ranks |= lack.ranks
        self.wild = self.wild or lack.wild
        self.kept = [k.union(lack) for k in self.kept] + [lack] * self.free
        self.free = 0

    def spend(self, card: Card) -> bool:
        """Take a played ``card`` out: from the cards held at the draw if it could be
        one, else from a kept card that could be it (the most constrained), else from
        the free ones. False when none could be it (the reading was wrong)."""
        base = None if self.held is None else self.held - len(self.kept) - self.free
        if self.allows(card) and (base is None or base > 0):
            return True
        fits = [i for i, k in enumerate(self.kept) if k.allows(card)]
        if fits:
            del self.kept[max(fits, key=lambda i: self.kept[i].weight)]
            return True
        if self.free > 0:
            self.free -= 1
            return True
        return False


@dataclass(frozen=True, slots=True)
class Lack:
    """What one card cannot be: colors, ranks, and (``wild``) any wild."""

    colors: frozenset[Color]
    ranks: frozenset[Rank]
    wild: bool

    def allows(self, card: Card) -> bool:
        return _allows(card, self.colors, self.ranks, self.wild)

    def union(self, other: Lack) -> Lack:
        return Lack(self.colors | other.colors, self.ranks | other.ranks, self.wild or other.wild)

    @property
    def weight(self) -> int:
        """How much it rules out (to deal and to spend the most constrained first)."""
        return 3 * len(self.colors) + len(self.ranks) + 2 * self.wild


def _allows(card: Card, colors: Set[Color], ranks: Set[Rank], wild: bool) -> bool:
    if card.color is None:
        return not wild
    return card.color not in colors and card.rank not in ranks


class Reading:
    """Per other player, the :class:`Bar` their draws set (see the module docstring)."""

    __slots__ = ("_drew", "_just", "bars", "color", "keep_option", "me", "top")

    def __init__(self, me: str | None = None) -> None:
        self.me = me
        self.bars: dict[str, Bar] = {}
        self.color: Color | None = None
        self.top: Card | None = None
        self.keep_option = True
        """Whether a drawn card that can be played is offered to its drawer (R-TURN-4:
        ``draw_and_play`` or ``draw_until_playable``): then a turn that ends right after
        the draw shows the card could not be played. The expert sets it from the rules."""
        # The player whose turn draw was the last event (draw-until-playable goes on).
        self._drew: str | None = None
        # That draw's player, cards and what they lacked, until the next event says
        # whether the drawn cards were kept unplayable.
        self._just: tuple[str, int, Lack] | None = None

    def reset(self, me: str | None) -> None:
        """Forget everything (a new seat)."""
        self.me = me
        self.bars = {}
        self.color = None
        self.top = None
        self._drew = None
        self._just = None

    def sync(self, players: Sequence[str], sizes: Sequence[int]) -> None:
        """Take the hand sizes a view shows (which the events alone do not say)."""
        for name, size in zip(players, sizes, strict=True):
            bar = self.bars.get(name)
            if bar is not None:
                bar.held = size

    def bar(self, player: str) -> Bar | None:
        """The bar on ``player``'s hand, or None when nothing is known."""
        bar = self.bars.get(player)
        return None if bar is None or bar.empty else bar

    def observe(self, events: Iterable[Event]) -> None:
        """Take in events, in order, as this player was sent them (redacted)."""
        for event in events:
            drew, self._drew = self._drew, None
            just, self._just = self._just, None
            kind = event.type
            if just is not None and not (kind in ("play", "pass") and event.player == just[0]):
                self._kept(*just)
            if kind in ("deal", "round_start", "round_over"):
                self.bars.clear()
                self.top = None
            elif kind == "start_card":
                if event.reason != "returned":
                    self.color = event.color
                    self.top = event.cards[-1] if event.cards else None
            elif kind == "choose_color":
                self.color = event.color
            elif kind == "play":
                self._play(event)
            elif kind == "draw":
                self._draw(event, drew)
            elif kind in ("swap", "rotate", "leave", "finish", "reveal", "timeout"):
                # Hands changed owner, or were shown: what a draw said no longer holds.
                for name in _named(event):
                    self.bars.pop(name, None)

    def _play(self, event: Event) -> None:
        player = event.player
        cards = event.cards or ()
        if cards:
            self.top = cards[-1]
        self.color = event.color
        if player is None or not cards:
            return
        bar = self.bars.get(player)
        if bar is None:
            return
        spent = True
        for card in cards:
            spent = spent and bar.spend(card)
            if bar.held is not None:
                bar.held -= 1
        if not spent:
            del self.bars[player]  # the reading was wrong: forget it

    def _draw(self, event: Event, drew: str | None) -> None:
        player = event.player
        if player is None or player == self.me:
            return
        count = event.count or 0
        bar = self.bars.get(player)
        top = self.top
        ranks = frozenset({top.rank}) if top is not None and top.color is not None else frozenset()
        lack = Lack(frozenset({self.color}), ranks, True) if self.color is not None else None
        if event.reason == "turn" and drew != player and lack is not None:
            # Drew instead of playing: nothing of the color, the top's rank, nor a wild.
            if bar is None:
                bar = self.bars[player] = Bar()
            bar.add(lack)
            bar.free = count
            if bar.held is not None:
                bar.held += count
            self._drew = player
            self._just = (player, count, lack)
        elif bar is not None:
            bar.free += count
            if bar.held is not None:
                bar.held += count
            if event.reason == "turn":
                self._drew = player  # drawing until playable: the next card may be kept too
                if lack is not None:
                    self._just = (player, count, lack)

    def _kept(self, player: str, count: int, lack: Lack) -> None:
        """The cards ``player`` just drew were kept without a pass: unplayable then."""
        bar = self.bars.get(player)
        if not self.keep_option or bar is None or bar.free < count:
            return
        bar.free -= count
        bar.kept += [lack] * count


def _named(event: Event) -> list[str]:
    names = [n for n in (event.player, event.target) if n is not None]
    hands = event.get("hands")
    if hands:
        names += [name for name, _ in hands]
    return names
