"""R-UNO: calling UNO, catching, the catch window, false calls and false catches."""

from __future__ import annotations

from typing import Any

import pytest

from younuo.engine import Action, ActionType, Game

from .helpers import codes, events_of, play, refused, table

# ann is about to play down to one card; dan was set up holding one card.
SETUP = "ann: R5 R6 | bob: B5 B6 B7 | cat: Y5 Y6 Y7 | dan: G5"
PILE = "Y1 Y2 Y3 Y4 B1 B2 B3 B4 G1 G2"


def game_for(preset: str = "younuo", setup: str = SETUP, start: str = "R3", **options: Any) -> Game:
    return table(setup, start=start, pile=PILE, rules=preset, **options)


def caught(game: Game, catcher: str, target: str) -> tuple[str, ...]:
    events = game.apply(Action.catch(catcher, target))
    return tuple(f"{e.type}:{e.reason}:{e.player}:{e.count}" for e in events)


def exposed(game: Game) -> set[str | None]:
    return {game.view(p).exposed for p in (*game.players, None)}


# ------------------------------------------------------------------ R-UNO-1


def test_r_uno_1_call_before_the_play_on_your_turn() -> None:
    game = game_for()
    assert Action.uno("ann") in game.legal_actions("ann")
    events = game.apply(Action.uno("ann"))
    assert [(e.type, e.player, e.reason) for e in events] == [("uno", "ann", None)]
    assert game.view("bob").called_uno == (True, False, False, False)
    assert game.current == "ann"  # calling does not use the turn
    game.apply(play("ann", "R5"))
    assert exposed(game) == {None}
    assert not [a for a in game.legal_actions("bob") if a.type is ActionType.CATCH]


def test_r_uno_1_call_after_the_play_until_caught() -> None:
    game = game_for()
    game.apply(play("ann", "R5"))
    assert exposed(game) == {"ann"}
    assert Action.uno("ann") in game.legal_actions("ann")
    game.apply(Action.uno("ann"))
    assert exposed(game) == {None}
    # Catching now is a false catch: bob draws 2 under younuo.
    assert caught(game, "bob", "ann") == ("catch:false:bob:None", "draw:false_catch:bob:2")
    assert len(game.hand("ann")) == 1


def test_r_uno_1_a_call_stays_with_the_hand_until_it_grows() -> None:
    game = game_for()
    game.apply(Action.uno("ann"))
    refused(game, Action.uno("ann"), "already_called")
    game.apply(Action.draw("ann"))  # draws Y1 instead of playing: three cards
    assert game.view("ann").called_uno[0] is False


# ------------------------------------------------------------------ R-UNO-2


@pytest.mark.parametrize("penalty", [2, 4])
def test_r_uno_2_caught_draws_the_uno_penalty(penalty: int) -> None:
    game = game_for("classic", uno_penalty=penalty)
    game.apply(play("ann", "R5"))
    assert Action.catch("cat", "ann") in game.legal_actions("cat")
    assert Action.catch("bob", "ann") in game.legal_actions("bob")
    assert not [a for a in game.legal_actions("ann") if a.type is ActionType.CATCH]
    events = game.apply(Action.catch("cat", "ann"))
    assert [(e.type, e.reason, e.player, e.target) for e in events_of(events, "catch")] == [
        ("catch", "caught", "cat", "ann")
    ]
    assert codes(game.hand("ann")) == "R6 " + " ".join(PILE.split()[:penalty])
    assert exposed(game) == {None}
    assert game.current == "bob"  # catching uses nobody's turn
    # Caught once: the window is spent.
    refused(game, Action.catch("dan", "ann"), "false_catch")


def test_r_uno_2_late_call_after_the_window_closed_is_allowed() -> None:
    game = game_for()
    game.apply(play("ann", "R5"))
    game.apply(play("bob", "B5"))
    refused(game, Action.catch("cat", "ann"), "catch_closed")
    game.apply(Action.uno("ann"))
    assert game.view("cat").called_uno[0]


def closing(action: str, game: Game) -> None:
    """Take bob's next action of kind ``action`` (ann is exposed, bob to move)."""
    if action == "play":
        game.apply(play("bob", "B5"))
    elif action == "draw":
        game.apply(Action.draw("bob"))
    elif action == "timeout":
        game.apply(Action.timeout("bob"))


@pytest.mark.parametrize("preset", ["classic", "younuo"])
@pytest.mark.parametrize("action", ["play", "draw", "timeout"])
def test_r_uno_2_window_closes_at_the_next_play_draw_or_timeout(preset: str, action: str) -> None:
    game = game_for(preset)
    game.apply(play("ann", "R5"))
    closing(action, game)
    assert exposed(game) == {None}
    refused(game, Action.catch("cat", "ann"), "catch_closed")
    assert not [a for a in game.legal_actions("cat") if a.type is ActionType.CATCH]


