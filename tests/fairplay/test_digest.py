"""A match replayed into decisions and seat figures: what the digest keeps."""

from __future__ import annotations

from younuo.bots import make_bot
from younuo.engine import Game, Record, Rules
from younuo.fairplay import SeatFacts, StoredMatch, digest, tallies
from younuo.sim.table import Table, drive

from .scripts import scripted, stored


def test_a_refused_action_stops_the_replay_and_is_not_counted() -> None:
    record = scripted("ann: RS R5 G9 | bob: B1 B2 B4 | cat: Y1 Y2 Y4", "R3", ["ann play R5"])
    record["actions"].append({"player": "cat", "type": "play", "card": "Y1"})  # not cat's turn
    d = digest(stored("m", record))
    assert not d.complete and d.applied == 1
    record["actions"][-1] = {"player": "bob", "type": "play", "card": "B1"}  # B1 on R5: refused
    d = digest(stored("m", record))
    assert not d.complete and d.applied == 1
    assert d.seats[1].turns == 0  # bob's refused turn is no decision


def test_a_whole_match_gives_places_rates_and_think_times() -> None:
    names = ["ann", "bob", "cat", "dan"]
    game = Game.new(names, Rules.from_preset("younuo", scoring="single"), seed=3)
    bots = {n: make_bot("normal", seed=i) for i, n in enumerate(names)}
    drive(Table(game, bots))
    record = Record.from_game(game).to_dict()
    facts = (
        SeatFacts("ann", "acct-a", think_times=(1.0, 3.0, 2.0)),
        SeatFacts("bob", None),  # a bot seat
        SeatFacts("cat", "acct-c"),
        SeatFacts("dan", "acct-d"),
    )
    d = digest(StoredMatch("m1", record, facts))
    assert d.complete and d.applied == len(record["actions"])
    assert d.accounts == ("acct-a", None, "acct-c", "acct-d")
    places = [s.place for s in d.seats if s.place is not None]
    winner = names.index(game.view(None).match_winner or "")
    assert places[winner] == 0.0 and sorted(places) == [0.0, 1 / 3, 2 / 3, 1.0]
    assert d.seats[0].think == 2.0 and d.seats[2].think is None
    assert all(s.turns > 0 for s in d.seats)
    assert all(s.draw_rate is None or 0.0 <= s.draw_rate <= 1.0 for s in d.seats)
    # The bot seat is an opponent in the tallies but never a member of a pair.
    pairs = set(tallies([d]))
    assert pairs == {("acct-a", "acct-c"), ("acct-a", "acct-d"), ("acct-c", "acct-d")}
