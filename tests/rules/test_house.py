"""House rules: jump-in (R-HOUSE-JUMP), seven-zero (R-HOUSE-70), last card (R-HOUSE-LAST)."""

from __future__ import annotations

from typing import Any

import pytest

from younuo.engine import Action, ActionType, Game

from .helpers import codes, events_of, play, refused, table, types

PILE = "G8 B3 Y3 G4 B4 Y5 Y6 G6 B6"


def state(game: Game) -> tuple[str | None, int, int, str | None, str | None]:
    """(current, direction, pending draw, top card, color in force)."""
    snap = game.snapshot()
    return (
        snap["current"],
        snap["direction"],
        snap["pending_draw"],
        snap["discard_top"],
        snap["color"],
    )


def plays_of(game: Game, player: str) -> list[Action]:
    return [a for a in game.legal_actions(player) if a.type is ActionType.PLAY]


# ================================================================= R-HOUSE-JUMP
def test_r_house_jump_off_refuses_out_of_turn_identical_card() -> None:
    game = table("ann: R5 G1 | bob: B1 B2 | cat: R5 G2 | dan: Y1 Y2", start="R3", pile=PILE)
    game.apply(play("ann", "R5"))
    refused(game, play("cat", "R5"), "not_your_turn")
    assert plays_of(game, "cat") == []


def test_r_house_jump_numbers_identical_number_plays_out_of_turn() -> None:
    """Play goes on from the jumper: after cat jumps on bob's turn, dan plays next."""
    game = table(
        "ann: R5 G1 | bob: B1 B2 | cat: R5 G2 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        jump_in="numbers",
    )
    game.apply(play("ann", "R5"))
    assert game.current == "bob"
    assert play("cat", "R5") in plays_of(game, "cat")
    events = game.apply(play("cat", "R5"))
    assert types(events) == ["jump_in", "play"]
    assert events[1].get("jump_in") is True
    assert state(game) == ("dan", 1, 0, "R5", "red")
    assert codes(game.hand("cat")) == "G2"


def test_r_house_jump_needs_identical_card() -> None:
    """Same number, other color (G5 on R5) is not identical."""
    game = table(
        "ann: R5 G1 | bob: B1 B2 | cat: G5 G2 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
    )
    game.apply(play("ann", "R5"))
    refused(game, play("cat", "G5"), "not_your_turn")


def test_r_house_jump_numbers_refuses_action_cards() -> None:
    game = table(
        "ann: RS G1 | bob: B1 B2 | cat: G2 G3 | dan: RS Y2",
        start="R3",
        pile=PILE,
        jump_in="numbers",
    )
    game.apply(play("ann", "RS"))  # bob is skipped
    assert game.current == "cat"
    refused(game, play("dan", "RS"), "not_your_turn")


def test_r_house_jump_all_allows_action_cards() -> None:
    """dan jumps ann's Skip on cat's turn: dan's Skip skips ann, bob plays."""
    game = table(
        "ann: RS G1 | bob: B1 B2 | cat: G2 G3 | dan: RS Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
    )
    game.apply(play("ann", "RS"))
    events = game.apply(play("dan", "RS"))
    assert [e.player for e in events_of(events, "skip")] == ["ann"]
    assert game.current == "bob"


def test_r_house_jump_all_draw_two_jumped_by_draw_two_gives_2() -> None:
    """R-HOUSE-JUMP: the jumped +2 is cancelled: dan (after cat) faces 2, not 4; bob nothing."""
    game = table(
        "ann: R+2 G1 | bob: B1 B2 | cat: R+2 G2 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
        stacking="progressive",
    )
    game.apply(play("ann", "R+2"))
    assert state(game) == ("bob", 1, 2, "R+2", "red")
    game.apply(play("cat", "R+2"))
    assert state(game) == ("dan", 1, 2, "R+2", "red")
    assert codes(game.hand("bob")) == "B1 B2"
    # under jump_in=all the target takes the penalty with draw (R-STACK)
    game.apply(Action.draw("dan"))
    assert codes(game.hand("dan")) == "Y1 Y2 G8 B3"
    assert state(game) == ("ann", 1, 0, "R+2", "red")


