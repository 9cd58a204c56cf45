"""bots.timing ``forget_uno``: at human pace the easier levels sometimes forget UNO.

The chance is drawn once per chance to call (R-UNO-1) from the bot's own seeded
generator, so a person at the table gets to catch it (R-UNO-2), a seeded bot forgets
the same way every time, and a simulation bot (no timing) never forgets.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from younuo.bots import HUMAN, Timing, human_timing, make_bot
from younuo.bots.base import Bot
from younuo.engine import Action, ActionType, Card, Game

from .scenes import act, scene


def _two_cards() -> Game:
    """ann to move with R5 G2 on R3: a call is legal before the play (R-UNO-1)."""
    return scene("ann: R5 G2 | bob: B1 B2 B3 | cat: Y1 Y2 Y3", start="R3", pile="Y5 Y6")


def _asks(bot: Bot, game: Game, name: str) -> Action | None:
    return bot.choose(game.view(name), game.legal_actions(name))


def test_forget_uno_is_documented_per_level_and_never_for_hard() -> None:
    """easy and random forget 30% of their chances, normal 10%, hard and a trained
    policy (a level without its own timing) never."""
    assert HUMAN["random"].forget_uno == 0.3
    assert HUMAN["easy"].forget_uno == 0.3
    assert HUMAN["normal"].forget_uno == 0.1
    assert HUMAN["hard"].forget_uno == 0.0
    assert human_timing("policy").forget_uno == 0.0
    assert make_bot("colluder:bob", timing="human").timing.forget_uno == 0.1


def test_a_forgetful_bot_stays_silent_before_and_after_its_play() -> None:
    """Forgot: no call before the second-last card, none after it while it may still
    call, so the window stays open for a catch."""
    game = _two_cards()
    bot = make_bot("normal", seed=1, timing=Timing(forget_uno=1.0))
    bot.reset("ann")
    first = _asks(bot, game, "ann")
    assert first is not None and first.type is ActionType.PLAY
    act(game, first)
    assert game.view(None).exposed == "ann"
    assert Action.uno("ann") in game.legal_actions("ann")
    assert _asks(bot, game, "ann") is None  # a late call is possible; it does not make it
    catcher = make_bot("normal", seed=2)
    catcher.reset("bob")
    assert _asks(catcher, game, "bob") == Action.catch("bob", "ann")


def test_a_bot_that_never_forgets_calls_as_before() -> None:
    game = _two_cards()
    for timing in (None, "human"):
        bot = make_bot("hard", seed=1, timing=timing)
        bot.reset("ann")
        assert _asks(bot, game, "ann") == Action.uno("ann")


def test_one_draw_per_chance_and_the_rate_follows_the_level() -> None:
    """Asked again during the same chance the answer stays; over many chances a
    normal bot forgets about one in ten, an easy one about three in ten."""
    game = _two_cards()
    view, legal = game.view("ann"), game.legal_actions("ann")
    without = [a for a in legal if a.type is not ActionType.UNO]
    for level, low, high in (("normal", 0.07, 0.13), ("easy", 0.26, 0.34)):
        bot = make_bot(level, seed=5, timing="human")
        bot.reset("ann")
        forgot = 0
        for _ in range(2000):
            first = bot.forgets_uno(legal)
            assert all(bot.forgets_uno(legal) == first for _ in range(3))
            forgot += first
            bot.forgets_uno(without)  # the chance is over: the next one is drawn afresh
        assert low < forgot / 2000 < high, (level, forgot)
    assert bot.choose(view, legal) is not None


def test_forgetting_is_seeded_and_leaves_the_choices_alone() -> None:
    """Same seed, same slips; the slips come from their own generator, so a bot's
    other choices are those of a bot that never forgets."""
    game = _two_cards()
    legal = game.legal_actions("ann")
    without = [a for a in legal if a.type is not ActionType.UNO]

    def slips(seed: int) -> list[bool]:
        bot = make_bot("easy", seed=seed, timing="human")
        out = []
        for _ in range(50):
            out.append(bot.forgets_uno(legal))
            bot.forgets_uno(without)
        return out

    assert slips(3) == slips(3) and slips(3) != slips(4)
    view = game.view("bob")
    bob_legal = game.legal_actions("bob")
    plain, human = make_bot("random", seed=9), make_bot("random", seed=9, timing="human")
    for bot in (plain, human):
        bot.reset("bob")
    for _ in range(20):
        human.forgets_uno(legal)
        human.forgets_uno(without)
    assert [plain.choose(view, bob_legal) for _ in range(10)] == [
        human.choose(view, bob_legal) for _ in range(10)
    ]


def test_forget_uno_must_be_a_probability() -> None:
    with pytest.raises(ValueError, match="probability"):
        Timing(forget_uno=1.5)
    # A chance of forgetting is no delay: the reaction times stay as given.
    played = Action.play("a", Card.parse("R5"))
    assert Timing(forget_uno=0.5).delay(played, random.Random(1)) == 0.0


def test_the_table_in_docs_bots_md_is_the_code() -> None:
    """docs/bots.md, *Timing*: each level's row gives its ranges and forgetting."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    rows = {}
    for line in doc.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 6 and cells[0].strip("`") in HUMAN:
            rows[cells[0].strip("`")] = cells[1:]
    assert set(rows) == set(HUMAN)

    def span(text: str) -> tuple[float, float]:
        low, high = text.removesuffix(" s").split("–")
        return float(low), float(high)

    for level, (think, uno_call, catch, jump_in, forgets) in rows.items():
        timing = HUMAN[level]
        assert (span(think), span(uno_call), span(catch), span(jump_in)) == (
            timing.think,
            timing.uno_call,
            timing.catch,
            timing.jump_in,
        )
        chance = 0.0 if forgets == "never" else float(forgets.split("%")[0]) / 100
        assert chance == timing.forget_uno, level
