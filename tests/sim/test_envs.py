"""RL interface: Gymnasium and PettingZoo environments, features, trained policies as bots.

Needs the ``rl`` dependency group (``uv sync --all-groups``); skipped without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

from younuo.bots import actionspace as space  # noqa: E402
from younuo.bots import make_bot  # noqa: E402
from younuo.bots.features import SIZE as OBS_SIZE  # noqa: E402
from younuo.bots.features import encode  # noqa: E402
from younuo.bots.policy import LinearPolicy, PolicyBot  # noqa: E402
from younuo.engine import Game, Rules  # noqa: E402
from younuo.sim.multi_agent import env as aec_env  # noqa: E402
from younuo.sim.reinforce import evaluate, train  # noqa: E402
from younuo.sim.single_agent import YounuoEnv  # noqa: E402
from younuo.sim.table import Table, drive  # noqa: E402


# PettingZoo's api_test warns about every Dict observation space, its own classic
# environments' included.
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("preset", "players"), [("classic", 2), ("younuo", 4), ("party", 3)])
def test_pettingzoo_api_test_passes(preset: str, players: int) -> None:
    pettingzoo_test.api_test(aec_env(players=players, rules=preset), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_is_seeded() -> None:
    pettingzoo_test.seed_test(lambda: aec_env(players=3, rules="party"), num_cycles=100)


def test_gymnasium_env_checker_passes() -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(YounuoEnv(players=2, opponents="random"), skip_render_check=True)


def _random_episode(env: YounuoEnv, seed: int) -> tuple[float, int]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert obs.shape == (OBS_SIZE,) and obs.min() >= 0.0 and obs.max() <= 1.0
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        done = terminated or truncated
    return total, steps


def test_gymnasium_episode_ends_with_round_points() -> None:
    """Rewards come at the end of the round (R-SCORE-2): the winner's are the other hands."""
    env = YounuoEnv(players=3, opponents=["normal", "easy"], rules="party")
    for seed in range(3):
        total, steps = _random_episode(env, seed)
        assert steps > 0
        game = env.table.game  # type: ignore[union-attr]
        view = game.view(None)
        assert view.round_points is not None
        if view.round_winner == env.agent:
            assert total == pytest.approx(view.round_points * 0.01)
        else:
            assert total < 0 or total == 0.0


def test_illegal_actions_are_penalized_or_refused_never_replaced() -> None:
    env = YounuoEnv(players=2, opponents="random")
    _obs, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.table.game.snapshot()  # type: ignore[union-attr]
    _obs2, reward, terminated, _truncated, info2 = env.step(illegal)
    assert reward == -1.0 and info2["illegal"] and not terminated
    assert env.table.game.snapshot() == before  # type: ignore[union-attr]
    strict = YounuoEnv(players=2, opponents="random", illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(ValueError, match="illegal"):
        strict.step(illegal)


def test_features_are_the_view_only() -> None:
    """Two games differing only in a hidden hand encode the same for the viewer."""
    game = Game.new(["a", "b", "c"], Rules.from_preset("younuo"), seed=9)
    view = game.view("a")
    x = encode(view)
    assert x.shape == (OBS_SIZE,) and x.dtype == np.float32
    assert x.sum() > 0
    assert x[: len(space.CARD_KINDS)].sum() == pytest.approx(0.25 * len(view.hand))


def test_policy_save_load_and_play_as_a_bot(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    policy = LinearPolicy(rng.normal(size=(space.SIZE, OBS_SIZE)), rng.normal(size=space.SIZE))
    path = tmp_path / "p.npz"
    policy.save(path, note="test")
    again = LinearPolicy.load(path)
    assert np.array_equal(again.weights, policy.weights)
    bot = make_bot(f"policy:{path}", seed=1)
    assert isinstance(bot, PolicyBot)
    rules = Rules.from_preset("classic", multi_play="same_rank", seven_zero=True, scoring="single")
    game = Game.new(["a", "b", "c"], rules, seed=1)
    bots = {"a": bot, "b": make_bot("easy"), "c": make_bot("random")}
    outcome = drive(Table(game, bots))  # raises if the policy bot chose anything illegal
    assert outcome.winner in game.players


def test_reinforce_learns_to_beat_random() -> None:
    """A few hundred rounds of REINFORCE make a clearly better player than random's 50%."""
    env = YounuoEnv(players=2, opponents="random", rules="classic", reward="win")
    policy = LinearPolicy()
    train(env, policy, 160, seed=1, lr=0.1)
    wins, n, (low, _high) = evaluate(env, policy, 120, seed=2, greedy=False)
    assert low > 0.6, (wins, n)
