"""The roster (server/cluster/roster.py): a node heard from is alive before the next scan."""

from __future__ import annotations

import pytest

from younuo.server.cluster import roster as roster_module
from younuo.server.cluster.roster import SILENT_FOR, Roster


def test_a_node_heard_from_is_living_until_a_scan_says_otherwise() -> None:
    roster = Roster("n1")
    roster.saw({"n1"}, at=1.0)  # n2 joined after this scan
    assert "n2" not in roster.living
    roster.heard("n2")  # it changed a room: it is alive, and so is its players' presence
    assert roster.living == {"n1", "n2"}
    roster.saw({"n1"}, at=2.0)  # the next scan finds its lease gone: it is dropped
    assert roster.living == {"n1"}


def test_a_match_is_published_while_run_here_and_asked_about() -> None:
    """``shared``: the matches run here whose changes go on their channel. A match that
    ends leaves it. Neither another node named as its owner nor an owner unknown takes
    it out: the first may be a change heard late, published by the node that has just
    handed the match here; the second, a request this node sent that node before the
    handover, answered "not here" after it. Either way the seats elsewhere would stop
    getting its moves (server/cluster/roster.py). The second happened: a player who
    stayed on the node that opened the match saw none of its moves and not its end."""
    roster = Roster("n1")
    roster.share_all({"m1", "m2", "m3", "m4"})
    roster.runs("m1", "n1")  # still here: still published
    roster.runs("m2", "n2")  # a change of n2's heard late: n1 goes on publishing m2
    roster.runs("m3", None)  # n2 answered "not here": n1 took m3 up meanwhile
    roster.gone("m4")  # over, or handed to another node by this one
    assert roster.shared == {"m1", "m2", "m3"}
    assert roster.owners == {"m1": "n1", "m2": "n2"}


def test_a_match_whose_change_reached_nobody_is_no_longer_published(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A change published that no node heard: the nodes that asked stopped listening,
    and the match leaves ``shared``. Unless a node asked after that change was queued:
    it subscribed before asking, maybe after the change went out, and wants the next."""
    clock = [10.0]
    monkeypatch.setattr(roster_module, "monotonic", lambda: clock[0])
    roster = Roster("n1")
    roster.share_all({"m1", "m2"})
    clock[0] = 11.0  # both changes are queued after the matches were shared
    roster.nobody_heard("m1", queued=10.5)
    assert roster.shared == {"m2"}
    roster.share("m2")  # asked again at 11.0, after the change below was queued
    roster.nobody_heard("m2", queued=10.5)
    assert roster.shared == {"m2"}
    roster.nobody_heard("m3", queued=10.5)  # never shared: nothing to do
    roster.nobody_heard("m2", queued=11.5)
    assert roster.shared == set()


def test_a_scan_says_which_living_nodes_are_stopping() -> None:
    roster = Roster("n1")
    roster.saw({"n1", "n2"}, at=1.0, draining={"n2"})
    assert roster.living == {"n1", "n2"} and roster.draining == {"n2"}
    roster.saw({"n1"}, at=2.0)
    assert roster.draining == set()


def test_a_node_that_did_not_listen_is_silent_for_a_moment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A request that found nobody on a node's channel (killed: Redis dropped its
    subscription) makes it silent for SILENT_FOR seconds, so the requests of every seat
    of its tables are answered at once; a message from it, or the time, ends that."""
    clock = [100.0]
    monkeypatch.setattr(roster_module, "monotonic", lambda: clock[0])
    roster = Roster("n1")
    assert not roster.is_silent("n2")
    roster.unheard("n2")
    assert roster.is_silent("n2") and not roster.is_silent("n3")
    clock[0] += SILENT_FOR - 0.01
    assert roster.is_silent("n2")
    clock[0] += 0.02
    assert not roster.is_silent("n2")  # asked again from now on: it may be back
    roster.unheard("n2")
    roster.heard("n2")  # it spoke: alive
    assert not roster.is_silent("n2")
