"""The lobby and preparation screen in Chromium: team mode, spectators, quick match,
joining from the room list, kicks; and at the table: the server's legal actions and
emotes (issue 5)."""

from __future__ import annotations

import json
import time
from typing import Any

from .conftest import Pages
from .scenario import add_bots, create_room, sign_in, view, wait_turn


def room_id(page: Any) -> str:
    return str(page.evaluate("window.younuo.store.room.id"))


def seats(page: Any) -> list[dict[str, Any] | None]:
    return list(page.evaluate("window.younuo.store.room.seats"))


def join_from_list(page: Any, room: str, watch: bool = False) -> None:
    """Find the room in the lobby's list (refreshing it) and join or watch it."""
    page.click("[data-key=refresh]")
    button = page.locator(f"[data-key={'watch' if watch else 'join'}-{room}]")
    button.wait_for()
    button.click()
    page.wait_for_selector("yn-room .seat-grid")


def test_team_mode_camp_badges_moving_camps_and_the_unbalanced_refusal(pages: Pages) -> None:
    """R-TEAM on the preparation screen: team mode puts a red or blue badge on every
    seat; the host moves a player between camps; uneven camps refuse the start with the
    reason; even camps start a match whose seats alternate camps."""
    page = pages.open(1280, 800)
    sign_in(page, "Tia")
    create_room(page, {"preset": "younuo"}, seats=4)
    page.check("[data-key=mode-teams]")
    page.wait_for_function("window.younuo.store.room.settings.mode === 'teams'")
    add_bots(page, 3)
    camps = [s["camp"] for s in seats(page) if s]
    assert sorted(camps) == ["blue", "blue", "red", "red"]
    for index, camp in enumerate(camps):
        badge = page.locator(f".seat-card[data-seat='{index}'] .camp-badge.{camp}")
        assert badge.is_visible()
    # The host moves a red player to blue: three against one.
    red_bot = next(i for i, c in enumerate(camps) if c == "red" and i != 0)
    page.click(f"[data-key=camp-{red_bot}]")
    page.wait_for_selector(f".seat-card[data-seat='{red_bot}'] .camp-badge.blue")
    moved = seats(page)[red_bot]
    assert moved is not None and moved["camp"] == "blue"
    page.click("[data-key=start]")
    refusal = page.locator(".refusal")
    refusal.wait_for()
    assert "Both camps need as many ready players." in refusal.inner_text()
    assert page.evaluate("window.younuo.store.match") is None
    # Back to two against two: the match starts, camps alternating round the table.
    page.click(f"[data-key=camp-{red_bot}]")
    page.wait_for_selector(f".seat-card[data-seat='{red_bot}'] .camp-badge.red")
    page.click("[data-key=start]")
    page.wait_for_selector("yn-table .hand-card")
    table = page.evaluate("window.younuo.store.match.table")
    order = [seat["camp"] for seat in table]
    assert order[0] == "red" and order == ["red", "blue", "red", "blue"]
    for seat in table:
        where = f"yn-table .seat.camp-{seat['camp']}[data-player='{seat['name']}']"
        assert page.locator(where).count() == 1


def test_spectator_from_the_room_list_sees_no_hand_and_everyone_sees_emotes(
    pages: Pages,
) -> None:
    """Joining from the room list (to sit or to watch); a spectator's table has no hand,
    no legal actions and no action buttons; an emote reaches the others' tables."""
    uma = pages.open(1280, 800)
    wes = pages.open(1280, 800)
    vic = pages.open(360, 640)
    for page, name in ((uma, "Uma"), (wes, "Wes"), (vic, "Vic")):
        sign_in(page, name)
    create_room(uma, {"preset": "classic", "turn_seconds": 0}, seats=3)
    room = room_id(uma)
    join_from_list(wes, room)
    join_from_list(vic, room, watch=True)
    assert vic.locator(".seat-card.mine").count() == 0
    assert "watching" in vic.inner_text("yn-room .my-panel").lower()
    wes.click("[data-key=ready]")
    uma.wait_for_function("window.younuo.store.room.seats.filter(s => s && s.ready).length === 1")
    uma.click("[data-key=start]")
    for page in (uma, wes, vic):
        page.wait_for_selector("yn-table .seat")
    vic.wait_for_selector("yn-table .watching")
    watched = view(vic)
    assert watched["player"] is None and watched["hand"] == []
    assert vic.evaluate("window.younuo.store.match.legal") is None
    assert vic.locator("yn-table .hand-card").count() == 0
    assert vic.locator("yn-table [data-action=play]").count() == 0
    counts = [vic.inner_text(f"yn-table .seat[data-player='{n}'] .count") for n in ("Uma", "Wes")]
    assert all(c.endswith("7") for c in counts)

    # Wes makes a face: the others see it over his seat.
    wes.click("yn-table [data-action=emote]")
    wes.click("yn-table [data-key=emote-cry]")
    for page in (uma, vic):
        page.wait_for_selector(
            "yn-table .seat[data-player='Wes'] .bubble yn-avatar[expression=cry]"
        )
        table = page.evaluate("window.younuo.store.match.table")
        assert next(s for s in table if s["name"] == "Wes")["avatar"]["expression"] == "cry"


