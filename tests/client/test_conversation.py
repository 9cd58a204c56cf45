"""The protocol's state machine, frame by frame, with no server (younuo.client.conversation)."""

from __future__ import annotations

import json
from typing import Any

from younuo.client import Conversation, Match
from younuo.client.messages import (
    AccountOut,
    Avatar,
    ClockOut,
    ErrorOut,
    LeftRoom,
    LevelOut,
    Lobby,
    MatchOver,
    RoomMessage,
    RoomOut,
    RoomSettingsOut,
    State,
    Sync,
    Update,
    WatchLobby,
    Welcome,
    encode,
    parse_server,
)

CLOCK = ClockOut(
    turn_player="Ann", turn_deadline=None, match_deadline=None, next_round_at=None, catch_until=None
)
ACCOUNT = AccountOut(
    id="a1",
    name="Ann",
    guest=True,
    rating=0,
    level=LevelOut(number=1, name="Infant", name_zh="嬰兒寶寶"),
    skill=1000,
    avatar=Avatar(),
)


def state(version: int, match: str = "m1", **view: Any) -> State:
    return State(
        match=match,
        version=version,
        server_time=1.0,
        you="Ann",
        view={"player": "Ann", "current": "Ann", "hand": ["R5", "G7"], "top": "R1", **view},
        table=[],
        clock=CLOCK,
        events=[],
        legal=[{"type": "draw"}],
    )


def update(version: int, view: dict[str, Any], delta: bool = True, match: str = "m1") -> Update:
    return Update(
        match=match,
        version=version,
        server_time=2.0,
        events=[{"type": "draw", "player": "Ann", "cards": ["B2"], "reason": "turn"}],
        view=view,
        delta=delta,
        table=[],
        clock=CLOCK,
        legal=[],
    )


def room(room_id: str = "r1", version: int = 1) -> RoomOut:
    settings = RoomSettingsOut(
        name="t",
        seats=4,
        needed=2,
        mode="ffa",
        preset="classic",
        options={},
        private=False,
        abandon="leave",
    )
    return RoomOut(
        id=room_id,
        name="t",
        status="open",
        version=version,
        host="a1",
        private=False,
        code=None,
        settings=settings,
        rules={"preset": "classic"},
        seats=[None] * 4,
        spectators=0,
        match=None,
    )


def test_hello_carries_the_token_and_refs_are_never_reused() -> None:
    talk = Conversation("tok", deltas=True)
    hello = talk.hello()
    assert (hello.token, hello.deltas, hello.protocol, hello.ref) == ("tok", True, 1, 1)
    sent = json.loads(encode(hello))
    assert sent == {"type": "hello", "protocol": 1, "token": "tok", "deltas": True, "ref": 1}
    prepared = talk.prepare(Sync(type="sync"))
    assert prepared.ref == 2 and json.loads(encode(prepared)) == {"type": "sync", "ref": 2}
    assert talk.hello().ref == 3  # a reconnect goes on counting


def test_deltas_are_applied_over_the_view() -> None:
    talk = Conversation("tok")
    talk.receive(state(4))
    step = talk.receive(update(5, {"hand": ["R5"], "current": "Bob"}))
    assert step.send == ()
    assert isinstance(step.frame, Update) and not step.frame.delta
    assert step.frame.view == {"player": "Ann", "current": "Bob", "hand": ["R5"], "top": "R1"}
    picture = talk.match
    assert isinstance(picture, Match)
    assert (picture.version, picture.view["hand"], picture.my_turn) == (5, ["R5"], False)
    assert picture.events[0]["cards"] == ["B2"]
    whole = {"player": "Ann", "current": "Ann", "hand": [], "top": "W"}
    talk.receive(update(6, whole, delta=False))
    assert talk.match is not None and talk.match.view == whole and talk.match.my_turn


def test_a_version_gap_is_never_applied_it_is_resynced() -> None:
    talk = Conversation("tok")
    talk.receive(state(4))
    step = talk.receive(update(6, {"hand": []}))  # version 5 is missing
    assert step.frame is None
    assert len(step.send) == 1 and isinstance(step.send[0], Sync)
    assert talk.match is not None and talk.match.version == 4 and talk.match.view["hand"] != []
    # Until the sync's state comes, updates are held back (and no second sync goes).
    assert talk.receive(update(7, {"hand": ["B1"]})).send == ()
    answer = state(7, hand=["B1"]).model_copy(update={"ref": step.send[0].ref})
    assert talk.receive(answer).frame is answer
    assert talk.match is not None and talk.match.version == 7 and talk.syncing is None
    assert talk.receive(update(8, {"top": "B1"})).frame is not None


