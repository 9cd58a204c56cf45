"""The outside bots rebuilt for measuring: each rule of the ranking bot, legal play always."""

from __future__ import annotations

import pytest

from younuo.bots import make_bot
from younuo.bots.reference import PlayableBot, RankingBot, no_answer_chance
from younuo.bots.registry import LEVELS, REFERENCES, level_names
from younuo.engine import Action, ActionType, Card, Color, Game, Rules, parse_cards
from younuo.sim.simulator import SimConfig, simulate
from younuo.sim.table import Table, drive

from .scenes import act, ask, random_round, scene
from .test_levels import EVERY_OPTION


@pytest.mark.parametrize("rules", EVERY_OPTION, ids=lambda r: str(sorted(r.changes().items())))
def test_both_play_every_option_legally(rules: Rules) -> None:
    """Whole rounds: ``drive`` raises BotError on a choice not offered or none on a turn."""
    levels = ["reference:ranking", "reference:playable", "reference:ranking", "easy"]
    for seed in range(3):
        names = [f"p{i}" for i in range(len(levels))]
        game = Game.new(names, rules.replace(scoring="single"), seed=seed)
        bots = {n: make_bot(level, seed=seed) for n, level in zip(names, levels, strict=True)}
        outcome = drive(Table(game, bots))
        assert not outcome.capped
        assert outcome.winner in names


@pytest.mark.parametrize("seed", range(12))
def test_both_play_random_rule_sets_and_teams_legally(seed: int) -> None:
    """Rule sets drawn from every option (as for the expert), teams included."""
    game = random_round(seed)
    names = game.players
    kinds = ("reference:ranking", "reference:playable")
    bots = {name: make_bot(kinds[i % 2], seed=seed + i) for i, name in enumerate(names)}
    outcome = drive(Table(game, bots))
    assert not outcome.capped
    assert outcome.winner in names


def test_they_are_made_by_name_and_are_not_levels() -> None:
    assert isinstance(make_bot("reference:ranking"), RankingBot)
    assert isinstance(make_bot("reference:playable"), PlayableBot)
    assert not set(REFERENCES) & set(LEVELS)
    assert not set(REFERENCES) & set(level_names())
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("reference:genius")


def test_a_draw_two_goes_before_a_number_and_a_number_before_a_reverse() -> None:
    game = scene("ann: R5 R+2 G1 | bob: B1 B2 B3 | cat: Y1 Y2 Y3", start="R3")
    assert ask(RankingBot(), game, "ann") == Action.play("ann", Card.parse("R+2"))
    game = scene("ann: RR R5 G1 | bob: B1 B2 B3 | cat: Y1 Y2 Y3", start="R3")
    assert ask(RankingBot(), game, "ann") == Action.play("ann", Card.parse("R5"))


def test_r_turn_3_heads_up_a_reverse_ranks_as_a_skip() -> None:
    game = scene("ann: R5 RR G1 | bob: B1 B2 B3", start="R3")
    assert ask(RankingBot(), game, "ann") == Action.play("ann", Card.parse("RR"))


def test_among_equal_kinds_a_card_of_the_color_held_most() -> None:
    game = scene("ann: R5 G5 G6 | bob: B1 B2 B3 | cat: Y1 Y2 Y3", start="Y5")
    assert ask(RankingBot(), game, "ann") == Action.play("ann", Card.parse("G5"))


def test_a_wild_is_held_back_by_drawing_while_three_colored_cards_remain() -> None:
    game = scene("ann: W G1 B1 B2 | bob: Y1 Y2 Y3", start="R3", pile="Y9")
    assert ask(RankingBot(), game, "ann") == Action.draw("ann")
    game = scene("ann: W G1 B2 | bob: Y1 Y2 Y3", start="R3")
    choice = ask(RankingBot(), game, "ann")
    assert choice is not None and choice.played == (Card.parse("W"),)
    assert choice.color in (Color.GREEN, Color.BLUE)  # a color it holds


