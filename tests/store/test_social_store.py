"""Friend links, blocks and chat messages in a real SQLite and PostgreSQL database."""

from __future__ import annotations

from younuo.social import blocks as block_rules
from younuo.social import friendship
from younuo.social.friendship import LinkStatus
from younuo.store import chat, friends

from .migrated import migrated, run


def test_links_and_blocks_round_trip(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            # "zed" > "amy": the row is keyed amy-first, the requester is kept.
            link = friendship.request(None, "zed", "amy", blocked=False)
            await friends.put_link(s, link, at=1.0)
        async with db.session() as s, s.begin():
            stored = await friends.get_link(s, "amy", "zed")
            assert stored == link
            await friends.put_link(s, friendship.accept(stored, "amy"), at=2.0)
        async with db.session() as s, s.begin():
            mine = await friends.links_of(s, "zed")
            assert [(x.requester, x.addressee, x.status) for x in mine] == [
                ("zed", "amy", LinkStatus.FRIENDS)
            ]
            await friends.block(s, "amy", "zed", at=3.0)
        async with db.session() as s, s.begin():
            assert await friends.get_link(s, "zed", "amy") is None  # a block ends it
            found = await friends.blocks_among(s, ["zed", "amy", "bob"])
            assert found == {("amy", "zed")}
            assert not block_rules.may_seat_together(found, ["bob", "zed", "amy"])
            await friends.unblock(s, "amy", "zed")
        async with db.session() as s:
            assert await friends.blocks_among(s, ["zed", "amy"]) == set()
        await db.close()

    run(main())


def test_chat_messages_are_kept_then_purged(db_url: str) -> None:
    async def main() -> None:
        db = await migrated(db_url)
        async with db.session() as s, s.begin():
            await chat.post(s, channel="room", place="r1", sender_id="amy", at=10.0, text="hi")
            await chat.post(s, channel="room", place="r1", sender_id="bob", at=20.0,
                            phrase="good_game")  # fmt: skip
            await chat.post(s, channel="room", place="r2", sender_id="amy", at=30.0, text="yo")
        async with db.session() as s, s.begin():
            rows = await chat.recent(s, place="r1", limit=10)
            assert [(r.sender_id, r.text, r.phrase) for r in rows] == [
                ("bob", None, "good_game"),
                ("amy", "hi", None),
            ]
            assert [
                r.text for r in await chat.recent(s, place="r1", limit=10, sender_id="amy")
            ] == ["hi"]
            assert await chat.purge_before(s, 25.0) == 2
        async with db.session() as s:
            assert [r.place for r in await chat.recent(s, place="r2", limit=10)] == ["r2"]
            assert await chat.recent(s, place="r1", limit=10) == []
        await db.close()

    run(main())
