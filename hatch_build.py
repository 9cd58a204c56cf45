"""Build hook: compile the rules engine's per-move modules to C with mypyc.

The engine is plain, fully typed Python (``mypy --strict``); mypyc turns it into C
extension modules that run the same code two to three times faster (docs/engine.md).
The compiled modules are placed beside their sources in ``src/`` (so an editable
install uses them too) and packed into the wheel.

- ``HATCH_BUILD_NO_HOOKS=true`` skips this hook: a pure-Python build.
- Without a C compiler the build goes on pure-Python, with a warning: the engine works
  the same, only slower. Any other compile error fails the build: it is a bug.
- ``younuo.engine.native`` keeps a stale compiled module (older than its source) from
  ever running.

The build runs in a scratch copy of the package, not in the project: setuptools would
read the project's ``pyproject.toml`` there, and uv decides when to rebuild from that
file's timestamps, so the hook leaves it alone.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

INTERPRETED = frozenset({"__init__.py", "native.py", "rating.py", "records.py"})
"""Engine modules left as Python: the package's entry and its import switch (see
``younuo.engine.native``), and the modules that are off the per-move path."""

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="younuo-engine",
    ext_modules=mypycify({files!r}, opt_level="3"),
    script_args=["build_ext", "--inplace"],
)
"""


def has_compiler() -> bool:
    """Whether the C compiler Python was built with is on this machine."""
    cc = sysconfig.get_config_var("CC")
    if not cc:  # Windows: setuptools finds MSVC itself
        return sys.platform == "win32"
    return shutil.which(cc.split()[0]) is not None


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """hatchling's hook for this project (``[tool.hatch.build.targets.wheel.hooks.custom]``)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        src = Path(self.root) / "src"
        engine = src / "younuo" / "engine"
        for old in [*engine.glob("*.so"), *engine.glob("*.pyd"), *src.glob("*__mypyc.*")]:
            old.unlink()
        if not has_compiler():
            self.app.display_warning(
                "younuo: no C compiler found, so the rules engine stays pure Python "
                "(it works the same, 2-3x slower); install gcc or clang and rebuild "
                "(uv sync --reinstall-package younuo) for the compiled engine"
            )
            return
        modules = sorted(p.name for p in engine.glob("*.py") if p.name not in INTERPRETED)
        with tempfile.TemporaryDirectory() as scratch:
            work = Path(scratch)
            shutil.copytree(
                src / "younuo", work / "younuo", ignore=shutil.ignore_patterns("__pycache__")
            )
            files = [f"younuo/engine/{name}" for name in modules]
            (work / "setup.py").write_text(SETUP.format(files=files))
            run = subprocess.run(
                [sys.executable, "setup.py"],
                cwd=work,
                capture_output=True,
                text=True,
                check=False,
            )
            if run.returncode:
                raise RuntimeError(f"mypyc could not compile the engine:\n{run.stdout}{run.stderr}")
            built = [
                p for p in (work / "younuo" / "engine").iterdir() if p.suffix in (".so", ".pyd")
            ]
            shared = [p for p in work.iterdir() if "__mypyc." in p.name]
            for path in built:
                shutil.copy2(path, engine / path.name)
            for path in shared:
                shutil.copy2(path, src / path.name)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["artifacts"].extend(f"/src/younuo/engine/{p.name}" for p in built)
        # mypyc's shared library is a top-level module: it goes to the wheel's root.
        build_data["force_include"].update({str(src / p.name): p.name for p in shared})
