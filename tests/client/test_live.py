"""younuo.client against a real ``younuo serve``: sign-in, lobby, rooms, host powers, play.

One server for the module (tests/client/conftest.py). Rooms made here are left at the
end of each test, and each quick match names a preset no other test here uses while
its room is open.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest
from typer.testing import CliRunner

from server.harness import ServerProcess, free_port
from younuo.cli import app
from younuo.client import (
    Client,
    Host,
    Kicked,
    LevelBot,
    Lobby,
    MatchOver,
    Rest,
    Revoked,
    RoomSettingsPatch,
    ServerError,
    Silence,
    State,
    TakenOver,
    Unreachable,
    Update,
    run_bot,
)
from younuo.client import connection as connection_module
from younuo.client.messages import ServerMessage, parse_server

ROOT = Path(__file__).resolve().parents[2]
ONE_ROUND = {"scoring": "single", "turn_seconds": 0}
"""A match of one round with no turn clock: quick, and never decided by a timeout."""

T = TypeVar("T")


def run(main: Callable[[], Coroutine[Any, Any, T]], timeout: float = 60.0) -> T:
    """Run a test's coroutine, bounded."""

    async def bounded() -> T:
        return await asyncio.wait_for(main(), timeout)

    return asyncio.run(bounded())


async def guest(server: ServerProcess, name: str) -> str:
    async with Rest(server.http) as rest:
        return (await rest.guest(name)).token


async def first_action(client: Client) -> dict[str, Any]:
    """The first legal turn action of the seat, once it is the seat's turn."""
    await client.until(lambda: client.match is not None and client.match.my_turn, 20)
    assert client.match is not None and client.match.legal is not None
    kinds = ("play", "draw", "pass", "choose_color")
    return dict(next(a for a in client.match.legal if a["type"] in kinds))


# ---------------------------------------------------------------------- signing in
def test_sign_in_as_guest_account_and_token(server: ServerProcess) -> None:
    """A guest, the same guest registered (rating kept, same account), a login of the
    account: each session's token opens a WebSocket welcomed as that account; REST
    reads back the account, the board, the rules; refusals carry the protocol's code."""

    async def main() -> None:
        async with Rest(server.http) as rest:
            session = await rest.guest("Gina")
            assert session.account.guest and rest.token == session.token
            registered = await rest.register("GinaReg", "correct horse")
            assert registered.account.id == session.account.id and not registered.account.guest
            me = await rest.me()
            assert me.name == "GinaReg"
            async with Rest(server.http) as other:
                login = await other.login("GinaReg", "correct horse")
                assert login.account.id == me.id and login.token != registered.token
                with pytest.raises(ServerError) as refused:
                    await other.login("GinaReg", "wrong horse!")
                assert (refused.value.code, refused.value.status) == ("bad_password", 401)
            assert (await rest.account(me.id)).name == "GinaReg"
            assert isinstance(await rest.leaderboard(limit=5), list)
            assert len(await rest.levels()) == 20
            assert {"hard", "expert"} <= set((await rest.rules())["bot_levels"])
            assert (await rest.health())["ok"] is True
            with pytest.raises(ServerError) as missing:
                await rest.account("nobody")
            assert (missing.value.code, missing.value.status) == ("not_found", 404)
            for token, name in ((session.token, "Gina"), (login.token, "GinaReg")):
                async with Client(server.http, token) as client:
                    assert client.account is not None and client.account.name == "GinaReg"
                    assert client.account.id == me.id, name
                    assert (await client.ping()).server_time > 0

    run(main)


