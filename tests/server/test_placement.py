"""Where a new match should run (server/cluster/placement.py, :func:`preferred`): on the
node of most of its connected players, never moved for a tie (docs/scaling.md,
"Routing")."""

from __future__ import annotations

from younuo.server.cluster.placement import preferred


def test_a_match_moves_only_to_a_node_with_strictly_more_of_its_players() -> None:
    assert preferred("n0", {"ann": "n0", "bob": "n1", "dan": "n1"}) == "n1"
    assert preferred("n0", {"ann": "n0", "bob": "n1"}) is None  # a tie stays
    assert preferred("n0", {"ann": "n0", "bob": "n0", "dan": "n1"}) is None
    assert preferred("n0", {}) is None  # nobody connected (bots alone): stays
    assert preferred("n0", {"bob": "n1"}) == "n1"  # the host is not connected at all


def test_between_equal_other_nodes_the_first_by_name_wins() -> None:
    assert preferred("n0", {"a": "n2", "b": "n1"}) == "n1"
    assert preferred("n2", {"a": "n2", "b": "n1", "c": "n3", "d": "n3", "e": "n1"}) == "n1"


def test_players_on_a_stopping_node_do_not_draw_the_match_there() -> None:
    where = {"ann": "n0", "bob": "n1", "dan": "n1"}
    assert preferred("n0", where, stopping={"n1"}) is None
    assert preferred("n2", where, stopping={"n1"}) == "n0"
