"""Multi-card play (R-MULTI) and its edge cases."""

from __future__ import annotations

from typing import Any

import pytest

from younuo.engine import Action, ActionType, Card, Color, Game

from .helpers import codes, events_of, play, refused, table, types

PILE = "G8 B3 Y3 G4 B4 Y5 Y6 G6 B6 Y7 Y8 Y9"
OTHERS = "bob: B1 B2 | cat: G1 G2 | dan: Y1 Y2"


def multi(hand: str, mode: str = "same_rank", start: str = "R3", **options: Any) -> Game:
    return table(f"ann: {hand} | {OTHERS}", start=start, pile=PILE, multi_play=mode, **options)


def test_r_multi_off_refuses_several_cards() -> None:
    game = table(f"ann: R5 R5 G1 | {OTHERS}", start="R3", pile=PILE)
    refused(game, play("ann", "R5 R5"), "multi_play_off")


def test_r_multi_identical_plays_identical_cards() -> None:
    game = multi("R5 R5 G7", mode="identical")
    events = game.apply(play("ann", "R5 R5"))
    assert events_of(events, "play")[0].cards == (Card.parse("R5"), Card.parse("R5"))
    assert codes(game.hand("ann")) == "G7"
    assert game.current == "bob"


def test_r_multi_identical_refuses_same_number_of_other_color() -> None:
    game = multi("R5 G5 G7", mode="identical")
    refused(game, play("ann", "R5 G5"), "not_identical")


def test_r_multi_same_rank_any_colors() -> None:
    game = multi("R5 G5 B5 G7")
    game.apply(play("ann", "R5 G5 B5"))
    assert codes(game.hand("ann")) == "G7"
    # without color: the last listed goes on top and sets the color.
    assert game.snapshot()["discard_top"] == "B5"
    assert game.snapshot()["color"] == "blue"


def test_r_multi_same_rank_refuses_mixed_ranks() -> None:
    game = multi("R5 R6 G7")
    refused(game, play("ann", "R5 R6"), "not_same_rank")


def test_r_multi_first_card_must_be_legal() -> None:
    """G5 does not match R3, so G5 R5 is refused even though R5 would match."""
    game = multi("R5 G5 G7")
    refused(game, play("ann", "G5 R5"), "card_does_not_match")
    game.apply(play("ann", "R5 G5"))
    assert game.snapshot()["discard_top"] == "G5"


def test_r_multi_color_names_which_played_card_is_on_top() -> None:
    """Edge case: ``color`` must be one of the played colors; that card goes on top."""
    game = multi("R5 G5 B5 G7")
    refused(game, play("ann", "R5 G5 B5", "yellow"), "bad_color")
    game.apply(play("ann", "R5 G5 B5", "green"))
    snap = game.snapshot()
    assert snap["discard_top"] == "G5"
    assert snap["color"] == "green"


def test_r_multi_legal_actions_offer_each_played_color() -> None:
    game = multi("R5 G5 G7")
    pairs = [
        a for a in game.legal_actions("ann") if a.type is ActionType.PLAY and a.cards is not None
    ]
    assert {(tuple(map(str, a.played)), a.color) for a in pairs} == {
        (("R5", "G5"), Color.RED),
        (("R5", "G5"), Color.GREEN),
    }


def test_r_multi_card_and_cards_together_refused() -> None:
    game = multi("R5 G5 G7")
    both = Action(
        ActionType.PLAY,
        "ann",
        card=Card.parse("R5"),
        cards=(Card.parse("R5"), Card.parse("G5")),
    )
    refused(game, both, "card_and_cards")


@pytest.mark.parametrize(("skips", "next_player"), [(1, "cat"), (2, "dan"), (3, "ann")])
def test_r_multi_n_skips_skip_n_players(skips: int, next_player: str) -> None:
    cards = " ".join(["RS", "GS", "BS"][:skips])
    game = multi(f"{cards} Y9", decks=1)
    events = game.apply(play("ann", cards))
    assert len(events_of(events, "skip")) == skips
    assert game.current == next_player


