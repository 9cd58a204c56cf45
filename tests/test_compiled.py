"""The compiled engine (mypyc, hatch_build.py) and its source are the same engine.

The suite runs whichever form is installed (compiled wherever a C compiler is); these
tests check that it is the compiled one when it should be, that the source form plays
exactly the same games, that a stale compiled module never runs, and that the engine's
values survive pickling in both forms (the simulator sends them to worker processes).
"""

from __future__ import annotations

import json
import os
import pickle
import random
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import younuo.engine
from randomplay import random_game, random_step
from younuo.engine import Action, Card, Color, Game, Rules, native

TESTS = Path(__file__).resolve().parent


def fingerprint(games: int) -> list[dict[str, Any]]:
    """Random games with random options: each one's end state and every event seen."""
    rng = random.Random(2024)
    out = []
    for _ in range(games):
        game = random_game(rng)
        events: list[Any] = [e.to_dict() for e in game.opening_events]
        for _ in range(300):
            if game.is_over:
                break
            events += [e.to_dict() for e in game.apply(random_step(game, rng))]
        out.append({"state": game.snapshot(), "events": events})
    return out


def run_pure(code: str) -> str:
    env = {**os.environ, "YOUNUO_PURE_PYTHON": "1", "PYTHONPATH": str(TESTS)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_engine_is_compiled_where_there_is_a_c_compiler() -> None:
    cc = sysconfig.get_config_var("CC")
    if not cc or shutil.which(cc.split()[0]) is None:
        assert not younuo.engine.COMPILED  # the build fell back to pure Python
        return
    import younuo.engine.game as game_module

    assert younuo.engine.COMPILED
    assert not game_module.__file__.endswith(".py")
    assert native.stale_modules() == []


def test_source_form_plays_the_same_games_as_the_installed_form() -> None:
    pure = run_pure(
        "import json, younuo.engine, younuo.engine.game as g\n"
        "from test_compiled import fingerprint\n"
        "assert not younuo.engine.COMPILED and g.__file__.endswith('.py')\n"
        "print(json.dumps(fingerprint(12)))"
    )
    assert json.loads(pure) == json.loads(json.dumps(fingerprint(12)))


def test_a_stale_compiled_module_is_found(tmp_path: Path) -> None:
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name in ("cards", "moves"):
        (tmp_path / f"{name}.py").write_text("")
        (tmp_path / f"{name}{suffix}").write_bytes(b"")
    os.utime(tmp_path / "cards.py", (1000, 1000))
    os.utime(tmp_path / f"cards{suffix}", (2000, 2000))
    os.utime(tmp_path / f"moves{suffix}", (1000, 1000))
    os.utime(tmp_path / "moves.py", (2000, 2000))  # edited after the build
    assert native.compiled_modules(tmp_path).keys() == {"cards", "moves"}
    assert native.stale_modules(tmp_path) == ["moves"]


def test_source_first_loads_every_engine_module_from_its_source() -> None:
    out = run_pure(
        "import younuo.engine as e, younuo.engine.moves as m, younuo.engine.cards as c\n"
        "print(e.COMPILED, m.__file__.endswith('.py'), c.__file__.endswith('.py'))"
    )
    assert out.split() == ["False", "True", "True"]


def test_engine_values_survive_pickling() -> None:
    rules = Rules.from_preset("younuo", jump_in="all")
    action = Action.play("ann", Card.parse("W+4"), color=Color.RED)
    game = Game.new(["ann", "bob", "cat"], rules, seed=9)
    view = game.view("ann")
    events = game.opening_events
    for value in (rules, action, Card.parse("G7"), view, events):
        assert pickle.loads(pickle.dumps(value)) == value
