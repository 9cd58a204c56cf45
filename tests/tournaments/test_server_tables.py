"""The pure part of a tournament's tables on the server (server/tournaments/tables.py):
the ids derived from event and table, the players' names at the table, the room made
for it, and a table's result read from its stored match (over, abandoned, or never
played for want of people)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from younuo.server.accounts.seatfacts import match_seat, seat_facts
from younuo.server.lobby.rooms import RoomState, Settings
from younuo.server.tournaments.tables import (
    is_table_match,
    seat_names,
    table_match_id,
    table_result,
    table_room,
    table_room_id,
    unplayed_result,
)
from younuo.store.ids import new_id
from younuo.store.models import Account, Match, Result
from younuo.tournaments import Entrant, StartTable

ANN, BOB, CAT = (Entrant.player(a, 1500, i) for i, a in enumerate(("ann", "bob", "cat")))
BOT = Entrant.bot(1, "easy", 3)


def command(
    seats: tuple[Entrant, ...] = (ANN, BOB, CAT, BOT), rules: dict[str, Any] | None = None
) -> StartTable:
    return StartTable(
        table_id="cup-s1-t1",
        stage=1,
        seats=seats,
        teams=None,
        rules=rules or {"preset": "younuo", "scoring": "single"},
        match_seconds=0,
        seed=7,
    )


def match(status: str, players: list[str], winner: str | None) -> Match:
    return Match(id="m1x", status=status, players=players, winner=winner)


def result(name: str, score: int, left: bool = False, winner: bool = False) -> Result:
    return Result(match_id="m1x", name=name, score=score, left=left, winner=winner)


def test_ids_are_derived_from_event_and_table_and_never_random() -> None:
    assert table_match_id("cup", "cup-s1-t1") == table_match_id("cup", "cup-s1-t1")
    assert table_match_id("cup", "cup-s1-t1") != table_match_id("cup", "cup-s1-t2")
    assert table_match_id("cup", "cup-s1-t1") != table_match_id("cap", "cup-s1-t1")
    assert len(table_match_id("cup", "x")) == 16 == len(table_room_id("cup", "x"))
    assert is_table_match(table_match_id("cup", "x"))
    # A random match id never has "1" after its prefix: never taken for a table's.
    assert not any(is_table_match(new_id("m")) for _ in range(500))


def test_names_at_the_table_are_the_accounts_and_bots_made_unique() -> None:
    names = seat_names(command(), {"ann": "Pat", "bob": "pat", "cat": "Cat"})
    assert names == ["Pat", "pat (2)", "Cat", "Bot 1"]
    long = seat_names(command((ANN, BOB, CAT)), {"ann": "x" * 40, "bob": "x" * 40})
    assert long[1] == "x" * 36 + " (2)" and len(long[1]) == 40
    assert long[2] == "cat"  # an account with no name found plays under its id


def test_the_room_of_a_table_seats_its_entrants_and_plays_the_event_rules() -> None:
    c = command()
    names = seat_names(c, {"ann": "Ann", "bob": "Bob", "cat": "Cat"})
    room = table_room("cup", "Friday cup", c, names, {})
    assert room.id == table_room_id("cup", c.table_id)
    assert room.match_id == table_match_id("cup", c.table_id)
    assert room.status == "playing" and room.settings.private and room.code is None
    assert room.settings.abandon == "bot" and room.host == "ann"
    assert room.settings.rules().scoring == "single"
    kinds = [(s.kind, s.account, s.bot_level) for s in room.seats if s is not None]
    assert kinds == [
        ("human", "ann", None),
        ("human", "bob", None),
        ("human", "cat", None),
        ("bot", None, "easy"),
    ]


def test_a_table_s_seats_show_the_same_facts_as_every_other_table_s() -> None:
    """Issue 38, 6: a bot account's seat is marked ``bot_account`` and a master's seat
    has its ``title``, in the room and in the match, as a room the players made shows."""
    c = command()
    names = seat_names(c, {"ann": "Ann", "bob": "Ann", "cat": "Cat"})
    master = Account(
        id="ann", name="Ann", outfit="blue", expression="cool", title="master", bot=False
    )
    bot = Account(id="bob", name="Ann", outfit="green", expression="smile", bot=True)
    facts = {a.id: seat_facts(a) for a in (master, bot)}
    room = table_room("cup", "Friday cup", c, names, facts)
    seats = [s for s in room.seats if s is not None]
    marks = [(s.name, s.bot_account, s.title, s.outfit, s.expression) for s in seats]
    assert marks == [
        ("Ann", False, "master", "blue", "cool"),
        ("Ann (2)", True, None, "green", "smile"),  # the table's name, the bot's facts
        ("Cat", False, None, "red", "smile"),  # no account found: the name only
        ("Bot 1", False, None, "red", "grin"),
    ]
    # What a player-made room shows of the same accounts, seat for seat.
    made = RoomState(id="r", settings=Settings(name="Home"), host=None, seats=[None] * 4)
    made.sit("ann", facts["ann"])
    assert made.seats[0] == replace(seats[0], ready=False)
    # Into the match as into any room's match: the same facts on every TableSeat.
    infos = [match_seat(s, teams=False) for s in seats]
    assert [(i.bot_account, i.title) for i in infos] == [
        (False, "master"),
        (True, None),
        (False, None),
        (False, None),
    ]


def test_an_ended_match_gives_the_places_winner_first_then_by_score() -> None:
    c = command()
    names = ["Ann", "Bob", "Cat", "Bot 1"]
    rows = [
        result("Ann", 10),
        result("Bob", 90, winner=True),
        result("Cat", 40),
        result("Bot 1", 40),
    ]
    got = table_result(c, match("over", names, "Bob"), rows)
    assert got.table_id == c.table_id
    assert got.places == ("bob", "cat", "bot:1", "ann")  # equal scores: seat order
    assert dict(got.scores) == {"ann": 10, "bob": 90, "cat": 40, "bot:1": 40}


def test_lower_is_better_under_negative_scoring() -> None:
    c = command(rules={"preset": "younuo", "scoring": "negative"})
    names = ["Ann", "Bob", "Cat", "Bot 1"]
    rows = [result("Ann", 10), result("Bob", 0), result("Cat", 40), result("Bot 1", 5)]
    got = table_result(c, match("over", names, "Bob"), rows)
    assert got.places == ("bob", "bot:1", "ann", "cat")


def test_an_abandoned_match_is_placed_by_score_those_who_left_last_then_seat() -> None:
    c = command()
    names = ["Ann", "Bob", "Cat", "Bot 1"]
    rows = [
        result("Ann", 30, left=True),
        result("Bob", 10),
        result("Cat", 30),
        result("Bot 1", 10),
    ]
    # An abandoned match has no winner, whatever the column says.
    got = table_result(c, match("abandoned", names, "Ann"), rows)
    assert got.places == ("cat", "bob", "bot:1", "ann")


def test_a_table_of_bots_only_is_placed_in_seat_order() -> None:
    bots = (Entrant.bot(1, "easy", 0), Entrant.bot(2, "easy", 1))
    got = unplayed_result(command(bots))
    assert got.places == ("bot:1", "bot:2") and set(got.scores.values()) == {0}
