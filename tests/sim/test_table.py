"""sim.table: the fixed order in which seats are asked, and the rule events counted."""

from __future__ import annotations

from younuo.bots import NormalBot
from younuo.bots.simple import EasyBot
from younuo.engine import Action, Card, Game, Rules, parse_cards
from younuo.sim.table import Table, count_events, drive


def _scene(hands: dict[str, str], start: str, pile: str = "", **options: object) -> Game:
    return Game.from_setup(
        list(hands),
        Rules.from_preset("classic", **options),
        hands={n: parse_cards(h.split()) for n, h in hands.items()},
        start=Card.parse(start),
        pile=parse_cards(pile.split()),
    )


def test_r_uno_2_the_player_who_just_played_is_asked_first_so_a_late_call_beats_a_catch() -> None:
    game = _scene({"ann": "R5 G2", "bob": "B1 B2 B3", "cat": "Y1 Y2"}, "R3", "Y5 Y6")
    table = Table(game, {"ann": None, "bob": None, "cat": None})
    assert table.decision() is not None and table.decision().player == "ann"  # type: ignore[union-attr]
    table.act(Action.play("ann", Card.parse("R5")))  # ann forgot to call before playing
    first = table.decision()
    assert first is not None and first.player == "ann" and first.optional
    assert Action.uno("ann") in first.legal
    table.act(None)  # ann lets it pass: now cat may catch, before bob moves
    second = table.decision()
    assert second is not None and second.player == "cat" and second.optional
    assert Action.catch("cat", "ann") in second.legal
    table.act(None)
    last = table.decision()
    assert last is not None and last.player == "bob" and not last.optional


def test_bots_see_only_redacted_events() -> None:
    """A bot's memory is built from its own redacted copy: no other hand's drawn cards."""

    class Spy(NormalBot):
        def observe(self, events):  # type: ignore[no-untyped-def]
            for e in events:
                if e.type == "draw" and e.player != self.name:
                    assert e.cards is None
                if e.type == "deal":
                    assert all(cards is None for name, cards in e.hands if name != self.name)
            super().observe(events)

    game = Game.new(["a", "b", "c"], Rules.from_preset("party", scoring="single"), seed=4)
    outcome = drive(Table(game, {n: Spy(seed=i) for i, n in enumerate(game.players)}))
    assert outcome.winner in game.players


def test_drive_plays_a_whole_match_when_asked() -> None:
    rules = Rules.from_preset("classic", target=60)
    game = Game.new(["a", "b"], rules, seed=2)
    outcome = drive(Table(game, {"a": NormalBot(1), "b": EasyBot(2)}), unit="match")
    assert game.is_over and outcome.rounds >= 1
    assert outcome.winner == game.view(None).match_winner
    assert max(outcome.points.values()) >= 60


def test_rule_events_are_counted() -> None:
    game = _scene(
        {"ann": "R+2 R5 R6", "bob": "G+2 B1 B2", "cat": "Y1 Y2"},
        "R3",
        "B5 B6 B7 B8 B9",
        stacking="progressive",
    )
    counts: dict[str, int] = {}
    count_events(game.apply(Action.play("ann", Card.parse("R+2"))), counts)
    count_events(game.apply(Action.play("bob", Card.parse("G+2"))), counts)
    assert counts == {"stack": 1}
