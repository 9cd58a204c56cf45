"""What a bot remembers of the redacted events it was sent.

A person at the table remembers more than the screen shows: the hand they gave away
with a 7 or a 0 (R-HOUSE-70), the hand a challenge showed them (R-DRAW4-2), that a
player drew when a color was asked for (so probably holds none of it), how often
a player's Wild Draw Four turned out to be a bluff, and which cards a reshuffle put
into the draw pile (R-TURN-6: the discard pile, every card of it seen).
:class:`Memory` keeps exactly that, from the events a player may see and nothing
else, for the bots' choices and for the hard bot's guesses of the hidden hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from younuo.engine import Card, Color, Event, EventType, Rank


@dataclass(slots=True)
class Knowledge:
    """What one player knows of another player's hand.

    ``known``: cards certainly in it (seen given away, or shown). ``voids``: colors it
    probably lacks, except for the last ``free`` cards drawn since that was seen.
    """

    known: Counter[Card] = field(default_factory=Counter)
    voids: set[Color] = field(default_factory=set)
    free: int = 0

    def copy(self) -> Knowledge:
        return Knowledge(Counter(self.known), set(self.voids), self.free)


@dataclass(slots=True)
class Verdicts:
    """Challenges of a player's Wild Draw Fours seen so far (R-DRAW4-2), both outcomes public."""

    guilty: int = 0
    innocent: int = 0

    def bluff_rate(self) -> float:
        """How readily this player plays a Wild Draw Four while holding the color asked.

        A Beta(1, 4) prior (most players bluff rarely) updated with the verdicts seen.
        """
        return (1 + self.guilty) / (5 + self.guilty + self.innocent)


