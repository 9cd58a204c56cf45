"""Notices, reports and social settings in a real SQLite and PostgreSQL database (the
storage of younuo.server.social.service; migration 0009 adds who may reach an account)."""

from __future__ import annotations

from younuo.store import friends, notices, reports, socialsettings

from .migrated import migrated, run


def test_notices_are_listed_newest_first_and_marked_read_by_their_account(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            first = await notices.add(s, "amy", "friend_request", {"account": "bob"}, at=1.0)
            second = await notices.add(s, "amy", "invitation", {"room": "r1"}, at=2.0)
            await notices.add(s, "bob", "friend_accepted", {"account": "amy"}, at=3.0)
        async with db.session() as s, s.begin():
            mine = await notices.of(s, "amy", unread=False, limit=10)
            assert [n.id for n in mine] == [second.id, first.id]
            assert mine[0].payload == {"room": "r1"}
            assert await notices.mark_read(s, "bob", first.id, at=5.0) is None  # not Bob's
            read = await notices.mark_read(s, "amy", first.id, at=5.0)
            assert read is not None and read.read_at == 5.0
            again = await notices.mark_read(s, "amy", first.id, at=9.0)
            assert again is not None and again.read_at == 5.0  # the first reading stays
        async with db.session() as s:
            unread = await notices.of(s, "amy", unread=True, limit=10)
            assert [n.id for n in unread] == [second.id]
            assert len(await notices.of(s, "amy", unread=False, limit=1)) == 1
        await db.close()

    run(main())


def test_reports_queue_oldest_first_by_status(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            one = await reports.add(s, reporter="amy", reported="bob", reason="abuse",
                                    source="chat", match_id=None,
                                    evidence={"messages": [{"text": "x"}]}, at=1.0)  # fmt: skip
            two = await reports.add(s, reporter="cat", reported="bob", reason="afk",
                                    source="table", match_id="m1", evidence={}, at=2.0)  # fmt: skip
        async with db.session() as s, s.begin():
            assert [r.id for r in await reports.queue(s, status="open", limit=10)] == [
                one.id,
                two.id,
            ]
            row = await reports.get(s, one.id)
            assert row is not None and row.evidence == {"messages": [{"text": "x"}]}
            row.status, row.decision, row.decided_by, row.decided_at = (
                "dismissed", {"action": "dismiss"}, "mod", 3.0,
            )  # fmt: skip
        async with db.session() as s:
            assert [r.id for r in await reports.queue(s, status="open", limit=10)] == [two.id]
            assert [r.id for r in await reports.queue(s, status=None, limit=10)] == [
                one.id,
                two.id,
            ]
            assert await reports.get(s, 999_999) is None
        await db.close()

    run(main())


def test_social_settings_default_then_stored(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            guest = await socialsettings.get(s, "gst", guest=True)
            assert guest.free_text is False and guest.muted_until is None
            member = await socialsettings.get(s, "amy", guest=False)
            assert (member.free_text, member.invites, member.requests, member.messages) == (
                True, "friends", "everyone", "friends",
            )  # fmt: skip
            member.invites, member.messages, member.muted_until = "nobody", "nobody", 99.0
            await socialsettings.put(s, member)
        async with db.session() as s, s.begin():
            stored = await socialsettings.get(s, "amy", guest=False)
            assert (stored.invites, stored.messages, stored.muted_until) == (
                "nobody",
                "nobody",
                99.0,
            )
            stored.free_text = False
            await socialsettings.put(s, stored)
        async with db.session() as s:
            assert (await socialsettings.get(s, "amy", guest=False)).free_text is False
            blocks = await friends.blocked_by(s, "amy")
            assert blocks == []
        await db.close()

    run(main())


def test_blocked_by_lists_ones_own_blocks_newest_first(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            await friends.block(s, "amy", "bob", at=1.0)
            await friends.block(s, "amy", "cat", at=2.0)
            await friends.block(s, "dan", "amy", at=3.0)
        async with db.session() as s:
            assert [b.blocked_id for b in await friends.blocked_by(s, "amy")] == ["cat", "bob"]
            assert [b.blocked_id for b in await friends.blocked_by(s, "dan")] == ["amy"]
        await db.close()

    run(main())
