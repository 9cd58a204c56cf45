"""docs/client.md follows the code: the example it shows, the names it documents."""

from __future__ import annotations

import re
from pathlib import Path

import younuo.client
from younuo.client import messages

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "client.md").read_text(encoding="utf-8")


def test_the_example_shown_is_the_example_file() -> None:
    example = (ROOT / "examples" / "remote_bot.py").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)
    assert example in blocks, "docs/client.md shows another examples/remote_bot.py"


def test_every_name_of_the_library_is_documented() -> None:
    """The library's own names (the re-exported protocol models are protocol.md's)."""
    own = set(younuo.client.__all__) - set(messages.__all__)
    missing = sorted(name for name in own if f"`{name}" not in DOC)
    assert not missing, f"not in docs/client.md: {missing}"