def test_r_house_jump_cancel_keeps_earlier_shares_of_a_stack() -> None:
    """Only the jumped card's own share is undone: ann's 2 stay, bob's 2 go, dan adds 2."""
    game = table(
        "ann: R+2 G1 | bob: R+2 B2 | cat: G2 G3 | dan: R+2 Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
        stacking="progressive",
        decks=2,
    )
    game.apply(play("ann", "R+2"))
    game.apply(play("bob", "R+2"))
    assert state(game) == ("cat", 1, 4, "R+2", "red")
    game.apply(play("dan", "R+2"))
    assert state(game) == ("ann", 1, 4, "R+2", "red")


def test_r_house_jump_cancel_undoes_the_direction_flip() -> None:
    """ann's Reverse is undone, then cat's flips: direction -1, bob (before cat) plays."""
    game = table(
        "ann: RR G1 | bob: B1 B2 | cat: RR G2 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
    )
    game.apply(play("ann", "RR"))
    assert state(game) == ("dan", -1, 0, "RR", "red")
    events = game.apply(play("cat", "RR"))
    assert types(events) == ["reverse", "jump_in", "play", "reverse"]
    assert state(game) == ("bob", -1, 0, "RR", "red")


def test_r_house_jump_what_was_drawn_stays() -> None:
    """bob drew ann's 2; dan's jump cancels nothing more: bob keeps them, ann faces dan's 2."""
    game = table(
        "ann: R+2 G1 | bob: B1 B2 | cat: G5 G2 | dan: R+2 Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
    )
    game.apply(play("ann", "R+2"))
    game.apply(Action.draw("bob"))
    assert codes(game.hand("bob")) == "B1 B2 G8 B3"
    assert state(game) == ("cat", 1, 0, "R+2", "red")
    game.apply(play("dan", "R+2"))
    assert codes(game.hand("bob")) == "B1 B2 G8 B3"
    assert state(game) == ("ann", 1, 2, "R+2", "red")


def test_r_house_jump_what_was_swapped_stays() -> None:
    """seven-zero: ann swapped with bob; cat's jump-in 7 swaps with dan, ann/bob stay swapped."""
    game = table(
        "ann: R7 G1 | bob: B1 B2 B4 | cat: R7 G2 | dan: Y1 Y2 Y4 Y5",
        start="R3",
        pile=PILE,
        jump_in="all",
        seven_zero=True,
        decks=1,
    )
    game.apply(play("ann", "R7", target="bob"))
    assert codes(game.hand("ann")) == "B1 B2 B4"
    assert codes(game.hand("bob")) == "G1"
    game.apply(play("cat", "R7", target="dan"))
    assert codes(game.hand("ann")) == "B1 B2 B4"
    assert codes(game.hand("bob")) == "G1"
    assert codes(game.hand("cat")) == "Y1 Y2 Y4 Y5"
    assert codes(game.hand("dan")) == "G2"
    assert game.current == "dan"


def test_r_house_jump_on_the_start_card() -> None:
    """Edge case: the start card may be jumped; bob's jump makes cat play next."""
    game = table(
        "ann: G1 G2 | bob: R5 B2 | cat: G5 G3 | dan: Y1 Y2",
        start="R5",
        pile=PILE,
        jump_in="numbers",
    )
    assert game.current == "ann"
    game.apply(play("bob", "R5"))
    assert state(game) == ("cat", 1, 0, "R5", "red")


