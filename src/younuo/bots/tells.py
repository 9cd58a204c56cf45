"""What each other player's public play says about their hand, as numbers for a model.

The ``expert`` level guesses the hidden hands with a learned model
(:mod:`younuo.bots.handmodel`): each card of the unseen pool is dealt into a player's
hand with a weight ``exp(theta . features)``, where the features relate the card to
what that player did in the round. :class:`Tells` keeps, per player, the little of
their history those features need (the color they last named, their last play, what
they drew since, the colors they played); :func:`card_features` turns it, with the
bar their draws set (:mod:`younuo.bots.reading`) and their hand size, into the
feature vector of one card.

Only the redacted events a seat is sent are read, so the same features can be
computed in the simulator when the model is trained
(``benchmarks/train_hand_model.py``) and at the table when it is used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from younuo.bots.reading import Bar
from younuo.engine import Card, Color, Event, Rank

FEATURES = (
    "wild",
    "wild_draw_four",
    "colored_action",
    "wild_in_short_hand",
    "wild_by_size",
    "named_color",
    "named_color_just_now",
    "named_color_then_drew",
    "last_color",
    "last_rank",
    "barred",
    "barred_with_draws_since",
    "share_of_colors_played",
    "color_in_force",
    "color_left",
    "named_color_in_short_hand",
    "wild_after_draws",
)
"""The names of :func:`card_features`' entries, in order (the model's weights follow it)."""


@dataclass(slots=True)
class SeatTells:
    """One player's public history in the current round (see :func:`card_features`)."""

    named: Color | None = None
    plays_since_named: int = 0
    drawn_since_named: int = 0
    last_color: Color | None = None
    last_rank: Rank | None = None
    color_left: Color | None = None
    drawn_since_play: int = 0
    played: Counter[Color] = field(default_factory=Counter)


class Tells:
    """Per other player, their :class:`SeatTells`, kept from the events they were seen do."""

    __slots__ = ("color", "me", "seats")

    def __init__(self, me: str | None = None) -> None:
        self.me = me
        self.seats: dict[str, SeatTells] = {}
        self.color: Color | None = None

    def reset(self, me: str | None) -> None:
        """Forget everything (a new seat)."""
        self.me = me
        self.seats = {}
        self.color = None

    def of(self, player: str) -> SeatTells:
        """What ``player`` showed so far this round (empty when nothing)."""
        tells = self.seats.get(player)
        if tells is None:
            tells = self.seats[player] = SeatTells()
        return tells

    def observe(self, events: Iterable[Event]) -> None:
        """Take in events, in order, as this player was sent them (redacted)."""
        for event in events:
            kind = event.type
            if kind in ("deal", "round_start", "round_over"):
                self.seats.clear()
            elif kind == "start_card":
                if event.reason != "returned":
                    self.color = event.color
            elif kind == "choose_color":
                self.color = event.color
                if event.player is not None and event.player != self.me:
                    self._named(self.of(event.player), event.color)
            elif kind == "play":
                self._play(event)
            elif kind == "draw":
                player = event.player
                if player is not None and player != self.me:
                    tells = self.of(player)
                    count = event.count or 0
                    tells.drawn_since_play += count
                    tells.drawn_since_named += count
            elif kind in ("swap", "rotate"):
                # Hands changed owner: what their owners did no longer describes them.
                self.seats.clear()

    def _play(self, event: Event) -> None:
        before = self.color
        self.color = event.color
        player = event.player
        cards = event.cards or ()
        if player is None or player == self.me or not cards:
            return
        tells = self.of(player)
        tells.drawn_since_play = 0
        last = cards[-1]
        if last.color is None:
            self._named(tells, event.color)
            return
        tells.plays_since_named += 1
        tells.last_color = last.color
        tells.last_rank = last.rank
        tells.color_left = before if before is not None and before is not last.color else None
        tells.played.update(c.color for c in cards if c.color is not None)

    @staticmethod
    def _named(tells: SeatTells, color: Color | None) -> None:
        tells.named = color
        tells.plays_since_named = 0
        tells.drawn_since_named = 0


def card_features(
    card: Card, tells: SeatTells, bar: Bar | None, size: int, color: Color | None
) -> list[float]:
    """The features of ``card`` in the hand of a player (:data:`FEATURES`, in order).

    ``tells``: the player's history; ``bar``: what their draws rule out (or None);
    ``size``: their hand size; ``color``: the color in force now.
    """
    c = card.color
    wild = c is None
    size = max(size, 1)
    short = 1.0 if size <= 2 else 0.0
    named = 1.0 if c is not None and c is tells.named else 0.0
    barred = bar is not None and not bar.allows(card)
    free = bar.free if bar is not None else 0
    played = sum(tells.played.values())
    return [
        1.0 if wild and card.rank is not Rank.WILD_DRAW_FOUR else 0.0,
        1.0 if card.rank is Rank.WILD_DRAW_FOUR else 0.0,
        1.0 if c is not None and not card.rank.is_number else 0.0,
        short if wild else 0.0,
        min(size, 20) / 10.0 if wild else 0.0,
        named,
        named if tells.plays_since_named == 0 and tells.drawn_since_named == 0 else 0.0,
        named * min(1.0, tells.drawn_since_named / size),
        1.0 if c is not None and c is tells.last_color else 0.0,
        1.0 if c is not None and card.rank is tells.last_rank else 0.0,
        1.0 if barred and free == 0 else 0.0,
        1.0 - min(1.0, free / size) if barred and free > 0 else 0.0,
        tells.played[c] / (played + 1.0) if c is not None else 0.0,
        1.0 if c is not None and c is color else 0.0,
        1.0 if c is not None and c is tells.color_left else 0.0,
        named * short,
        min(1.0, tells.drawn_since_play / size) if wild else 0.0,
    ]
