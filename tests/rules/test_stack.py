"""R-STACK: stacking modes, forced stacking, automatic draws and the running total."""

from __future__ import annotations

from typing import Any

import pytest

from younuo.engine import Action, ActionType, Game, Rank

from .helpers import codes, events_of, play, refused, table

PILE = " ".join(f"{c}{n}" for n in range(1, 10) for c in "YB")  # 18 plain cards


def game_for(setup: str, stacking: str, **options: Any) -> Game:
    return table(setup, start="R3", pile=PILE, stacking=stacking, **options)


def plays(game: Game, player: str) -> set[str]:
    return {
        " ".join(c.code for c in a.played)
        for a in game.legal_actions(player)
        if a.type is ActionType.PLAY
    }


def pending(game: Game) -> tuple[str | None, int]:
    snap = game.snapshot()
    return snap["current"], snap["pending_draw"]


# ------------------------------------------------------------------ modes

# (mode, first card played by ann, answer by bob, allowed?)
CASES = [
    ("none", "R+2", "B+2", False),
    ("none", "R+2", "W+4", False),
    ("same", "R+2", "B+2", True),
    ("same", "R+2", "W+4", False),
    ("same", "W+4", "W+4", True),
    ("same", "W+4", "G+2", False),
    ("progressive", "R+2", "B+2", True),
    ("progressive", "R+2", "W+4", True),
    ("progressive", "W+4", "W+4", True),
    ("progressive", "W+4", "G+2", False),
    ("any", "R+2", "B+2", True),
    ("any", "R+2", "W+4", True),
    ("any", "W+4", "W+4", True),
    ("any", "W+4", "G+2", True),  # green is the color named
    ("any", "W+4", "B+2", False),  # blue is not
]


@pytest.mark.parametrize(("mode", "first", "answer", "allowed"), CASES)
def test_r_stack_modes(mode: str, first: str, answer: str, allowed: bool) -> None:
    game = game_for(
        f"ann: {first} G9 | bob: {answer} B7 | cat: Y5 Y6 | dan: G5 G6", mode, no_bluff=True
    )
    game.apply(play("ann", first, "green" if first == "W+4" else None))
    size = 2 if first == "R+2" else 4
    if not allowed:
        # Nothing to stack and no challenge (no_bluff): bob draws at once, cat plays.
        assert len(game.hand("bob")) == 2 + size
        assert pending(game) == ("cat", 0)
        return
    assert pending(game) == ("bob", size)
    assert plays(game, "bob") == {answer}
    game.apply(play("bob", answer, "blue" if answer == "W+4" else None))
    total = size + (2 if answer.endswith("+2") else 4)
    # cat has nothing to stack: draws the whole total at once, dan plays.
    assert len(game.hand("cat")) == 2 + total
    assert pending(game) == ("dan", 0)


@pytest.mark.parametrize("mode", ["none", "same", "progressive", "any"])
def test_r_stack_refused_answers_have_a_code_and_change_nothing(mode: str) -> None:
    # A W+4 is open to challenge (classic), so bob must act: every non-stack play is refused.
    game = game_for("ann: W+4 G9 | bob: W B7 G7 Y+2 | cat: Y5 | dan: G5", mode)
    game.apply(play("ann", "W+4", "green"))
    assert pending(game) == ("bob", 4)
    for card, color in (("W", "red"), ("G7", None), ("B7", None), ("Y+2", None)):
        refused(game, play("bob", card, color), "penalty_pending")
    assert plays(game, "bob") == set()


def test_r_stack_draw_takes_the_whole_total_and_loses_the_turn() -> None:
    game = game_for("ann: R+2 G9 | bob: B+2 B7 | cat: Y+2 Y6 | dan: G5", "progressive")
    game.apply(play("ann", "R+2"))
    game.apply(play("bob", "B+2"))
    assert pending(game) == ("cat", 4)
    events = game.apply(Action.draw("cat"))
    assert [(e.player, e.count, e.reason) for e in events_of(events, "draw")] == [
        ("cat", 4, "penalty")
    ]
    assert codes(game.hand("cat")) == "Y+2 Y6 Y1 B1 Y2 B2"
    assert pending(game) == ("dan", 0)
    refused(game, play("dan", "G5"), "card_does_not_match")  # B+2 is on top, blue in force


def test_r_stack_penalty_events_carry_the_running_total() -> None:
    game = game_for("ann: R+2 G9 | bob: B+2 B7 | cat: W+4 Y6 | dan: G5", "progressive")
    counts = []
    for player, card in (("ann", "R+2"), ("bob", "B+2"), ("cat", "W+4")):
        events = game.apply(play(player, card, "yellow" if card == "W+4" else None))
        counts.append(events_of(events, "penalty")[0].count)
    assert counts == [2, 4, 8]


