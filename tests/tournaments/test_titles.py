"""The master title: awards, one-year validity, extensions, lifetime, revocation, history."""

from __future__ import annotations

import json
from datetime import date

import pytest

from younuo.tournaments import ErrorCode, TournamentError
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.titles import (
    Title,
    TitleKind,
    TitleRules,
    active,
    award,
    extend,
    history,
    one_year_after,
    revoke,
    shown,
)

MONTHLY = EventLevel.MONTHLY


def test_a_monthly_champion_is_master_for_one_year() -> None:
    titles = award((), "s:monthly:2026-03", MONTHLY, date(2026, 3, 10))
    (title,) = titles
    assert title.kind is TitleKind.MASTER and title.expires == date(2027, 3, 10)
    assert active(titles, date(2027, 3, 9)) == titles
    assert active(titles, date(2027, 3, 10)) == () and history(titles, date(2027, 3, 10)) == titles
    # Not yet awarded: neither active nor history.
    assert active(titles, date(2026, 3, 9)) == () == history(titles, date(2026, 3, 9))


@pytest.mark.parametrize("level", [EventLevel.WEEKLY, EventLevel.WEEKLY_QUALIFIER])
def test_levels_without_a_title_give_nothing(level: EventLevel) -> None:
    assert award((), "s:w:2026-W10", level, date(2026, 3, 10)) == ()


def test_the_levels_are_set_per_series() -> None:
    weekly_too = TitleRules(frozenset({EventLevel.WEEKLY}))
    assert len(award((), "s:w:2026-W10", EventLevel.WEEKLY, date(2026, 3, 10), weekly_too)) == 1
    assert award((), "s:m:2026-03", MONTHLY, date(2026, 3, 10), weekly_too) == ()


def test_winning_again_while_valid_extends_from_the_current_expiry() -> None:
    titles = award((), "s:monthly:2026-03", MONTHLY, date(2026, 3, 10))
    titles = award(titles, "s:quarterly:2026-Q3", EventLevel.QUARTERLY, date(2026, 9, 1))
    (title,) = titles
    assert title.expires == date(2028, 3, 10)
    assert title.events == ("s:monthly:2026-03", "s:quarterly:2026-Q3")
    assert title.extensions[0].on == date(2026, 9, 1)


def test_winning_after_it_expired_gives_a_new_title() -> None:
    titles = award((), "s:monthly:2026-03", MONTHLY, date(2026, 3, 10))
    titles = award(titles, "s:monthly:2027-04", MONTHLY, date(2027, 4, 10))
    assert len(titles) == 2
    assert active(titles, date(2027, 4, 10)) == titles[1:]
    assert history(titles, date(2027, 4, 10)) == titles[:1]


def test_an_award_replayed_changes_nothing() -> None:
    once = award((), "s:monthly:2026-03", MONTHLY, date(2026, 3, 10))
    assert award(once, "s:monthly:2026-03", MONTHLY, date(2026, 3, 10)) == once
    twice = award(once, "s:monthly:2026-04", MONTHLY, date(2026, 4, 10))
    assert award(twice, "s:monthly:2026-04", MONTHLY, date(2026, 4, 10)) == twice
    assert extend(twice, "s:monthly:2026-04", date(2026, 4, 11)) == twice


def test_extend_needs_a_valid_master_title() -> None:
    with pytest.raises(TournamentError) as caught:
        extend((), "s:x", date(2026, 1, 1))
    assert caught.value.code is ErrorCode.UNKNOWN_TITLE
    titles = award((), "s:monthly:2026-03", MONTHLY, date(2026, 3, 10))
    assert extend(titles, "s:qualified:2026-05", date(2026, 5, 1))[0].expires == date(2028, 3, 10)