class Memory:
    """The digest of one player's redacted events, reset at each deal."""

    __slots__ = (
        "_drawing",
        "_pending",
        "color",
        "discard",
        "hands",
        "me",
        "pile",
        "verdicts",
        "w4_color",
    )

    def __init__(self, me: str | None = None) -> None:
        self.me = me
        self.hands: dict[str, Knowledge] = {}
        self.verdicts: dict[str, Verdicts] = {}
        self.color: Color | None = None
        # The color in force before each player's latest Wild Draw Four (R-DRAW4-1).
        self.w4_color: dict[str, Color | None] = {}
        # The discard pile as the events built it, bottom first; a bot that took its
        # seat mid-round has missed some, and belief.pile_cards then finds it unlike
        # the view's and uses neither.
        self.discard: list[Card] = []
        # The cards a reshuffle made the draw pile this round (R-TURN-6), None before
        # one or after a player's hand went under the pile (R-LEAVE).
        self.pile: Counter[Card] | None = None
        self._pending = 0
        self._drawing: str | None = None

    def reset(self, me: str | None) -> None:
        """Forget everything (a new seat or a new match); verdicts go too."""
        self.me = me
        self.hands = {}
        self.verdicts = {}
        self.color = None
        self.w4_color = {}
        self.discard = []
        self.pile = None
        self._pending = 0
        self._drawing = None

    def of(self, player: str) -> Knowledge:
        """What is known of ``player``'s hand (created empty on first use)."""
        k = self.hands.get(player)
        if k is None:
            k = self.hands[player] = Knowledge()
        return k

    def bluff_rate(self, player: str) -> float:
        return self.verdicts.get(player, Verdicts()).bluff_rate()

    def observe(self, events: Iterable[Event]) -> None:
        """Take in events, in order, as this player was sent them (redacted)."""
        for event in events:
            handler = _HANDLERS.get(event.type)
            drawing = self._drawing
            self._drawing = None
            if handler is not None:
                handler(self, event, drawing)

    # ---------------------------------------------------------------- handlers
    def _new_round(self, event: Event, drawing: str | None) -> None:
        self.hands.clear()
        self.w4_color.clear()
        self.discard.clear()
        self.pile = None
        self._pending = 0

    def _start_card(self, event: Event, drawing: str | None) -> None:
        if event.reason != "returned":
            self.color = event.color
            self.discard.extend(event.cards or ())

    def _reshuffle(self, event: Event, drawing: str | None) -> None:
        self.pile = Counter(self.discard[:-1])
        del self.discard[:-1]

    def _choose_color(self, event: Event, drawing: str | None) -> None:
        self.color = event.color

    def _play(self, event: Event, drawing: str | None) -> None:
        player = event.player
        cards = event.cards or ()
        if player is None or not cards:
            return
        self.discard.extend(cards)
        if cards[-1].rank is Rank.WILD_DRAW_FOUR:
            self.w4_color[player] = self.color
        k = self.of(player)
        k.known.subtract(cards)
        k.known = +k.known
        if k.voids:
            # A card of a color it was thought to lack must be one drawn since.
            odd = sum(1 for c in cards if c.color in k.voids)
            if odd > k.free:
                k.voids.clear()
                k.free = 0
            else:
                k.free -= odd
        self.color = event.color

    def _penalty(self, event: Event, drawing: str | None) -> None:
        self._pending = event.count or 0

    def _draw(self, event: Event, drawing: str | None) -> None:
        player = event.player
        if player is None:
            return
        count = event.count or 0
        k = self.of(player)
        if event.reason == "penalty":
            self._pending = 0
        if event.reason == "turn" and drawing != player and self.color is not None:
            # Drew instead of playing: most likely holds nothing of the color asked.
            k.voids = ({self.color} | k.voids) if k.free == 0 else {self.color}
            k.free = count
            self._drawing = player  # draw-until-playable: the next draws stay free
        elif event.reason == "turn":
            k.free += count
            self._drawing = player
        elif k.voids:
            k.free += count

    def _challenge(self, event: Event, drawing: str | None) -> None:
        accused = event.target
        if accused is None:
            return
        v = self.verdicts.setdefault(accused, Verdicts())
        k = self.of(accused)
        if event.reason == "guilty":
            v.guilty += 1
        else:
            v.innocent += 1
            # Innocent: they held nothing of the color in force when they played it.
            color = self.w4_color.get(accused)
            if color is not None:
                k.voids = ({color} | k.voids) if k.free == 0 else {color}
                k.free = 0
        self._pending = 0

    def _reveal(self, event: Event, drawing: str | None) -> None:
        if event.player is not None and event.cards is not None and event.player != self.me:
            k = self.of(event.player)
            k.known = Counter(event.cards)
            k.voids.clear()
            k.free = 0

    def _swap(self, event: Event, drawing: str | None) -> None:
        a, b = event.player, event.target
        if a is None or b is None:
            return
        self.hands[a], self.hands[b] = self.of(b), self.of(a)
        self._learn_hands(event)

    def _rotate(self, event: Event, drawing: str | None) -> None:
        if event.hands is None:
            return
        names = [name for name, _ in event.hands]
        step = 1 if event.get("direction", 1) == 1 else -1
        old = {name: self.of(name) for name in names}
        for i, name in enumerate(names):
            self.hands[names[(i + step) % len(names)]] = old[name]
        self._learn_hands(event)

    def _learn_hands(self, event: Event) -> None:
        # Hands shown to this player by a swap or rotation: the one it gave away.
        for name, cards in event.hands or ():
            if cards is not None and name != self.me:
                self.hands[name] = Knowledge(Counter(cards))

    def _forget(self, event: Event, drawing: str | None) -> None:
        if event.player is not None:
            self.hands.pop(event.player, None)

    def _leave(self, event: Event, drawing: str | None) -> None:
        self._forget(event, drawing)
        if event.count:
            self.pile = None  # their cards, unseen, went under the pile (R-LEAVE)


_HANDLERS: dict[EventType, Callable[[Memory, Event, str | None], None]] = {
    "round_start": Memory._new_round,
    "deal": Memory._new_round,
    "round_over": Memory._new_round,
    "start_card": Memory._start_card,
    "choose_color": Memory._choose_color,
    "play": Memory._play,
    "penalty": Memory._penalty,
    "draw": Memory._draw,
    "challenge": Memory._challenge,
    "reveal": Memory._reveal,
    "swap": Memory._swap,
    "rotate": Memory._rotate,
    "reshuffle": Memory._reshuffle,
    "leave": Memory._leave,
    "finish": Memory._forget,
}
