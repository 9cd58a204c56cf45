"""Derived seeds: the same parts give the same seed, on any run; other parts another."""

from __future__ import annotations

from younuo.tournaments.seeds import derive


def test_derive_is_stable_and_spreads() -> None:
    # A fixed value: Python's own hash() of a string would change from run to run.
    assert derive(7, "cup-s1-t1") == derive(7, "cup-s1-t1") == 2700723160129789450
    seeds = {derive(7, f"cup-s1-t{n}") for n in range(1, 200)} | {derive(8, "cup-s1-t1")}
    assert len(seeds) == 200
    assert all(0 <= s < 2**63 for s in seeds)
