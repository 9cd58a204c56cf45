"""The roster (server/cluster/roster.py): a node heard from is alive before the next scan."""

from __future__ import annotations

from younuo.server.cluster.roster import Roster


def test_a_node_heard_from_is_living_until_a_scan_says_otherwise() -> None:
    roster = Roster("n1")
    roster.saw({"n1"}, at=1.0)  # n2 joined after this scan
    assert "n2" not in roster.living
    roster.heard("n2")  # it changed a room: it is alive, and so is its players' presence
    assert roster.living == {"n1", "n2"}
    roster.saw({"n1"}, at=2.0)  # the next scan finds its lease gone: it is dropped
    assert roster.living == {"n1"}
