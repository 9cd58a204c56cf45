"""The colluder: each favour to its partner where it has the choice, legal play always.

Every scene is first shown to a plain ``normal`` bot, which makes the unfavourable
choice, so that each test proves the colluder had a choice and took the other one.
"""

from __future__ import annotations

import pytest

from younuo.bots import NormalBot, make_bot
from younuo.bots.colluder import ColluderBot
from younuo.bots.registry import LEVELS, level_names
from younuo.engine import Action, ActionType, Card, Color, Game, Record, Rules
from younuo.sim.table import Table, drive

from .scenes import act, ask, scene


def test_soft_play_spares_the_partner_next_when_another_card_fits() -> None:
    game = scene("ann: RS R5 G9 | bob: B1 B2 | cat: Y1 Y2 Y3 Y4 Y5", start="R3")
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("RS"))
    assert ask(ColluderBot("bob"), game, "ann") == Action.play("ann", Card.parse("R5"))


def test_it_hits_another_player_rather_than_spare_them() -> None:
    """Nobody is close to going out: normal keeps its Skip for defence, the colluder
    spends it on the next player, who is not its partner."""
    hands = "ann: RS R5 G9 B7 | bob: B1 B2 B3 B4 B5 B6 | cat: Y1 Y2 Y3 Y4 Y5 Y6"
    game = scene(hands, start="R3")
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("R5"))
    assert ask(ColluderBot("cat"), game, "ann") == Action.play("ann", Card.parse("RS"))


def test_it_passes_up_taking_the_partner_out() -> None:
    """Only a Skip fits and the partner next holds one card: it draws instead."""
    game = scene("ann: RS G9 B7 | bob: B1 | cat: Y1 Y2 Y3 Y4 Y5", start="R3", pile="G1 G2")
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("RS"))
    assert ask(ColluderBot("bob"), game, "ann") == Action.draw("ann")


def test_with_a_partner_far_from_out_and_only_a_hit_it_still_plays() -> None:
    hands = "ann: RS G9 B7 | bob: B1 B2 B3 B4 B5 | cat: Y1 Y2 Y3 Y4 Y5"
    game = scene(hands, start="R3", pile="G1 G2")
    assert ask(ColluderBot("bob"), game, "ann") == Action.play("ann", Card.parse("RS"))


def test_it_names_the_colour_the_partner_last_showed() -> None:
    """bob (the partner) showed green; ann holds blue: normal names blue, the colluder green."""
    game = scene(
        "bob: G7 Y5 Y6 Y8 | cat: G2 R1 R2 R4 | ann: W B1 B7 R9",
        start="G3",
        pile="Y1 Y2 Y3 Y4",
    )
    act(game, Action.play("bob", Card.parse("G7")))
    act(game, Action.play("cat", Card.parse("G2")))
    assert ask(NormalBot(), game, "ann") == Action.play("ann", Card.parse("W"), color=Color.BLUE)
    choice = ask(ColluderBot("bob"), game, "ann")
    assert choice == Action.play("ann", Card.parse("W"), color=Color.GREEN)


def test_it_never_catches_the_partner() -> None:
    game = scene("ann: R5 G2 | bob: B1 B2 B3 | cat: Y1 Y2", start="R3", pile="Y5 Y6")
    act(game, Action.play("ann", Card.parse("R5")))  # no call: ann may be caught
    assert ask(NormalBot(), game, "cat") == Action.catch("cat", "ann")
    assert ask(ColluderBot("ann"), game, "cat") is None
    # Another player who forgot is caught as usual.
    assert ask(ColluderBot("bob"), game, "cat") == Action.catch("cat", "ann")


def test_it_never_challenges_the_partners_wild_draw_four() -> None:
    filler = "G1 G2 G3 G4 G5 G6 G7 G8 G9 B1 B2 B3"
    game = scene(f"ann: W+4 {filler} | bob: B5 B6 Y1", start="R3", pile="Y2 Y3 Y4 Y5 Y6 Y7")
    act(game, Action.play("ann", Card.parse("W+4"), color=Color.YELLOW))
    assert ask(NormalBot(), game, "bob") == Action.challenge("bob")
    choice = ask(ColluderBot("ann"), game, "bob")
    assert choice is not None and choice.type is not ActionType.CHALLENGE
    assert ask(ColluderBot("cat"), game, "bob") == Action.challenge("bob")


def test_without_its_partner_at_the_table_it_plays_as_normal() -> None:
    for seed in range(3):
        records = []
        for bot in (ColluderBot("nobody", seed=seed), NormalBot(seed=seed)):
            game = Game.new(["a", "b", "c"], Rules.from_preset("younuo", scoring="single"), seed)
            bots = {"a": bot, "b": NormalBot(seed=seed + 1), "c": NormalBot(seed=seed + 2)}
            drive(Table(game, bots))
            records.append(Record.from_game(game).to_dict())
        assert records[0] == records[1]


RULES = [
    Rules.from_preset("classic", scoring="single"),
    Rules.from_preset("younuo", scoring="single", jump_in="numbers", multi_play="identical"),
    Rules.from_preset("party", scoring="single", match_seconds=0),
    Rules.from_preset("younuo", scoring="single", stacking="same", forced_stacking=True),
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(sorted(r.changes().items())))
def test_colluders_play_legally_and_the_same_for_a_seed(rules: Rules) -> None:
    """Whole rounds: ``drive`` raises if a bot picks an action not offered or stays idle
    on its turn; the same seeds give the same game."""
    for seed in range(3):
        games = []
        for _ in range(2):
            names = ["a", "b", "c", "d"]
            game = Game.new(names, rules, seed=seed)
            bots = {
                "a": make_bot("colluder:c", seed=seed),
                "b": make_bot("normal", seed=seed + 1),
                "c": make_bot("colluder:a", seed=seed + 2),
                "d": make_bot("easy", seed=seed + 3),
            }
            outcome = drive(Table(game, bots))
            assert not outcome.capped
            games.append(Record.from_game(game).to_dict())
        assert games[0] == games[1]


def test_half_intensity_favours_only_some_of_the_time() -> None:
    game = scene("ann: RS R5 G9 | bob: B1 B2 | cat: Y1 Y2 Y3 Y4 Y5", start="R3")
    choices = {ask(ColluderBot("bob", seed=s, intensity=0.5), game, "ann") for s in range(20)}
    assert choices == {Action.play("ann", Card.parse("RS")), Action.play("ann", Card.parse("R5"))}
    with pytest.raises(ValueError, match="intensity"):
        ColluderBot("bob", intensity=1.5)


def test_it_is_made_only_with_a_partner_and_never_offered_as_a_level() -> None:
    bot = make_bot("colluder:bob", seed=3, timing="human")
    assert isinstance(bot, ColluderBot) and bot.partner == "bob"
    assert bot.timing == make_bot("normal", timing="human").timing
    with pytest.raises(ValueError, match="partner"):
        make_bot("colluder:")
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("colluder")
    assert "colluder" not in LEVELS
    assert not any("colluder" in name for name in level_names())
