"""Tournaments in Chromium (issue 27): the public list, an event's page where a player
registers (and sees the next registration at once, told by the server), and, when the
event starts, the player brought to their table by itself; the
event's page then shows its table as playing. A registered player is told, in their
language, when an event is called off. A series shows its events' next instances; one
fed by others takes its qualifiers only."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from datetime import time as day_time
from typing import Any

import httpx

from tournaments.serving import starting_in, swiss
from younuo.tournaments.levels import EventLevel
from younuo.tournaments.series import Feed, Schedule, Series, SeriesEvent, upcoming
from younuo.tournaments.spec import Format, TournamentSpec

from .conftest import ADMIN_NAME, ADMIN_PASSWORD, Pages
from .scenario import sign_in


def _admin(server: str) -> dict[str, Any]:
    answer = httpx.post(
        f"{server}/api/auth/login", json={"name": ADMIN_NAME, "password": ADMIN_PASSWORD}
    )
    assert answer.status_code == 200, answer.text
    admin: dict[str, Any] = answer.json()
    return admin


def test_a_player_registers_and_is_brought_to_their_table(pages: Pages, server: str) -> None:
    admin = _admin(server)
    starts = datetime.now(UTC) + timedelta(seconds=25)
    made = httpx.post(
        f"{server}/api/tournaments",
        json={
            "name": "Web Cup",
            "format": "elimination",
            "starts_at": starts.isoformat(),
            "check_in": 0,
            "no_show": "bot",
            "cap": 8,
            "options": {"scoring": "single"},
        },
        headers={"Authorization": f"Bearer {admin['token']}"},
    )
    assert made.status_code == 200, made.text
    event = made.json()["id"]

    pages_and_names = [(pages.open(360, 640), "Wen"), (pages.open(1280, 800), "Wu")]
    for page, name in pages_and_names:
        sign_in(page, name)
        page.click("yn-lobby [data-key=to-events]")
        page.locator(f"yn-events .event-item[data-event='{event}']").wait_for()
        page.click(f"yn-events [data-key='event-{event}']")
        page.click("yn-events [data-key=ev-register]")
        page.locator("yn-events [data-key=ev-unregister]").wait_for()
    page = pages_and_names[0][0]
    # The first player, registered, is told of the second's registration: the page shows
    # both at once (a registrant's page is read on its own only every 30 s).
    page.locator("yn-events .event-detail", has_text="2/8").wait_for(timeout=10_000)
    # The start: each player is seated at their table and the table shows by itself.
    for page, _ in pages_and_names:
        page.wait_for_selector("yn-table .hand-card", timeout=60_000)
    match = page.evaluate("window.younuo.store.match.id")
    tables = httpx.get(f"{server}/api/tournaments/{event}").json()["tables"]
    assert match in {t["match"] for t in tables}


def test_a_registered_player_is_told_when_the_event_is_called_off(
    pages: Pages, server: str
) -> None:
    admin = _admin(server)
    starts = datetime.now(UTC) + timedelta(hours=1)
    made = httpx.post(
        f"{server}/api/tournaments",
        json={"name": "Rainy Cup", "format": "elimination", "starts_at": starts.isoformat()},
        headers={"Authorization": f"Bearer {admin['token']}"},
    )
    assert made.status_code == 200, made.text
    event = made.json()["id"]
    page = pages.open(360, 640)
    sign_in(page, "Yu")
    page.select_option("select[name=lang]", "zh-Hans")
    page.click("yn-lobby [data-key=to-events]")
    page.click(f"yn-events [data-key='event-{event}']")
    page.click("yn-events [data-key=ev-register]")
    page.locator("yn-events [data-key=ev-unregister]").wait_for()
    page.evaluate("location.hash = ''")  # the notice reaches them on any screen
    page.wait_for_selector("yn-lobby")
    cancelled = httpx.post(
        f"{server}/api/tournaments/{event}/cancel",
        headers={"Authorization": f"Bearer {admin['token']}"},
    )
    assert cancelled.status_code == 200, cancelled.text
    page.locator("#toasts .toast", has_text="Rainy Cup已由主办者取消。").wait_for()


def _weekly(key: str, level: EventLevel, at: datetime, name: str) -> SeriesEvent:
    spec = TournamentSpec(name, Format.ELIMINATION, at)
    schedule = Schedule(day_time(at.hour, at.minute), weekday=at.weekday())
    return SeriesEvent(key, level, schedule, spec)


def test_a_series_shows_its_next_events_and_a_fed_one_takes_qualifiers_only(
    pages: Pages, server: str
) -> None:
    """A qualifier in 3 hours feeds a weekly in 4: both are open for entry now (a week
    ahead), the weekly to its qualifiers only, of whom there are none yet."""
    admin = _admin(server)
    now = datetime.now(UTC)
    events = (
        _weekly("qual", EventLevel.WEEKLY_QUALIFIER, now + timedelta(hours=3), "Web qualifier"),
        _weekly("weekly", EventLevel.WEEKLY, now + timedelta(hours=4), "Web weekly"),
    )
    series = Series("webcup", "Web Cup", now.date(), events, (Feed("qual", "weekly", 2),))
    made = httpx.post(
        f"{server}/api/admin/series",
        json={"series": series.to_dict()},
        headers={"Authorization": f"Bearer {admin['token']}"},
    )
    assert made.status_code == 200, made.text
    qual, weekly = (i.key for i in upcoming(series, now))
    deadline = time.monotonic() + 30
    while httpx.get(f"{server}/api/tournaments/{weekly}").status_code != 200:
        assert time.monotonic() < deadline, "the series job made no instance"
        time.sleep(0.3)
    assert httpx.get(f"{server}/api/tournaments/{weekly}").json()["qualified"] == []
    assert httpx.get(f"{server}/api/tournaments/{qual}").json()["qualified"] is None

    page = pages.open(360, 640)
    sign_in(page, "Qi")
    page.select_option("select[name=lang]", "zh-Hant")
    page.click("yn-lobby [data-key=to-events]")
    item = page.locator("yn-events .series-item[data-series=webcup]")
    item.wait_for()
    assert item.locator("h3").inner_text() == "Web Cup"
    assert item.locator(".event-item").count() == 2
    assert "週資格賽" in item.locator(f"[data-upcoming='{qual}']").inner_text()
    assert "限取得資格者" in item.locator(f"[data-upcoming='{weekly}']").inner_text()
    page.click(f"yn-events [data-key='event-{weekly}']")
    page.locator("yn-events [data-key=ev-not-qualified]").wait_for()
    assert page.locator("yn-events [data-key=ev-register]").count() == 0
    page.click("yn-events [data-key=back]")
    page.click(f"yn-events [data-key='event-{qual}']")
    page.click("yn-events [data-key=ev-register]")
    page.locator("yn-events [data-key=ev-unregister]").wait_for()
    entered = httpx.get(f"{server}/api/tournaments/{qual}").json()["registrations"]
    assert len(entered) == 1


def test_a_swiss_event_shows_its_rounds_standings_and_champion(pages: Pages, server: str) -> None:
    """Swiss rounds of 8 (two rounds of two tables), its players away so bots play their
    seats: the page of the finished event lists each round's tables by stage, the
    standings in order with the points each earned, and the champion by name."""
    admin = _admin(server)
    spec = swiss(name="Swiss Web", starts_at=starting_in(8))
    headers = {"Authorization": f"Bearer {admin['token']}"}
    made = httpx.post(f"{server}/api/tournaments", json=spec, headers=headers)
    assert made.status_code == 200, made.text
    event = made.json()["id"]
    names = {}
    for i in range(8):
        answer = httpx.post(f"{server}/api/auth/guest", json={"name": f"Swiss {i}"})
        assert answer.status_code == 200, answer.text
        guest = answer.json()
        names[guest["account"]["id"]] = guest["account"]["name"]
        entered = httpx.post(
            f"{server}/api/tournaments/{event}/register",
            json={"code": None},
            headers={"Authorization": f"Bearer {guest['token']}"},
        )
        assert entered.status_code == 200, entered.text
    deadline = time.monotonic() + 240
    while (done := httpx.get(f"{server}/api/tournaments/{event}").json())["status"] != "finished":
        assert time.monotonic() < deadline, done["status"]
        time.sleep(0.5)

    page = pages.open(360, 640)
    sign_in(page, "Swiss Watcher")
    page.evaluate(f"location.hash = '#/events/{event}'")
    detail = page.locator("yn-events .event-detail[data-status=finished]")
    detail.wait_for()
    tables = page.locator("yn-events .event-tables li strong").all_inner_texts()
    assert tables == [f"Stage {s}, table {n}" for s in (1, 2) for n in (1, 2)]
    rows = page.locator("yn-events table.standings tbody tr")
    assert rows.count() == 8
    shown = [row.locator("td").all_inner_texts() for row in rows.all()]
    wanted = [
        [str(s["place"]), names[s["entrant"]], str(s["points"]), str(s["played"])]
        for s in done["standings"]
    ]
    assert shown == wanted
    champion = names[done["places"][0]]
    assert f"Champion: {champion}" in detail.locator(".champion").inner_text()
