"""Bot levels: legal choices only, and the normal level's heuristics rule by rule."""

from __future__ import annotations

import pytest

from younuo.bots import BotError, HardBot, NormalBot, make_bot
from younuo.bots.registry import LEVELS
from younuo.engine import Action, ActionType, Card, Color, Game, Rules
from younuo.sim.table import Table, drive

from .scenes import act, ask, scene

EVERY_OPTION = [
    Rules.from_preset("classic"),
    Rules.from_preset("younuo", jump_in="numbers", multi_play="identical"),
    Rules.from_preset("party"),
    Rules.from_preset(
        "classic",
        stacking="any",
        multi_play="same_rank",
        seven_zero=True,
        jump_in="all",
        deck="party",
        last_card="number_only",
    ),
    Rules.from_preset("classic", force_play=True, draw_until_playable=True, no_bluff=True),
    Rules.from_preset("younuo", stacking="same", stacked_challenge="none", forced_stacking=True),
]


@pytest.mark.parametrize("rules", EVERY_OPTION, ids=lambda r: str(sorted(r.changes().items())))
def test_every_level_plays_every_option_legally(rules: Rules) -> None:
    """Whole rounds under every option: each bot only ever chooses an offered action
    (``drive`` raises BotError otherwise) and always acts on its turn."""
    levels = ["random", "easy", "normal", "normal"]
    for seed in range(4):
        names = [f"{level}{i}" for i, level in enumerate(levels)]
        game = Game.new(names, rules.replace(scoring="single"), seed=seed)
        bots = {name: make_bot(level, seed=seed) for name, level in zip(names, levels, strict=True)}
        outcome = drive(Table(game, bots))
        assert not outcome.capped
        assert outcome.winner in names


def test_normal_bots_use_the_house_rules_they_are_given() -> None:
    """Over a few rounds, normal bots stack, bounce, jump in, swap, pass hands, multi-play,
    Discard All, challenge, call UNO and catch (R-STACK, R-PARTY, R-HOUSE, R-MULTI, R-UNO)."""
    rules = Rules.from_preset(
        "party", multi_play="same_rank", jump_in="all", scoring="single", forced_stacking=False
    )
    seen: dict[str, int] = {}
    for seed in range(25):
        names = ["a", "b", "c", "d"]
        game = Game.new(names, rules, seed=seed)
        bots = {n: make_bot("normal", seed=seed * 10 + i) for i, n in enumerate(names)}
        bots["d"] = make_bot("easy", seed=seed)  # forgets UNO now and then: someone to catch
        for key, count in drive(Table(game, bots)).events.items():
            seen[key] = seen.get(key, 0) + count
    for key in (
        "stack",
        "bounce",
        "jump_in",
        "swap",
        "rotate",
        "multi_play",
        "discard_all",
        "uno",
        "catch",
    ):
        assert seen.get(key, 0) > 0, key
    assert seen.get("challenge_guilty", 0) + seen.get("challenge_innocent", 0) > 0


def test_r_uno_1_normal_calls_uno_before_its_second_last_card() -> None:
    game = scene("ann: R5 G2 | bob: B1 B2 B3", start="R3")
    assert ask(NormalBot(), game, "ann") == Action.uno("ann")


def test_r_uno_2_normal_catches_a_player_who_did_not_call() -> None:
    game = scene("ann: R5 G2 | bob: B1 B2 B3 | cat: Y1 Y2", start="R3", pile="Y5 Y6")
    act(game, Action.play("ann", Card.parse("R5")))  # no call: ann is open to a catch
    assert ask(NormalBot(), game, "cat") == Action.catch("cat", "ann")


def test_r_stack_normal_stacks_rather_than_draws() -> None:
    game = scene("ann: R+2 R5 | bob: G+2 B1 B2 | cat: Y1 Y2", start="R3", rules="younuo")
    act(game, Action.uno("ann"))
    act(game, Action.play("ann", Card.parse("R+2")))
    assert ask(NormalBot(), game, "bob") == Action.play("bob", Card.parse("G+2"))


def test_r_party_normal_bounces_back_to_a_near_winner() -> None:
    """Wild Bounce sends the pending total back to the previous player (about to go out)."""
    game = scene(
        "ann: R+2 R5 | bob: WB B1 B2 B4 | cat: Y1 Y2 Y3 Y4",
        start="R3",
        rules="party",
        pile="G1 G2 G3 G4 G5 G6",
    )
    act(game, Action.uno("ann"))
    act(game, Action.play("ann", Card.parse("R+2")))
    choice = ask(NormalBot(), game, "bob")
    assert choice is not None and choice.played == (Card.parse("WB"),)