# ---------------------------------------------------------------------- lobby and rooms
def test_lobby_pushes_create_join_by_id_and_code_and_quick_match(server: ServerProcess) -> None:
    async def main() -> None:
        tokens = [await guest(server, name) for name in ("Lia", "Max", "Ned", "Ora")]
        lia, maxi, ned, ora = (Client(server.http, t) for t in tokens)
        for c in (lia, maxi, ned, ora):
            await c.connect()
        try:
            pushes = ora.frames()
            first = await ora.watch_lobby(preset="younuo")
            assert all(r.preset == "younuo" for r in first)
            room = await lia.create_room(RoomSettingsPatch(name="Lia's table", preset="younuo"))
            assert room.host == lia.account.id if lia.account else False
            pushed = await pushes.next(
                lambda f: isinstance(f, Lobby) and any(r.id == room.id for r in f.rooms), 5
            )
            assert isinstance(pushed, Lobby) and pushed.ref is None
            assert ora.lobby is not None and any(r.id == room.id for r in ora.lobby)
            assert any(r.id == room.id for r in await maxi.list_rooms(preset="younuo"))
            async with Rest(server.http) as rest:
                assert any(r.id == room.id for r in await rest.rooms(preset="younuo"))
                assert (await rest.room(room.id)).name == "Lia's table"
            joined = await maxi.join_room(room.id)
            assert joined.id == room.id and sum(s is not None for s in joined.seats) == 2
            quick = await ned.quick_match("younuo")  # the fullest open younuo room: Lia's
            assert quick.id == room.id
            await ora.unwatch_lobby()
            # A private room is joined by its code, shown to its members only.
            secret = await ora.create_room(RoomSettingsPatch(private=True, preset="younuo"))
            assert secret.private and secret.code is not None
            assert (await maxi.join_room(code=secret.code)).id == secret.id
            assert (await maxi.leave_room()) == secret.id and maxi.room is None
        finally:
            for c in (lia, maxi, ned, ora):
                with contextlib.suppress(Exception):
                    await c.leave_room()
                await c.close()

    run(main)


def test_host_powers_and_a_match_played_by_hand(server: ServerProcess) -> None:
    """Configure, bots added and removed, a camp set, a kick, a refused start with its
    reasons, powers refused to a non-host; then a match: actions acknowledged, a sync,
    auto-play to the end."""

    async def main() -> None:
        hana = await guest(server, "Hana")
        host = Client(server.http, hana)
        other = Client(server.http, await guest(server, "Ivo"))
        await host.connect()
        await other.connect()
        try:
            room = await host.create_room(RoomSettingsPatch(seats=4, needed=3, private=True))
            assert room.code is not None
            await other.join_room(code=room.code)
            kicked = other.frames()
            await host.configure(RoomSettingsPatch(options={**ONE_ROUND, "jump_in": "numbers"}))
            assert host.room is not None and host.room.settings.options["jump_in"] == "numbers"
            await host.add_bot("easy", seat=3)
            assert host.room.seats[3] is not None and host.room.seats[3].bot_level == "easy"
            await host.remove_bot(3)
            assert host.room.seats[3] is None
            await host.configure(RoomSettingsPatch(mode="teams"))
            await host.set_camp(0, "blue")
            assert host.room.seats[0] is not None and host.room.seats[0].camp == "blue"
            await host.configure(RoomSettingsPatch(mode="ffa"))
            with pytest.raises(ServerError) as refused:
                await other.add_bot("easy")
            assert refused.value.code == "not_host"
            with pytest.raises(ServerError) as early:
                await host.start()
            assert early.value.code == "cannot_start"
            assert early.value.details is not None and early.value.details["reasons"]
            ivo_seat = next(s.seat for s in host.room.seats if s and s.account != room.host)
            await host.kick(ivo_seat)
            assert isinstance(await kicked.next(Kicked, 5), Kicked)
            await other.until(lambda: other.room is None, 5)
            await host.add_bot("normal")
            await host.add_bot("normal")
            frames = host.frames()
            await host.start()
            start = await frames.next(State, 10)
            assert isinstance(start, State) and start.you == "Hana" and start.legal
            # The bots act at once: a move may land between reading the table and
            # acting, which the server refuses as stale; read it again and retry.
            for attempt in range(5):
                action = await first_action(host)
                try:
                    await host.act(action)
                    break
                except ServerError as exc:
                    if exc.code != "stale_version" or attempt == 4:
                        raise
                    await asyncio.sleep(0.2)
            synced = await host.sync()
            assert synced.match == start.match and synced.version >= 1
            await host.autoplay(True)
            over = await frames.next(MatchOver, 30)
            assert isinstance(over, MatchOver) and over.match == start.match
            assert host.over == over and {r.name for r in over.results} >= {"Hana"}
            # A private room's match: its players read it, a stranger finds no such match.
            async with Rest(server.http) as stranger:
                with pytest.raises(ServerError) as hidden:
                    await stranger.record(over.match)
                assert hidden.value.code == "no_match"
            async with Rest(server.http, hana) as rest:
                record = await rest.record(over.match)
                assert record.complete and record.record["actions"]
                summary = await rest.match(over.match)
                assert summary.status == "over" and len(summary.results) == 3
                replay = await rest.replay(over.match)
                assert (
                    replay.error is None and len(replay.steps) == len(record.record["actions"]) + 1
                )
        finally:
            for c in (host, other):
                with contextlib.suppress(Exception):
                    await c.leave_room()
                await c.close()

    run(main)


