"""Events in words, for the terminal table's log and for ``younuo replay``: one function
per event type (:data:`TELLERS`), each choosing a sentence of the language tables
(:mod:`younuo.tui.words`) and filling in its parameters.

A :class:`Reader` says who reads, and so which voice tells the event:

- the table's voice (``ev.`` keys, the sentences the web table's ``parts/describe.js``
  says too): a player's log, in the sentence's second-person form when the reader is
  meant ("You played ▲5", never "You" put in as a name), the cards the reader may see,
  written as the terminal shows them (:func:`younuo.tui.cards.face`);
- the record's voice (``record.`` keys): ``younuo replay``'s report of a whole record,
  where every card, hand and reason is known and nobody is addressed, cards written as
  their codes (``R5 W+4``).

The same function tells an event in both voices: it picks the variant of its sentence
that the voice has (a reason's, a direction's), falling back to the plain one, so a
voice with fewer details needs no code of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from younuo.engine.cards import Color
from younuo.engine.events import EventType, is_event_type
from younuo.tui.cards import face
from younuo.tui.colours import name_key, symbol
from younuo.tui.names import bot_name
from younuo.tui.words import Words

Event = Mapping[str, Any]
"""An event as the wire and ``Event.to_dict`` have it (cards as codes)."""
Voice = Literal["ev", "record"]


def cards_text(codes: Sequence[str] | None, sep: str = ", ") -> str:
    """Cards as the terminal writes them: ``▲5, ★W+4`` (``sep`` is the language's
    ``list.sep``: "、" in Chinese)."""
    return sep.join(face(code).text for code in codes or ())


def colour_text(words: Words, color: str) -> str:
    """A colour's name with its symbol: ``▲ Red``."""
    colour = Color(color)
    return f"{symbol(colour)} {words(name_key(colour))}"


def codes_text(codes: Sequence[str] | None) -> str:
    """Cards as a record writes them: ``R5 W+4`` (``-`` for none)."""
    return " ".join(codes) if codes else "-"


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads the events: the voice, the seat addressed (``me``), how cards and
    colours are written. :meth:`table` and :meth:`record` make the two readers."""

    words: Words
    voice: Voice
    me: str | None
    cards: Callable[[Sequence[str] | None], str]
    colour: Callable[[str], str]
    name: Callable[[str], str] = str
    """A player's name as this reader reads it (bots in its language at the table)."""

    @classmethod
    def table(cls, words: Words, me: str | None, bots: Collection[str] = ()) -> Reader:
        """A seat at the table (``me``; None for a spectator); ``bots`` are the names of
        the seats the server marks as bots, said in the reader's language."""
        sep = words("list.sep")
        return cls(
            words,
            "ev",
            me,
            lambda codes: cards_text(codes, sep),
            lambda color: colour_text(words, color),
            lambda name: bot_name(words, name) if name in bots else name,
        )

    @classmethod
    def record(cls, words: Words) -> Reader:
        """The reader of a whole record: every card known, nobody addressed."""
        return cls(words, "record", None, codes_text, lambda c: words(f"record.color.{c}"))

    @property
    def knows_all(self) -> bool:
        """Whether every card is the reader's to see (a record: nothing is redacted)."""
        return self.voice == "record"

    def has(self, key: str) -> bool:
        """Whether this voice has the sentence ``key``."""
        return self.words.has(f"{self.voice}.{key}")

    def first(self, *keys: str) -> str:
        """The first of ``keys`` this voice has (the last is the plain sentence)."""
        return next((key for key in keys[:-1] if self.has(key)), keys[-1])

    def say(self, key: str, event: Event, **params: object) -> str:
        """The sentence ``key`` of this voice for ``event``, in its ``.you`` form when the
        event's player is the reader, its ``.to_you`` form when its target is."""
        form = f"{self.voice}.{key}"
        if self.me is not None and event.get("player") == self.me and self.has(f"{key}.you"):
            form += ".you"
        elif self.me is not None and event.get("target") == self.me and self.has(f"{key}.to_you"):
            form += ".to_you"
        names = {
            "player": self.name(event.get("player") or ""),
            "target": self.name(event.get("target") or ""),
        }
        return self.words(form, **{**names, **params})


Teller = Callable[[Event, Reader], str]


def _plain(key: str) -> Teller:
    """An event told by its player and target alone."""
    return lambda event, reader: reader.say(key, event)


def _by_reason(key: str, reasons: Mapping[str, str]) -> Teller:
    """An event whose sentence depends on its reason (``uno``: ``false``, ...)."""
    return lambda event, reader: reader.say(reasons.get(event.get("reason") or "", key), event)


def _round_start(event: Event, reader: Reader) -> str:
    dealer = event.get("dealer")
    key = reader.first("round_start.dealer", "round_start") if dealer else "round_start"
    return reader.say(key, event, n=event.get("round", ""), dealer=reader.name(dealer or ""))


def _dealer_draw(event: Event, reader: Reader) -> str:
    draws = reader.words("list.sep").join(
        f"{reader.name(who)} {code}" for who, code in event.get("draws") or ()
    )
    return reader.say("dealer", event, draws=draws)


