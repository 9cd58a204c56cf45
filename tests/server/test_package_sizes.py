"""The server's social, realtime and REST modules keep the redesign's sizes (issue 40):
no class over 300 lines, so that one job stays one class a newcomer can read whole."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "src" / "younuo" / "server"
LIMIT = 300
"""Lines a class may span at the most (its docstring and methods included)."""
CHECKED = ["social", "realtime", "edge", "accounts/api.py", "lobby/api.py", "match/api.py"]
"""The packages and modules this branch of the redesign split."""


def classes_in(path: Path) -> list[tuple[str, int]]:
    """Each class of ``path`` (at any depth) and the lines it spans."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.name, (node.end_lineno or node.lineno) - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]


@pytest.mark.parametrize("place", CHECKED)
def test_no_class_is_longer_than_the_limit(place: str) -> None:
    target = SERVER / place
    files = sorted(target.rglob("*.py")) if target.is_dir() else [target]
    assert files
    long = [
        f"{path.relative_to(SERVER)}: {name} ({lines} lines)"
        for path in files
        for name, lines in classes_in(path)
        if lines > LIMIT
    ]
    assert not long, long
