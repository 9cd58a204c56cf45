"""A PettingZoo AEC environment: every seat is an agent.

::

    from younuo.sim.multi_agent import env
    e = env(players=4, rules="younuo")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        mask = obs["action_mask"]
        action = None if termination or truncation else policy(obs["observation"], mask)
        e.step(action)

- An episode is one round. Agents are ``player_0`` ... in seat order.
- The agent selected is the seat the table asks next (:mod:`younuo.sim.table`): out
  of turn when it could jump in, call UNO or catch (``NOOP`` passes), then the player
  to move. Multi-card plays take several steps (``ADD`` then ``PLAY``) by the same agent.
- Spaces as in the Gymnasium environment: ``Discrete(181)`` actions and observations
  ``{"observation": Box(0, 1, (N,)), "action_mask": Box(0, 1, (181,), int8)}``
  (the mask is all zeros for agents not selected).
- Rewards at the end of the round, from round points (:mod:`younuo.sim.rewards`).
  An illegal action raises ``ValueError``.

Requires the ``rl`` dependency group (pettingzoo, gymnasium, numpy).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from younuo.bots import actionspace as space
from younuo.bots.features import SIZE as OBS_SIZE
from younuo.bots.features import encode
from younuo.bots.policy import mask_of
from younuo.engine import Card, Game, Rng, Rules
from younuo.sim.rewards import REWARDS, round_rewards
from younuo.sim.single_agent import rules_of
from younuo.sim.table import Decision, Table


class raw_env(AECEnv):  # type: ignore[misc]
    """Every seat an agent (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "younuo_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        rules: str | Rules = "younuo",
        *,
        reward: str = "points",
        reward_scale: float = 0.01,
        max_actions: int = 5000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules_of(rules)
        self.rules.check_table(players)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}")
        self.reward_mode = reward
        self.reward_scale = reward_scale
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (space.SIZE,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(space.SIZE) for a in self.possible_agents}
        self._seed = 0
        self.table: Table | None = None
        self._decision: Decision | None = None
        self._selection: list[Card] = []
        self._options: space.Options = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed = Rng(self._seed).next64() >> 16  # a new deal each reset
        self.agents = self.possible_agents[:]
        game = Game.new(self.agents, self.rules, seed=self._seed)
        self.table = Table(game, dict.fromkeys(self.agents))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._next()

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.table is not None
        view = self.table.game.view(agent)
        mine = agent == self.agent_selection and self._decision is not None
        selection = self._selection if mine else []
        return {
            "observation": encode(view, selection),
            "action_mask": mask_of(self._options) if mine else np.zeros(space.SIZE, np.int8),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None and self._decision is not None and action is not None
        number = int(action)
        if number not in self._options:
            raise ValueError(f"illegal action {number} ({space.describe(number)}) for {agent}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if space.ADD <= number < space.DRAW:
            self._selection.append(space.CARD_KINDS[number - space.ADD])
            view = table.game.view(agent)
            self._options = space.options(view, self._decision.legal, self._selection)
        else:
            table.act(self._options[number])
            self._next()
        self._accumulate_rewards()

    def _next(self) -> None:
        """Select the seat the table asks next, or end the episode."""
        table = self.table
        assert table is not None
        self._selection = []
        decision = table.decision()
        if decision is None or table.actions >= self.max_actions:
            self._decision = None
            self._options = {}
            over = decision is None
            self.rewards = round_rewards(table.game, self.reward_mode, self.reward_scale)
            for agent in self.agents:
                self.terminations[agent] = over
                self.truncations[agent] = not over
            # The agent that acted last stays selected; the dead steps go round all.
            return
        self._decision = decision
        self.agent_selection = decision.player
        self._options = space.options(table.game.view(decision.player), decision.legal)
        for agent in self.agents:
            self.infos[agent] = {}
        self.infos[decision.player] = {"action_mask": mask_of(self._options)}

    def render(self) -> str | None:
        if self.table is None:
            return None
        view = self.table.game.view(None)
        return (
            f"top {view.top}, to move {view.current},"
            f" hands {dict(zip(view.players, view.hand_counts, strict=True))}"
        )

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