def test_r_uno_2_window_closes_at_a_challenge() -> None:
    game = game_for("classic", setup="ann: W+4 R6 | bob: B5 B6 | cat: Y5 | dan: G5")
    game.apply(play("ann", "W+4", "blue"))  # ann holds R6 on red: guilty
    game.apply(Action.challenge("bob"))
    assert len(game.hand("ann")) == 5
    refused(game, Action.catch("cat", "ann"), "false_catch")
    game = game_for("classic", setup="ann: W+4 G6 | bob: B5 B6 | cat: Y5 | dan: G5")
    game.apply(play("ann", "W+4", "blue"))  # innocent: ann keeps one card
    game.apply(Action.challenge("bob"))
    assert len(game.hand("ann")) == 1
    refused(game, Action.catch("cat", "ann"), "catch_closed")


def test_r_uno_2_window_stays_open_at_uno_catch_leave() -> None:
    game = game_for()
    game.apply(play("ann", "R5"))
    game.apply(Action.uno("dan"))  # dan was dealt one card: a true call
    game.apply(Action.catch("cat", "bob"))  # a false catch: cat draws 2
    game.apply(Action.uno("cat"))  # a false call (5 cards): cat draws 2
    assert len(game.hand("cat")) == 3 + 2 + 2
    game.apply(Action.leave("dan"))
    assert exposed(game) == {"ann"}
    assert caught(game, "bob", "ann")[0] == "catch:caught:bob:None"


def test_r_uno_2_window_stays_open_through_an_automatic_penalty_draw() -> None:
    game = game_for("classic", setup="ann: R+2 R6 | bob: B5 B6 | cat: Y5 | dan: G5")
    game.apply(play("ann", "R+2"))
    assert len(game.hand("bob")) == 4 and game.current == "cat"
    assert exposed(game) == {"ann"}
    assert caught(game, "dan", "ann")[0] == "catch:caught:dan:None"


def test_r_uno_2_window_stays_open_when_the_next_player_calls_first() -> None:
    game = game_for("classic", setup="ann: R5 R6 | bob: B5 B6 | cat: Y5 | dan: G5")
    game.apply(play("ann", "R5"))
    game.apply(Action.uno("bob"))  # bob, on his turn with 2 cards, calls: not an action of play
    assert caught(game, "cat", "ann")[0] == "catch:caught:cat:None"


# ------------------------------------------------------------------ R-UNO-3


def test_r_uno_3_false_call_draws_two_or_is_refused_when_off() -> None:
    game = game_for("younuo")
    events = game.apply(Action.uno("bob"))  # three cards, not his turn
    assert [(e.type, e.reason, e.count) for e in events] == [
        ("uno", "false", None),
        ("draw", "false_uno", 2),
    ]
    assert len(game.hand("bob")) == 5
    assert game.view("ann").called_uno[1] is False
    classic = game_for("classic")
    refused(classic, Action.uno("bob"), "false_uno")
    refused(classic, Action.uno("cat"), "false_uno")
    assert Action.uno("bob") not in classic.legal_actions("bob")


def test_r_uno_3_two_cards_not_on_your_turn_is_a_false_call() -> None:
    game = game_for("classic", setup="ann: R5 R6 R7 | bob: B5 B6 | cat: Y5 | dan: G5")
    refused(game, Action.uno("bob"), "false_uno")
    refused(game, Action.uno("ann"), "false_uno")  # ann's turn, but three cards


def test_r_uno_3_on_your_turn_with_two_cards_even_without_a_play() -> None:
    game = game_for("classic", setup="ann: G5 G6 | bob: B5 B6 | cat: Y5 | dan: G7")
    game.apply(Action.uno("ann"))
    assert game.view("ann").called_uno[0]


def test_r_uno_3_discard_all_leaving_one_card_is_about_to() -> None:
    game = game_for("classic", setup="ann: RA R7 G1 | bob: B5 B6 | cat: Y5 | dan: G5", deck="party")
    game.apply(Action.uno("ann"))
    game.apply(play("ann", "RA"))
    assert codes(game.hand("ann")) == "G1"
    assert exposed(game) == {None}


def test_r_uno_3_multi_play_leaving_one_card_is_about_to() -> None:
    game = game_for(
        "classic", setup="ann: R5 G5 Y1 | bob: B5 B6 | cat: Y5 | dan: G6", multi_play="same_rank"
    )
    game.apply(Action.uno("ann"))
    game.apply(play("ann", "R5 G5"))
    assert codes(game.hand("ann")) == "Y1"
    assert exposed(game) == {None}