# ---------------------------------------------------------------------- bots
def test_run_bot_plays_a_whole_match_with_a_server_bot_level(server: ServerProcess) -> None:
    """A hard bot over the network: quick match (it finds no open party room, so makes
    one and, as its host, seats an expert and a normal bot: the server's expert plays
    in its bot workers), one whole match, its match_over."""

    async def main() -> None:
        token = await guest(server, "Remote Hard")
        bot = LevelBot("hard", seed=7)
        seen: list[State | Update] = []

        def observe(frame: State | Update) -> None:
            seen.append(frame)
            bot.observe(frame)

        settings = RoomSettingsPatch(needed=3, options=ONE_ROUND)
        result = await run_bot(
            server.http,
            token,
            bot.decide,
            observe=observe,
            quick_match="party",
            host=Host(bots=("expert", "normal"), settings=settings),
        )
        assert result.status == "over"
        assert [r.name for r in result.results].count("Remote Hard") == 1
        assert all(f.match == result.match for f in seen) and len(seen) > 5
        assert bot.match == result.match and bot.bot.name == "Remote Hard"
        async with Rest(server.http) as rest:
            record = await rest.record(result.match)
            played = [a for a in record.record["actions"] if a.get("player") == "Remote Hard"]
            assert played  # the remote bot's own actions are in the record

    run(main)


