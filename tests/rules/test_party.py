"""Party deck: Discard All and Wild Bounce (R-PARTY), with their edge cases."""

from __future__ import annotations

from typing import Any

import pytest

from younuo.engine import Action, ActionType, Card, Game

from .helpers import codes, events_of, play, refused, table, types

PILE = "G8 B3 Y3 R4 B4 Y5 Y6 G6"


def party(hands: str, start: str = "R1", **options: Any) -> Game:
    return table(hands, start=start, pile=PILE, deck="party", **options)


# ----------------------------------------------------------------- Discard All
def test_r_party_discard_all_takes_every_card_of_its_color() -> None:
    game = party("ann: RA R5 R9 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    events = game.apply(play("ann", "RA"))
    played = events_of(events, "play")[0]
    assert sorted(map(str, played.cards or ())) == ["R5", "R9", "RA"]
    assert codes(game.hand("ann")) == "G3"
    snap = game.snapshot()
    assert snap["discard_top"] == "RA"
    assert snap["color"] == "red"
    assert game.current == "bob"


def test_r_party_discard_all_companions_have_no_effect() -> None:
    """RS and R+2 leave with RA but skip nobody and give no penalty."""
    game = party("ann: RA RS R+2 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    events = game.apply(play("ann", "RA"))
    assert types(events) == ["play"]
    assert game.current == "bob"
    assert game.snapshot()["pending_draw"] == 0
    assert codes(game.hand("bob")) == "R6 B2"
    assert game.snapshot()["discard_top"] == "RA"


def test_r_party_discard_all_companions_of_a_wild_color_are_not_taken() -> None:
    game = party("ann: RA W B2 | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    game.apply(play("ann", "RA"))
    assert codes(game.hand("ann")) == "W B2"


def test_r_party_discard_all_matches_by_color_or_symbol() -> None:
    game = party("ann: BA B5 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2", start="RA")
    game.apply(play("ann", "BA"))
    assert codes(game.hand("ann")) == "G3"
    assert game.snapshot()["color"] == "blue"


def test_r_party_discard_all_going_out_counts_every_leaving_card_for_last_card() -> None:
    """Edge case: when a play empties the hand, every leaving card must satisfy last_card."""
    game = party("ann: RA R5 | bob: R6 B2 | cat: B5 | dan: Y1 Y2", last_card="number_only")
    refused(game, play("ann", "RA"), "last_card")
    game = party("ann: RA R5 | bob: R6 B2 | cat: B5 | dan: Y1 Y2", last_card="any")
    events = game.apply(play("ann", "RA"))
    assert types(events)[-1] == "round_over"


def test_r_party_discard_all_last_card_no_action_wild() -> None:
    """A Discard All is an action card: it may not go out under no_action_wild."""
    game = party("ann: RA R+2 | bob: R6 B2 | cat: B5", last_card="no_action_wild")
    refused(game, play("ann", "RA"), "last_card")
    plays = [a for a in game.legal_actions("ann") if a.type is ActionType.PLAY]
    assert plays == [play("ann", "R+2")]


# ----------------------------------------------------------------- Wild Bounce
def test_r_party_wild_bounce_sends_total_back_and_reverses() -> None:
    """bob bounces ann's 2 back: direction flips, ann draws (no choice), dan plays next."""
    game = party("ann: R+2 G3 G4 | bob: WB B2 | cat: B5 | dan: Y1 Y2")
    game.apply(play("ann", "R+2"))
    events = game.apply(play("bob", "WB", "blue"))
    bounce = events_of(events, "bounce")[0]
    assert (bounce.player, bounce.target, bounce.count) == ("bob", "ann", 2)
    assert codes(game.hand("ann")) == "G3 G4 G8 B3"
    snap = game.snapshot()
    assert snap["direction"] == -1
    assert snap["color"] == "blue"
    assert game.current == "dan"


def test_r_party_wild_bounce_names_a_color() -> None:
    game = party("ann: R+2 G3 G4 | bob: WB B2 | cat: B5 | dan: Y1 Y2")
    game.apply(play("ann", "R+2"))
    refused(game, play("bob", "WB"), "missing_color")


@pytest.mark.parametrize("stacking", ["none", "same", "progressive", "any"])
def test_r_party_wild_bounce_answers_a_penalty_under_any_stacking(stacking: str) -> None:
    game = party("ann: W+4 G3 G4 | bob: WB B2 | cat: B5 | dan: Y1 Y2", stacking=stacking)
    game.apply(play("ann", "W+4", "green"))
    assert play("bob", "WB", "red") in game.legal_actions("bob")
    game.apply(play("bob", "WB", "red"))
    assert len(game.hand("ann")) == 2 + 4


def test_r_party_wild_bounce_receiver_may_stack() -> None:
    """ann gets the 4 back and may stack her own W+4 on it, sending 8 on to dan."""
    game = party("ann: W+4 W+4 G4 | bob: WB B2 | cat: B5 | dan: Y1 Y2", stacking="progressive")
    game.apply(play("ann", "W+4", "green"))
    game.apply(play("bob", "WB", "red"))
    assert game.current == "ann"
    assert game.view("ann").pending_draw == 4
    game.apply(play("ann", "W+4", "yellow"))
    assert game.current == "dan"
    assert game.view("dan").pending_draw == 8
    game.apply(Action.draw("dan"))
    assert codes(game.hand("dan")) == "Y1 Y2 G8 B3 Y3 R4 B4 Y5 Y6 G6"
    assert game.current == "cat"


def test_r_party_wild_bounce_receiver_may_bounce_again() -> None:
    game = party("ann: R+2 WB G4 | bob: WB B2 | cat: B5 | dan: Y1 Y2")
    game.apply(play("ann", "R+2"))
    game.apply(play("bob", "WB", "red"))
    assert game.current == "ann"
    events = game.apply(play("ann", "WB", "green"))
    assert events_of(events, "bounce")[0].target == "bob"
    assert codes(game.hand("bob")) == "B2 G8 B3"
    assert game.snapshot()["direction"] == 1
    assert game.current == "cat"


def test_r_party_bounced_wild_draw_four_cannot_be_challenged() -> None:
    """Edge case: only a W+4 played directly on you can be challenged, not a bounced one."""
    game = party("ann: W+4 W+4 G4 | bob: WB B2 | cat: B5 | dan: Y1 Y2", stacking="progressive")
    game.apply(play("ann", "W+4", "green"))
    assert Action.challenge("bob") in game.legal_actions("bob")
    game.apply(play("bob", "WB", "red"))
    assert game.current == "ann"
    assert Action.challenge("ann") not in game.legal_actions("ann")
    assert game.view("ann").challenge_open is False
    refused(game, Action.challenge("ann"), "no_challenge")


def test_r_party_wild_bounce_without_penalty_is_a_wild() -> None:
    game = party("ann: WB G4 | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    events = game.apply(play("ann", "WB", "yellow"))
    assert events_of(events, "bounce") == []
    assert game.snapshot()["direction"] == 1
    assert game.snapshot()["color"] == "yellow"
    assert game.current == "bob"


def test_r_party_deck_is_needed_for_party_cards() -> None:
    """The standard deck holds no Discard All: a setup with one is malformed."""
    from younuo.engine import RecordError

    with pytest.raises(RecordError):
        table("ann: RA G4 | bob: R6 | cat: B5", start="R1", pile=PILE)
    assert Card.parse("WB").points == 50