def test_the_table_follows_the_servers_legal_actions(pages: Pages) -> None:
    """The buttons and the playable cards come from the ``legal`` list the server sends;
    the client's own copy of the rules is only a fallback."""
    page = pages.open(1280, 800)
    sign_in(page, "Lou")
    create_room(page, {"preset": "classic", "turn_seconds": 0}, seats=2)
    add_bots(page, 1)
    page.click("[data-key=ready]")
    page.click("[data-key=start]")
    page.wait_for_selector("yn-table .hand-card")
    wait_turn(page, "Lou")
    legal = page.evaluate("window.younuo.store.match.legal")
    assert legal and {"type": "leave"} in legal
    plays = {a.get("card") for a in legal if a["type"] == "play"}
    shown = set(
        page.eval_on_selector_all(".hand-card.playable", "els => els.map(e => e.dataset.code)")
    )
    assert shown == plays
    assert page.locator("[data-action=draw]").first.is_enabled() == ({"type": "draw"} in legal)
    # Told that only drawing is allowed, the table lights up no card and only Draw.
    page.evaluate(
        "() => { const s = window.younuo.store; s.match.legal = [{type: 'draw'}];"
        " s.emit('state', {events: []}); }"
    )
    page.wait_for_function("document.querySelectorAll('.hand-card.playable').length === 0")
    assert page.locator("[data-action=draw]").first.is_enabled()
    for action in ("pass", "uno", "catch", "challenge"):
        assert not page.locator(f"yn-table [data-action={action}]").is_enabled()
    page.click("[data-action=hint]")
    assert page.locator(".hand-card.selected").count() == 0
    assert not page.locator("yn-table [data-action=play]").is_enabled()


def test_quick_match_seats_two_people_at_one_table(pages: Pages) -> None:
    """Quick match: the first makes a room, the second is seated in it."""
    xia = pages.open(1280, 800)
    yan = pages.open(360, 640)
    for page, name in ((xia, "Xia"), (yan, "Yan")):
        sign_in(page, name)
        page.select_option("#quick-preset", "party")
        page.click("[data-key=quick-go]")
        page.wait_for_selector("yn-room .seat-card.mine")
    assert room_id(xia) == room_id(yan)
    xia.wait_for_function("window.younuo.store.room.seats.filter(Boolean).length === 2")
    names = sorted(s["name"] for s in seats(xia) if s)
    assert names == ["Xia", "Yan"]
    assert xia.evaluate("window.younuo.store.room.settings.preset") == "party"


def test_host_kicks_a_player_who_is_told_and_back_in_the_lobby(pages: Pages) -> None:
    """The host's kick: the player is back in the lobby with a notice; the seat is free."""
    zed = pages.open(1280, 800)
    abe = pages.open(360, 640)
    sign_in(zed, "Zed")
    sign_in(abe, "Abe")
    create_room(zed, {"preset": "younuo"}, seats=3)
    join_from_list(abe, room_id(zed))
    zed.wait_for_selector(".seat-card[data-seat='1']:not(.empty)")
    # Named for what it does: the player is removed at once, not asked.
    assert zed.inner_text("[data-key=kick-1]") == "Remove from room"
    assert zed.get_attribute("[data-key=kick-1]", "aria-label") == "Remove Abe from the room"
    zed.select_option("select[name=lang]", "zh-Hant")
    assert zed.inner_text("[data-key=kick-1]") == "移出房間"
    zed.select_option("select[name=lang]", "en")
    zed.click("[data-key=kick-1]")
    abe.wait_for_selector("yn-lobby")
    assert "removed you" in abe.inner_text("#toasts")
    zed.wait_for_function("window.younuo.store.room.seats[1] === null")
    assert zed.locator(".seat-card.empty").count() == 2
    assert abe.evaluate("window.younuo.store.room") is None


