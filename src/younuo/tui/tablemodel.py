"""The table as the terminal shows it, and which key does which legal action: pure.

:class:`TableModel` is a value: the match picture (:class:`younuo.client.Match`) and
what the player has done on screen (the cursor in the hand, the selected cards, an open
colour or target picker). :meth:`TableModel.press` takes a key and gives a
:class:`Step`: the next model, and what to send (a legal action, or auto-play on or
off) or say. The Textual screen (:mod:`younuo.tui.screens.table`) only draws the model
and sends what a step says; tests drive the model with real engine views.

As on the web table the server's ``legal`` list is the only source of what may be
done, read through :mod:`younuo.tui.legal` alone: a card may be played, a key acts, a
picker offers a colour or a target, a selection grows to a multi-play, only because
``legal`` lists such an action, and the action sent is the listed one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from younuo.client import Match
from younuo.engine import Card, hand_points
from younuo.engine.rating import escape_penalty
from younuo.tui.cards import hand_order
from younuo.tui.legal import (
    Action,
    Picker,
    allows,
    can_grow,
    cards_of,
    first,
    next_choice,
    of_type,
    playable_codes,
    plays_of,
)

SIMPLE_KEYS: dict[str, str] = {"d": "draw", "s": "pass", "u": "uno", "c": "challenge"}
"""Keys that send the one listed action of their type."""
DIGITS = "1234567890"


@dataclass(frozen=True, slots=True)
class Line:
    """A sentence to show: a language table's key and its parameters."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Step:
    """What a key press did: the next model, and what to send or say."""

    model: TableModel
    send: Action | None = None
    autoplay: bool | None = None
    say: Line | None = None
    leave: Line | None = None
    """Leave the match now (confirmed); the sentence to say once the server let go."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One player as the table lists them."""

    name: str
    cards: int
    current: bool
    you: bool
    uno: bool
    score: int
    badges: tuple[str, ...]
    """Language table keys: ``table.auto``, ``table.away``, ``table.out``."""


