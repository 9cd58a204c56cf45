"""bots.leaf and bots.npzfile: the expert's learned value of a playout's last position,
and its weights read without numpy."""

from __future__ import annotations

import io
import math
import random
import zipfile
from pathlib import Path

import pytest

from younuo.bots import ExpertBot, HardBot
from younuo.bots.leaf import CLASSES, FEATURES, LeafModel, load, position_features, shipped
from younuo.bots.npzfile import read_npy, read_npz
from younuo.bots.rollout import estimate, playout
from younuo.engine import Game, PlayerView, Rank, Rules

from .scenes import random_positions


def test_npz_files_numpy_writes_are_read_the_same_without_it(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    path = tmp_path / "weights.npz"
    floats = np.array([0.5, -1.25, 3e-9, 12345.678])
    np.savez(path, floats=floats, singles=floats.astype(np.float32), names=np.array(["a", "wilds"]))
    arrays = read_npz(path)
    assert arrays["floats"] == floats.tolist()
    assert arrays["singles"] == floats.astype(np.float32).tolist()
    assert arrays["names"] == ["a", "wilds"]


def test_npz_reading_refuses_what_it_does_not_understand(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(ValueError, match=r"not a \.npy"):
        read_npy(io.BytesIO(b"PK\x03\x04 not an array"))
    path = tmp_path / "square.npz"
    np.savez(path, square=np.eye(2))
    with pytest.raises(ValueError, match="one-dimensional"):
        read_npz(path)
    np.savez(path, counts=np.arange(3, dtype=np.int64))
    with pytest.raises(ValueError, match="<i8"):
        read_npz(path)


def test_the_shipped_model_has_weights_for_every_table_size() -> None:
    model = shipped()
    assert set(model.theta) == set(CLASSES)
    assert all(len(model.theta[c]) == len(FEATURES) for c in CLASSES)
    # What the fit must find in any table size: going out now wins, more cards lose.
    for name in CLASSES:
        weights = dict(zip(FEATURES, model.theta[name], strict=True))
        assert weights["can_go_out"] > 1.0
        assert weights["cards"] + weights["log_cards"] < 0


def test_a_model_without_a_table_size_or_with_other_features_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="weights for"):
        LeafModel({"two": (0.0,) * len(FEATURES)})
    path = tmp_path / "other.npz"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("features.npy", _npy_strings(["cards"]))
    with pytest.raises(ValueError, match="features"):
        load(str(path))


def _npy_strings(values: list[str]) -> bytes:
    """A .npy array of strings as numpy writes it (format 1.0, UTF-32 fixed width)."""
    width = max(len(v) for v in values)
    header = f"{{'descr': '<U{width}', 'fortran_order': False, 'shape': ({len(values)},), }}"
    header = header.ljust(118) + "\n"
    body = "".join(v.ljust(width, "\0") for v in values).encode("utf-32-le")
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode() + body


@pytest.mark.parametrize("players", [2, 4, 6])
def test_position_features_describe_every_hand_and_the_turn(players: int) -> None:
    rules = Rules.from_preset("classic", scoring="single")
    checked = 0
    for game in random_positions(rules, players, games=3, seed=players):
        view = game.view(None)
        rows = position_features(game, view)
        movers = 0
        for name, row in zip(view.players, rows, strict=True):
            assert row is not None
            x = dict(zip(FEATURES, row, strict=True))
            hand = game.hand(name)
            assert x["cards"] == len(hand)
            assert x["one_card"] == (len(hand) == 1)
            assert x["wilds"] + x["wild_draw_fours"] == sum(c.color is None for c in hand)
            assert x["skips"] == sum(c.rank is Rank.SKIP for c in hand)
            assert x["in_force"] == sum(c.color is view.color for c in hand if c.color)
            assert x["playable"] >= x["in_force"] + x["wilds"] + x["wild_draw_fours"]
            assert x["stuck"] == (x["playable"] == 0)
            movers += int(x["to_move"])
            if x["can_go_out"]:
                assert x["to_move"] and len(hand) == 1
        assert movers == (1 if view.current is not None else 0)
        checked += 1
    assert checked > 10


def _value_sums(game: Game, view: PlayerView, model: LeafModel) -> float:
    return sum(model.estimate(game, seat, None, view) for seat in range(len(view.players)))


def test_the_leaf_estimate_shares_the_round_among_its_players_and_teams() -> None:
    model = shipped()
    for players in (2, 3, 5):
        rules = Rules.from_preset("classic", scoring="single")
        for game in random_positions(rules, players, games=2, seed=11):
            view = game.view(None)
            assert math.isclose(_value_sums(game, view, model), 1.0)
            team = frozenset(view.players[:2])
            together = model.estimate(game, 0, team, view)
            assert math.isclose(
                together, model.estimate(game, 0, None, view) + model.estimate(game, 1, None, view)
            )


def test_a_playout_is_judged_by_the_leaf_it_is_given() -> None:
    """The search's leaf is a parameter: the hard level's model unless one is given."""
    rules = Rules.from_preset("classic", scoring="single")
    game = next(iter(random_positions(rules, 2, games=1, seed=3)))
    me = game.players[0]
    seen: list[int] = []

    def constant(g: Game, seat: int, team: frozenset[str] | None, v: PlayerView | None) -> float:
        seen.append(seat)
        return 0.375

    assert playout(game.copy(), me, random.Random(1), 0, None, constant) == (0.375, 0)
    assert seen == [0]
    plain = playout(game.copy(), me, random.Random(1), 0)
    assert plain == (estimate(game, 0), 0)


def test_the_searches_judge_by_the_hard_model_unless_given_the_learned_one() -> None:
    """The learned leaf is an option (it played no better, docs/bot-research.md): both levels
    judge by rollout.estimate by default; an expert given the model searches with it,
    deterministically."""
    assert HardBot(seed=1).leaf is None and ExpertBot(seed=1).leaf is None
    rules = Rules.from_preset("classic", scoring="single")
    game = next(iter(random_positions(rules, 4, games=1, seed=5)))
    me = game.current
    assert me is not None
    legal = game.legal_actions(me)
    picks = []
    for _ in range(2):
        bot = ExpertBot(seed=3, budget=300, leaf=shipped().estimate)
        bot.reset(me)
        picks.append((bot.choose(game.view(me), legal), bot.last_search))
    assert picks[0] == picks[1]