def test_two_remote_bots_at_one_table(server: ServerProcess) -> None:
    """Two programs, a server bot level and a plain function, play one match together:
    the first is the room's host and starts once the second is ready."""

    async def main() -> None:
        first, second = await guest(server, "Remote A"), await guest(server, "Remote B")
        async with Client(server.http, first) as setup:
            room = await setup.create_room(
                RoomSettingsPatch(seats=3, needed=3, private=True, options=ONE_ROUND)
            )
            await setup.add_bot("easy")
        level = LevelBot("normal", seed=1)

        def simple(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
            if view["current"] != view["player"]:
                return next((a for a in legal if a["type"] == "uno"), None)
            return next(a for a in legal if a["type"] != "leave")

        a = run_bot(server.http, first, level.decide, observe=level.observe)
        b = run_bot(server.http, second, simple, room=room.id, code=room.code)
        over_a, over_b = await asyncio.gather(a, b)
        assert over_a.match == over_b.match
        assert {"Remote A", "Remote B"} <= {r.name for r in over_a.results}

    run(main)


def play_losing_one_update(
    server: ServerProcess,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lose: Callable[[Update], bool],
    quick_match: str,
    **options: Any,
) -> tuple[MatchOver, list[ServerMessage], int | None]:
    """A normal bot plays a one-round match against an easy one; the first update from
    version 3 on for which ``lose`` holds never reaches the client (frames are never
    lost on one connection: this stands for a server that skipped one). The result,
    the frames that came, and the version lost."""
    parse = parse_server
    frames: list[ServerMessage] = []
    dropped: list[int] = []

    def lossy(text: str | bytes) -> ServerMessage | None:
        message = parse(text)
        if isinstance(message, Update) and not dropped and message.version >= 3 and lose(message):
            dropped.append(message.version)
            return None  # as if it never came
        if message is not None:
            frames.append(message)
        return message

    monkeypatch.setattr(connection_module, "parse_server", lossy)

    async def main() -> MatchOver:
        bot = LevelBot("normal", seed=2)
        return await run_bot(
            server.http,
            await guest(server, name),
            bot.decide,
            observe=bot.observe,
            quick_match=quick_match,
            host=Host(bots=("easy",), settings=RoomSettingsPatch(needed=2, options=ONE_ROUND)),
            **options,
        )

    return run(main), frames, dropped[0] if dropped else None


def test_a_version_gap_is_resynced_and_the_match_goes_on(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An update lost on the way: the next one shows a gap, the client syncs, and the
    bot plays on from the fresh state. Lost: an update after which another player moves
    (so that an update follows it and shows the gap)."""
    result, frames, lost = play_losing_one_update(
        server,
        monkeypatch,
        "Gappy",
        lambda update: update.view.get("current") not in (None, "Gappy"),
        "younuo",
    )
    assert result.status == "over" and lost is not None
    after = frames[next(i for i, f in enumerate(frames) if getattr(f, "version", -1) > lost) :]
    resync = next(f for f in after if isinstance(f, State))
    assert resync.ref is not None and resync.version > lost  # the answer to a sync
    gap_update = next(f for f in after if isinstance(f, Update))
    assert gap_update.version == lost + 1  # the update that showed the gap


def test_a_lost_update_with_nothing_after_it_is_asked_for_after_a_silence(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The update that hands the turn to this seat is lost: no update follows it to show
    a gap (the table waits for this seat, with no turn clock), so only the silence
    (1 s here, 60 s by default: younuo.client.Silence) makes the client sync; the bot
    then plays on."""
    result, frames, lost = play_losing_one_update(
        server,
        monkeypatch,
        "Quiet",
        lambda update: update.view.get("current") == "Quiet",
        "classic",
        silence=Silence(idle=1.0),
    )
    assert result.status == "over" and lost is not None
    answers = [f for f in frames if isinstance(f, State) and f.ref is not None]
    assert any(f.version >= lost for f in answers)  # the sync's answer brought it


def test_a_revoked_token_stops_the_client_and_the_bot_with_a_clear_error(
    server: ServerProcess,
) -> None:
    async def main() -> None:
        async with Rest(server.http) as rest:
            token = (await rest.guest("Revo")).token
            client = Client(server.http, token)
            await client.connect()
            frames = client.frames()
            await rest.logout()
            with pytest.raises(Revoked) as stopped:
                async for _frame in frames:
                    pass
            assert stopped.value.code == 4002 and "revoked" in str(stopped.value)
            assert client.stopped is stopped.value
            with pytest.raises(Revoked):
                await client.ping()
            with pytest.raises(Revoked) as again:
                await run_bot(server.http, token, _never, quick_match=True)
            assert again.value.reason == "bad_token"

    run(main)


def test_a_bot_whose_token_is_revoked_while_it_waits_stops(server: ServerProcess) -> None:
    async def main() -> None:
        async with Rest(server.http) as rest:
            token = (await rest.guest("Waiter")).token
            settings = RoomSettingsPatch(private=True, needed=3)
            room = await rest.create_room(settings)
            bot = asyncio.create_task(
                run_bot(server.http, token, _never, room=room.id, code=room.code)
            )
            await asyncio.sleep(1.0)  # seated, waiting for players it will never get
            await rest.logout()
            with pytest.raises(Revoked):
                await asyncio.wait_for(bot, 10)

    run(main)


def test_a_second_connection_takes_over_quietly(server: ServerProcess) -> None:
    async def main() -> None:
        token = await guest(server, "Twin")
        first = Client(server.http, token)
        await first.connect()
        frames = first.frames()
        async with Client(server.http, token) as second:
            async for _frame in frames:
                pass  # the frames end, with no error
            assert isinstance(first.stopped, TakenOver) and first.stopped.code == 4001
            assert (await second.ping()).type == "pong"

    run(main)


def _never(view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
    return None


# ---------------------------------------------------------------------- the example, the CLI
def test_the_example_remote_bot_plays_a_match_and_exits_0(server: ServerProcess) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "remote_bot.py"), "--server", server.http],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("winner ") and "Remote bot" in done.stdout
    # It says what it does while it waits (it printed nothing for 35 s before the result).
    said = done.stderr.splitlines()
    assert said[0].startswith("signed in as Remote bot")
    assert any(line.startswith("at the table of match ") for line in said)
    assert "round 1 starts" in said


def test_younuo_bot_sits_a_server_level_at_a_table(server: ServerProcess) -> None:
    result = CliRunner().invoke(
        app,
        [
            "bot", "--server", server.http, "--guest", "CLI Hard", "--level", "hard",
            "--quick-match", "classic", "--bots", "normal,normal,normal",
            "--option", "scoring=single", "--option", "turn_seconds=0", "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    over = MatchOver.model_validate_json(result.output)
    assert over.status == "over" and "CLI Hard" in {r.name for r in over.results}
    bad = CliRunner().invoke(app, ["bot", "--server", server.http, "--token", "nope", "-q", "any"])
    assert bad.exit_code == 1 and "refused the token" in bad.output
    usage = CliRunner().invoke(app, ["bot", "--server", server.http])
    assert usage.exit_code == 2


def test_a_server_that_is_not_there_is_unreachable() -> None:
    async def main() -> None:
        async with Rest(nowhere) as rest:
            with pytest.raises(Unreachable):
                await rest.guest("Nobody")
        client = Client([nowhere, nowhere], "token")
        with pytest.raises(Unreachable) as lost:
            await client.connect()
        assert client.stopped is lost.value

    nowhere = f"http://127.0.0.1:{free_port()}"
    run(main)
    result = CliRunner().invoke(app, ["bot", "--server", nowhere, "--guest", "Nobody"])
    assert result.exit_code == 1 and "no answer from" in result.output
