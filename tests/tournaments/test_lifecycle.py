"""The lifecycle of one event: every transition, every refusal, replays, and storage."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest

from younuo.tournaments import (
    CancelReason,
    EntrantKind,
    ErrorCode,
    Format,
    NoShow,
    StartTable,
    Status,
    TableResult,
    Tournament,
    TournamentCancelled,
    TournamentError,
    TournamentFinished,
)

from .driving import NOW, START, created, entered, play_out, random_result, spec


def refused(expected: ErrorCode, call: object, *args: object, **kwargs: object) -> None:
    assert callable(call)
    with pytest.raises(TournamentError) as caught:
        call(*args, **kwargs)
    assert caught.value.code is expected, caught.value


def stored(t: Tournament) -> Tournament:
    return Tournament.from_dict(json.loads(json.dumps(t.to_dict())))


# ---------------------------------------------------------------------- creating
def test_public_events_are_an_admins_private_ones_anyones() -> None:
    refused(ErrorCode.NOT_ADMIN, Tournament.create, "cup", spec(), "p1", NOW)
    t, commands = Tournament.create("cup", spec(code="FRIEND"), "p1", NOW)
    assert t.status is Status.REGISTRATION and t.creator == "p1" and commands == ()
    assert Tournament.create("cup", spec(), "boss", NOW, admin=True).tournament.spec.code is None


def test_create_refuses_a_past_start_and_bad_ids() -> None:
    refused(ErrorCode.STARTS_IN_PAST, Tournament.create, "cup", spec(), "a", START, admin=True)
    refused(ErrorCode.BAD_ID, Tournament.create, "", spec(), "a", NOW, admin=True)
    refused(ErrorCode.BAD_ID, Tournament.create, "a b", spec(), "a", NOW, admin=True)
    refused(ErrorCode.BAD_ID, Tournament.create, "x" * 65, spec(), "a", NOW, admin=True)
    refused(ErrorCode.BAD_ACCOUNT, Tournament.create, "cup", spec(), "", NOW, admin=True)


# ---------------------------------------------------------------------- entering
def test_register_in_order_until_the_cap() -> None:
    t = entered(created(spec(cap=5)), 5)
    assert [r.account for r in t.registrations] == ["p0", "p1", "p2", "p3", "p4"]
    refused(ErrorCode.FULL, t.register, "late", 1000, NOW)
    refused(ErrorCode.ALREADY_REGISTERED, t.unregister("p4", NOW).tournament.register, "p0", 1, NOW)
    # Withdrawing frees a place.
    assert (
        len(t.unregister("p2", NOW).tournament.register("late", 1000, NOW).tournament.registrations)
        == 5
    )


def test_registration_closes_at_the_start() -> None:
    t = entered(created(spec()), 4)
    refused(ErrorCode.REGISTRATION_CLOSED, t.register, "x", 1, START)
    refused(ErrorCode.REGISTRATION_CLOSED, t.unregister, "p0", START)
    running = t.start(START, seed=1).tournament
    refused(ErrorCode.REGISTRATION_CLOSED, running.register, "x", 1, NOW)
    refused(ErrorCode.REGISTRATION_CLOSED, running.unregister, "p0", NOW)


def test_register_refuses_bad_accounts_and_ratings() -> None:
    t = created(spec())
    refused(ErrorCode.BAD_ACCOUNT, t.register, "bot:1", 1000, NOW)
    refused(ErrorCode.BAD_ACCOUNT, t.register, "", 1000, NOW)
    refused(ErrorCode.BAD_ACCOUNT, t.register, "a", True, NOW)
    refused(ErrorCode.BAD_ACCOUNT, t.register, "a", 10.5, NOW)
    refused(ErrorCode.NOT_REGISTERED, t.unregister, "a", NOW)


def test_a_private_event_needs_its_code_in_any_case() -> None:
    t = Tournament.create("cup", spec(code="K7Q2MX"), "host", NOW).tournament
    refused(ErrorCode.WRONG_CODE, t.register, "a", 1, NOW)
    refused(ErrorCode.WRONG_CODE, t.register, "a", 1, NOW, code="K7Q2MY")
    assert t.register("a", 1, NOW, code="k7q2mx").tournament.registration("a") is not None


def test_an_event_for_qualifiers() -> None:
    t = Tournament.create("final", spec(), "boss", NOW, admin=True, qualified=["a"]).tournament
    refused(ErrorCode.NOT_QUALIFIED, t.register, "b", 1, NOW)
    t = t.qualify(["b", "a"]).tournament
    assert t.qualified == ("a", "b")
    assert t.qualify(["b"]).tournament is t
    assert t.register("b", 1, NOW).tournament.registration("b") is not None
    refused(ErrorCode.NOT_QUALIFIED, created(spec()).qualify, ["a"])
    four = Tournament.create("f", spec(), "boss", NOW, admin=True, qualified="abcd").tournament
    for name in "abcd":
        four = four.register(name, 1, NOW).tournament
    refused(ErrorCode.REGISTRATION_CLOSED, four.start(START, 1).tournament.qualify, ["e"])


def test_check_in_only_within_its_window_and_twice_is_once() -> None:
    t = entered(created(spec(check_in=timedelta(minutes=30))), 4)
    opens = START - timedelta(minutes=30)
    refused(ErrorCode.CHECK_IN_NOT_OPEN, t.check_in, "p0", opens - timedelta(seconds=1))
    refused(ErrorCode.CHECK_IN_CLOSED, t.check_in, "p0", START)
    refused(ErrorCode.NOT_REGISTERED, t.check_in, "zz", opens)
    once = t.check_in("p0", opens).tournament
    assert once.registration("p0").checked_in == opens  # type: ignore[union-attr]
    assert once.check_in("p0", opens + timedelta(minutes=1)) == (once, ())
    refused(ErrorCode.CHECK_IN_CLOSED, once.start(START, 1).tournament.check_in, "p1", opens)


# ---------------------------------------------------------------------- starting
def test_start_waits_for_its_time_and_seats_the_first_stage() -> None:
    t = entered(created(spec()), 9)
    refused(ErrorCode.TOO_EARLY, t.start, START - timedelta(seconds=1), 5)
    running, commands = t.start(START, 5)
    assert running.status is Status.RUNNING and running.seed == 5
    assert [c.table_id for c in commands if isinstance(c, StartTable)] == ["cup-s1-t1", "cup-s1-t2"]
    tables = [c for c in commands if isinstance(c, StartTable)]
    assert sorted(len(c.seats) for c in tables) == [4, 5]
    assert all(c.rules == spec().table_rules() and c.match_seconds == 0 for c in tables)
    assert all(c.seed == running.table(c.table_id).seed for c in tables)  # type: ignore[union-attr]


def test_start_is_deterministic_by_seed() -> None:
    t = entered(created(spec()), 16)
    assert t.start(START, 5) == t.start(START, 5)
    seats = {t.start(START, s).tournament.stages[0].tables[0].seats for s in range(6)}
    assert len(seats) > 1


def test_a_replayed_start_changes_nothing() -> None:
    running = entered(created(spec()), 8).start(START, 5).tournament
    assert running.start(START, 6) == (running, ())
    assert running.start(START + timedelta(days=1), 5).tournament is running


def test_no_shows_are_dropped_under_the_bye_policy() -> None:
    t = entered(created(spec(check_in=timedelta(minutes=10))), 10, checked_in=8)
    running, commands = t.start(START, 1)
    assert running.no_shows == ("p8", "p9")
    assert {e.id for e in running.entrants} == {f"p{i}" for i in range(8)}
    assert len(commands) == 1 and len(commands[0].seats) == 8  # type: ignore[union-attr]


def test_no_shows_seats_go_to_bots_under_the_bot_policy() -> None:
    s = spec(check_in=timedelta(minutes=10), no_show=NoShow.BOT, bot_level="easy")
    running, commands = entered(created(s), 10, checked_in=7).start(START, 1)
    bots = [e for e in running.entrants if e.kind is EntrantKind.BOT]
    assert [(b.id, b.replaces, b.bot_level) for b in bots] == [
        ("bot:1", "p7", "easy"),
        ("bot:2", "p8", "easy"),
        ("bot:3", "p9", "easy"),
    ]
    seated = [seat for c in commands if isinstance(c, StartTable) for seat in c.seats]
    assert sum(seat.is_bot for seat in seated) == 3 and len(seated) == 10
    assert all(seat.account is None for seat in seated if seat.is_bot)


def test_bots_fill_a_count_below_the_table() -> None:
    running, commands = entered(created(spec(no_show=NoShow.BOT)), 3).start(START, 1)
    assert [e.id for e in running.entrants] == ["p0", "p1", "p2", "bot:1"]
    assert running.entrant("bot:1").replaces is None  # type: ignore[union-attr]
    assert len(commands) == 1


@pytest.mark.parametrize(
    ("s", "present"),
    [
        (spec(), 3),  # byes cannot make a table of 3
        (spec(no_show=NoShow.BOT), 1),  # a bot policy still needs two people
        (spec(Format.LEAGUE, cap=8), 7),  # a league is played by exactly its size
    ],
)
def test_too_few_present_cancels(s: object, present: int) -> None:
    from younuo.tournaments import TournamentSpec

    assert isinstance(s, TournamentSpec)
    done, commands = entered(created(s), present).start(START, 1)
    assert done.status is Status.CANCELLED and done.cancelled is CancelReason.TOO_FEW_PLAYERS
    assert commands == (TournamentCancelled(CancelReason.TOO_FEW_PLAYERS),)
    assert done.resume() == commands
    assert stored(done) == done


# ---------------------------------------------------------------------- results
def test_results_in_order_lead_to_the_next_stage_then_the_end() -> None:
    running, commands = entered(created(spec()), 9).start(START, 3)
    rng = random.Random(0)
    first = random_result(commands[0], rng)  # type: ignore[arg-type]
    half, more = running.record(first)
    assert more == () and half.table(first.table_id).result == first  # type: ignore[union-attr]
    assert half.resume() == commands[1:]
    final, more = half.record(random_result(commands[1], rng))  # type: ignore[arg-type]
    assert [c.table_id for c in more] == ["cup-s2-t1"]  # type: ignore[union-attr]
    over, last = final.record(random_result(more[0], rng))  # type: ignore[arg-type]
    assert over.status is Status.FINISHED and len(last) == 1
    assert isinstance(last[0], TournamentFinished)
    assert [e.id for e in last[0].places] == list(over.places)
    assert last[0].champion.id == over.stages[-1].tables[0].result.places[0]  # type: ignore[union-attr]
    assert over.resume() == last


def test_a_result_delivered_twice_changes_nothing() -> None:
    running, commands = entered(created(spec()), 9).start(START, 3)
    rng = random.Random(1)
    result = random_result(commands[0], rng)  # type: ignore[arg-type]
    once = running.record(result).tournament
    assert once.record(result) == (once, ())
    assert once.record(TableResult.from_dict(result.to_dict())).tournament is once
    other = TableResult(result.table_id, tuple(reversed(result.places)), result.scores)
    refused(ErrorCode.RESULT_CONFLICT, once.record, other)
    # After the end, a late copy of any result is still a no-op.
    over, _ = play_out(once, commands[1:], lambda c: random_result(c, rng))
    assert over.status is Status.FINISHED
    assert over.record(result) == (over, ())


def test_results_must_fit_their_table() -> None:
    running, commands = entered(created(spec()), 8).start(START, 3)
    seats = [s.id for s in commands[0].seats]  # type: ignore[union-attr]
    refused(ErrorCode.UNKNOWN_TABLE, running.record, TableResult("cup-s9-t1", ("p0",), {"p0": 0}))
    wrong = ["zz", *seats[1:]]
    refused(
        ErrorCode.BAD_RESULT,
        running.record,
        TableResult("cup-s1-t1", tuple(wrong), dict.fromkeys(wrong, 0)),
    )
    short = seats[1:]
    refused(
        ErrorCode.BAD_RESULT,
        running.record,
        TableResult("cup-s1-t1", tuple(short), dict.fromkeys(short, 0)),
    )


def test_cancel() -> None:
    open_one = entered(created(spec()), 4)
    done, commands = open_one.cancel()
    assert done.status is Status.CANCELLED and commands == (
        TournamentCancelled(CancelReason.BY_ORGANISER),
    )
    assert done.cancel() == (done, ())
    running, starts = entered(created(spec()), 8).start(START, 1)
    halted = running.cancel().tournament
    assert halted.resume() == (TournamentCancelled(CancelReason.BY_ORGANISER),)
    refused(ErrorCode.NOT_RUNNING, halted.record, random_result(starts[0], random.Random(0)))  # type: ignore[arg-type]
    rng = random.Random(2)
    over, _ = play_out(running, starts, lambda c: random_result(c, rng))
    refused(ErrorCode.ALREADY_OVER, over.cancel)


def test_resume_before_the_start_has_nothing_to_do() -> None:
    assert entered(created(spec()), 4).resume() == ()


# ---------------------------------------------------------------------- storing
@pytest.mark.parametrize("fmt", list(Format))
def test_every_step_survives_json_exactly(fmt: Format) -> None:
    s = spec(fmt, cap=8, rounds=2, check_in=timedelta(minutes=5), no_show=NoShow.BOT)
    t = Tournament.create("ev1", s, "boss", NOW, admin=True, qualified=None).tournament
    assert stored(t) == t
    t = entered(t, 7, checked_in=6)
    assert stored(t) == t
    t, commands = t.start(START, 42)
    assert stored(t) == t and stored(t).resume() == commands
    rng = random.Random(3)
    over, _ = play_out(t, commands, lambda c: random_result(c, rng), stored=True)
    assert over.status is Status.FINISHED and stored(over) == over
    # Storing after every step (a restart at any point) gives the same event as never storing.
    rng2 = random.Random(3)
    direct, _ = play_out(t, commands, lambda c: random_result(c, rng2))
    assert direct == over


def test_from_dict_refuses_what_is_not_a_stored_event() -> None:
    data = entered(created(spec()), 4).to_dict()
    for broken in ({**data, "status": "paused"}, {k: v for k, v in data.items() if k != "stages"}):
        refused(ErrorCode.BAD_RECORD, Tournament.from_dict, broken)


def test_times_must_be_aware() -> None:
    naive = NOW.replace(tzinfo=None)
    refused(ErrorCode.BAD_TIME, Tournament.create, "cup", spec(), "a", naive, admin=True)
    t = entered(created(spec(check_in=timedelta(minutes=5))), 4)
    refused(ErrorCode.BAD_TIME, t.register, "x", 1, naive)
    refused(ErrorCode.BAD_TIME, t.unregister, "p0", naive)
    refused(ErrorCode.BAD_TIME, t.check_in, "p0", naive)
    refused(ErrorCode.BAD_TIME, t.start, START.replace(tzinfo=None), 1)
