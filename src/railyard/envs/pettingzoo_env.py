"""PettingZoo AEC environment of a railyard title (``railyard.envs.aec_env``).

Agents ``player_0 .. player_{N-1}`` are the seats.  The observation of an agent is a dict:
``observation`` (float32, the encoder's ``obs_shape``: what that seat may see) and
``action_mask`` (int8, 1 at the legal action ids of the agent when it is to act, all 0
otherwise), PettingZoo's convention for masked discrete actions.  Actions are the ids of
``Discrete(num_actions)``; an id that is not legal raises ``ValueError``
(``railyard.envs.core.IllegalId``) and changes nothing.

Rewards come at the end only: each seat gets the game's return (1 for a sole winner,
shared on a tie, 0 otherwise).  An episode cut at the title's action cap is scored by the
rules' score at that moment (worth in 1830/1870, cash in the small games; ``core.py``),
and every agent's ``truncations`` flag is set instead of ``terminations``.

Seeding: the game's seed (the title's shuffles, e.g. North American Railways' columns) is
``reset(seed=S)``'s ``S``; a reset without a seed plays the next seed after the last
(the first one is the ``seed`` given to :func:`aec_env`, default 0).  ``render()`` returns
the seat-independent debugging text of the position (``render_mode="ansi"``).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .core import Episode


class RailyardAEC(AECEnv):
    """A railyard title as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "railyard", "is_parallelizable": False}

    def __init__(self, slug: str, players: int, seed: int | None = None,
                 options: dict | None = None, cap: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.episode = Episode(slug, players, options, cap)
        enc = self.episode.encoder
        self.metadata = dict(self.metadata, name=f"railyard_{self.episode.slug.replace('-', '_')}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(-1e6, 1e6, enc.obs_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(enc.num_actions)
                              for a in self.possible_agents}
        self._next_seed = 0 if seed is None else int(seed)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- episode -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._next_seed = int(seed)
        self.episode.reset(self._next_seed)
        self._next_seed += 1
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.episode.to_act]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        ep = self.episode
        seat = self.agent_index[agent]
        mask = np.zeros(ep.encoder.num_actions, dtype=np.int8)
        if ep.to_act == seat:
            ep.mask(mask)
        return {"observation": ep.observation(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        ep = self.episode
        if action is None:
            raise ValueError(f"{agent} is to act: an action id is needed, not None.")
        ep.step(int(action) if isinstance(action, (np.integer,)) else action)
        self._cumulative_rewards[agent] = 0.0
        if ep.done:
            returns = ep.returns()
            truncated = ep.truncated
            for a in self.agents:
                i = self.agent_index[a]
                self.rewards[a] = float(returns[i])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
            self._accumulate_rewards()
            return
        self.agent_selection = self.possible_agents[ep.to_act]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        ep = self.episode
        seat = ep.state.current_player
        return ep.encoder.observation_string(ep.state, 0 if seat is None else seat)

    def close(self) -> None:
        pass


def aec_env(slug: str, players: int = 4, seed: int | None = None,
            options: dict | None = None, cap: int | None = None,
            render_mode: str | None = None) -> RailyardAEC:
    """A PettingZoo ``AECEnv`` of ``slug`` for ``players`` seats (module docstring)."""
    return RailyardAEC(slug, players, seed=seed, options=options, cap=cap,
                       render_mode=render_mode)
