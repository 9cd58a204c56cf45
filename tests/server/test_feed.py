"""A committed change crosses between nodes whole: every seat's view, events and legal
actions come out of the wire as they went in (server/realtime/feed.py)."""

from __future__ import annotations

from younuo.engine import Game, Rules
from younuo.server.match.snapshots import take_snapshot
from younuo.server.realtime.feed import Committed, Kind


def test_a_change_comes_off_the_wire_as_every_seat_saw_it() -> None:
    game = Game.new(["Ann", "Bob", "Cat"], Rules.from_preset("younuo"), seed=3)
    mover = game.current
    assert mover is not None
    events = game.apply(game.legal_actions(mover)[0])
    public = game.view(None)
    snapshot = take_snapshot(game, public, game.rules.to_dict(), 1)
    change = Committed(
        match="m1",
        room="r1",
        version=1,
        kind=Kind.UPDATE,
        at=12.5,
        views=snapshot.views,
        table=[{"name": "Ann"}],
        clock={"turn_player": game.current},
        players={"a1": "Ann", "a2": "Bob"},
        events=lambda name: [game.redact(e, name).to_dict() for e in events],
        legal=snapshot.legal_out,
        node="n0",
    )
    back = Committed.from_wire(change.to_wire())
    assert back.views == change.views  # the public view and each seat's own
    for name in (None, "Ann", "Bob", "Cat"):
        assert back.events_of(name) == change.events_of(name)
        if name is not None:
            assert back.legal(name) == change.legal(name)
    assert (back.match, back.room, back.version, back.kind, back.at, back.node) == (
        "m1", "r1", 1, Kind.UPDATE, 12.5, "n0",
    )  # fmt: skip
    assert back.players == change.players and back.clock == change.clock
