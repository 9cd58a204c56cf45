"""``KEY=VALUE`` rule options of ``younuo bot`` and ``younuo play``."""

from __future__ import annotations

import pytest

from younuo.cli.ruleoptions import rule_options


def test_a_value_that_reads_as_json_is_that_value_else_text() -> None:
    got = rule_options(["stacking=true", " target = 300", "preset=younuo", 'house={"a": [1]}'])
    assert got == {"stacking": True, "target": 300, "preset": "younuo", "house": {"a": [1]}}
    assert rule_options(["empty="]) == {"empty": ""}
    assert rule_options([]) == {}


@pytest.mark.parametrize("pair", ["novalue", "=3", " =x"])
def test_a_pair_without_a_key_or_equals_sign_is_refused(pair: str) -> None:
    with pytest.raises(ValueError, match="KEY=VALUE"):
        rule_options([pair])
