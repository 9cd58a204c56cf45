"""What a player's draws say about their hand: no card that could have been played.

A player who draws on their turn instead of playing almost always holds nothing
playable: no card of the color in force, none of the top card's rank (matching a
number or an action card, R-PLAY-1) and no wild. :class:`~younuo.bots.memory.Memory`
keeps only the color; the ``expert`` level's guesses of the hidden hands use all
three (:func:`younuo.bots.expert.deal`), because a guessed hand that holds a card its
owner could have played is a world that did not happen.

The cards drawn since then are free of that: ``free`` counts them. A play that
breaks the bar must come from the free cards; one that cannot (more such cards than
free ones) shows the reading was wrong, and it is forgotten. A hand that changes
owner (R-HOUSE-70) is forgotten too.

Only the redacted events a seat is sent are read: nothing here needs hidden cards.
"""

from __future__ import annotations

from collections.abc import Iterable
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

    def allows(self, card: Card) -> bool:
        """Whether a card held since the draw could be ``card``."""
        if card.color is None:
            return not self.wild
        return card.color not in self.colors and card.rank not in self.ranks

    @property
    def empty(self) -> bool:
        return not self.colors and not self.ranks and not self.wild


class Reading:
    """Per other player, the :class:`Bar` their draws set (see the module docstring)."""

    __slots__ = ("_drew", "bars", "color", "me", "top")

    def __init__(self, me: str | None = None) -> None:
        self.me = me
        self.bars: dict[str, Bar] = {}
        self.color: Color | None = None
        self.top: Card | None = None
        # The player whose turn draw was the last event (draw-until-playable goes on).
        self._drew: str | None = None

    def reset(self, me: str | None) -> None:
        """Forget everything (a new seat)."""
        self.me = me
        self.bars = {}
        self.color = None
        self.top = None
        self._drew = None

    def bar(self, player: str) -> Bar | None:
        """The bar on ``player``'s hand, or None when nothing is known."""
        bar = self.bars.get(player)
        return None if bar is None or bar.empty else bar

    def observe(self, events: Iterable[Event]) -> None:
        """Take in events, in order, as this player was sent them (redacted)."""
        for event in events:
            drew, self._drew = self._drew, None
            kind = event.type
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
        odd = sum(1 for c in cards if not bar.allows(c))
        if odd > bar.free:
            del self.bars[player]  # the reading was wrong: forget it
        else:
            bar.free -= odd

    def _draw(self, event: Event, drew: str | None) -> None:
        player = event.player
        if player is None or player == self.me:
            return
        count = event.count or 0
        bar = self.bars.get(player)
        if event.reason == "turn" and drew != player and self.color is not None:
            # Drew instead of playing: nothing of the color, the top's rank, nor a wild.
            if bar is None or bar.free > 0:
                bar = self.bars[player] = Bar()
            bar.colors.add(self.color)
            if self.top is not None and self.top.color is not None:
                bar.ranks.add(self.top.rank)
            bar.wild = True
            bar.free = count
            self._drew = player
        elif bar is not None:
            bar.free += count
            if event.reason == "turn":
                self._drew = player


def _named(event: Event) -> list[str]:
    names = [n for n in (event.player, event.target) if n is not None]
    hands = event.get("hands")
    if hands:
        names += [name for name, _ in hands]
    return names