def test_a_wild_draw_four_waits_for_four_colored_cards_or_fewer() -> None:
    game = scene("ann: W+4 G1 G2 B1 B2 B3 | bob: Y1 Y2 Y3", start="R9", pile="Y8")
    assert ask(RankingBot(), game, "ann") == Action.draw("ann")
    game = scene("ann: W+4 G1 G2 B1 B2 | bob: Y1 Y2 Y3", start="R9")
    choice = ask(RankingBot(), game, "ann")
    assert choice is not None and choice.played == (Card.parse("W+4"),)


def test_against_a_last_card_the_hitting_cards_go_first_and_wilds_are_not_held() -> None:
    """The next player holds one card: Wild Draw Four outranks a number (and no limit)."""
    hands = "ann: W+4 R5 G1 G2 B1 B2 | bob: Y1 | cat: Y2 Y3 Y4"
    choice = ask(RankingBot(), scene(hands, start="R3"), "ann")
    assert choice is not None and choice.played == (Card.parse("W+4"),)
    hands = "ann: W+4 R5 G1 G2 B1 B2 | bob: Y1 Y5 | cat: Y2 Y3 Y4"
    assert ask(RankingBot(), scene(hands, start="R3"), "ann") == Action.play(
        "ann", Card.parse("R5")
    )


def test_r_turn_4_a_drawn_wild_is_kept_from_three_cards_and_played_from_two() -> None:
    game = scene("ann: G1 G2 | bob: B1 B2 B3", start="R3", pile="W")
    act(game, Action.draw("ann"))
    assert ask(RankingBot(), game, "ann") == Action.pass_("ann")
    game = scene("ann: G1 | bob: B1 B2 B3", start="R3", pile="W")
    act(game, Action.draw("ann"))
    assert ask(RankingBot(), game, "ann") == Action.uno("ann")  # two cards: it calls first
    act(game, Action.uno("ann"))
    assert ask(RankingBot(), game, "ann") == Action.play("ann", Card.parse("W"), color=Color.GREEN)


def test_r_draw4_2_it_never_challenges() -> None:
    game = scene("bob: W+4 R1 R2 | ann: B1 B2 B3", start="R3", first="bob")
    act(game, Action.play("bob", Card.parse("W+4"), color=Color.GREEN))
    legal = game.legal_actions("ann")
    assert any(a.type is ActionType.CHALLENGE for a in legal)
    choice = ask(RankingBot(), game, "ann")
    assert choice is not None and choice.type is not ActionType.CHALLENGE


def test_the_chance_of_no_answer_counts_the_matching_cards_without_replacement() -> None:
    pool = parse_cards(["R1", "R2", "G1", "B7"])
    top = Card.parse("R9")
    assert no_answer_chance(pool, 1, top, Color.RED) == pytest.approx(2 / 4)
    assert no_answer_chance(pool, 2, top, Color.RED) == pytest.approx(2 / 4 * 1 / 3)
    assert no_answer_chance(pool, 3, top, Color.RED) == 0.0


def test_the_playable_bot_plays_whenever_it_can_and_not_always_the_same_card() -> None:
    game = scene("ann: R5 R6 R7 G1 | bob: B1 B2 B3", start="R3")
    choices = {ask(PlayableBot(seed=s), game, "ann") for s in range(12)}
    assert choices == {Action.play("ann", Card.parse(c)) for c in ("R5", "R6", "R7")}


def test_the_ranking_bot_beats_the_playable_bot_under_the_outside_rules() -> None:
    """The outside figure is 68.8% heads-up; 400 rounds put the lower bound above 60%."""
    rules = Rules.from_preset("classic", uno_penalty=0, no_bluff=True)
    config = SimConfig(bots=("reference:ranking", "reference:playable"), rules=rules, games=400)
    seats = simulate(config, timed=False).to_dict()["seats"]
    assert seats[0]["ci95"][0] > 0.6, seats
