"""R-DRAW4: Wild Draw Four honesty, challenges, reveals, no_bluff and stacked challenges."""

from __future__ import annotations

from typing import Any

import pytest

from younuo.engine import Action, ActionType, Card, Game, Rules

from .helpers import cards, codes, events_of, play, refused, table

PILE = "Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 B1 B2 B3 B4"


def w4_on_bob(ann: str, start: str = "R3", **options: Any) -> Game:
    """ann plays W+4 naming green on bob; ann also holds ``ann``."""
    game = table(
        f"ann: W+4 {ann} | bob: B5 G5 | cat: Y5 | dan: Y6", start=start, pile=PILE, **options
    )
    game.apply(play("ann", "W+4", "green"))
    return game


def challenge(game: Game, who: str) -> tuple[str, str]:
    events = game.apply(Action.challenge(who))
    verdict = events_of(events, "challenge")[0]
    return verdict.target or "", verdict.reason or ""


# ------------------------------------------------------------------ R-DRAW4-1


@pytest.mark.parametrize(
    ("held", "bluff"),
    [
        ("R9", True),  # a card of the color in force
        ("RS", True),  # a red symbol is red too
        ("G3", False),  # matching number, other color: does not count
        ("BS Y3", False),  # nothing red
        ("W", False),  # wilds have no color
        ("W+4", False),
    ],
)
def test_r_draw4_1_honest_only_without_the_color_in_force(held: str, bluff: bool) -> None:
    game = w4_on_bob(held)
    assert challenge(game, "bob") == ("ann", "guilty" if bluff else "innocent")


def test_r_draw4_1_symbol_match_does_not_count() -> None:
    # A Skip start card skips dan: ann plays on RS holding BS (same symbol, not red).
    game = table("ann: W+4 BS | bob: B5 | cat: Y5 | dan: G1", start="RS", first="dan", pile=PILE)
    game.apply(play("ann", "W+4", "blue"))
    assert challenge(game, "bob") == ("ann", "innocent")


def test_r_draw4_1_judged_against_the_color_named_after_a_wild() -> None:
    game = table("ann: W G8 | bob: W+4 R9 | cat: Y5", start="R3", pile=PILE)
    game.apply(play("ann", "W", "green"))
    game.apply(play("bob", "W+4", "red"))  # holds R9 but green is in force: honest
    assert challenge(game, "cat") == ("bob", "innocent")


def test_r_draw4_1_a_bluff_may_be_played() -> None:
    game = table("ann: W+4 R9 | bob: B5 | cat: Y5", start="R3", pile=PILE)
    assert any(a.card == Card.parse("W+4") for a in game.legal_actions("ann"))
    game.apply(play("ann", "W+4", "blue"))
    assert game.snapshot()["discard_top"] == "W+4"


# ------------------------------------------------------------------ R-DRAW4-2


def test_r_draw4_2_guilty_accused_draws_four_challenger_keeps_turn() -> None:
    game = w4_on_bob("R9 Y9")
    assert challenge(game, "bob") == ("ann", "guilty")
    assert codes(game.hand("ann")) == "R9 Y9 Y1 Y2 Y3 Y4"
    assert codes(game.hand("bob")) == "B5 G5"
    snap = game.snapshot()
    assert (snap["current"], snap["pending_draw"], snap["color"]) == ("bob", 0, "green")
    game.apply(play("bob", "G5"))
    assert game.current == "cat"


def test_r_draw4_2_innocent_challenger_draws_six_and_loses_turn() -> None:
    game = w4_on_bob("G9 Y9")
    assert challenge(game, "bob") == ("ann", "innocent")
    assert codes(game.hand("ann")) == "G9 Y9"
    assert codes(game.hand("bob")) == "B5 G5 Y1 Y2 Y3 Y4 Y6 Y7"
    assert (game.current, game.snapshot()["pending_draw"]) == ("cat", 0)


def test_r_draw4_2_reveal_is_shown_to_the_challenger_alone() -> None:
    game = w4_on_bob("R9 Y9")
    events = game.apply(Action.challenge("bob"))
    reveal = events_of(events, "reveal")[0]
    assert (reveal.player, reveal.target) == ("ann", "bob")
    assert reveal.cards == tuple(cards("R9 Y9"))  # ann's hand when challenged
    assert game.redact(reveal, "bob").cards == tuple(cards("R9 Y9"))
    for other in ("ann", "cat", "dan", None):
        assert game.redact(reveal, other).cards is None
    assert game.view("bob").reveal == ("ann", tuple(cards("R9 Y9")))
    for other in ("ann", "cat", "dan", None):
        assert game.view(other).reveal is None
    # The penalty draw is the accused's own: others see only its count.
    draw = events_of(events, "draw")[0]
    assert game.redact(draw, "ann").cards == tuple(cards("Y1 Y2 Y3 Y4"))
    assert game.redact(draw, "bob").cards is None and game.redact(draw, "bob").count == 4


