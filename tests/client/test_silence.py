"""A match that stays silent is asked for again (younuo.client.silence; docs/protocol.md
§4, on ``sync``): the waits, and the conversation's checks frame by frame."""

from __future__ import annotations

from typing import Any

from younuo.client import Conversation, Match, Silence
from younuo.client.messages import ClockOut, MatchOver, State, Sync, Update

NOW = 1000.0


def clock(**deadlines: float | None) -> ClockOut:
    fields: dict[str, Any] = {
        "turn_player": "Ann",
        "turn_deadline": None,
        "match_deadline": None,
        "next_round_at": None,
        "catch_until": None,
    }
    return ClockOut(**{**fields, **deadlines})


def state(version: int, at: float = NOW, status: str = "playing", **deadlines: float) -> State:
    return State(
        match="m1",
        version=version,
        server_time=at,
        you="Ann",
        view={"player": "Ann", "current": "Ann", "status": status},
        table=[],
        clock=clock(**deadlines),
        events=[],
        legal=[{"type": "draw"}],
    )


def update(version: int, at: float = NOW, **deadlines: float) -> Update:
    return Update(
        match="m1",
        version=version,
        server_time=at,
        events=[],
        view={"current": "Bob"},
        delta=True,
        table=[],
        clock=clock(**deadlines),
        legal=[],
    )


def test_the_wait_runs_to_the_earliest_deadline_and_doubles_with_each_check() -> None:
    silence = Silence()
    picture = Match.of(state(3, turn_deadline=NOW + 10))
    assert silence.wait(picture, 0) == 15.0  # 5 s past the turn's end
    assert silence.wait(picture, 1) == 30.0
    assert silence.wait(picture, 3) == 120.0  # capped
    assert silence.wait(picture, 10_000) == 120.0  # no overflow however long it lasts
    earliest = Match.of(state(3, turn_deadline=NOW + 10, next_round_at=NOW + 2))
    assert silence.wait(earliest, 0) == 7.0
    by_the_match_clock = Match.of(state(3, match_deadline=NOW + 4))
    assert silence.wait(by_the_match_clock, 0) == 9.0
    past = Match.of(state(3, turn_deadline=NOW - 30))  # the server is late: grace only
    assert silence.wait(past, 0) == 5.0
    no_clock = Match.of(state(3))
    assert silence.wait(no_clock, 0) == 60.0
    assert Silence(idle=2.0, most=5.0).wait(no_clock, 2) == 5.0
    assert silence.wait(Match.of(state(9, status="match_over")), 0) is None


def test_a_silent_picture_is_synced_then_checked_less_often_until_it_moves() -> None:
    talk = Conversation("tok")
    first = talk.receive(state(3, turn_deadline=NOW + 10))
    assert first.silence_after == 15.0
    step = talk.silent("m1", 3)
    assert len(step.send) == 1 and isinstance(step.send[0], Sync)
    assert talk.silent("m1", 3).send == ()  # its answer is awaited: one sync at a time
    # The answer: the same version, the deadline passed: the next check waits twice as long.
    answer = state(3, at=NOW + 16, turn_deadline=NOW + 10).model_copy(
        update={"ref": step.send[0].ref}
    )
    assert talk.receive(answer).silence_after == 10.0
    assert isinstance(talk.silent("m1", 3).send[0], Sync)
    assert talk.receive(answer).silence_after == 20.0
    # The match moves: the checks start over, from the new deadline.
    moved = talk.receive(update(4, at=NOW + 40, turn_deadline=NOW + 50))
    assert moved.frame is not None and moved.silence_after == 15.0
    assert talk.quiet_checks == 0
    assert talk.silent("m1", 3).send == ()  # a check of a version no longer shown
    assert talk.silent("m2", 4).send == ()  # nor of another match
    # A new state of a newer version starts over as well.
    talk.receive(state(4, at=NOW + 41))
    assert isinstance(talk.silent("m1", 4).send[0], Sync)
    assert talk.receive(state(6, at=NOW + 42)).silence_after == 60.0


def test_a_match_that_ended_is_not_checked() -> None:
    talk = Conversation("tok")
    talk.receive(state(3))
    talk.receive(MatchOver(match="m1", status="over", winner="Ann", results=[]))
    assert talk.silent("m1", 3).send == ()
    over = Conversation("tok")
    assert over.receive(state(9, status="match_over")).silence_after is None
    assert Conversation("tok").silent("m1", 0).send == ()  # no picture at all
