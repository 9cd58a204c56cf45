"""Events in words for the table's log: one sentence per event, in the reader's
language, in its second-person form when the reader is meant ("You played ▲5").

The same sentences and choices as the web table's ``parts/describe.js``; cards are
written as the terminal shows them (:func:`younuo.tui.cards.face`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from younuo.engine.cards import Color
from younuo.tui.cards import face
from younuo.tui.catalogue import Words
from younuo.tui.colours import name_key, symbol

SIMPLE = {
    "jump_in": "ev.jump_in",
    "pass": "ev.pass",
    "skip": "ev.skip",
    "swap": "ev.swap",
    "timeout": "ev.timeout",
    "leave": "ev.leave",
    "player_out": "ev.player_out",
    "match_over": "ev.match_over",
    "dealer_draw": "ev.dealer",
}
"""Events told by their player (and target) alone."""
PLAIN = {"reverse": "ev.reverse", "rotate": "ev.rotate", "reshuffle": "ev.reshuffle"}
"""Events told without anyone's name."""


def cards_text(codes: Sequence[str] | None) -> str:
    """Cards as the terminal writes them: ``▲5, ★W+4``."""
    return ", ".join(face(code).text for code in codes or ())


def colour_text(words: Words, color: str) -> str:
    """A colour's name with its symbol: ``▲ Red``."""
    colour = Color(color)
    return f"{symbol(colour)} {words(name_key(colour))}"


def describe(event: Mapping[str, Any], me: str | None, words: Words) -> str:
    """A sentence for an event, or ``""`` for events not worth telling (a deal)."""
    kind = event.get("type")

    def say(key: str, **params: object) -> str:
        form = key
        if me is not None and event.get("player") == me and words.has(f"{key}.you"):
            form = f"{key}.you"
        elif me is not None and event.get("target") == me and words.has(f"{key}.to_you"):
            form = f"{key}.to_you"
        base = {"player": event.get("player") or "", "target": event.get("target") or ""}
        return words(form, **base, **params)

    if kind in SIMPLE:
        return say(SIMPLE[kind])
    if kind in PLAIN:
        return words(PLAIN[kind])
    cards = cards_text(event.get("cards"))
    if kind == "round_start":
        return words("ev.round_start", n=event.get("round", ""))
    if kind == "start_card":
        key = "ev.start_returned" if event.get("reason") == "returned" else "ev.start_card"
        return words(key, card=cards)
    if kind == "play":
        color = event.get("color")
        wild = bool(color) and any(str(c).startswith("W") for c in event.get("cards") or ())
        key = "ev.jump_play" if event.get("jump_in") else "ev.play"
        if wild:
            return say(f"{key}_wild", cards=cards, color=colour_text(words, str(color)))
        return say(key, cards=cards)
    if kind == "draw":
        if me is not None and event.get("player") == me and event.get("cards"):
            return say("ev.draw_seen", cards=cards)
        return say("ev.draw", n=event.get("count") or len(event.get("cards") or ()))
    if kind == "penalty":
        # A penalty's subject is its target: "You must draw 2 cards".
        return describe_penalty(event, me, words)
    if kind == "bounce":
        return say("ev.bounce", n=event.get("count"))
    if kind == "choose_color":
        return say("ev.choose_color", color=colour_text(words, str(event.get("color"))))
    if kind == "uno":
        return say("ev.uno_false" if event.get("reason") == "false" else "ev.uno")
    if kind == "catch":
        return say("ev.catch_false" if event.get("reason") == "false" else "ev.catch")
    if kind == "challenge":
        guilty = event.get("reason") == "guilty"
        return say("ev.challenge_guilty" if guilty else "ev.challenge_innocent")
    if kind == "reveal":
        return say("ev.reveal_seen", cards=cards) if event.get("cards") else say("ev.reveal")
    if kind == "finish":
        return say("ev.finish", place=event.get("place", ""))
    if kind == "round_over":
        return say("ev.round_over", points=event.get("points"))
    return ""


def describe_penalty(event: Mapping[str, Any], me: str | None, words: Words) -> str:
    who = event.get("target") or event.get("player")
    key = "ev.penalty.you" if me is not None and who == me else "ev.penalty"
    return words(key, player=who or "", n=event.get("count"))


__all__ = ["cards_text", "colour_text", "describe"]