@pytest.mark.parametrize(
    ("skips", "skipped", "next_player"),
    [
        (2, ["bob", "cat"], "ann"),
        (3, ["bob", "cat", "bob"], "cat"),
    ],
)
def test_r_multi_skips_never_skip_the_player_who_played_them(
    skips: int, skipped: list[str], next_player: str
) -> None:
    """Decision: n Skips skip n *other* players, counting round the table past the player."""
    cards = " ".join(["RS", "GS", "BS"][:skips])
    game = table(
        f"ann: {cards} Y9 | bob: B1 B2 | cat: G1 G2", start="R3", pile=PILE, multi_play="same_rank"
    )
    events = game.apply(play("ann", cards))
    assert [e.player for e in events_of(events, "skip")] == skipped
    assert game.current == next_player


@pytest.mark.parametrize("cards", ["RS GS", "RR GR", "RS GS BS"])
def test_r_multi_two_players_several_skips_or_reverses_play_again(cards: str) -> None:
    """R-TURN-3 with R-MULTI: against one opponent every Skip (or Reverse) skips them."""
    game = table(f"ann: {cards} Y9 | bob: B1 B2", start="R3", pile=PILE, multi_play="same_rank")
    events = game.apply(play("ann", cards))
    assert {e.player for e in events_of(events, "skip")} == {"bob"}
    assert game.current == "ann"


@pytest.mark.parametrize(
    ("reverses", "direction", "next_player"), [(1, -1, "dan"), (2, 1, "bob"), (3, -1, "dan")]
)
def test_r_multi_n_reverses_flip_n_times(reverses: int, direction: int, next_player: str) -> None:
    cards = " ".join(["RR", "GR", "BR"][:reverses])
    game = multi(f"{cards} Y9")
    game.apply(play("ann", cards))
    assert game.snapshot()["direction"] == direction
    assert game.current == next_player


def test_r_multi_n_draw_twos_give_2n() -> None:
    """bob cannot stack (stacking none): he draws 2 x 3 = 6 at once and cat plays."""
    game = multi("R+2 G+2 B+2 Y9")
    game.apply(play("ann", "R+2 G+2 B+2"))
    assert codes(game.hand("bob")) == "B1 B2 G8 B3 Y3 G4 B4 Y5"
    assert game.current == "cat"


def test_r_multi_n_wild_draw_fours_give_4n_identical() -> None:
    game = multi("W+4 W+4 R9", mode="identical", no_bluff=True)
    events = game.apply(play("ann", "W+4 W+4", "green"))
    assert events_of(events, "penalty")[0].count == 8
    assert len(game.hand("bob")) == 2 + 8
    assert game.snapshot()["color"] == "green"


def test_r_multi_wilds_need_a_color() -> None:
    game = multi("W W R9", mode="identical")
    refused(game, play("ann", "W W"), "missing_color")
    game.apply(play("ann", "W W", "yellow"))
    assert game.snapshot()["color"] == "yellow"


def test_r_multi_several_sevens_make_one_swap() -> None:
    """Edge case: several 7s (or 0s) in one play make one swap or one pass."""
    game = multi("R7 G7 Y9", seven_zero=True)
    events = game.apply(play("ann", "R7 G7", target="cat"))
    assert types(events).count("swap") == 1
    assert codes(game.hand("ann")) == "G1 G2"
    assert codes(game.hand("cat")) == "Y9"


def test_r_multi_several_zeros_make_one_pass() -> None:
    game = multi("R0 G0 Y9", seven_zero=True)
    events = game.apply(play("ann", "R0 G0"))
    assert types(events).count("rotate") == 1
    assert codes(game.hand("bob")) == "Y9"
    assert codes(game.hand("ann")) == "Y1 Y2"


def test_r_multi_going_out_with_several_cards() -> None:
    game = multi("R5 G5")
    events = game.apply(play("ann", "R5 G5"))
    assert types(events)[-1] == "round_over"
    assert game.snapshot()["round_winner"] == "ann"