@dataclass(frozen=True, slots=True)
class TableModel:
    """The table on screen: the match picture and the player's cursor, selection and
    picker. ``selected`` are positions in :attr:`hand` (each copy of a code its own)."""

    match: Match
    cursor: int = 0
    selected: tuple[int, ...] = ()
    picker: Picker | None = None
    leaving: Line | None = None
    """Q was pressed: the question asked (what leaving costs); Y confirms."""

    # ------------------------------------------------------------------ reading
    @property
    def view(self) -> Mapping[str, Any]:
        return self.match.view

    @property
    def me(self) -> str | None:
        return self.match.you

    @property
    def legal(self) -> tuple[Action, ...]:
        return tuple(self.match.legal or ())

    @property
    def hand(self) -> tuple[str, ...]:
        """The player's cards in the order shown."""
        return hand_order(list(self.view.get("hand") or []))

    @property
    def my_turn(self) -> bool:
        return self.match.my_turn

    @property
    def playable(self) -> frozenset[str]:
        """Every card code that starts some legal play."""
        return playable_codes(self.legal)

    @property
    def selection(self) -> tuple[str, ...]:
        hand = self.hand
        return tuple(hand[i] for i in self.selected if i < len(hand))

    @property
    def open_picker(self) -> Picker | None:
        """The picker on screen: the one opened, or, while the seat must name the colour
        of a wild start card (``choose_color`` listed), the colour picker."""
        if self.picker is not None:
            return self.picker
        colours = of_type(self.legal, "choose_color")
        if colours:
            choice = next_choice(colours)
            if isinstance(choice, Picker):
                return choice
            return Picker(field="color", options=(str(choice["color"]),), actions=(choice,))
        return None

    @property
    def bots(self) -> frozenset[str]:
        """The names of the seats the server marks as bots (said in the reader's
        language, ``younuo.tui.names``)."""
        return frozenset(seat.name for seat in self.match.table if seat.kind == "bot")

    def seats(self) -> tuple[SeatRow, ...]:
        """The players in seat order, with their counts and badges."""
        view = self.view
        players = list(view.get("players") or [])
        counts = list(view.get("hand_counts") or [0] * len(players))
        uno = list(view.get("called_uno") or [False] * len(players))
        scores = list(view.get("scores") or [0] * len(players))
        in_match = list(view.get("in_match") or [True] * len(players))
        table = {seat.name: seat for seat in self.match.table}
        rows = []
        for i, name in enumerate(players):
            seat = table.get(name)
            badges = []
            if seat is not None and seat.autoplay:
                badges.append("table.auto")
            if seat is not None and seat.away:
                badges.append("table.away")
            if (seat is not None and seat.left) or not in_match[i]:
                badges.append("table.out")
            rows.append(
                SeatRow(
                    name=name,
                    cards=int(counts[i]),
                    current=view.get("current") == name,
                    you=name == self.me,
                    uno=bool(uno[i]),
                    score=int(scores[i]),
                    badges=tuple(badges),
                )
            )
        return tuple(rows)

    def autoplaying(self) -> bool:
        """Whether a bot plays this seat now (R-TIME, or asked for)."""
        return any(s.name == self.me and s.autoplay for s in self.match.table)

    def status(self) -> Line:
        """What the player may do now, in one sentence."""
        view = self.view
        if view.get("status") != "playing":
            return Line("tui.table.between")
        if self.me is None:
            return Line("table.turn_of", {"name": view.get("current") or "—"})
        if self.autoplaying():
            return Line("tui.table.autoplay_on")
        picker = self.open_picker
        if picker is not None:
            return _picker_line(picker)
        report = first(self.legal, "catch")
        if report is not None:
            return Line("tui.table.may_catch", {"name": report["target"]})
        if allows(self.legal, "uno") and not self.my_turn:
            return Line("tui.table.may_uno")
        if self.my_turn:
            if view.get("challenge_open"):
                return Line("tui.table.may_challenge", {"n": view.get("pending_draw")})
            if view.get("pending_draw"):
                return Line("tui.table.pending_you", {"n": view.get("pending_draw")})
            if view.get("phase") == "drawn":
                return Line("tui.table.drawn")
            return Line("tui.table.your_turn")
        if self.playable:
            return Line("tui.table.may_jump")
        return Line("table.turn_of", {"name": view.get("current") or "—"})

    def clock_left(self, now: float) -> tuple[str, int] | None:
        """Whose turn clock runs and its whole seconds left at server time ``now``."""
        clock = self.match.clock
        if clock.turn_deadline is None or clock.turn_player is None:
            return None
        return clock.turn_player, max(0, int(clock.turn_deadline - now + 0.999))

    # ------------------------------------------------------------------ changing
    def refreshed(self, match: Match) -> TableModel:
        """The model on a newer picture: the selection kept while its cards are all
        still in the hand and playable together, the picker while its actions are all
        still listed, the cursor on the same card where it can be."""
        model = replace(self, match=match)
        hand = model.hand
        before = self.hand[self.cursor] if self.cursor < len(self.hand) else None
        cursor = hand.index(before) if before in hand else min(self.cursor, max(0, len(hand) - 1))
        codes = self.selection
        selected: tuple[int, ...] = ()
        if codes and not Counter(codes) - Counter(hand) and can_grow(model.legal, codes):
            selected = _positions(hand, codes)
        picker = self.picker
        if picker is not None and not all(a in model.legal for a in picker.actions):
            picker = None
        return replace(model, cursor=cursor, selected=selected, picker=picker)

    def press(self, key: str) -> Step:
        """The step of one key (Textual's key names: ``left``, ``enter``, ``space``,
        ``escape``, letters, digits)."""
        if self.leaving is not None:
            return self.confirm_leave(key)
        if key == "q":
            return self.ask_leave()
        picker = self.open_picker
        if picker is not None and key in DIGITS:
            return self.pick(DIGITS.index(key))
        if key == "escape":
            return Step(replace(self, picker=None, selected=()))
        if key in ("left", "right", "home", "end"):
            return Step(self.moved(key))
        if key in DIGITS:
            index = DIGITS.index(key)
            if index >= len(self.hand):
                return Step(self)
            return replace(self, cursor=index).toggle()
        if key == "space":
            return self.toggle()
        if key in ("enter", "p"):
            return self.play()
        if key in SIMPLE_KEYS:
            return self.simple(SIMPLE_KEYS[key])
        if key == "r":
            return self.report()
        if key == "h":
            return self.hint()
        if key == "j":
            return self.jump_in()
        if key == "a":
            return Step(self, autoplay=not self.autoplaying())
        return Step(self)

    def escape_cost(self) -> tuple[int, int]:
        """R-LEAVE: the hand points held and the rating points leaving now costs."""
        points = hand_points([Card.parse(c) for c in self.hand])
        return points, -escape_penalty(points)[0]

    def ask_leave(self) -> Step:
        """Q: ask before leaving, saying what it costs (a spectator, or anyone once the
        match is over, leaves at once: it costs nothing)."""
        if self.me is None or self.view.get("status") == "match_over":
            return Step(self, leave=Line("tui.table.left"))
        points, penalty = self.escape_cost()
        question = Line("tui.table.leave_q", {"points": points, "penalty": penalty})
        return Step(replace(self, leaving=question), say=question)

    def confirm_leave(self, key: str) -> Step:
        """Y leaves (and says what it took: the hand held now, as the server rates the
        escape, even if it changed since the question); any other key keeps the seat."""
        kept = replace(self, leaving=None)
        if key != "y":
            return Step(kept, say=Line("tui.table.leave_kept"))
        points, penalty = self.escape_cost()
        return Step(kept, leave=Line("tui.table.left_cost", {"points": points, "penalty": penalty}))

    def moved(self, key: str) -> TableModel:
        size = len(self.hand)
        if size == 0:
            return self
        cursor = {
            "left": (self.cursor - 1) % size,
            "right": (self.cursor + 1) % size,
            "home": 0,
            "end": size - 1,
        }[key]
        return replace(self, cursor=cursor)

    def toggle(self) -> Step:
        """Select or unselect the card under the cursor: several cards stay selected
        together while a legal play holds them all (R-MULTI); else it replaces them."""
        if self.cursor >= len(self.hand):
            return Step(self)
        if self.cursor in self.selected:
            kept = tuple(i for i in self.selected if i != self.cursor)
            return Step(replace(self, selected=kept, picker=None))
        grown = (*self.selection, self.hand[self.cursor])
        if self.selected and can_grow(self.legal, grown):
            return Step(replace(self, selected=(*self.selected, self.cursor), picker=None))
        return Step(replace(self, selected=(self.cursor,), picker=None))

    def play(self) -> Step:
        """Play the selection (or, with none, the card under the cursor)."""
        if self.open_picker is not None:
            return Step(self)  # the status line asks already (once, not twice)
        codes = self.selection
        model = self
        if not codes:
            if self.cursor >= len(self.hand):
                return Step(self, say=Line("tui.table.pick_first"))
            codes = (self.hand[self.cursor],)
            model = replace(self, selected=(self.cursor,))
        plays = plays_of(self.legal, codes)
        if not plays:
            return Step(model, say=Line("tui.table.cannot_play"))
        return model.choose(plays)

    def choose(self, actions: Sequence[Action]) -> Step:
        """Send one of ``actions``, or open the picker for what they differ in."""
        choice = next_choice(actions)
        if isinstance(choice, Picker):
            # The status line asks for the colour or target; saying it as well printed
            # the question twice.
            return Step(replace(self, picker=choice))
        return Step(replace(self, picker=None, selected=()), send=choice)

    def pick(self, index: int) -> Step:
        """Key ``index + 1`` in the open picker."""
        picker = self.open_picker
        if picker is None or index >= len(picker.options):
            return Step(self)
        value = picker.options[index]
        return self.choose([a for a in picker.actions if str(a.get(picker.field)) == value])

    def simple(self, kind: str) -> Step:
        """Draw, pass, UNO or challenge: the one listed action of that type."""
        action = first(self.legal, kind)
        if action is None:
            return Step(self, say=Line("tui.table.not_now"))
        return Step(replace(self, picker=None), send=action)

    def report(self) -> Step:
        """Report (catch) a player who did not call UNO; a target picker when several."""
        catches = of_type(self.legal, "catch")
        if not catches:
            return Step(self, say=Line("tui.table.not_now"))
        return self.choose(catches)

    def hint(self) -> Step:
        """Select the first playable card of the hand and say every playable one."""
        playable = self.playable
        hand = self.hand
        at = next((i for i, code in enumerate(hand) if code in playable), None)
        if at is None:
            return Step(replace(self, selected=()), say=Line("tui.table.hint_none"))
        shown = [code for code in hand if code in playable]
        return Step(
            replace(self, cursor=at, selected=(at,), picker=None),
            say=Line("tui.table.hint_cards", {"cards": tuple(dict.fromkeys(shown))}),
        )

    def jump_in(self) -> Step:
        """Out of turn: play the selection if it may jump in, else the first card that
        may (R-HOUSE-JUMP: a race, so one key does it). On the turn: as Enter."""
        if self.my_turn:
            return self.play()
        codes = self.selection
        plays = plays_of(self.legal, codes) if codes else ()
        if not plays:
            opening = first(self.legal, "play")
            if opening is None:
                return Step(self, say=Line("tui.table.no_jump"))
            plays = plays_of(self.legal, cards_of(opening))
        return self.choose(plays)


def _picker_line(picker: Picker) -> Line:
    key = "tui.table.pick_colour" if picker.field == "color" else "tui.table.pick_target"
    return Line(key, {"options": picker.options})


def _positions(hand: tuple[str, ...], codes: Sequence[str]) -> tuple[int, ...]:
    """The positions of ``codes`` in ``hand``, each copy of a code counted once."""
    used: list[int] = []
    for code in codes:
        at = next(i for i, c in enumerate(hand) if c == code and i not in used)
        used.append(at)
    return tuple(used)


__all__ = ["Line", "SeatRow", "Step", "TableModel"]