@pytest.mark.parametrize(("target", "why"), [("dan", "called"), ("bob", "three cards")])
def test_r_uno_3_false_catch_draws_two_or_is_refused_when_off(target: str, why: str) -> None:
    game = game_for("younuo")
    game.apply(Action.uno("dan"))
    before = len(game.hand("cat"))
    assert caught(game, "cat", target) == ("catch:false:cat:None", "draw:false_catch:cat:2")
    assert len(game.hand("cat")) == before + 2
    classic = game_for("classic")
    classic.apply(Action.uno("dan"))
    refused(classic, Action.catch("cat", target), "false_catch")


def test_r_uno_3_dealt_single_card_uncalled_is_not_catchable() -> None:
    """Only playing down to one card opens a catch window (dan was dealt one card)."""
    game = game_for("classic")
    refused(game, Action.catch("cat", "dan"), "catch_closed")


def test_r_uno_3_penalty_options() -> None:
    game = game_for("classic", false_uno_penalty=3, false_catch_penalty=1)
    game.apply(Action.uno("bob"))
    assert len(game.hand("bob")) == 6
    game.apply(Action.catch("cat", "ann"))
    assert len(game.hand("cat")) == 4


def test_r_uno_2_catch_refusals() -> None:
    game = game_for()
    game.apply(play("ann", "R5"))
    refused(game, Action.catch("ann", "ann"), "bad_target")
    refused(game, Action(ActionType.CATCH, "bob"), "missing_target")
    refused(game, Action.catch("bob", "zed"), "unknown_player")


# ------------------------------------------------------------------ swaps (R-UNO-1, R-HOUSE-70)

SWAP = "ann: R7 G1 | bob: B5 | cat: Y5 Y6 Y7 | dan: G5 G6"


def test_r_uno_1_one_card_from_a_swap_needs_no_call() -> None:
    game = game_for(setup=SWAP, seven_zero=True)
    game.apply(play("ann", "R7", target="bob"))  # ann had [G1], now holds bob's [B5]
    assert (codes(game.hand("ann")), codes(game.hand("bob"))) == ("B5", "G1")
    assert exposed(game) == {None}
    for target in ("ann", "bob"):
        g = game.copy()
        assert caught(g, "cat", target) == ("catch:false:cat:None", "draw:false_catch:cat:2")


def test_r_uno_1_swapping_away_a_one_card_hand_is_no_catch() -> None:
    game = game_for(setup=SWAP, seven_zero=True)
    game.apply(play("ann", "R7", target="cat"))
    assert (codes(game.hand("ann")), codes(game.hand("cat"))) == ("Y5 Y6 Y7", "G1")
    assert exposed(game) == {None}
    assert caught(game, "dan", "ann")[0] == "catch:false:dan:None"
    assert caught(game, "dan", "cat")[0] == "catch:false:dan:None"
    assert len(game.hand("ann")) == 3


def test_r_uno_1_zero_passes_a_one_card_hand_that_needs_no_call() -> None:
    game = game_for(setup="ann: R0 G1 | bob: B5 B6 | cat: Y5 Y6 Y7 | dan: G5 G6", seven_zero=True)
    game.apply(play("ann", "R0"))
    assert codes(game.hand("bob")) == "G1"
    assert codes(game.hand("ann")) == "G5 G6"
    assert exposed(game) == {None}
    assert game.view("cat").called_uno[1]
    assert caught(game, "cat", "bob")[0] == "catch:false:cat:None"


def test_r_uno_2_an_exposed_player_who_draws_no_longer_holds_one_card() -> None:
    """ann forgets to call, then pays for a false catch: with three cards she is not catchable."""
    game = game_for()
    game.apply(play("ann", "R5"))
    game.apply(Action.catch("ann", "bob"))  # false: bob holds three cards
    assert codes(game.hand("ann")) == "R6 Y1 Y2"
    assert exposed(game) == {None}
    assert not [a for a in game.legal_actions("cat") if a.type is ActionType.CATCH]
    assert caught(game, "cat", "ann") == ("catch:false:cat:None", "draw:false_catch:cat:2")
    classic = game_for("classic", false_catch_penalty=0, false_uno_penalty=2)
    classic.apply(play("ann", "R5"))
    classic.apply(Action.uno("bob"))  # a false call by bob does not touch ann
    assert exposed(classic) == {"ann"}
    refused(classic, Action.catch("ann", "bob"), "false_catch")
    assert exposed(classic) == {"ann"}
