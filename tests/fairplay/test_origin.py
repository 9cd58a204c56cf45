"""Several accounts at one table from one browser or address."""

from __future__ import annotations

from younuo.fairplay import CaseKind, OriginKind, SeatFacts, StoredMatch, shared_origins
from younuo.fairplay.detector import origin_cases

RECORD = {"format": "younuo-record/1"}  # the origin signal reads only the seat facts


def table(match_id: str, *seats: SeatFacts) -> StoredMatch:
    return StoredMatch(match_id, RECORD, seats)


def test_one_browser_behind_two_seats_opens_a_case_at_once() -> None:
    m = table(
        "m1",
        SeatFacts("Ann", "a1", address="10.0.0.1", browser="b-1"),
        SeatFacts("Bob", "a2", address="10.0.0.2", browser="b-1"),
        SeatFacts("Cat", "a3", address="10.0.0.3", browser="b-3"),
        SeatFacts("Bot", None, browser="b-1"),  # a bot seat is nobody's account
    )
    found = shared_origins([m])
    assert [(f.kind, f.accounts, f.matches) for f in found] == [
        (OriginKind.BROWSER, ("a1", "a2"), ("m1",))
    ]
    cases = origin_cases([m])
    assert len(cases) == 1
    case = cases[0]
    assert case.kind is CaseKind.SAME_ORIGIN and case.accounts == ("a1", "a2")
    assert case.score == 1.0 and "b-1" in case.summary


def test_one_address_needs_several_matches() -> None:
    def at(match_id: str) -> StoredMatch:
        return table(
            match_id,
            SeatFacts("Ann", "a1", address="203.0.113.9"),
            SeatFacts("Bob", "a2", address="203.0.113.9"),
            SeatFacts("Cat", "a3", address="198.51.100.4"),
        )

    assert origin_cases([at("m1"), at("m2")]) == []
    cases = origin_cases([at("m1"), at("m2"), at("m3")])
    assert [(c.accounts, c.matches, c.score) for c in cases] == [
        (("a1", "a2"), ("m1", "m2", "m3"), 3.0)
    ]


def test_one_account_on_one_address_is_nothing_and_origins_are_listed() -> None:
    same_account = table(
        "m1", SeatFacts("Ann", "a1", address="x"), SeatFacts("Ann2", "a1", address="x")
    )
    assert shared_origins([same_account]) == ()
    moved = [
        table("m1", SeatFacts("A", "a1", browser="p"), SeatFacts("B", "a2", browser="p")),
        table("m2", SeatFacts("A", "a1", browser="q"), SeatFacts("B", "a2", browser="q")),
    ]
    (found,) = shared_origins(moved)
    assert found.origins == ("p", "q") and found.matches == ("m1", "m2")
