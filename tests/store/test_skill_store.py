"""Skill in the store (issue 43, item 5): moved with the level points when a match ends,
kept for an unrated bot account, and the leaderboard ordered by it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update

from younuo.social.skill import NEW, Standing
from younuo.store import accounts, matches
from younuo.store.models import Account
from younuo.store.movelog import MatchEnd, MatchWrite

from .migrated import migrated, run
from .test_store import _match


def _row(name: str, account: str | None, score: int, winner: bool) -> dict[str, Any]:
    return {"match_id": "mtest00000001", "name": name, "account_id": account,
            "bot_level": None if account else "easy", "score": score, "winner": winner,
            "left": False, "rating_change": score, "breakdown": {"score": score},
            "ended_at": 2.0}  # fmt: skip


def test_an_ended_match_moves_skill_up_and_down_with_the_level_points(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            await matches.create(s, _match())
            ann = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")
            bob = await accounts.create(s, "Bob", guest=True, outfit="red", expression="smile")
            bot = await accounts.create(s, "Robo", guest=False, outfit="red", expression="smile")
            await s.execute(update(Account).where(Account.id == bot.id).values(bot=True))
        assert ann.skill == NEW.shown
        rows = (
            _row("ann", ann.id, 500, True),
            _row("house", None, 300, False),
            _row("bob", bob.id, 100, False),
            _row("robo", bot.id, 0, False),
        )
        places = (
            Standing(("ann",), 1),
            Standing(("house",), 2),
            Standing(("bob",), 3),
            Standing(("robo",), 4),
        )
        deltas = {ann.id: 500, bob.id: 100, bot.id: 0}
        end = MatchEnd("over", {"match_winner": "ann"}, "ann", rows, deltas, places)
        await db.moves.write(MatchWrite("mtest00000001", 0, 2.0, {}, {}, end=end))
        async with db.session() as s:
            after = {a.id: a for a in await accounts.leaderboard(s, 10)}
            stored = {r.name: r for r in await matches.results(s, "mtest00000001")}
        assert after[ann.id].skill > NEW.shown > after[bob.id].skill
        assert after[ann.id].skill_sigma < NEW.sigma
        assert stored["ann"].skill_after == after[ann.id].skill
        assert stored["ann"].skill_change == after[ann.id].skill - NEW.shown
        assert stored["bob"].skill_change == after[bob.id].skill - NEW.shown < 0
        # An unrated bot account keeps its skill; a house bot has none to keep.
        assert after[bot.id].skill == NEW.shown and after[bot.id].skill_mu == NEW.mu
        assert stored["robo"].skill_change == 0 and stored["robo"].skill_after == NEW.shown
        assert stored["house"].skill_after is None and stored["house"].skill_change is None
        # The rows the match service announces match_over from say the same.
        assert rows[0]["skill_after"] == after[ann.id].skill
        await db.close()

    run(main())


def test_the_leaderboard_is_ordered_by_skill_not_level_points(db_url: str) -> None:
    async def main() -> list[str]:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            rich = await accounts.create(s, "Rich", guest=True, outfit="red", expression="smile")
            good = await accounts.create(s, "Good", guest=True, outfit="red", expression="smile")
            await s.execute(update(Account).where(Account.id == rich.id).values(rating=9000))
            await s.execute(update(Account).where(Account.id == good.id).values(skill=1300))
        async with db.session() as s:
            names = [a.name for a in await accounts.leaderboard(s, 10)]
        await db.close()
        return names

    assert run(main()) == ["Good", "Rich"]


def test_an_abandoned_match_moves_no_skill(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            await matches.create(s, _match())
            ann = await accounts.create(s, "Ann", guest=True, outfit="red", expression="smile")
        rows = (_row("ann", ann.id, 0, False),)
        end = MatchEnd("abandoned", {}, None, rows, {ann.id: -40})
        await db.moves.write(MatchWrite("mtest00000001", 0, 2.0, {}, {}, end=end))
        async with db.session() as s:
            found = await accounts.get(s, ann.id)
            stored = await matches.results(s, "mtest00000001")
        assert found is not None and found.skill == NEW.shown and found.rating == -40
        assert stored[0].skill_change is None
        await db.close()

    run(main())