def test_the_top_event_makes_a_lifetime_master() -> None:
    titles = award((), "s:monthly:2026-03", MONTHLY, date(2026, 3, 10))
    titles = award(titles, "s:annual:2026", EventLevel.ANNUAL, date(2026, 12, 20), top=True)
    lifetime = titles[-1]
    assert lifetime.kind is TitleKind.LIFETIME_MASTER and lifetime.expires is None
    assert shown(titles, date(2026, 12, 21)) == lifetime
    assert active(titles, date(2040, 1, 1)) == (lifetime,)
    # A lifetime master's later wins add nothing.
    assert award(titles, "s:monthly:2027-01", MONTHLY, date(2027, 1, 10)) == titles


def test_revocation_moves_a_title_to_history_with_its_reason() -> None:
    titles = award((), "s:monthly:2026-03", MONTHLY, date(2026, 3, 10))
    gone = revoke(titles, "s:monthly:2026-03", date(2026, 6, 1), "  collusion  ")
    assert gone[0].revoked is not None and gone[0].revoked.reason == "collusion"
    assert active(gone, date(2026, 5, 31)) == gone  # it was valid before the revocation
    assert active(gone, date(2026, 6, 1)) == () and history(gone, date(2026, 6, 1)) == gone
    assert shown(gone, date(2026, 6, 2)) is None
    # Winning again gives a new title: the revoked one is not extended.
    again = award(gone, "s:monthly:2026-07", MONTHLY, date(2026, 7, 10))
    assert len(again) == 2 and again[1].expires == date(2027, 7, 10)


@pytest.mark.parametrize(
    ("event", "reason", "code"),
    [
        ("s:monthly:2026-03", "", ErrorCode.BAD_REASON),
        ("s:monthly:2026-03", "x" * 201, ErrorCode.BAD_REASON),
        ("s:nothing", "cheating", ErrorCode.UNKNOWN_TITLE),
    ],
)
def test_bad_revocations(event: str, reason: str, code: ErrorCode) -> None:
    titles = award((), "s:monthly:2026-03", MONTHLY, date(2026, 3, 10))
    with pytest.raises(TournamentError) as caught:
        revoke(titles, event, date(2026, 4, 1), reason)
    assert caught.value.code is code


def test_a_title_is_revoked_once() -> None:
    gone = revoke(award((), "e", MONTHLY, date(2026, 3, 10)), "e", date(2026, 4, 1), "x")
    with pytest.raises(TournamentError) as caught:
        revoke(gone, "e", date(2026, 4, 2), "y")
    assert caught.value.code is ErrorCode.ALREADY_REVOKED


def test_active_puts_the_highest_first() -> None:
    titles = award((), "a", MONTHLY, date(2026, 1, 1))
    titles = (*titles, Title(TitleKind.MASTER, "b", date(2026, 2, 1), date(2029, 1, 1)))
    titles = (*titles, Title(TitleKind.LIFETIME_MASTER, "c", date(2026, 3, 1), None))
    assert [t.event for t in active(titles, date(2026, 6, 1))] == ["c", "b", "a"]


def test_leap_day() -> None:
    assert one_year_after(date(2028, 2, 29)) == date(2029, 2, 28)
    assert one_year_after(date(2026, 12, 31)) == date(2027, 12, 31)


def test_titles_round_trip_through_json() -> None:
    titles = award((), "a", MONTHLY, date(2026, 1, 1))
    titles = award(titles, "b", MONTHLY, date(2026, 2, 1))
    titles = revoke(titles, "a", date(2026, 3, 1), "why")
    titles = award(titles, "c", EventLevel.ANNUAL, date(2026, 12, 1), top=True)
    data = json.loads(json.dumps([t.to_dict() for t in titles]))
    assert tuple(Title.from_dict(d) for d in data) == titles
    rules = TitleRules(frozenset({EventLevel.WEEKLY, EventLevel.ANNUAL}))
    assert TitleRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_a_title_is_found_by_any_event_that_earned_it() -> None:
    titles = award((), "a", MONTHLY, date(2026, 1, 1))
    titles = award(titles, "b", MONTHLY, date(2026, 2, 1))
    gone = revoke(titles, "b", date(2026, 3, 1), "the second win was fixed")
    assert gone[0].revoked is not None and active(gone, date(2026, 3, 1)) == ()
