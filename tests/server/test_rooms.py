"""The rules of a room and of its seats, driven directly: no sockets, no database.

A seat is one value (``younuo.server.seats``) from the room into the match and onto the
wire; a room's status and mode and a seat's kind are enums stored as their values; the
room's row and wire models are built outside the pure rules (``lobby.rows``,
``lobby.wire``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from younuo.protocol.messages import Avatar, LevelOut, RoomSettingsPatch
from younuo.server.accounts.seatfacts import SeatFacts
from younuo.server.lobby.readiness import StartBlock
from younuo.server.lobby.rooms import RoomError, RoomState, RoomStatus, Settings
from younuo.server.lobby.rows import new_row, room_from_row, room_row
from younuo.server.lobby.settings import RoomMode
from younuo.server.lobby.wire import cannot_start, room_out, room_summary
from younuo.server.seats.seat import Seat, SeatKind, match_seat
from younuo.server.seats.wire import seat_out, table_seat

SHOWN = ("name", "kind", "account", "bot_level", "bot_account", "title", "avatar")
"""What the room's ``SeatOut`` and the table's ``TableSeat`` both show of a seat."""


def _level(rating: int) -> LevelOut:
    return LevelOut(number=rating // 100, name=f"L{rating // 100}", name_zh="級")


def _room(mode: RoomMode = RoomMode.FFA) -> RoomState:
    room = RoomState(
        id="r1",
        settings=Settings(name="T", seats=6, needed=4, mode=mode),
        host=None,
        seats=[None] * 6,
    )
    for i, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        room.sit(f"a{i}", SeatFacts(name, Avatar()))
    return room


def test_r_team_lineup_alternates_camps_host_first() -> None:
    """R-TEAM / R-SETUP-2: the match seats the host first, camps alternating."""
    room = _room(RoomMode.TEAMS)
    room.host = "a1"
    for account in ("a0", "a2", "a3"):
        room.set_ready(account, True)
    assert room.start_problems("a1") == []
    order, teams = room.lineup("a1")
    names = [s.name for s in order]
    assert names[0] == "Bob" and teams is not None
    camp = {n: 0 if n in teams[0] else 1 for n in names}
    assert all(camp[names[i]] != camp[names[i + 1]] for i in range(3))


def test_room_refusals_name_their_reason() -> None:
    room = _room()
    with pytest.raises(RoomError) as e:
        room.sit("a9", SeatFacts("ann", Avatar()))
    assert e.value.code == "name_taken"
    with pytest.raises(RoomError) as e:
        room.configure("a1", RoomSettingsPatch(options={"stacking": "sideways"}))
    assert e.value.code == "not_host"
    with pytest.raises(RoomError) as e:
        room.configure("a0", RoomSettingsPatch(options={"stacking": "sideways"}))
    assert e.value.code == "bad_options"
    with pytest.raises(RoomError) as e:
        room.add_bot("a0", "genius")
    assert e.value.code == "bad_options"
    assert [p.code for p in room.start_problems("a0")] == ["too_few_ready"]
    room.remove("a0")
    assert room.host == "a1"  # the host passes on


def test_the_host_seats_a_bot_of_every_level_up_to_expert() -> None:
    room = _room()
    for level in ("random", "easy", "normal", "hard", "expert"):
        room.remove_bot("a0", room.add_bot("a0", level))
    seat = room.seats[room.add_bot("a0", "expert")]
    assert seat is not None and seat.kind == "bot" and seat.bot_level == "expert"


def _codes(room: RoomState, actor: str) -> list[str]:
    return [p.code for p in room.start_problems(actor)]


def test_start_refusals_name_each_reason_by_its_code() -> None:
    """Team mode: an odd lineup and uneven camps are refused, each with its code; a
    playing room only says it plays."""
    room = _room(RoomMode.TEAMS)
    room.set_ready("a1", True)
    room.set_ready("a2", True)
    assert _codes(room, "a0") == [StartBlock.TOO_FEW_READY, StartBlock.ODD_COUNT, StartBlock.RULES]
    room.set_ready("a3", True)
    room.set_camp("a0", 1, "red")
    room.set_camp("a0", 3, "red")
    assert _codes(room, "a0") == [StartBlock.UNBALANCED_CAMPS]
    room.started("a0", "m1")
    assert _codes(room, "a0") == [StartBlock.PLAYING]


def test_starting_readies_the_host_and_the_end_unreadies_people_not_bots() -> None:
    room = _room()
    room.add_bot("a0", "easy")
    room.started("a0", "m1")
    assert (room.status, room.match_id) == (RoomStatus.PLAYING, "m1")
    seat = room.seats[0]
    assert seat is not None and seat.ready
    room.match_over()
    assert (room.status, room.match_id) == (RoomStatus.OPEN, None)
    assert [s.is_ready for s in room.seats if s is not None] == [False] * 4 + [True]


def test_a_seat_is_one_value_from_the_room_to_the_match_and_onto_the_wire() -> None:
    """The room's seat goes into the match as the same kind of value (its camp kept in
    team mode only), and both wire models show the same person from it."""
    facts = SeatFacts("Ann", Avatar(outfit="teal", expression="wink"), True, "master")
    room = _room(RoomMode.TEAMS)
    room.remove("a0")
    room.sit("a0", facts)
    index = room.seat_of("a0")
    assert index is not None
    seat = room.seats[index]
    assert seat is not None and seat.camp is not None
    played = match_seat(seat, teams=False)
    assert type(played) is Seat and played.camp is None
    assert match_seat(seat, teams=True).camp == seat.camp
    shown = seat_out(index, seat, teams=True, rating=1500, level=_level(1500), connected=True)
    at_table = table_seat(played, away=False, autoplay=False, left=False)
    assert shown.model_dump(include=set(SHOWN)) == at_table.model_dump(include=set(SHOWN))
    assert (at_table.kind, at_table.title, at_table.bot_account) == ("human", "master", True)
    assert (at_table.avatar.outfit, at_table.avatar.expression) == ("teal", "wink")
    assert shown.camp == seat.camp and at_table.camp is None


def test_a_match_stores_its_seats_without_ready_and_reads_the_kind_back_as_an_enum() -> None:
    seat = Seat(kind=SeatKind.BOT, name="Bot Mimi", bot_level="easy", ready=True, camp="red")
    stored = seat.to_dict()
    assert "ready" not in stored and stored["kind"] == "bot" and type(stored["kind"]) is str
    back = Seat.from_dict(stored)
    assert back.kind is SeatKind.BOT and back == replace(seat, ready=False)
    assert back.is_ready  # a bot is always ready


def test_a_room_row_keeps_each_seats_ready_and_the_enums_as_their_values() -> None:
    room = _room(RoomMode.TEAMS)
    room.set_ready("a1", True)
    row = room_row(room)
    assert row["status"] == "open" and type(row["status"]) is str
    assert row["settings"]["mode"] == "teams" and type(row["settings"]["mode"]) is str
    assert [s["ready"] for s in row["seats"]["seats"] if s] == [False, True, False, False]
    assert all(type(s["kind"]) is str for s in row["seats"]["seats"] if s)
    back = room_from_row(new_row(room))
    assert back == room
    assert back.status is RoomStatus.OPEN and back.settings.mode is RoomMode.TEAMS


def test_stored_strings_become_the_enums_and_unknown_ones_are_refused() -> None:
    room = RoomState(
        id="r",
        settings=Settings(name="T", mode="teams"),  # type: ignore[arg-type]
        host=None,
        seats=[],
        status="playing",  # type: ignore[arg-type]
    )
    assert room.status is RoomStatus.PLAYING and room.settings.mode is RoomMode.TEAMS
    with pytest.raises(ValueError):
        RoomState(id="r", settings=Settings(name="T"), host=None, seats=[], status="paused")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Seat(kind="alien", name="X")  # type: ignore[arg-type]


def test_a_patch_from_the_wire_sets_the_mode_as_an_enum_and_is_checked() -> None:
    settings = Settings(name="T").patched(RoomSettingsPatch(mode="teams", seats=6, needed=4))
    assert settings.mode is RoomMode.TEAMS and settings.teams
    assert (settings.seats, settings.needed) == (6, 4)
    with pytest.raises(RoomError) as e:
        settings.patched(RoomSettingsPatch(needed=8))
    assert e.value.code == "bad_options"


def test_the_room_on_the_wire_shows_camps_in_team_mode_and_its_code_to_members() -> None:
    room = _room()
    room.code = "ABCD"
    room.add_bot("a0", "easy")
    out = room_out(room, "a1", {"a0": 1500}, {"a0"}, _level)
    assert out.code == "ABCD" and out.status == "open"
    assert room_out(room, "stranger", {}, set(), _level).code is None
    seats = [s for s in out.seats if s is not None]
    assert [s.connected for s in seats] == [True, False, False, False, True]
    assert seats[0].rating == 1500 and seats[0].level is not None and seats[1].level is None
    assert all(s.camp is None for s in seats)
    room.configure("a0", RoomSettingsPatch(mode="teams"))
    teams = room_out(room, None, {}, set(), _level)
    assert [s.camp for s in teams.seats if s] == ["red", "blue", "red", "blue", "red"]
    summary = room_summary(room)
    assert (summary.mode, summary.status, summary.taken, summary.host_name) == (
        "teams",
        "open",
        5,
        "Ann",
    )


def test_a_refused_start_goes_out_as_cannot_start_with_every_reason() -> None:
    room = _room(RoomMode.TEAMS)
    refused = cannot_start(room.start_problems("a0"))
    assert refused.code == "cannot_start"
    assert refused.details == {
        "reasons": [
            {"code": "too_few_ready", "message": "1 ready of the 4 needed to start"},
            {"code": "odd_count", "message": "team mode needs an even number of players, not 1"},
        ]
    }
    assert refused.message == (
        "cannot start: 1 ready of the 4 needed to start; "
        "team mode needs an even number of players, not 1"
    )
