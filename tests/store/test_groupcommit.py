"""Group commit (store/groupcommit.py): what waits goes in one batch, each writer hears its own
answer, a failed batch fails each of its writes, and closing waits for the batch in hand."""

from __future__ import annotations

import asyncio

from younuo.store.groupcommit import GroupCommit, Outcome


def test_waiting_writes_go_in_one_batch_and_each_hears_its_own_outcome() -> None:
    batches: list[list[int]] = []
    gate = asyncio.Event()

    async def write_batch(changes: list[int]) -> list[Outcome]:
        batches.append(list(changes))
        await gate.wait()
        return [ValueError(n) if n % 2 else {"n": n} for n in changes]

    async def main() -> list[Outcome]:
        group: GroupCommit[int] = GroupCommit(write_batch)
        first = asyncio.create_task(group.write(0))
        await asyncio.sleep(0.01)  # the first batch is being written...
        rest = [asyncio.create_task(group.write(n)) for n in (1, 2, 3)]
        await asyncio.sleep(0.01)
        gate.set()  # ...while three more wait: they go in the next one, together
        out = await asyncio.gather(first, *rest, return_exceptions=True)
        await group.close()
        return out

    out = asyncio.run(main())
    assert batches == [[0], [1, 2, 3]]
    assert out[0] == {"n": 0} and out[2] == {"n": 2}
    assert isinstance(out[1], ValueError) and isinstance(out[3], ValueError)


def test_a_batch_that_fails_as_a_whole_fails_each_write() -> None:
    async def write_batch(changes: list[int]) -> list[Outcome]:
        raise ConnectionError("gone")

    async def main() -> list[Outcome]:
        group: GroupCommit[int] = GroupCommit(write_batch)
        out = list(await asyncio.gather(group.write(1), group.write(2), return_exceptions=True))
        await group.close()
        return out

    assert all(isinstance(o, ConnectionError) for o in asyncio.run(main()))


def test_closing_waits_for_the_batch_being_written_and_batches_are_bounded() -> None:
    sizes: list[int] = []

    async def write_batch(changes: list[int]) -> list[Outcome]:
        sizes.append(len(changes))
        await asyncio.sleep(0.05)
        return [{"n": n} for n in changes]

    async def main() -> list[dict[str, int]]:
        group: GroupCommit[int] = GroupCommit(write_batch, max_batch=2)
        writes = [asyncio.create_task(group.write(n)) for n in range(5)]
        await asyncio.sleep(0)
        await group.close()  # returns only once every queued write is answered
        assert all(w.done() for w in writes)
        return [w.result() for w in writes]

    assert asyncio.run(main()) == [{"n": n} for n in range(5)]
    assert sizes == [2, 2, 1]