def test_the_room_list_is_pushed_while_the_lobby_shows_and_the_watch_stops_after(
    pages: Pages,
) -> None:
    """The lobby watches the room list (watch_lobby): another player's new room and its
    new bot show within seconds, with no refresh clicked and no list_rooms sent (it
    used to poll every 8 s); a pushed list leaves what is being typed in the room
    editor alone; joining a room stops the watch ("on": false)."""
    sent: list[dict[str, Any]] = []
    lou = pages.open(1280, 800)
    lou.on(
        "websocket",
        lambda ws: ws.on("framesent", lambda payload: sent.append(json.loads(payload))),
    )
    sign_in(lou, "Lou")
    lou.wait_for_function("window.younuo.store.status.state === 'open'")
    hal = pages.open(1280, 800)
    sign_in(hal, "Hal")
    create_room(hal, {"preset": "younuo"}, seats=4)
    room = room_id(hal)
    lou.locator(f"[data-key=join-{room}]").wait_for(timeout=3000)
    # Lou starts a room of her own: the name is still being typed (no change event yet,
    # only the field has it) when the next list comes.
    lou.click("[data-key=create-open]")
    lou.fill("#lb-needed", "3")
    lou.fill("#lb-name", "Half typed")
    add_bots(hal, 1)
    lou.wait_for_function(
        "r => window.younuo.store.lobby.some((x) => x.id === r && x.taken === 2)",
        arg=room,
        timeout=3000,
    )
    assert "2/4" in lou.inner_text(f"yn-lobby .room-item[data-room='{room}']")
    assert lou.input_value("#lb-name") == "Half typed"
    assert lou.input_value("#lb-needed") == "3"
    kinds = [frame.get("type") for frame in sent]
    assert "list_rooms" not in kinds and kinds.count("watch_lobby") == 1, kinds
    lou.click(f"[data-key=join-{room}]")
    lou.wait_for_selector("yn-room .seat-grid")
    lou.wait_for_function("window.younuo.store.room.seats.filter(Boolean).length === 3")
    deadline = time.monotonic() + 5
    while {"type": "watch_lobby", "on": False} not in sent:
        assert time.monotonic() < deadline, sent
        lou.wait_for_timeout(50)


def test_the_main_button_waits_for_a_seated_player_instead_of_seating_a_fifth(
    pages: Pages,
) -> None:
    """Issue 43 item 4: four seated with one not ready (a room that needs four) offers no
    "Add a bot and start" (it would seat a fifth and leave the not-ready player out): it
    says who is awaited; once they are ready, Start is the main button and the match
    seats the four. Three seated and all ready still get the bot offer."""
    host = pages.open(1280, 800)
    sign_in(host, "Hal")
    host.click("[data-key=create-open]")
    host.fill("#lb-seats", "6")
    host.fill("#lb-needed", "4")
    host.click("[data-key=create-go]")
    host.wait_for_selector("yn-room .seat-grid")
    add_bots(host, 2)
    fill = host.locator("[data-key=fill-start]")
    fill.wait_for()
    assert fill.inner_text() == "Add a bot and start"
    room = room_id(host)

    guest = pages.open(360, 640)
    sign_in(guest, "Gus")
    join_from_list(guest, room)
    host.wait_for_function("window.younuo.store.room.seats.filter(Boolean).length === 4")
    wait = host.locator("[data-key=start-wait]")
    wait.wait_for()
    assert wait.inner_text() == "Waiting for 1 seated player to get ready"
    assert fill.count() == 0
    assert "primary" not in (host.get_attribute("[data-key=start]", "class") or "")

    guest.click("[data-key=ready]")
    host.wait_for_selector("[data-key=start].primary")
    assert wait.count() == 0 and fill.count() == 0
    host.click("[data-key=start]")
    host.wait_for_selector("yn-table .hand-card")
    assert len(host.evaluate("window.younuo.store.match.table")) == 4
