"""The composition root: every service gets its collaborators in its constructor, and
nothing is assigned to another object after it is built (docs/architecture.md, "The
wiring"). Read from the code with ``ast``, and checked on the services of one process
and of a node of several as built."""

from __future__ import annotations

import ast
import asyncio
import inspect
from pathlib import Path

import pytest

import younuo.server
from younuo.server.cluster.deployment import ClusterDeployment
from younuo.server.cluster.forwarding import Forwarding
from younuo.server.cluster.messages import KINDS
from younuo.server.cluster.peers import ClusterPeers
from younuo.server.compose import build_services
from younuo.server.lobby.service import Lobby
from younuo.server.match.ports import MatchEnded, SingleNode
from younuo.server.match.service import MatchService
from younuo.server.realtime.connections import Hub, Peers
from younuo.server.realtime.routing import Router
from younuo.server.services import Services
from younuo.server.settings import Settings
from younuo.server.tournaments.ports import CarryOutHook
from younuo.server.tournaments.service import TournamentService
from younuo.server.tournaments.tables import TournamentTables

SERVER = Path(younuo.server.__file__).parent
ROOT_FILES = ["app.py", "compose.py", "services.py"]
"""The composition root, read whole."""
CLUSTER_FILES = sorted(p.name for p in (SERVER / "cluster").glob("*.py"))
"""The cluster's parts: their constructors."""
CONSTRUCTORS = [MatchService, Lobby, Router, Hub, TournamentService, TournamentTables]
"""The services whose collaborators used to be assigned from outside."""


def _assigned_elsewhere(tree: ast.AST) -> list[str]:
    """``x.y = ...`` (or ``+=``, ``x.y: T = ...``) where ``x`` is not ``self`` itself: an
    object's attribute set by someone else (``self.other.y = ...`` included)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        for target in targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Attribute) and isinstance(leaf.ctx, ast.Store):
                    owner = leaf.value
                    if not (isinstance(owner, ast.Name) and owner.id == "self"):
                        found.append(f"line {leaf.lineno}: {ast.unparse(leaf)}")
    return found


@pytest.mark.parametrize("name", ROOT_FILES)
def test_the_composition_root_assigns_no_other_objects_attributes(name: str) -> None:
    tree = ast.parse((SERVER / name).read_text(encoding="utf-8"))
    assert _assigned_elsewhere(tree) == []


@pytest.mark.parametrize("name", CLUSTER_FILES)
def test_the_cluster_parts_constructors_set_only_their_own_attributes(name: str) -> None:
    tree = ast.parse((SERVER / "cluster" / name).read_text(encoding="utf-8"))
    inits = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "__init__"]
    assert [line for f in inits for line in _assigned_elsewhere(f)] == []


@pytest.mark.parametrize("cls", CONSTRUCTORS, ids=lambda c: c.__name__)
def test_a_service_constructor_sets_only_its_own_attributes(cls: type) -> None:
    source = inspect.getsource(cls.__init__)  # type: ignore[misc]
    tree = ast.parse(inspect.cleandoc("\n" + source) if source.startswith(" ") else source)
    assert _assigned_elsewhere(tree) == []


def test_the_check_finds_an_assignment_to_another_object() -> None:
    tree = ast.parse("def f(self, hub, m):\n    hub.peers = self\n    self.m.node = 1\n")
    assert _assigned_elsewhere(tree) == ["line 2: hub.peers", "line 3: self.m.node"]


def _bound_to(method: object) -> object:
    """The object a bound method belongs to."""
    return getattr(method, "__self__", None)


def _built(settings: Settings) -> Services:
    async def build() -> Services:  # some parts make queues and locks: inside a loop
        services, _ = build_services(settings)
        return services

    return asyncio.run(build())


def test_one_process_is_wired_through_constructors(tmp_path: Path) -> None:
    s = _built(Settings.load(data=tmp_path, origin_secret="k" * 32))
    assert type(s.hub.peers) is Peers
    assert s.cluster is None and s.drain is None
    assert s.tables.forward is None and s.tables.matches is s.matches
    matches = s.matches
    assert matches.node is None and matches.feeds.hub is s.hub
    assert isinstance(_bound_to(matches.announce), SingleNode)
    # A match's end goes to the room first, then to a tournament's table.
    ended = matches.on_match_over
    assert isinstance(ended, MatchEnded)
    assert [_bound_to(f) for f in ended.listeners] == [s.lobby, _bound_to(ended.listeners[1])]
    assert isinstance(_bound_to(ended.listeners[1]), TournamentTables)
    # The tournament service carries its commands out on those tables.
    carriers = s.tournaments.carry_out
    assert isinstance(carriers, CarryOutHook)
    assert [_bound_to(f) for f in carriers.carriers] == [_bound_to(ended.listeners[1])]
    assert s.lobby.matches is matches and s.lobby.tables is s.tables


def test_a_node_of_several_is_wired_through_constructors(tmp_path: Path) -> None:
    settings = Settings.load(
        data=tmp_path,
        db="postgresql+asyncpg://younuo@127.0.0.1:9/younuo",
        redis="redis://127.0.0.1:9/0",
        origin_secret="k" * 32,
        node_id="n7",
    )
    s = _built(settings)
    assert s.cluster is not None and s.drain == s.cluster.drain
    link = s.cluster.link
    assert isinstance(s.hub.peers, ClusterPeers) and s.hub.peers.link is link
    matches = s.matches
    assert matches.node == "n7"
    assert isinstance(_bound_to(matches.announce), ClusterDeployment)
    # The router forwards to the node running a match; what it hands back to this node
    # is served by a router that forwards nothing.
    forwarding = _bound_to(s.tables.forward)
    assert isinstance(forwarding, Forwarding)
    here = forwarding.here
    assert isinstance(here, Router) and here is not s.tables
    assert here.forward is None and here.matches is matches
    # Every kind of message between nodes has its handler.
    assert set(link.inbox._handlers) == set(KINDS.values())
    assert len(link.inbox._changes) == 1 and len(link.inbox._back) == 1
    # A stored room is told to the other nodes.
    s.lobby.changed("r1", 3)
    assert link._outbox.qsize() == 1
    ended = matches.on_match_over
    assert isinstance(ended, MatchEnded)
    assert [type(_bound_to(f)) for f in ended.listeners] == [Lobby, TournamentTables]
