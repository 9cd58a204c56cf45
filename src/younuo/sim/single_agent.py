"""A Gymnasium environment: one learning seat, the other seats played by bots.

::

    from younuo.sim.single_agent import YounuoEnv
    env = YounuoEnv(players=2, opponents="random", rules="classic")
    obs, info = env.reset(seed=1)
    mask = info["action_mask"]                  # also env.action_masks()
    obs, reward, terminated, truncated, info = env.step(action)

- An episode is one round (the deal to the first player out).
- Actions: ``Discrete(181)``, the fixed space of :mod:`younuo.bots.actionspace`; the
  legal ones are in ``info["action_mask"]``. The agent is asked on its turn and, out
  of turn, whenever it could jump in, call UNO or catch (then ``NOOP`` passes).
- Observations: ``Box(0, 1, (N,))``, the encoding of the agent's player view
  (:mod:`younuo.bots.features`).
- Rewards: at the end of the round, from round points (:mod:`younuo.sim.rewards`).
- An illegal action changes nothing and costs ``illegal_reward`` (``illegal="raise"``
  raises ``ValueError`` instead): the environment never replaces it with a legal one.

Requires the ``rl`` dependency group (gymnasium, numpy).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from younuo.bots import actionspace as space
from younuo.bots.features import SIZE as OBS_SIZE
from younuo.bots.features import Vector, encode
from younuo.bots.policy import mask_of
from younuo.bots.registry import make_bot
from younuo.engine import Card, Game, Rules
from younuo.sim.rewards import REWARDS, round_rewards
from younuo.sim.table import Decision, Table


def rules_of(rules: str | Rules) -> Rules:
    """A preset name or a :class:`Rules`."""
    return rules if isinstance(rules, Rules) else Rules.from_preset(rules)


class YounuoEnv(gym.Env[Vector, int]):
    """One learning seat against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's form)

    def __init__(
        self,
        players: int = 2,
        opponents: str | Sequence[str] = "random",
        rules: str | Rules = "classic",
        *,
        reward: str = "points",
        reward_scale: float = 0.01,
        agent_seat: int | None = None,
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        max_actions: int = 5000,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules_of(rules)
        self.rules.check_table(players)
        levels = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(levels)}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}")
        if illegal not in ("penalize", "raise"):
            raise ValueError("illegal must be 'penalize' or 'raise'")
        self.players = players
        self.levels = levels
        self.reward_mode = reward
        self.reward_scale = reward_scale
        self.agent_seat = agent_seat
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32)
        self.action_space = cast("spaces.Space[int]", spaces.Discrete(space.SIZE))
        self.agent = "agent"
        self.table: Table | None = None
        self._decision: Decision | None = None
        self._selection: list[Card] = []
        self._options: space.Options = {}

    # ------------------------------------------------------------------ gym API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        n = self.players
        seat = self.agent_seat if self.agent_seat is not None else int(rng.integers(n))
        names = [f"bot{k}" for k in range(1, n)]
        names.insert(seat, self.agent)
        game = Game.new(names, self.rules, seed=int(rng.integers(2**48)))
        bots = {
            name: make_bot(level, seed=int(rng.integers(2**48)))
            for name, level in zip([p for p in names if p != self.agent], self.levels, strict=True)
        }
        self.table = Table(game, {**bots, self.agent: None})
        self._advance()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table is None or self._decision is None:
            raise RuntimeError("call reset() first (the episode is over)")
        number = int(action)
        if number not in self._options:
            if self.illegal == "raise":
                raise ValueError(f"illegal action {number} ({space.describe(number)})")
            info = self._info()
            info["illegal"] = True
            return self._observation(), self.illegal_reward, False, False, info
        if space.ADD <= number < space.DRAW:
            self._selection.append(space.CARD_KINDS[number - space.ADD])
            self._options = space.options(self._view(), self._decision.legal, self._selection)
            return self._observation(), 0.0, False, False, self._info()
        table.act(self._options[number])
        self._advance()
        if self._decision is None:
            truncated = table.game.status == "playing"
            rewards = round_rewards(table.game, self.reward_mode, self.reward_scale)
            return self._observation(), rewards[self.agent], not truncated, truncated, self._info()
        return self._observation(), 0.0, False, False, self._info()

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions now (the name MaskablePPO and others look for)."""
        return mask_of(self._options)

    def render(self) -> str | None:
        if self.table is None:
            return None
        view = self._view()
        hands = dict(zip(view.players, view.hand_counts, strict=True))
        color = None if view.color is None else view.color.value
        return (
            f"top {view.top} ({color}), to move {view.current}, hands {hands},"
            f" mine {' '.join(map(str, view.hand))}"
        )

    # ------------------------------------------------------------------ helpers
    def _advance(self) -> None:
        """Let the bots act until the agent must decide or the round is over."""
        table = self.table
        assert table is not None
        self._selection = []
        self._options = {}
        while True:
            decision = table.decision()
            if decision is None or table.actions >= self.max_actions:
                self._decision = None
                return
            if decision.player == self.agent:
                self._decision = decision
                self._options = space.options(self._view(), decision.legal)
                return
            bot = table.bots[decision.player]
            assert bot is not None
            table.act(bot.choose(table.game.view(decision.player), decision.legal))

    def _view(self) -> Any:
        assert self.table is not None
        return self.table.game.view(self.agent)

    def _observation(self) -> Vector:
        return encode(self._view(), self._selection)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": mask_of(self._options)}
