"""Compiled or source: which form of the engine's modules Python loads.

The engine's per-move modules are compiled to C by mypyc when the package is built
(``pyproject.toml``, ``docs/engine.md``); the compiled module sits beside its source and
Python prefers it. Two cases must not run the compiled form:

- ``YOUNUO_PURE_PYTHON=1`` asks for the source (debugging, coverage, comparing the two);
- a source edited after the last build: the compiled module is then stale, and running
  it would silently run the old rules. uv rebuilds on its next ``uv run`` (the
  ``cache-keys`` of ``pyproject.toml``); other installers need a reinstall.

In both cases :func:`choose` makes every ``younuo.engine.*`` module load from its
``.py`` file, all of them together: compiled modules reach into each other's compiled
classes, so the two forms must never mix. It runs from the package's ``__init__``,
before any engine module is imported.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).resolve().parent
PACKAGE = __name__.rpartition(".")[0]


def compiled_modules(directory: Path = PACKAGE_DIR) -> dict[str, Path]:
    """The modules of ``directory`` that have a compiled form, by name, with its path."""
    # Longest first: ".cpython-311-x86_64-linux-gnu.so" before its tail ".so".
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    found: dict[str, Path] = {}
    for path in directory.iterdir():
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            found[path.name[: -len(suffix)]] = path
    return found


def stale_modules(directory: Path = PACKAGE_DIR) -> list[str]:
    """Compiled modules older than their source: built before the source's last edit."""
    stale = []
    for name, binary in compiled_modules(directory).items():
        source = directory / f"{name}.py"
        if source.exists() and source.stat().st_mtime > binary.stat().st_mtime:
            stale.append(name)
    return sorted(stale)


class SourceFirst(importlib.abc.MetaPathFinder):
    """Loads every ``younuo.engine.*`` module from its ``.py`` file."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, module = fullname.rpartition(".")
        source = PACKAGE_DIR / f"{module}.py"
        if package != PACKAGE or not source.exists():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def choose() -> bool:
    """Set up the imports of the engine's modules; whether they load compiled."""
    if not compiled_modules():
        return False
    if os.environ.get("YOUNUO_PURE_PYTHON", "") not in ("", "0"):
        sys.meta_path.insert(0, SourceFirst())
        return False
    stale = stale_modules()
    if stale:
        warnings.warn(
            f"younuo.engine: the compiled {', '.join(stale)} are older than their source, so "
            "the engine runs from source (slower); rebuild it with "
            "`uv sync --reinstall-package younuo` (or reinstall the package)",
            RuntimeWarning,
            stacklevel=2,
        )
        sys.meta_path.insert(0, SourceFirst())
        return False
    return True