def test_r_house_70_normal_swaps_with_the_smallest_hand() -> None:
    game = scene(
        "ann: R7 B1 B2 B4 | bob: G1 G2 G3 G4 G5 | cat: Y1 Y2",
        start="R3",
        seven_zero=True,
    )
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("R7"), target="cat")


def test_r_house_jump_normal_jumps_in_with_an_identical_card() -> None:
    game = scene("ann: G5 R1 R2 | bob: B1 B2 B3 | cat: G5 Y2 Y3", start="G3", jump_in="numbers")
    act(game, Action.play("ann", Card.parse("G5")))
    assert ask(NormalBot(), game, "cat") == Action.play("cat", Card.parse("G5"))


def test_r_multi_normal_sheds_several_cards_at_once() -> None:
    game = scene("ann: R5 G5 B5 Y1 Y9 | bob: B1 B2 B3", start="R3", multi_play="same_rank")
    choice = ask(NormalBot(), game, "ann")
    assert choice is not None and sorted(map(str, choice.played)) == ["B5", "G5", "R5"]


def test_r_party_normal_plays_discard_all_to_shed_a_color() -> None:
    game = scene("ann: RA R1 R2 R9 G1 G2 | bob: B1 B2 B3", start="R3", rules="party")
    choice = ask(NormalBot(), game, "ann")
    assert choice is not None and choice.played == (Card.parse("RA"),)


def test_normal_keeps_wilds_for_need_and_names_the_color_it_holds_most() -> None:
    game = scene("ann: W R5 B1 B2 | bob: B1 B2 B3", start="R3")
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("R5"))
    game = scene("ann: W G1 B1 B2 | bob: B1 B2 B3", start="R3")
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("W"), color=Color.BLUE)


def test_normal_hits_a_next_player_about_to_win() -> None:
    game = scene("ann: R+2 R5 R6 | bob: B1 | cat: Y1 Y2 Y3 Y4 Y5", start="R3")
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("R+2"))


@pytest.mark.parametrize(("accused_hand", "expected"), [(12, True), (1, False)])
def test_r_draw4_2_normal_challenges_when_the_odds_favour_it(
    accused_hand: int, expected: bool
) -> None:
    """A big hand very likely held the color asked (a bluff); a one-card hand did not."""
    filler = " ".join(["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "B1", "B2", "B3"])
    ann = " ".join(["W+4", *filler.split()[:accused_hand]])
    game = scene(f"ann: {ann} | bob: B5 B6 Y1", start="R3", pile="Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9")
    act(game, Action.play("ann", Card.parse("W+4"), color=Color.YELLOW))
    choice = ask(NormalBot(), game, "bob")
    assert (choice == Action.challenge("bob")) is expected


def test_hard_bot_chooses_a_legal_turn_action_deterministically() -> None:
    game = Game.new(["a", "b", "c"], Rules.from_preset("younuo"), seed=11)
    me = game.current
    assert me is not None
    first = ask(HardBot(seed=5), game, me)
    again = ask(HardBot(seed=5), game, me)
    assert first == again
    assert first in game.legal_actions(me)
    assert first is not None and first.type is not ActionType.LEAVE


def test_hard_bot_finds_the_way_out_of_a_two_card_hand() -> None:
    """With a Skip and a number in 2-player, Skip first keeps the turn and wins at once
    (R-TURN-3); the other order lets the opponent play in between."""
    game = scene("ann: R5 RS | bob: B1 B2 B3 B4 G5", start="R3", pile="Y1 Y2 Y3 Y4")
    act(game, Action.uno("ann"))
    choice = ask(HardBot(seed=1), game, "ann")
    assert choice == Action.play("ann", Card.parse("RS"))


def test_unknown_levels_and_bad_timing_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("genius")
    with pytest.raises(ValueError, match="timing"):
        make_bot("easy", timing="slow")
    assert set(LEVELS) == {"random", "easy", "normal", "hard", "expert"}


def test_a_bot_that_offers_nothing_on_its_turn_is_an_error() -> None:
    class Idle(NormalBot):
        def decide(self, view, legal):  # type: ignore[no-untyped-def]
            return None

    game = Game.new(["a", "b"], Rules.from_preset("classic", scoring="single"), seed=1)
    with pytest.raises(BotError):
        drive(Table(game, {"a": Idle(), "b": Idle()}))