def test_a_delta_with_nothing_to_apply_it_to_is_resynced() -> None:
    talk = Conversation("tok")
    step = talk.receive(update(3, {"hand": []}))
    assert step.frame is None and isinstance(step.send[0], Sync)
    other = Conversation("tok")
    other.receive(state(3, match="m1"))
    assert isinstance(other.receive(update(4, {}, match="m2")).send[0], Sync)


def test_a_sync_refused_for_no_match_ends_the_wait() -> None:
    talk = Conversation("tok")
    talk.receive(state(1))
    sync = talk.receive(update(3, {})).send[0]
    refusal = ErrorOut(code="no_match", message="no running match to sync", ref=sync.ref)
    assert talk.receive(refusal).frame is None  # its own: not shown to the program
    assert talk.syncing is None


def test_stale_version_waits_for_the_update_then_syncs_if_it_never_came() -> None:
    talk = Conversation("tok")
    talk.receive(state(4))
    stale = ErrorOut(code="stale_version", message="moved on", ref=9, details={"version": 5})
    step = talk.receive(stale)
    assert step.frame is stale and step.send == () and step.check_after == 1.0
    talk.receive(update(5, {}))  # it came: the check sends nothing
    assert talk.check().send == ()
    step = talk.receive(stale.model_copy(update={"details": {"version": 7}}))
    assert step.check_after is not None
    assert isinstance(talk.check().send[0], Sync)  # it did not come: look again
    # A stale_version for a version already seen needs nothing.
    talk2 = Conversation("tok")
    talk2.receive(state(6))
    assert talk2.receive(stale).check_after is None


def test_the_room_lobby_and_result_are_kept() -> None:
    talk = Conversation("tok")
    talk.receive(Welcome(server_time=1.0, account=ACCOUNT, room="r1"))
    assert talk.account == ACCOUNT and talk.room is None
    talk.receive(RoomMessage(room=room()))
    assert talk.room is not None and talk.room.id == "r1" and talk.room_changes == 1
    talk.receive(state(0))
    talk.receive(Lobby(rooms=[]))
    assert talk.lobby == ()
    over = MatchOver(match="m1", status="over", winner="Ann", results=[])
    talk.receive(over)
    assert talk.over == over
    talk.receive(LeftRoom(room="r1"))
    assert talk.room is None and talk.match is None
    # A welcome after a reconnect with no room clears the room.
    talk.receive(RoomMessage(room=room()))
    talk.receive(Welcome(server_time=2.0, account=ACCOUNT, room=None))
    assert talk.room is None


def test_server_frames_parse_into_the_server_models_and_unknown_types_are_skipped() -> None:
    frame = parse_server('{"type": "ack", "ref": 3, "new_field": 1}')
    assert frame is not None and frame.type == "ack"
    assert parse_server('{"type": "a_message_of_protocol_1_point_9"}') is None
    for bad in ('{"no": "type"}', "[1]", "not json", '{"type": "ack", "ref": []}'):
        try:
            parse_server(bad)
        except Exception as exc:
            assert type(exc).__name__ == "BadFrame"
            continue
        raise AssertionError(f"{bad!r} read")


def test_a_watched_lobby_is_watched_again_after_a_reconnect() -> None:
    talk = Conversation("tok")
    talk.hello()
    assert talk.receive(Welcome(server_time=1.0, account=ACCOUNT, room=None)).send == ()
    talk.prepare(WatchLobby(type="watch_lobby", mode="teams", free_seats=1))
    talk.hello()  # the connection was lost: a new one
    again = talk.receive(Welcome(server_time=2.0, account=ACCOUNT, room=None)).send
    assert len(again) == 1 and isinstance(again[0], WatchLobby)
    assert (again[0].mode, again[0].free_seats, again[0].on) == ("teams", 1, True)
    talk.prepare(WatchLobby(type="watch_lobby", on=False))
    talk.hello()
    assert talk.receive(Welcome(server_time=3.0, account=ACCOUNT, room=None)).send == ()