def test_r_house_jump_while_current_holds_a_drawn_card() -> None:
    """Edge case: ann drew a playable R7; cat jumps: ann keeps R7 and her turn is over."""
    game = table(
        "ann: G1 G2 | bob: R5 B2 | cat: R3 G2 | dan: Y1 Y2",
        start="R3",
        pile="R7 B3",
        jump_in="numbers",
    )
    game.apply(Action.draw("ann"))
    assert game.view("ann").phase == "drawn"
    assert play("cat", "R3") in plays_of(game, "cat")
    game.apply(play("cat", "R3"))
    assert state(game) == ("dan", 1, 0, "R3", "red")
    assert codes(game.hand("ann")) == "G1 G2 R7"
    assert game.view("ann").phase == "turn"
    assert game.view("ann").drawn is None


def test_r_house_jump_never_on_own_card() -> None:
    game = table(
        "ann: R5 R5 G2 | bob: G6 B2 | cat: G3 G2 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
    )
    game.apply(play("ann", "R5"))
    refused(game, play("ann", "R5"), "own_card")
    assert plays_of(game, "ann") == []


def test_r_house_jump_multi_card_needs_every_card_identical() -> None:
    game = table(
        "ann: R5 G2 | bob: R6 B2 | cat: R5 R5 G5 G2 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        jump_in="numbers",
        multi_play="same_rank",
        decks=2,
    )
    game.apply(play("ann", "R5"))
    refused(game, play("cat", "R5 G5"), "not_your_turn")
    refused(game, play("cat", "G5"), "not_your_turn")
    jumps = plays_of(game, "cat")
    assert play("cat", "R5 R5") in jumps
    assert all(set(a.played) == {a.played[0]} for a in jumps)
    game.apply(play("cat", "R5 R5"))
    assert codes(game.hand("cat")) == "G5 G2"
    assert state(game) == ("dan", 1, 0, "R5", "red")


def test_r_house_jump_w4_honesty_judged_on_color_showing_when_jumping() -> None:
    """ann names blue; cat jumps with W+4 while holding a blue card: a bluff, even naming red."""
    game = table(
        "ann: W+4 G1 | bob: R1 B2 | cat: W+4 B7 G2 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
    )
    game.apply(play("ann", "W+4", "blue"))
    game.apply(play("cat", "W+4", "red"))
    assert state(game) == ("dan", 1, 4, "W+4", "red")
    events = game.apply(Action.challenge("dan"))
    assert events_of(events, "challenge")[0].reason == "guilty"
    assert events_of(events, "challenge")[0].target == "cat"
    # cat draws the 4 (ann's share was cancelled); dan takes his turn normally.
    assert codes(game.hand("cat")) == "B7 G2 G8 B3 Y3 G4"
    assert state(game) == ("dan", 1, 0, "W+4", "red")


def test_r_house_jump_w4_honest_when_no_card_of_color_showing() -> None:
    """cat holds red but not blue (the color showing): innocent, dan draws 4 + 2."""
    game = table(
        "ann: W+4 G1 | bob: R1 B2 | cat: W+4 R7 G2 | dan: Y1 Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
    )
    game.apply(play("ann", "W+4", "blue"))
    game.apply(play("cat", "W+4", "red"))
    events = game.apply(Action.challenge("dan"))
    assert events_of(events, "challenge")[0].reason == "innocent"
    assert codes(game.hand("dan")) == "Y1 Y2 G8 B3 Y3 G4 B4 Y5"
    assert game.current == "ann"


# ================================================================= R-HOUSE-70
def seven_zero(hands: str, **options: Any) -> Game:
    return table(hands, start="R3", pile=PILE, seven_zero=True, **options)