def test_r_draw4_2_only_the_player_facing_it_may_challenge() -> None:
    game = w4_on_bob("R9")
    assert game.view("bob").challenge_open and not game.view("cat").challenge_open
    assert Action.challenge("bob") in game.legal_actions("bob")
    assert Action.challenge("cat") not in game.legal_actions("cat")
    refused(game, Action.challenge("cat"), "not_your_turn")
    refused(game, Action.challenge("ann"), "not_your_turn")
    game.apply(Action.draw("bob"))
    assert len(game.hand("bob")) == 6
    refused(game, Action.challenge("cat"), "no_challenge")


def test_r_draw4_2_declining_the_challenge_draws_four() -> None:
    game = w4_on_bob("R9")
    game.apply(Action.draw("bob"))
    assert codes(game.hand("bob")) == "B5 G5 Y1 Y2 Y3 Y4"
    assert codes(game.hand("ann")) == "R9"
    assert game.current == "cat"


def test_r_draw4_2_plays_other_than_a_stack_are_refused_while_facing_it() -> None:
    game = w4_on_bob("R9")
    refused(game, play("bob", "G5"), "penalty_pending")
    plays = [a for a in game.legal_actions("bob") if a.type is ActionType.PLAY]
    assert plays == []


# ------------------------------------------------------------------ R-DRAW4-3


def test_r_draw4_3_no_bluff_no_challenge_the_four_are_drawn_at_once() -> None:
    game = w4_on_bob("R9", no_bluff=True)
    assert codes(game.hand("bob")) == "B5 G5 Y1 Y2 Y3 Y4"
    assert game.current == "cat"
    refused(game, Action.challenge("bob"), "not_your_turn")
    refused(game, Action.challenge("cat"), "no_challenge")


def test_r_draw4_3_no_bluff_with_stacking_offers_only_the_stack() -> None:
    game = table(
        "ann: W+4 R9 | bob: W+4 G5 | cat: Y5 | dan: Y6",
        start="R3",
        pile=PILE,
        no_bluff=True,
        stacking="progressive",
    )
    game.apply(play("ann", "W+4", "green"))
    assert game.current == "bob"
    assert not game.view("bob").challenge_open
    refused(game, Action.challenge("bob"), "no_challenge")


# ------------------------------------------------------------------ R-DRAW4-4

STACK = "ann: W+4 {ann} | bob: W+4 {bob} | cat: Y5 {cat} | dan: Y6"


def stacked(ann: str, bob: str, cat: str = "", mode: str = "first") -> Game:
    game = table(
        STACK.format(ann=ann, bob=bob, cat=cat),
        start="R3",
        pile=PILE,
        stacking="progressive",
        stacked_challenge=mode,
    )
    game.apply(play("ann", "W+4", "green"))
    game.apply(play("bob", "W+4", "blue"))
    assert (game.current, game.snapshot()["pending_draw"]) == ("cat", 8)
    return game


def test_r_draw4_4_first_guilty_first_player_draws_the_whole_total() -> None:
    game = stacked(ann="R9", bob="G1")  # ann bluffed on red; bob bluffed on green too
    assert game.view("cat").challenge_open
    assert challenge(game, "cat") == ("ann", "guilty")
    assert codes(game.hand("ann")) == "R9 Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9"
    assert codes(game.hand("bob")) == "G1"
    assert (game.current, game.snapshot()["pending_draw"]) == ("cat", 0)
    assert game.view("cat").reveal == ("ann", tuple(cards("R9")))


def test_r_draw4_4_first_innocent_challenger_draws_total_plus_two() -> None:
    game = stacked(ann="G9", bob="G1")  # ann was honest; bob's own bluff is not judged
    assert challenge(game, "cat") == ("ann", "innocent")
    assert len(game.hand("cat")) == 1 + 10
    assert (game.current, game.snapshot()["pending_draw"]) == ("dan", 0)


def test_r_draw4_4_first_w4_on_a_draw_two_challenge_targets_it_for_the_total() -> None:
    game = table(
        "ann: R+2 R7 | bob: W+4 R9 | cat: Y5 | dan: Y6",
        start="R3",
        pile=PILE,
        stacking="progressive",
    )
    game.apply(play("ann", "R+2"))
    game.apply(play("bob", "W+4", "blue"))  # bob holds R9 in red: a bluff
    assert challenge(game, "cat") == ("bob", "guilty")
    assert len(game.hand("bob")) == 1 + 6