def test_r_stack_running_total_is_in_every_view() -> None:
    game = game_for("ann: R+2 G9 | bob: W+4 B7 | cat: Y5 | dan: G5", "progressive")
    game.apply(play("ann", "R+2"))
    game.apply(play("bob", "W+4", "yellow"))
    for viewer in (*game.players, None):
        view = game.view(viewer)
        assert (view.pending_draw, view.pending_kind, view.current) == (
            6,
            Rank.WILD_DRAW_FOUR,
            "cat",
        )
    game.apply(Action.draw("cat"))
    assert all(game.view(v).pending_draw == 0 for v in (*game.players, None))


# ------------------------------------------------------------------ forced_stacking


def test_r_stack_forced_stacking_forbids_taking_the_penalty() -> None:
    game = game_for(
        "ann: R+2 G9 | bob: B+2 B7 | cat: Y5 | dan: G5", "progressive", forced_stacking=True
    )
    game.apply(play("ann", "R+2"))
    refused(game, Action.draw("bob"), "must_stack")
    legal = game.legal_actions("bob")
    assert Action.draw("bob") not in legal
    assert plays(game, "bob") == {"B+2"}


def test_r_stack_forced_stacking_without_a_stack_card_draws() -> None:
    game = game_for(
        "ann: R+2 G9 | bob: W B7 | cat: Y5 | dan: G5", "progressive", forced_stacking=True
    )
    game.apply(play("ann", "R+2"))
    assert len(game.hand("bob")) == 4
    assert pending(game) == ("cat", 0)


def test_r_stack_forced_stacking_leaves_a_challenge_open() -> None:
    game = game_for(
        "ann: W+4 R9 | bob: W+4 B7 | cat: Y5 | dan: G5", "progressive", forced_stacking=True
    )
    game.apply(play("ann", "W+4", "green"))
    refused(game, Action.draw("bob"), "must_stack")
    legal = game.legal_actions("bob")
    assert Action.challenge("bob") in legal and Action.draw("bob") not in legal
    game.apply(Action.challenge("bob"))  # ann held R9 on red: guilty
    assert len(game.hand("ann")) == 5
    assert pending(game) == ("bob", 0)


def test_r_stack_forced_stacking_leaves_a_bounce_optional() -> None:
    game = game_for(
        "ann: R+2 G9 | bob: WB B7 | cat: Y5 | dan: G5",
        "progressive",
        forced_stacking=True,
        deck="party",
    )
    game.apply(play("ann", "R+2"))
    assert pending(game) == ("bob", 2)  # the bounce is a choice: no automatic draw
    assert Action.draw("bob") in game.legal_actions("bob")
    game.apply(Action.draw("bob"))
    assert len(game.hand("bob")) == 4


def test_r_stack_forced_stacking_is_the_party_preset() -> None:
    game = table(
        "ann: R+2 G9 | bob: B+2 B7 | cat: Y5 | dan: G5", start="R3", pile=PILE, rules="party"
    )
    game.apply(play("ann", "R+2"))
    refused(game, Action.draw("bob"), "must_stack")


# ------------------------------------------------------------------ automatic draws, jump_in


def test_r_stack_no_choice_draws_at_once_and_play_moves_on() -> None:
    game = game_for("ann: R+2 G9 | bob: B7 B8 | cat: Y5 | dan: G5", "progressive")
    events = game.apply(play("ann", "R+2"))
    assert [e.type for e in events] == ["play", "penalty", "draw"]
    assert events_of(events, "draw")[0].player == "bob"
    assert pending(game) == ("cat", 0)
    refused(game, Action.draw("bob"), "not_your_turn")


def test_r_stack_jump_in_all_the_target_takes_it_with_draw() -> None:
    game = game_for(
        "ann: R+2 G9 G8 | bob: B7 B8 B9 | cat: Y5 Y6 | dan: G5", "progressive", jump_in="all"
    )
    game.apply(play("ann", "R+2"))
    assert pending(game) == ("bob", 2)
    assert codes(game.hand("bob")) == "B7 B8 B9"
    assert [a.type for a in game.legal_actions("bob")] == [ActionType.DRAW, ActionType.LEAVE]
    game.apply(Action.draw("bob"))
    assert len(game.hand("bob")) == 5
    assert pending(game) == ("cat", 0)


def test_r_stack_jump_in_all_lets_another_player_jump_in_first() -> None:
    game = game_for(
        "ann: R+2 G9 | bob: B7 B8 | cat: R+2 Y6 | dan: G5", "progressive", jump_in="all"
    )
    game.apply(play("ann", "R+2"))
    game.apply(play("cat", "R+2"))  # identical: the jumper's card acts instead of ann's
    assert pending(game) == ("dan", 2)
    assert codes(game.hand("bob")) == "B7 B8"
