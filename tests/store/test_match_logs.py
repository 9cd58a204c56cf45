"""Rows and logs of many matches read together (store/matches.py ``rows_and_logs``: a
takeover rebuilds hundreds at once), on SQLite and PostgreSQL."""

from __future__ import annotations

from younuo.store import matches
from younuo.store.models import MatchAction

from .migrated import migrated, run, running_row


def test_each_row_comes_with_its_own_log_in_order(db_url: str) -> None:
    async def main() -> list[tuple[str, int, list[int]]]:
        db = await migrated(db_url)
        try:
            async with db.session() as s, s.begin():
                s.add_all([running_row(m, version=v) for m, v in (("m1", 3), ("m2", 0), ("m3", 2))])
                await s.flush()
                # Written out of order and interleaved: the read orders each by seq.
                for match_id, seq in (("m3", 1), ("m1", 2), ("m1", 0), ("m3", 0), ("m1", 1)):
                    s.add(MatchAction(match_id=match_id, seq=seq, action={"n": seq},
                                      source="player", at=1.0))  # fmt: skip
            async with db.session() as s:
                got = await matches.rows_and_logs(s, ["m3", "m1", "nope", "m2"])
            return sorted((row.id, row.version, [a["n"] for a in log]) for row, log in got)
        finally:
            await db.close()

    assert run(main()) == [("m1", 3, [0, 1, 2]), ("m2", 0, []), ("m3", 2, [0, 1])]