def test_r_draw4_4_none_stacked_w4_cannot_be_challenged() -> None:
    game = stacked(ann="R9", bob="G1", cat="W+4", mode="none")
    assert not game.view("cat").challenge_open
    refused(game, Action.challenge("cat"), "no_challenge")
    # cat may still stack; otherwise draws the 8.
    game.apply(Action.draw("cat"))
    assert len(game.hand("cat")) == 2 + 8


def test_r_draw4_4_none_with_nothing_to_stack_the_total_is_drawn_at_once() -> None:
    game = table(
        STACK.format(ann="R9", bob="G1", cat=""),
        start="R3",
        pile=PILE,
        stacking="progressive",
        stacked_challenge="none",
    )
    game.apply(play("ann", "W+4", "green"))
    assert game.view("bob").challenge_open  # a single W+4 may be challenged
    game.apply(play("bob", "W+4", "blue"))
    assert len(game.hand("cat")) == 1 + 8
    assert game.current == "dan"


def test_r_draw4_4_none_w4_on_a_draw_two_cannot_be_challenged() -> None:
    game = table(
        "ann: R+2 R7 | bob: W+4 R9 | cat: Y5 | dan: Y6",
        start="R3",
        pile=PILE,
        stacking="progressive",
        stacked_challenge="none",
    )
    game.apply(play("ann", "R+2"))
    game.apply(play("bob", "W+4", "blue"))
    assert len(game.hand("cat")) == 1 + 6
    assert game.current == "dan"


def test_r_draw4_4_a_draw_two_over_a_w4_closes_the_challenge() -> None:
    """Only a W+4 played directly on you can be challenged (edge cases)."""
    game = table(
        "ann: W+4 R9 | bob: G+2 B1 | cat: Y5 W+4 | dan: Y6",
        start="R3",
        pile=PILE,
        stacking="any",
    )
    game.apply(play("ann", "W+4", "green"))
    game.apply(play("bob", "G+2"))
    assert (game.current, game.snapshot()["pending_draw"]) == ("cat", 6)
    assert not game.view("cat").challenge_open
    refused(game, Action.challenge("cat"), "no_challenge")


@pytest.mark.parametrize("preset", ["classic", "younuo"])
def test_r_draw4_4_presets_first(preset: str) -> None:
    assert Rules.from_preset(preset).stacked_challenge == "first"
    assert Rules.from_preset("party").stacked_challenge == "none"


@pytest.mark.parametrize(
    ("held", "verdict", "next_up"), [("R1", "guilty", "bob"), ("G1", "innocent", "ann")]
)
def test_r_draw4_2_two_players(held: str, verdict: str, next_up: str) -> None:
    game = table(f"ann: W+4 {held} G2 | bob: B5 B6", start="R3", pile=PILE)
    game.apply(play("ann", "W+4", "blue"))
    assert challenge(game, "bob") == ("ann", verdict)
    assert game.current == next_up
    loser, size = ("ann", 2 + 4) if verdict == "guilty" else ("bob", 2 + 6)
    assert len(game.hand(loser)) == size


def test_r_draw4_4_first_no_one_challenges_their_own_wild_draw_four() -> None:
    """Two players: ann's W+4 comes back to her under bob's; she may not challenge herself.

    With no challenge open and nothing to stack, she draws the total at once (R-STACK)
    and the turn goes on to bob.
    """
    game = table("ann: W+4 R9 | bob: W+4 B1 B2", start="R3", pile=PILE, stacking="progressive")
    game.apply(play("ann", "W+4", "green"))
    assert game.view("bob").challenge_open
    events = game.apply(play("bob", "W+4", "blue"))
    assert not game.view("ann").challenge_open
    assert Action.challenge("ann") not in game.legal_actions("ann")
    assert not events_of(events, "challenge") and not events_of(events, "reveal")
    assert len(game.hand("ann")) == 1 + 8
    assert (game.current, game.snapshot()["pending_draw"]) == ("bob", 0)
    refused(game, Action.challenge("ann"))


def test_r_draw4_4_first_three_players_stack_back_to_the_first() -> None:
    """ann, bob and cat each stack a W+4: the stack reaches ann, the first, who cannot challenge."""
    game = table(
        "ann: W+4 R9 | bob: W+4 B1 | cat: W+4 Y5 B2",
        start="R3",
        pile=PILE,
        stacking="progressive",
    )
    game.apply(play("ann", "W+4", "green"))
    game.apply(play("bob", "W+4", "blue"))
    assert game.view("cat").challenge_open  # cat may still challenge ann
    game.apply(play("cat", "W+4", "yellow"))
    assert not game.view("ann").challenge_open
    assert len(game.hand("ann")) == 1 + 12
    assert game.current == "bob"
