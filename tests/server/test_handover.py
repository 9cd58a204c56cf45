"""The host hand-over's rule (``lobby.handover``), driven directly: the longest-seated
connected person takes a room from a host gone for the reconnect grace, and a room with
nobody connected empties (issue 43, item 4). The server's timer and listing are
``test_host_handover.py``'s."""

from __future__ import annotations

from younuo.protocol.messages import Avatar
from younuo.server.accounts.seatfacts import SeatFacts
from younuo.server.lobby.handover import HandOver, hand_over, seniority, successor
from younuo.server.lobby.rooms import RoomState, RoomStatus, Settings
from younuo.server.lobby.rows import room_from_row, room_row
from younuo.store.models import Room


def _room() -> RoomState:
    return RoomState(
        id="r1", settings=Settings(name="T", seats=4, needed=2), host=None, seats=[None] * 4
    )


def _sit(room: RoomState, account: str, seat: int | None = None) -> None:
    room.sit(account, SeatFacts(account.upper(), Avatar()), seat)


def test_the_longest_seated_connected_person_takes_the_room_not_the_lowest_seat() -> None:
    room = _room()
    for account in ("host", "bob", "cat"):
        _sit(room, account)
    room.remove("bob")  # seat 1 frees; dan takes it later than cat sat
    _sit(room, "dan", 1)
    assert seniority(room) == ["host", "cat", "dan"]
    assert successor(room, {"cat", "dan"}) == "cat"
    assert hand_over(room, {"cat", "dan"}) is HandOver.HANDED
    assert room.host == "cat"


def test_an_offline_elder_is_skipped_and_a_connected_host_keeps_the_room() -> None:
    room = _room()
    for account in ("host", "bob", "cat"):
        _sit(room, account)
    assert hand_over(room, {"host", "cat"}) is HandOver.KEPT
    assert room.host == "host"
    assert hand_over(room, {"cat"}) is HandOver.HANDED
    assert room.host == "cat"


def test_standing_up_and_sitting_again_makes_one_the_newest() -> None:
    room = _room()
    for account in ("host", "bob", "cat"):
        _sit(room, account)
    room.stand_up("bob")
    room.take_seat("bob", SeatFacts("BOB", Avatar()))
    assert seniority(room) == ["host", "cat", "bob"]
    room.kick("host", room.seat_of("cat") or 0)
    assert seniority(room) == ["host", "bob"]


def test_a_connected_spectator_takes_it_when_no_seated_person_is_connected() -> None:
    room = _room()
    _sit(room, "host")
    _sit(room, "bob")
    room.watch("eve")
    assert hand_over(room, {"eve"}) is HandOver.HANDED
    assert room.host == "eve"


def test_nobody_connected_empties_an_open_room_but_not_a_playing_one() -> None:
    room = _room()
    _sit(room, "host")
    _sit(room, "bob")
    room.watch("eve")
    playing = room.copy()
    playing.started("host", "m1")
    assert hand_over(playing, set()) is HandOver.KEPT
    assert playing.host == "host" and playing.humans() == ["host", "bob"]
    assert hand_over(room, set()) is HandOver.CLOSED
    assert room.members() == [] and room.host is None


def test_rows_without_arrivals_fall_back_to_the_seat_order() -> None:
    room = _room()
    _sit(room, "host")
    _sit(room, "cat", 2)
    _sit(room, "bob", 1)
    columns = room_row(room)
    assert columns["seats"]["arrivals"] == ["host", "cat", "bob"]
    row = Room(id="r1", version=0, created_at=0.0, updated_at=0.0, **columns)
    assert seniority(room_from_row(row)) == ["host", "cat", "bob"]
    del columns["seats"]["arrivals"]
    old = Room(id="r1", version=0, created_at=0.0, updated_at=0.0, **columns)
    assert seniority(room_from_row(old)) == ["host", "bob", "cat"]
    assert room_from_row(old).status is RoomStatus.OPEN


def test_a_host_who_leaves_passes_the_room_to_the_longest_seated_not_the_lowest_seat() -> None:
    room = _room()
    for account in ("host", "bob", "cat"):
        _sit(room, account)
    room.remove("bob")
    _sit(room, "dan", 1)  # the lowest free seat, taken after cat sat
    room.remove("host")
    assert room.host == "cat"
