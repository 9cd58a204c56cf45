"""A bot that colludes with a named partner: the cheat the fair-play detector is measured on.

It plays like its base bot (``normal`` unless told otherwise) except towards its
partner, a player name at the same table:

- soft play: it does not play a Skip, Reverse, Draw Two or Wild Draw Four (:data:`HITS`)
  on the partner when the partner is next and another play exists, and out of turn it
  does not jump in with one that would hit the partner;
- it hits others instead: when someone else is next and it holds a coloured Skip,
  Reverse or Draw Two, it plays one of those (the base picks which) rather than
  another card or a draw;
- it passes up taking the partner out: when the partner is next with two cards or
  fewer and only hitting plays exist, it draws (or passes) instead;
- it feeds the partner: the colour it names with a wild (or for a Wild start card) is
  the one the partner last showed this round (the colour in force after the partner's
  last play or naming), unless the partner has since drawn on that colour; failing
  that, a colour the partner is not known to lack;
- it never catches the partner's missed UNO and never challenges the partner's Wild
  Draw Four (R-UNO-2, R-DRAW4-2).

Each of these is a filter on the legal actions before the base decides, so every
choice is still one of the legal actions. ``intensity`` (1.0 by default) is the chance
that a decision favours the partner at all, drawn from the bot's own generator, so a
seeded colluder plays the same game every time.

Not a public level: the server offers only :data:`younuo.bots.registry.LEVELS`, and this
bot is made only with a partner, ``make_bot("colluder:PARTNER")``
(:data:`younuo.bots.registry.COLLUDER_PREFIX`). See docs/fairplay.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from younuo.bots.base import Bot, my_turn
from younuo.bots.normal import NormalBot, next_seat
from younuo.bots.timing import NO_DELAY, Timing
from younuo.engine import COLORS, Action, ActionType, Color, Event, EventType, PlayerView, Rank

HITS = frozenset({Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})
"""The cards that hit the next player: skipped, turned away from, or made to draw."""

CLOSE_TO_OUT = 2
"""A partner with this many cards or fewer is never stopped, even at the cost of a draw."""

_FALLBACKS = frozenset({ActionType.DRAW, ActionType.PASS})

NAMING_A_COLOR: Final[frozenset[EventType]] = frozenset({"play", "choose_color"})
"""The events that show the color a player left in force (a play, a Wild start card named)."""


class ColluderBot(Bot):
    """Its base bot's play, bent to favour ``partner`` (see the module docstring)."""

    level = "colluder"

    def __init__(
        self,
        partner: str,
        seed: int = 0,
        timing: Timing = NO_DELAY,
        *,
        base: Bot | None = None,
        intensity: float = 1.0,
    ) -> None:
        if not 0.0 <= intensity <= 1.0:
            raise ValueError(f"intensity is a chance between 0 and 1, not {intensity!r}")
        super().__init__(seed, timing)
        self.partner = partner
        self.base: Bot = base if base is not None else NormalBot(seed, timing)
        self.intensity = intensity
        # Whether to favour is drawn apart from the base's own generator, so that a
        # colluder at intensity 1 and its base make the same choices where they agree.
        self._favour_rng = random.Random(seed ^ 0xC011)
        self._shown: dict[str, Color] = {}

    def reset(self, name: str) -> None:
        super().reset(name)
        self.base.reset(name)
        self._shown = {}

    def observe(self, events: Iterable[Event]) -> None:
        seen = list(events)
        super().observe(seen)
        self.base.observe(seen)
        for event in seen:
            if event.type == "round_start":
                self._shown = {}
            elif event.type in NAMING_A_COLOR and event.player and event.color:
                self._shown[event.player] = event.color

    def decide(self, view: PlayerView, legal: list[Action]) -> Action | None:
        partner = self.partner
        if partner == view.player or partner not in view.players:
            return self.base.decide(view, legal)
        if self.intensity < 1.0 and self._favour_rng.random() >= self.intensity:
            return self.base.decide(view, legal)
        seat = view.players.index(partner)
        kept = spare(view, legal, partner)
        if not kept:
            return None
        color = self.feed_color(view) if view.in_round[seat] else None
        if color is not None:
            if my_turn(view) and view.phase == "choose_color":
                return next(
                    (a for a in kept if a.type is ActionType.CHOOSE_COLOR and a.color is color),
                    self.base.decide(view, kept),
                )
            kept = feed(kept, color)
        return self.base.decide(view, kept)

    def feed_color(self, view: PlayerView) -> Color | None:
        """The colour the partner seems to need, or None when nothing is known of it.

        The one the partner last showed this round, unless it has since drawn on that
        colour (its known voids, :class:`~younuo.bots.memory.Memory`); else the first
        colour it is not known to lack, when it is known to lack some.
        """
        known = self.memory.hands.get(self.partner)
        lacking = set(known.voids) if known is not None else set()
        shown = self._shown.get(self.partner)
        if shown is not None and shown not in lacking:
            return shown
        if lacking:
            return next((c for c in COLORS if c not in lacking), None)
        return None


def is_hit(action: Action) -> bool:
    """Whether ``action`` is a play whose top card hits the next player (:data:`HITS`)."""
    return action.type is ActionType.PLAY and action.played[-1].rank in HITS


def spare(view: PlayerView, legal: Sequence[Action], partner: str) -> list[Action]:
    """``legal`` without what would hurt ``partner``, and bent to hit others instead.

    Never empty on the viewer's turn while ``legal`` offers a turn action.
    """
    kept = [
        a
        for a in legal
        if not (a.type is ActionType.CATCH and a.target == partner)
        and not (
            a.type is ActionType.CHALLENGE
            and view.challenge is not None
            and view.challenge[1] == partner
        )
    ]
    me = view.seat
    if me is None:
        return kept
    following = view.players[next_seat(view, me)]
    hits = [a for a in kept if is_hit(a)]
    if not hits:
        return kept
    if following == partner:
        gentle = [a for a in kept if not is_hit(a)]
        if any(a.type is ActionType.PLAY for a in gentle):
            return gentle
        if not my_turn(view):
            return gentle
        close = view.hand_counts[view.players.index(partner)] <= CLOSE_TO_OUT
        if close and any(a.type in _FALLBACKS for a in gentle):
            return gentle
        return kept
    colored = [a for a in hits if not a.played[-1].is_wild]
    if my_turn(view) and colored:
        others = [a for a in kept if a.type is not ActionType.PLAY and a.type not in _FALLBACKS]
        return others + colored
    return kept


def feed(actions: Sequence[Action], color: Color) -> list[Action]:
    """``actions`` with each wild play kept only in its version naming ``color``.

    A wild play offered in no such version stays as it is.
    """
    naming = {a.played for a in actions if _wild(a) and a.color is color}
    return [a for a in actions if not _wild(a) or a.color is color or a.played not in naming]


def _wild(action: Action) -> bool:
    return (
        action.type is ActionType.PLAY
        and action.color is not None
        and all(c.is_wild for c in action.played)
    )


__all__ = ["CLOSE_TO_OUT", "HITS", "ColluderBot", "feed", "is_hit", "spare"]