def test_r_house_70_seven_swaps_with_chosen_player() -> None:
    game = seven_zero("ann: R7 G2 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    events = game.apply(play("ann", "R7", target="cat"))
    assert types(events) == ["play", "swap"]
    assert codes(game.hand("ann")) == "B5"
    assert codes(game.hand("cat")) == "G2 G3"
    assert codes(game.hand("bob")) == "R6 B2"
    assert game.current == "bob"


def test_r_house_70_seven_needs_a_target_other_than_self() -> None:
    game = seven_zero("ann: R7 G2 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    refused(game, play("ann", "R7"), "missing_target")
    refused(game, play("ann", "R7", target="ann"), "bad_target")
    targets = {
        a.target for a in plays_of(game, "ann") if a.card is not None and a.card.code == "R7"
    }
    assert targets == {"bob", "cat", "dan"}


def test_r_house_70_target_refused_without_seven_zero() -> None:
    game = table("ann: R7 G2 | bob: R6 B2 | cat: B5", start="R3", pile=PILE)
    refused(game, play("ann", "R7", target="bob"), "unexpected_target")


def test_r_house_70_zero_passes_hands_in_play_direction() -> None:
    """Clockwise: ann's rest goes to bob, bob's to cat, cat's to dan, dan's to ann."""
    game = seven_zero("ann: R0 G2 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2 Y4 Y5")
    events = game.apply(play("ann", "R0"))
    assert types(events) == ["play", "rotate"]
    hands = {p: codes(game.hand(p)) for p in game.players}
    assert hands == {"ann": "Y1 Y2 Y4 Y5", "bob": "G2 G3", "cat": "R6 B2", "dan": "B5"}
    assert game.current == "bob"


def test_r_house_70_zero_passes_hands_anticlockwise() -> None:
    game = seven_zero("ann: R0 G2 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2 Y4 Y5", direction=-1)
    game.apply(play("ann", "R0"))
    hands = {p: codes(game.hand(p)) for p in game.players}
    assert hands == {"ann": "R6 B2", "bob": "B5", "cat": "Y1 Y2 Y4 Y5", "dan": "G2 G3"}
    assert game.current == "dan"


@pytest.mark.parametrize("card", ["R7", "R0"])
def test_r_house_70_going_out_on_seven_or_zero_wins_with_no_swap(card: str) -> None:
    game = seven_zero(f"ann: {card} | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    assert [a.target for a in plays_of(game, "ann")] == [None]
    events = game.apply(play("ann", card))
    assert types(events) == ["play", "round_over"]
    assert codes(game.hand("bob")) == "R6 B2"
    assert game.snapshot()["round_winner"] == "ann"
    assert game.scores()["ann"] == 6 + 2 + 5 + 1 + 2


def test_r_house_70_swap_visible_only_to_the_two_players() -> None:
    game = seven_zero("ann: R7 G2 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    events = game.apply(play("ann", "R7", target="cat"))
    swap = events_of(events, "swap")[0]
    for name in ("ann", "cat"):
        seen = dict(game.redact(swap, name).hands or ())
        assert codes(seen["ann"] or ()) == "B5"
        assert codes(seen["cat"] or ()) == "G2 G3"
    for other in ("bob", "dan", None):
        assert dict(game.redact(swap, other).hands or ()) == {"ann": None, "cat": None}
    assert game.view("bob").hand_counts == (1, 2, 2, 2)
    assert game.view("bob").hand == game.hand("bob")
    assert codes(game.view("cat").hand) == "G2 G3"


def test_r_house_70_rotate_each_sees_what_they_passed_and_got() -> None:
    game = seven_zero("ann: R0 G2 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2 Y4 Y5")
    events = game.apply(play("ann", "R0"))
    rotate = events_of(events, "rotate")[0]
    seen = dict(game.redact(rotate, "bob").hands or ())
    # bob got ann's G2 G3 and passed R6 B2 on to cat; ann's and dan's new hands stay hidden.
    assert codes(seen["bob"] or ()) == "G2 G3"
    assert codes(seen["cat"] or ()) == "R6 B2"
    assert seen["ann"] is None
    assert seen["dan"] is None
    assert all(v is None for v in dict(game.redact(rotate, None).hands or ()).values())


def test_r_house_70_one_card_by_swap_needs_no_uno() -> None:
    """R-UNO-1 with R-HOUSE-70: ann got one card by the swap; catching her is refused/false."""
    game = seven_zero("ann: R7 G2 G3 | bob: R6 B2 | cat: B5 | dan: Y1 Y2")
    game.apply(play("ann", "R7", target="cat"))
    assert game.view(None).exposed is None
    refused(game, Action.catch("bob", "ann"), "false_catch")


# ================================================================= R-HOUSE-LAST
def test_r_house_last_any_allows_going_out_on_a_wild() -> None:
    game = table("ann: W | bob: R6 | cat: B5", start="R3", pile=PILE, last_card="any")
    game.apply(play("ann", "W", "green"))
    assert game.snapshot()["round_winner"] == "ann"


@pytest.mark.parametrize(
    ("last", "allowed"),
    [
        ("R5", True),
        ("R+2", True),
        ("W+4", True),
        ("RS", False),
        ("RR", False),
        ("W", False),
    ],
)
def test_r_house_last_no_action_wild(last: str, allowed: bool) -> None:
    """R-HOUSE-LAST no_action_wild: a number, Draw Two or Wild Draw Four may be last."""
    game = table(
        f"ann: {last} | bob: R6 G1 | cat: B5", start="R3", pile=PILE, last_card="no_action_wild"
    )
    action = play("ann", last, "red" if last.startswith("W") else None)
    if allowed:
        game.apply(action)
        assert game.snapshot()["round_winner"] == "ann"
    else:
        refused(game, action, "last_card")
        assert plays_of(game, "ann") == []


@pytest.mark.parametrize(
    ("last", "allowed"),
    [("R5", True), ("R0", True), ("R+2", False), ("W+4", False), ("RS", False), ("W", False)],
)
def test_r_house_last_number_only(last: str, allowed: bool) -> None:
    game = table(
        f"ann: {last} | bob: R6 G1 | cat: B5", start="R3", pile=PILE, last_card="number_only"
    )
    action = play("ann", last, "red" if last.startswith("W") else None)
    if allowed:
        game.apply(action)
        assert game.snapshot()["round_winner"] == "ann"
    else:
        refused(game, action, "last_card")


def test_r_house_last_only_breaking_cards_count_as_unable_to_play() -> None:
    """Under force_play ann may still draw: her only playable card may not be her last."""
    game = table(
        "ann: RS | bob: R6 B2 | cat: B5",
        start="R3",
        pile="G8 B3",
        last_card="no_action_wild",
        force_play=True,
    )
    legal = game.legal_actions("ann")
    assert Action.draw("ann") in legal
    assert plays_of(game, "ann") == []
    game.apply(Action.draw("ann"))
    assert codes(game.hand("ann")) == "RS G8"
    assert game.current == "bob"


def test_r_house_last_breaking_card_may_still_be_played_when_not_last() -> None:
    game = table(
        "ann: RS R5 | bob: R6 B2 | cat: B5 | dan: Y1",
        start="R3",
        pile=PILE,
        last_card="number_only",
    )
    game.apply(play("ann", "RS"))
    assert codes(game.hand("ann")) == "R5"
    assert game.current == "cat"


def test_r_house_last_applies_to_jump_in() -> None:
    game = table(
        "ann: R5 G1 | bob: B1 B2 | cat: RS | dan: RS Y2",
        start="R3",
        pile=PILE,
        jump_in="all",
        last_card="number_only",
        first="dan",
    )
    game.apply(play("dan", "RS"))  # ann skipped, bob to play
    refused(game, play("cat", "RS"), "last_card")


def test_r_house_jump_on_a_draw_two_start_card_cancels_its_penalty() -> None:
    """The start card's +2 waits on ann; bob jumps it: ann draws nothing, cat faces bob's 2."""
    game = table(
        "ann: G1 G2 | bob: R+2 B2 | cat: G5 G3 | dan: Y1 Y2",
        start="R+2",
        pile=PILE,
        jump_in="all",
    )
    assert state(game) == ("ann", 1, 2, "R+2", "red")
    game.apply(play("bob", "R+2"))
    assert state(game) == ("cat", 1, 2, "R+2", "red")
    assert codes(game.hand("ann")) == "G1 G2"
