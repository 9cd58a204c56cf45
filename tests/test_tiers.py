"""The test tiers (tests/conftest.py, docs/architecture.md) put no server test in `unit`."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import tier

TESTS = Path(__file__).parent
SHELLS = ("younuo.server", "younuo.store", "younuo.client", "younuo.tui", "playwright")


def imported(path: Path, seen: set[Path]) -> set[str]:
    """Every module ``path`` imports, following the suite's own helper modules."""
    if path in seen:
        return set()
    seen.add(path)
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level:
            # The suite's own helper modules (``from .driving import ...``): follow them.
            for name in [node.module] if node.module else [a.name for a in node.names]:
                helper = path.parent / (name.replace(".", "/") + ".py")
                if helper.exists():
                    names |= imported(helper, seen)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_unit_test_module_imports_a_shell() -> None:
    for path in sorted(TESTS.rglob("test_*.py")):
        if tier(path.relative_to(TESTS)) != "unit":
            continue
        shells = {n for n in imported(path, set()) if n.startswith(SHELLS)}
        assert not shells, f"{path.relative_to(TESTS)} is `unit` but imports {sorted(shells)}"


def test_tiers_follow_the_folders() -> None:
    assert tier(Path("server/test_accounts.py")) == "server"
    assert tier(Path("web/test_layout.py")) == "web"
    assert tier(Path("cluster/test_failover.py")) == "cluster"
    assert tier(Path("tournaments/test_server_api.py")) == "server"
    assert tier(Path("rules/test_stack.py")) == "unit"
