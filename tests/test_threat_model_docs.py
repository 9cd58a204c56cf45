"""docs/security.md's threat model names a test for each of its lines: every test and
test file it names exists, so that a line cannot outlive the test that held it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECURITY = ROOT / "docs" / "security.md"
NAMED = re.compile(r"`(tests/[\w/]+\.py)(?:::(\w+))?`|`(test_\w+)`")


def threat_model() -> str:
    text = SECURITY.read_text()
    start = text.index("## Threat model")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def defined(name: str, files: list[Path]) -> bool:
    return any(re.search(rf"^def {name}\(", f.read_text(), re.MULTILINE) for f in files)


def test_every_test_the_threat_model_names_exists() -> None:
    section = threat_model()
    named = NAMED.findall(section)
    assert len(named) >= 10, "the threat model names its tests"
    everything = sorted((ROOT / "tests").rglob("test_*.py"))
    missing = []
    for path, name, bare in named:
        if path:
            file = ROOT / path
            if not file.is_file() or (name and not defined(name, [file])):
                missing.append(f"{path}::{name}" if name else path)
        elif not defined(bare, everything):
            missing.append(bare)
    assert not missing, f"docs/security.md names tests that do not exist: {missing}"
