"""bots.ismcts: the expert's tree search over guessed worlds (information-set MCTS)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from younuo.bots import ExpertBot, expert
from younuo.bots.expert import TREE_MAX_PLAYERS
from younuo.bots.hard import HardBot
from younuo.bots.ismcts import Node, TreeSettings, tree_search
from younuo.engine import Action, ActionType, Card, Game, PlayerView, Rules
from younuo.sim.table import Table, drive

from .scenes import act, ask, random_positions, scene


def test_upper_confidence_bound_grows_with_the_times_an_action_was_legal() -> None:
    often = Node(visits=4, total=2.0, available=40)
    rarely = Node(visits=4, total=2.0, available=5)
    assert often.bound(0.7) > rarely.bound(0.7) > 0.5
    assert Node(visits=4, total=2.0, available=40).bound(0.0) == 0.5


def test_two_player_the_tree_plays_the_skip_that_lets_it_go_out_next() -> None:
    """R-TURN (2 players): a Skip gives the player another turn. With R5 and RS against a
    one-card opponent, RS then R5 wins at once; R5 first hands the opponent a turn."""
    game = scene("ann: R5 RS | bob: G7", start="R3", pile="B1 B2 Y3 Y4 G1 G2 B5 Y6")
    bot = ExpertBot(seed=4, tree=TreeSettings(budget=400))
    call = ask(bot, game, "ann")  # R-UNO: a play down to one card is announced first
    assert call == Action.uno("ann")
    act(game, call)
    choice = ask(bot, game, "ann")
    assert choice == Action.play("ann", Card.parse("RS"))
    visits = bot.last_search
    assert visits["worlds"] >= 8 and visits["plies"] >= 400


def test_the_tree_search_is_deterministic_for_a_seed_and_bounded_by_its_budget() -> None:
    rules = Rules.from_preset("classic", scoring="single")
    checked = 0
    for game in random_positions(rules, 3, games=3, seed=21):
        me = game.current
        assert me is not None
        legal = [a for a in game.legal_actions(me) if a.type is not ActionType.LEAVE]
        if len([a for a in legal if a.type is ActionType.PLAY]) < 2:
            continue
        settings = TreeSettings(budget=300, max_iterations=60)
        first = ExpertBot(seed=7, tree=settings)
        second = ExpertBot(seed=7, tree=settings)
        assert ask(first, game, me) == ask(second, game, me)
        assert first.last_search == second.last_search
        if not first.last_search:
            continue  # decided without a search (an UNO call first, a single candidate)
        assert first.last_search["worlds"] <= 60
        assert first.last_search["plies"] >= 300 or first.last_search["worlds"] == 60
        checked += 1
    assert checked >= 3


def test_every_iteration_credits_the_root_action_it_tried() -> None:
    """The visits of the root's candidates add up to the iterations: each world tries
    one of them; the candidates are all tried once before any is tried twice."""
    game = scene("ann: R5 R7 B3 G3 | bob: G7 Y2 B9", start="R3", pile="B1 B2 Y3 Y4 G1 G2")
    candidates = [a for a in game.legal_actions("ann") if a.type is ActionType.PLAY]
    assert len(candidates) == 4
    result = tree_search(
        candidates,
        lambda: _copy(game),
        "ann",
        None,
        random.Random(5),
        TreeSettings(budget=200),
    )
    assert sum(result.visits) == result.iterations
    assert min(result.visits) >= 1
    assert result.visits[result.choice] == max(result.visits)


def _copy(game: Game) -> Game:
    return game.copy()


def test_a_time_limit_ends_the_tree_search_after_the_iteration_that_passes_it() -> None:
    """``time_limit`` is a server's safety net; a limit already past stops the search
    after its first world, a playable choice all the same."""
    game = scene("ann: R5 R7 B3 G3 | bob: G7 Y2 B9", start="R3", pile="B1 B2 Y3 Y4 G1 G2")
    bot = ExpertBot(seed=2, time_limit=0.0)
    choice = ask(bot, game, "ann")
    assert choice in game.legal_actions("ann")
    assert bot.last_search["worlds"] == 1


def test_the_expert_budget_sets_the_work_of_whichever_search_it_uses() -> None:
    assert ExpertBot().tree == TreeSettings(budget=3000)
    assert ExpertBot(budget=500).tree == TreeSettings(budget=500)
    flat = ExpertBot(budget=500, tree=None)
    assert flat.tree is None and flat.budget == 500


def _in_round(view: PlayerView, in_round: tuple[bool, ...]) -> PlayerView:
    values = list(view.fields())
    values[PlayerView.NAMES.index("in_round")] = in_round
    return PlayerView(*values)


@pytest.mark.parametrize("players", range(2, 9))
def test_the_expert_searches_a_tree_up_to_four_players_in_the_round_and_flat_beyond(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bigger tables get the flat search (docs/bots.md, TREE_MAX_PLAYERS); players out of
    the round (a knockout) do not count."""
    names = [f"p{i}" for i in range(players)]
    game = Game.new(names, Rules.from_preset("classic"), seed=players)
    view = game.view(names[0])
    bot = ExpertBot()
    assert (bot.tree_for(view) == bot.tree) == (players <= TREE_MAX_PLAYERS)
    assert bot.tree_for(_in_round(view, tuple(i < 4 for i in range(players)))) == bot.tree
    assert ExpertBot(tree=None).tree_for(view) is None
    # A whole round of experts: which search each decision went through.
    used = {"tree": 0, "flat": 0}
    flat = HardBot.search

    def counted_tree(*args: Any, **kwargs: Any) -> Any:
        used["tree"] += 1
        return tree_search(*args, **kwargs)

    def counted_flat(self: HardBot, *args: Any) -> Action:
        used["flat"] += 1
        return flat(self, *args)

    monkeypatch.setattr(expert, "tree_search", counted_tree)
    monkeypatch.setattr(HardBot, "search", counted_flat)
    bots = {name: ExpertBot(seed=i, budget=200) for i, name in enumerate(names)}
    assert drive(Table(game, bots)).winner in names
    small = players <= TREE_MAX_PLAYERS
    assert (used["tree"] > 0, used["flat"] > 0) == (small, not small)
