"""The match's pure transitions (server/match/core.py), driven directly: no database,
no sockets, no event loop."""

from __future__ import annotations

from younuo.engine import Action, ActionType, Game, Rules
from younuo.server.match import core, storage
from younuo.server.match.clocks import Clock, SeatControl, start_clock
from younuo.server.match.core import MatchState, SeatInfo, Source
from younuo.server.match.kinds import Lapse, MatchStatus, SeatKind
from younuo.social.skill import Standing

TIMING = core.Timing(next_round_delay=5, catch_grace=0, reconnect_grace=60, away_takeover=5)
NOW = 1_000_000.0


def _match(kinds: tuple[str, ...] = ("human", "human", "bot", "bot")) -> MatchState:
    names = [f"P{i}" for i in range(len(kinds))]
    seats = [
        SeatInfo(name=n, kind=SeatKind(k), account=f"a{i}" if k == "human" else None)
        for i, (n, k) in enumerate(zip(names, kinds, strict=True))
    ]
    game = Game.new(names, Rules.from_preset("younuo"), seed=7)
    public = game.view(None)
    return MatchState(
        id="m1",
        room_id="r1",
        game=game,
        version=0,
        seats=seats,
        control={n: SeatControl() for n in names},
        clock=start_clock(game, public, NOW, 0),
        public=public,
    )


def test_a_move_gives_the_new_clock_and_changes_nothing_committed() -> None:
    match = _match()
    mover = match.game.current
    assert mover is not None
    draw = next(a for a in match.game.legal_actions(mover) if a.type is ActionType.DRAW)
    change = core.move(match, draw, Source.PLAYER, NOW + 1, TIMING)
    assert change.action == draw and change.end is None and change.events
    assert change.control is not match.control  # a copy: committed only by the shell
    assert match.clock.turn_player == mover and isinstance(change.clock, Clock)
    write = storage.match_write(change, match, NOW + 1, owner="n0")
    assert write.version == 0 and write.new_version == 1 and write.owner == "n0"
    assert write.action == draw.to_dict() and not write.is_plain_move  # fenced by owner
    assert storage.match_write(change, match, NOW + 1, owner=None).is_plain_move


def test_acting_yourself_ends_autoplay_but_a_bot_acting_for_you_does_not() -> None:
    for source, after in ((Source.PLAYER, False), (Source.AUTOPLAY, True)):
        match = _match()
        mover = match.game.current
        assert mover is not None
        match.control[mover].autoplay = True
        draw = next(a for a in match.game.legal_actions(mover) if a.type is ActionType.DRAW)
        assert core.move(match, draw, source, NOW, TIMING).control[mover].autoplay is after


def test_away_back_and_takeover_are_seat_changes_without_a_move() -> None:
    match = _match()
    gone = core.seat_change(match, "P0", core.away(NOW, TIMING), NOW)
    assert gone.action is None and gone.end is None
    c = gone.control["P0"]
    assert c.away_until == NOW + 60 and c.takeover_at == NOW + 5 and not c.away_bot
    assert match.control["P0"].away_until is None  # the committed state is untouched
    match.control = gone.control
    assert core.grace_ended(match, NOW + 4) is None
    assert core.grace_ended(match, NOW + 5) == ("P0", Lapse.TAKEOVER)  # the bot's turn to play
    match.control = core.seat_change(match, "P0", core.take_over, NOW + 5).control
    assert match.control["P0"].away_bot and match.driven_by_bot("P0")
    assert core.grace_ended(match, NOW + 60) == ("P0", Lapse.GRACE)  # the grace itself
    back = core.seat_change(match, "P0", core.back, NOW + 6).control["P0"]
    assert back.away_until is None and back.takeover_at is None and not back.away_bot


def test_the_last_person_kept_for_a_bot_ends_the_match_abandoned() -> None:
    """R-LEAVE in an ``abandon: bot`` room: one write ends the match, rating only the
    escapes (the same ending as a match everyone left)."""
    match = _match(("human", "bot", "bot", "bot"))
    change = core.seat_change(match, "P0", core.keep_for_bot(12), NOW)
    assert change.end is not None and change.end.status == "abandoned"
    assert change.end.winner is None
    (result,) = [r for r in change.end.results if r.name == "P0"]
    assert result.left and result.account == "a0"
    end = storage.match_write(change, match, NOW, None).end
    assert end is not None and end.status == "abandoned" and end.winner is None
    (row,) = [r for r in end.results if r["name"] == "P0"]
    assert row["left"] and row["account_id"] == "a0" and row["ended_at"] == NOW


def test_a_restarted_match_marks_away_only_who_is_not_connected() -> None:
    match = _match()
    change = core.restarted(match, {"a1"}, NOW, TIMING)
    assert change.control["P0"].away_until == NOW + 60
    assert change.control["P1"].away_until is None  # connected to some node
    assert change.control["P2"].away_until is None  # a bot


def test_the_server_action_due_is_the_match_clock_then_the_deal_then_the_turn() -> None:
    match = _match()
    player = match.game.current
    assert player is not None and match.clock.turn_deadline is not None
    due = match.clock.turn_deadline
    assert core.due_action(match, due - 1) is None
    assert core.due_action(match, due) == (Action.timeout(player), "turn_deadline")
    match.clock.next_round_at = due - 1
    assert core.due_action(match, due) == (Action.next_round(), "next_round_at")
    match.clock.match_deadline = due - 2
    assert core.due_action(match, due) == (Action.match_clock(), "match_deadline")
    match.clock = Clock(turn_player="nobody", turn_deadline=due)
    assert core.due_action(match, due) is None  # a deadline of a turn already played


def test_an_emote_changes_who_sits_there_and_nothing_else() -> None:
    match = _match()
    change = core.new_avatar(match, "P1", "blue", "laugh")
    assert change.action is None and change.end is None and change.seats is not None
    p1 = change.seats[1]
    assert (p1.name, p1.outfit, p1.expression) == ("P1", "blue", "laugh")
    assert change.seats[0] is match.seats[0] and match.seats[1].outfit == "red"
    assert change.control is match.control and change.clock is match.clock


def test_an_ended_match_ranks_the_camps_for_the_skill_and_a_leaver_last() -> None:
    """Issue 43, item 5: the ending carries the places that move the skill
    (younuo.social.skill), to the store too; an abandoned match carries none."""
    match = _match()
    control = {n: SeatControl() for n in match.control}
    control["P1"].left_points = 12
    end = core.match_end(match, control, NOW, MatchStatus.OVER)
    # Nobody has scored yet: the three who stayed tie first, the leaver is last.
    assert end.standings == (
        Standing(("P0",), 1),
        Standing(("P2",), 1),
        Standing(("P3",), 1),
        Standing(("P1",), 4),
    )
    assert storage.match_end("m1", end).standings == end.standings
    gone = core.match_end(match, control, NOW, MatchStatus.ABANDONED)
    assert gone.standings == ()
