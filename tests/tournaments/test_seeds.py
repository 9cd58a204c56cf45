"""An event's secrets and its tables' seeds (docs/security.md, "Threat model";
docs/tournaments.md, "Ids and seeds").

Since keyed deals: two 128-bit secrets, the deal secret keying every table's deal, the
seat secret every table's seat order, so what is public (seat orders, bracket, table
ids, standings) is the same whatever the deal secret, and a table's key is keyed BLAKE2b
of the deal secret. Events stored with one integer seed still derive as they did.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from younuo.tournaments import (
    EventSecrets,
    Format,
    StartTable,
    Tournament,
    TournamentError,
)
from younuo.tournaments.seeds import derive, table_deal, table_seats

from .driving import START, created, entered, play_out, random_result, spec

DEALS = "d0" * 16
SEATS = "5e" * 16


def secrets_(deals: str = DEALS, seats: str = SEATS) -> EventSecrets:
    return EventSecrets(deals=deals, seats=seats)


def keyed_reference(secret: str, label: str, table_id: str) -> str:
    """The documented derivation, written out with hashlib."""
    return hashlib.blake2b(
        f"{label}:{table_id}".encode(),
        key=bytes.fromhex(secret),
        person=b"younuo-event-v1",
        digest_size=16,
    ).hexdigest()


def run(fmt: Format, entrants: int, seed: Any, **fields: Any) -> tuple[Tournament, list[Any]]:
    """An event started from ``seed`` and played to its end, results shuffled the same
    way whatever the seed (they depend on the table ids and seats only)."""
    t, commands = entered(created(spec(fmt, **fields)), entrants).start(START, seed)

    def result(command: StartTable) -> Any:
        rng = random.Random(f"{command.table_id}/{','.join(s.id for s in command.seats)}")
        return random_result(command, rng)

    return play_out(t, commands, result, stored=True)


def public(t: Tournament) -> dict[str, Any]:
    """Everything of the event but its secrets and its tables' deal keys."""
    data = t.to_dict()
    del data["seed"]
    for stage in data["stages"]:
        for table in stage["tables"]:
            del table["seed"]
    return data


FORMATS = [
    (Format.ELIMINATION, 16, {"advance": 2, "table_min": 4, "table_max": 4, "cap": 16}),
    (Format.SWISS, 14, {"rounds": 3, "table_min": 4, "table_max": 5, "cap": 14}),
    (Format.LEAGUE, 8, {"cap": 8}),
]


@pytest.mark.parametrize(("fmt", "n", "fields"), FORMATS, ids=[str(f) for f, _, _ in FORMATS])
def test_public_data_of_an_event_is_independent_of_its_deal_secret(
    fmt: Format, n: int, fields: dict[str, Any]
) -> None:
    """The issue's attack searched the event seed from public seat orders: now the seat
    orders, bracket, table ids, standings and places are one and the same under two deal
    secrets, while every table's deal key differs."""
    one, commands_one = run(fmt, n, secrets_(), **fields)
    two, commands_two = run(fmt, n, secrets_(deals="d1" * 16), **fields)
    assert public(one) == public(two)
    assert one.bracket() == two.bracket() and one.standings() == two.standings()
    tables_one = [t for s in one.stages for t in s.tables]
    tables_two = [t for s in two.stages for t in s.tables]
    assert len(tables_one) >= 3 and len({t.stage for t in tables_one}) >= 2
    for a, b in zip(tables_one, tables_two, strict=True):
        assert a.id == b.id and a.seats == b.seats and a.seed != b.seed
    starts = [c for c in commands_one if isinstance(c, StartTable)]
    assert [c.seats for c in starts] == [c.seats for c in commands_two if isinstance(c, StartTable)]


def test_the_deals_do_not_depend_on_the_seat_secret() -> None:
    fields = FORMATS[0][2]
    one, _ = run(Format.ELIMINATION, 16, secrets_(), **fields)
    other = entered(created(spec(Format.ELIMINATION, **fields)), 16).start(
        START, secrets_(seats="5f" * 16)
    )
    first = {t.id: t for t in one.stages[0].tables}
    for table in other.tournament.stages[0].tables:
        assert table.seed == first[table.id].seed
    assert [t.seats for t in other.tournament.stages[0].tables] != [
        t.seats for t in one.stages[0].tables
    ]


def test_table_keys_are_keyed_blake2b_of_the_deal_secret_and_seats_of_the_seat_secret() -> None:
    t, _ = run(Format.ELIMINATION, 16, secrets_(), **FORMATS[0][2])
    keys, seat_keys = set(), set()
    for table in (t for s in t.stages for t in s.tables):
        assert table.seed == keyed_reference(DEALS, "deal", table.id)
        assert table_seats(secrets_(), table.id) == keyed_reference(SEATS, "seats", table.id)
        assert isinstance(table.seed, str) and len(bytes.fromhex(table.seed)) * 8 == 128
        keys.add(table.seed)
        seat_keys.add(table_seats(secrets_(), table.id))
    assert len(keys) == len(seat_keys) == sum(len(s.tables) for s in t.stages)
    # No deal key is a secret or a seat key: the public side shares nothing with them.
    assert not keys & (seat_keys | {DEALS, SEATS})


@pytest.mark.parametrize(
    ("deals", "seats"),
    [
        ("d0" * 15, SEATS),
        (DEALS, "5E" * 16),
        (DEALS, DEALS),
        ("", SEATS),
        (DEALS, "x" * 32),
    ],
)
def test_secrets_are_two_different_128_bit_keys(deals: str, seats: str) -> None:
    with pytest.raises(ValueError):
        EventSecrets(deals=deals, seats=seats)


@pytest.mark.parametrize("seed", ["99", True, 1.5, None, DEALS])
def test_an_event_starts_only_from_its_secrets_or_an_old_integer_seed(seed: Any) -> None:
    t = entered(created(spec()), 8)
    with pytest.raises(TournamentError) as info:
        t.start(START, seed)
    assert info.value.code == "bad_record"


def test_the_secrets_are_stored_with_the_event_and_read_back() -> None:
    t, _ = entered(created(spec()), 8).start(START, secrets_())
    data = json.loads(json.dumps(t.to_dict()))
    assert data["seed"] == {"deals": DEALS, "seats": SEATS}
    assert Tournament.from_dict(data) == t


def test_an_event_stored_with_an_integer_seed_goes_on_deriving_as_before() -> None:
    """An event started before keyed deals (one 31-bit seed): read back from its stored
    form, its later stages still take their seats and seeds from that seed."""
    fields = FORMATS[0][2]
    t, commands = entered(created(spec(Format.ELIMINATION, **fields)), 16).start(START, 1234)
    stored = json.loads(json.dumps(t.to_dict()))
    assert stored["seed"] == 1234
    again = Tournament.from_dict(stored)
    assert again.to_dict() == stored
    done, _ = play_out(again, commands, lambda c: random_result(c, random.Random(c.table_id)))
    for table in (t for s in done.stages for t in s.tables):
        assert table.seed == derive(1234, table.id) == table_deal(1234, table.id)
        assert isinstance(table.seed, int)


def test_derive_is_stable_and_spreads() -> None:
    # A fixed value: Python's own hash() of a string would change from run to run.
    assert derive(7, "cup-s1-t1") == derive(7, "cup-s1-t1") == 2700723160129789450
    seeds = {derive(7, f"cup-s1-t{n}") for n in range(1, 200)} | {derive(8, "cup-s1-t1")}
    assert len(seeds) == 200
    assert all(0 <= s < 2**63 for s in seeds)