def _hands(key: str) -> Teller:
    """A deal or a rotation: the sentence, and every hand under it when they are known."""

    def tell(event: Event, reader: Reader) -> str:
        if not reader.has(key):
            return ""  # the table does not tell a deal: the hand shows it
        hands: Mapping[str, Sequence[str] | None] | None = event.get("hands")
        head = reader.say(key, event)
        if not reader.knows_all or hands is None:
            return head
        width = max(len(name) for name in hands)
        rows = [
            f"  {name:<{width}}  {'?' if cards is None else reader.cards(cards)}"
            for name, cards in hands.items()
        ]
        return "\n".join([head, *rows])

    return tell


def _start_card(event: Event, reader: Reader) -> str:
    card = reader.cards(event.get("cards"))
    if event.get("reason") == "returned":
        return reader.say("start_returned", event, card=card)
    color = event.get("color")
    key = reader.first("start_card.color", "start_card") if color else "start_card"
    return reader.say(key, event, card=card, color=reader.colour(color) if color else "")


def _play(event: Event, reader: Reader) -> str:
    color = event.get("color")
    wild = bool(color) and any(str(c).startswith("W") for c in event.get("cards") or ())
    key = "jump_play" if event.get("jump_in") else "play"
    cards = reader.cards(event.get("cards"))
    if wild:
        return reader.say(f"{key}_wild", event, cards=cards, color=reader.colour(str(color)))
    return reader.say(key, event, cards=cards)


def _why(event: Event, reader: Reader) -> str:
    """Why a record's draw was made, in brackets after the count (nothing for a turn's
    draw, nor at the table, whose sentences say it otherwise)."""
    reason = event.get("reason")
    if not reader.knows_all or reason in (None, "turn"):
        return ""
    key = f"record.why.{reason}"
    return reader.words(key) if reader.words.has(key) else reader.words("record.why", reason=reason)


def _draw(event: Event, reader: Reader) -> str:
    cards = event.get("cards")
    count = event.get("count") or len(cards or ())
    why = _why(event, reader)
    if cards and (reader.knows_all or event.get("player") == reader.me):
        return reader.say("draw_seen", event, cards=reader.cards(cards), n=count, why=why)
    return reader.say("draw", event, n=count, why=why)


def _penalty(event: Event, reader: Reader) -> str:
    # A penalty's subject is its target: "You face a penalty of 2 cards" (it may still be
    # stacked or challenged; the draw that settles it is told by itself).
    who = event.get("target") or event.get("player")
    return reader.say("penalty", {"player": who}, n=event.get("count"))


def _reverse(event: Event, reader: Reader) -> str:
    way = "cw" if event.get("direction") == 1 else "ccw"
    return reader.say(reader.first(f"reverse.{way}", "reverse"), event)


def _choose_color(event: Event, reader: Reader) -> str:
    key = reader.first(f"choose_color.{event.get('reason')}", "choose_color")
    return reader.say(key, event, color=reader.colour(str(event.get("color"))))


def _reveal(event: Event, reader: Reader) -> str:
    cards = event.get("cards")
    if cards:
        return reader.say("reveal_seen", event, cards=reader.cards(cards))
    return reader.say("reveal", event)


def _counted(key: str, *fields: str) -> Teller:
    """An event told with some of its numbers (``count`` is said as ``n``)."""

    def tell(event: Event, reader: Reader) -> str:
        numbers = {("n" if name == "count" else name): event.get(name, "") for name in fields}
        return reader.say(key, event, **numbers)

    return tell


def _scored(key: str) -> Teller:
    """The end of a round or of the match: with the points won and the scores."""

    def tell(event: Event, reader: Reader) -> str:
        scores = event.get("scores") or {}
        said = reader.words("list.sep").join(
            f"{reader.name(name)} {points}" for name, points in scores.items()
        )
        return reader.say(key, event, points=event.get("points"), scores=said)

    return tell


TELLERS: Final[Mapping[EventType, Teller]] = {
    "round_start": _round_start,
    "dealer_draw": _dealer_draw,
    "deal": _hands("deal"),
    "start_card": _start_card,
    "play": _play,
    "jump_in": _plain("jump_in"),
    "draw": _draw,
    "pass": _plain("pass"),
    "skip": _plain("skip"),
    "reverse": _reverse,
    "penalty": _penalty,
    "bounce": _counted("bounce", "count"),
    "choose_color": _choose_color,
    "uno": _by_reason("uno", {"false": "uno_false"}),
    "catch": _by_reason("catch", {"false": "catch_false"}),
    "challenge": _by_reason("challenge_innocent", {"guilty": "challenge_guilty"}),
    "reveal": _reveal,
    "swap": _plain("swap"),
    "rotate": _hands("rotate"),
    "reshuffle": _counted("reshuffle", "count"),
    "timeout": _plain("timeout"),
    "leave": _counted("leave", "count", "points"),
    "player_out": _counted("player_out", "points"),
    "finish": _counted("finish", "place"),
    "round_over": _scored("round_over"),
    "match_over": _scored("match_over"),
}
"""How each of the engine's event types is told."""


def describe(event: Event, reader: Reader) -> str:
    """A sentence for an event (several lines for a record's deal), or ``""`` for one the
    table does not tell; an event type this version does not know is shown as its JSON
    to a record's reader."""
    kind = event.get("type")
    teller = TELLERS.get(kind) if is_event_type(kind) else None
    if teller is None:
        return json.dumps(dict(event), ensure_ascii=False) if reader.knows_all else ""
    return teller(event, reader)


__all__ = ["TELLERS", "Reader", "cards_text", "codes_text", "colour_text", "describe"]
