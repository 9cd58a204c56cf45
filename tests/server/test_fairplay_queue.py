"""Fair play on the server (issue 27): the scheduler's scan files the detector's findings
from the stored matches in the review queue; only a moderator's recorded decision
changes anything (here: rating points deducted), the players named see it, and a scan
again neither reopens nor duplicates a case.

The matches are played by bots through the engine, one pair of them colluding
(``colluder:PARTNER``, younuo.bots), and stored exactly as the server stores a match
(the ``matches`` row with its seats and the action log with each action's time).
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from younuo.bots import make_bot
from younuo.engine import Game, Rules
from younuo.server.admin.fairplay import Decision, FairPlay, Verdict
from younuo.server.admin.service import AdminError
from younuo.sim.table import Table, drive
from younuo.store import Database, accounts, moderation
from younuo.store import matches as matches_repo
from younuo.store.models import Account, Match, MatchAction

LEVELS = ["colluder:p1", "colluder:p0", "normal", "normal", "easy", "normal"]


async def store_matches(db: Database, count: int, seed: int) -> dict[str, str]:
    """``count`` four-player matches of p0 and p1 (colluding) and two of p2…p5, stored
    as the server stores them; the account id of each player."""
    rng = random.Random(seed)
    rules = Rules.from_preset("younuo", scoring="single")
    ids: dict[str, str] = {}
    async with db.session() as s, s.begin():
        for i in range(len(LEVELS)):
            account = await accounts.create(
                s, f"p{i}", guest=True, outfit="red", expression="smile"
            )
            account.rating = 300
            ids[f"p{i}"] = account.id
    now = time.time()
    for m in range(count):
        seats = [0, 1, *rng.sample(range(2, len(LEVELS)), 2)]
        rng.shuffle(seats)
        names = [f"p{i}" for i in seats]
        game = Game.new(names, rules, seed=seed * 1000 + m)
        drive(
            Table(game, {n: make_bot(LEVELS[int(n[1:])], seed=m * 10 + int(n[1:])) for n in names})
        )
        start = now - 3600 + m * 30
        row = Match(
            id=f"mfp{m:05d}",
            room_id=None,
            status="over",
            rules=rules.changes(),
            players=names,
            teams=None,
            seed=seed * 1000 + m,
            setup=None,
            seats=[{"name": n, "kind": "human", "account": ids[n]} for n in names],
            control={},
            clock={},
            version=len(game.history),
            created_at=start,
            updated_at=start + 20,
            ended_at=start + 20,
        )
        async with db.session() as s, s.begin():
            s.add(row)
            await s.flush()
            for seq, action in enumerate(game.history):
                s.add(
                    MatchAction(
                        match_id=row.id,
                        seq=seq,
                        action=action.to_dict(),
                        source="player",
                        at=start + seq * 0.5,
                    )
                )
    return ids


def staff(role: str) -> Account:
    return Account(id=f"a-{role}", name=role, role=role, guest=False)


def test_scan_review_decision_and_what_the_player_sees(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> None:
        db = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'fp.db'}")
        await db.migrate()
        ids = await store_matches(db, 36, seed=5)
        # A stored match whose log the engine refuses is left out, not the end of scans.
        async with db.session() as s, s.begin():
            broken = await matches_repo.get(s, "mfp00000")
            assert broken is not None
            s.add(
                MatchAction(
                    match_id="mfp00000",
                    seq=10_000,
                    action={"type": "jump"},
                    source="player",
                    at=0.0,
                )
            )
        fairplay = FairPlay(db, window_days=30, max_matches=1000)
        opened = await fairplay.scan()
        assert opened >= 1
        assert "match mfp00000 does not replay" in caplog.text
        queue = await fairplay.queue(None, "open", 50)
        collusion = [c for c in queue if c.kind == "collusion"]
        assert [sorted(c.evidence["accounts"]) for c in collusion] == [
            sorted([ids["p0"], ids["p1"]])
        ]
        case = collusion[0]
        assert case.evidence["matches"] and case.evidence["moves"] and case.evidence["figures"]
        # Found, not punished: nothing changed for the players.
        async with db.session() as s:
            assert (await accounts.get(s, ids["p0"])).rating == 300  # type: ignore[union-attr]
        assert await fairplay.decisions_for(ids["p0"]) == []

        # A player may not read or decide; bad decisions change nothing.
        with pytest.raises(AdminError) as refused:
            await fairplay.queue(staff("player"), "open", 50)
        assert refused.value.code == "forbidden"
        with pytest.raises(AdminError):
            await fairplay.decide(staff("player"), case.key, Decision(Verdict.WARN, "no"))
        for bad in (
            Decision(Verdict.DEDUCT, "feeding points", 0),
            Decision(Verdict.WARN, "warned", 10),
            Decision(Verdict.DISMISS, "  "),
        ):
            with pytest.raises(AdminError) as wrong:
                await fairplay.decide(staff("moderator"), case.key, bad)
            assert wrong.value.code == "bad_request"

        decided = await fairplay.decide(
            staff("moderator"), case.key, Decision(Verdict.DEDUCT, "fed each other points", 120)
        )
        assert decided.status == "decided" and decided.decided_by == "a-moderator"
        async with db.session() as s:
            ratings = {n: (await accounts.get(s, ids[n])).rating for n in ("p0", "p1", "p2")}  # type: ignore[union-attr]
            log = await moderation.audit_log(s, limit=5, target=case.key)
        assert ratings == {"p0": 180, "p1": 180, "p2": 300}
        assert [(e.action, e.actor, e.details["points"]) for e in log] == [
            ("case_deduct", "a-moderator", 120)
        ]
        seen = await fairplay.decisions_for(ids["p1"])
        assert [(c.decision or {}).get("note") for c in seen] == ["fed each other points"]
        with pytest.raises(AdminError):  # once decided, decided
            await fairplay.decide(staff("admin"), case.key, Decision(Verdict.DISMISS, "again"))

        # Scanning again files nothing new and leaves the decision alone.
        assert await fairplay.scan() == 0
        again = await fairplay.case(None, case.key)
        assert again.status == "decided" and again.seen_at >= decided.seen_at
        await db.close()

    asyncio.run(main())
