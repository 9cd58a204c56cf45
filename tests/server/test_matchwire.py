"""The match's domain values on their way out (server/match/wire.py, storage.py): the
core refuses with a domain error that reaches the wire with its code, and what the
database stores reads back as the same typed values."""

from __future__ import annotations

import pytest

from younuo.engine import Action, Game, Rules
from younuo.protocol.errors import ErrorCode
from younuo.protocol.messages import MatchOver, ProtocolError
from younuo.server.match import core, storage, wire
from younuo.server.match.clocks import SeatControl, start_clock
from younuo.server.match.core import MatchState, SeatInfo, Source
from younuo.server.match.errors import MatchRefused
from younuo.server.match.kinds import Abandon, MatchStatus, SeatKind
from younuo.store.models import Match

TIMING = core.Timing(next_round_delay=5, catch_grace=0, reconnect_grace=60, away_takeover=5)
NOW = 1_000_000.0


def _match(abandon: Abandon = Abandon.LEAVE) -> MatchState:
    seats = [
        SeatInfo(name="P0", kind=SeatKind.HUMAN, account="a0", camp="red", title="master"),
        SeatInfo(name="P1", kind=SeatKind.BOT, bot_level="easy"),
    ]
    game = Game.new(["P0", "P1"], Rules.from_preset("younuo"), seed=3)
    public = game.view(None)
    return MatchState(
        id="m1",
        room_id="r1",
        game=game,
        version=0,
        seats=seats,
        control={"P0": SeatControl(), "P1": SeatControl()},
        clock=start_clock(game, public, NOW, 0),
        abandon=abandon,
        public=public,
    )


def test_a_move_the_engine_refuses_is_a_domain_error_with_the_engines_code() -> None:
    match = _match()
    idle = next(n for n in match.game.players if n != match.game.current)
    with pytest.raises(MatchRefused) as refused:
        core.move(match, Action.draw(idle), Source.PLAYER, NOW, TIMING)
    assert refused.value.code == "not_your_turn" and refused.value.message
    error = wire.refused(refused.value)
    assert isinstance(error, ProtocolError)
    assert (error.code, error.message) == (refused.value.code, refused.value.message)


def test_the_services_refusals_carry_their_registered_codes() -> None:
    assert wire.stale(7).code == ErrorCode.STALE_VERSION and wire.stale(7).details == {"version": 7}
    assert wire.ended().code == wire.no_match().code == ErrorCode.NO_MATCH
    assert wire.unavailable().code == wire.moved().code == ErrorCode.UNAVAILABLE
    assert wire.not_a_player().code == ErrorCode.NOT_A_PLAYER


def test_seats_and_seat_states_read_back_from_their_columns_as_typed_values() -> None:
    match = _match(Abandon.BOT)
    match.control["P0"].autoplay = True
    row = storage.match_row(match, match.game.rules.changes(), None, 3, NOW, "n0")
    assert row.status == "running" and row.owner == "n0" and row.seed == 3
    back = Match(**{c: getattr(row, c) for c in ("seats", "control", "clock")})
    seats = storage.seats_of(back)
    assert seats == match.seats and all(type(s.kind) is SeatKind for s in seats)
    control, abandon = storage.control_of(back)
    assert abandon is Abandon.BOT and control == match.control
    assert storage.clock_of(back) == match.clock
    assert SeatInfo(name="x", kind="bot").kind is SeatKind.BOT  # type: ignore[arg-type]


def test_an_ended_match_is_a_status_and_a_match_over_message() -> None:
    match = _match()
    change = core.seat_change(match, "P0", core.keep_for_bot(9), NOW)
    assert change.end is not None and change.end.status is MatchStatus.ABANDONED
    end = storage.match_end(match.id, change.end)
    text = wire.match_over(match.id, end, {"a0": 1490})
    over = MatchOver.model_validate_json(text)
    assert over.status == "abandoned" and over.winner is None
    (p0,) = [r for r in over.results if r.name == "P0"]
    assert p0.left and p0.account == "a0" and p0.rating == 1490 and p0.level is not None
    (p1,) = [r for r in over.results if r.name == "P1"]
    assert p1.rating is None and p1.level is None


def test_the_table_is_built_again_only_when_what_it_shows_changed() -> None:
    match = _match()
    table = wire.SeatTable()
    first = table.dicts(match.seats, match.control)
    assert [s["kind"] for s in first] == ["human", "bot"] and first[0]["camp"] == "red"
    assert table.dicts(match.seats, match.control) is first
    match.control["P0"].away_until = NOW
    again = table.dicts(match.seats, match.control)
    assert again is not first and again[0]["away"] and not first[0]["away"]


def test_match_over_says_the_rating_change_the_store_wrote() -> None:
    """The store zeroes an unrated bot account's change in the ending's rows as it writes
    them (younuo.store.movelog.apply_results): ``match_over`` is built from those rows."""
    match = _match()
    change = core.seat_change(match, "P0", core.keep_for_bot(9), NOW)
    assert change.end is not None
    end = storage.match_end(match.id, change.end)
    (row,) = [r for r in end.results if r["name"] == "P0"]
    assert row["rating_change"] != 0  # a leaver's penalty
    row["rating_change"] = 0  # as the store writes an unrated bot account's row
    over = MatchOver.model_validate_json(wire.match_over(match.id, end, {}))
    assert [r.rating_change for r in over.results if r.name == "P0"] == [0]
