"""Gymnasium single-agent environment (``railyard.envs.gym_env``): one learning seat, the
other seats played by railyard bots of a chosen kind (``bots/kinds.make_bot``: ``random``
for every title, ``rules`` / ``mcts:LEVEL`` for the small games, ``strategic:LEVEL`` for
1830 and 1870).  Each bot decides from its own seat's view only (``kinds.play_move``).

Observation: a dict with ``observation`` (float32, the learning seat's view) and
``action_mask`` (int8, 1 at the legal ids); ``info["action_mask"]`` holds the same mask
as bools.  Action: ``Discrete(num_actions)``, an id that must be legal (``ValueError``
otherwise, nothing changes).  Reward: 0 until the end, then the seat's return (1 for a
sole win, shared on a tie, 0 otherwise; when the title's action cap truncates the game,
``truncated`` is True and the game is scored by the rules' score at that moment, core.py).

An illegal id raises ``ValueError`` (``illegal="raise"``, the default) or, with
``illegal="lose"`` (for learners and checkers that sample without the mask, e.g.
``gymnasium.utils.env_checker.check_env``), ends the episode at once with reward -1,
``terminated`` True and ``info["illegal"]`` saying why; the game is not changed.

Seeds: ``reset(seed=S)`` plays railyard's game ``S`` (its set-up) and seeds the bots from
it; a reset without a seed plays the next game.  ``seat=None`` changes the learning seat
every episode (episode ``k`` plays seat ``k % players``).
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots.kinds import make_bot, parse_kind, play_move
from .core import Episode


class RailyardGym(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, slug: str, players: int = 4, opponents: str = "random",
                 seed: int | None = None, seat: int | None = 0, options: dict | None = None,
                 cap: int | None = None, render_mode: str | None = None,
                 illegal: str = "raise") -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        self._lost = False
        self.episode = Episode(slug, players, options, cap)
        self.slug = self.episode.slug
        self.kind = str(parse_kind(opponents))
        make_bot(self.kind, self.slug)              # an unknown kind fails here
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat must be 0 to {players - 1} or None, not {seat!r}")
        self.fixed_seat = seat
        self.seat = seat or 0
        self.render_mode = render_mode
        enc = self.episode.encoder
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-1e6, 1e6, enc.obs_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(enc.num_actions)
        self._next_seed = 0 if seed is None else int(seed)
        self._episodes = 0
        self.bots: list[Any] = []

    def _obs(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        ep = self.episode
        mask = np.zeros(ep.encoder.num_actions, dtype=np.int8)
        if ep.to_act == self.seat:
            ep.mask(mask)
        obs = {"observation": ep.observation(self.seat), "action_mask": mask}
        return obs, {"action_mask": mask.astype(bool), "seat": self.seat,
                     "steps": ep.steps}

    def _opponents(self) -> None:
        ep = self.episode
        while not ep.done and ep.to_act != self.seat:
            seat = ep.to_act
            ep.play(play_move(self.bots[seat], ep.state))

    def reset(self, *, seed: int | None = None,
              options: dict | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._next_seed = int(seed)
        game = self._next_seed
        self._next_seed += 1
        ep = self.episode
        if self.fixed_seat is None:
            self.seat = self._episodes % ep.players
        self._episodes += 1
        ep.reset(game)
        self._lost = False
        self.bots = [None if i == self.seat else
                     make_bot(self.kind, self.slug, game * 1009 + i)
                     for i in range(ep.players)]
        self._opponents()
        return self._obs()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        ep = self.episode
        if ep.done or self._lost:
            raise ValueError("The episode is over: call reset().")
        try:
            ep.step(int(action) if isinstance(action, np.integer) else action)
        except ValueError as exc:
            if self.illegal == "raise":
                raise
            self._lost = True
            obs, info = self._obs()
            info["illegal"] = str(exc)
            return obs, -1.0, True, False, info
        self._opponents()
        obs, info = self._obs()
        reward = float(ep.returns()[self.seat]) if ep.done else 0.0
        return obs, reward, ep.terminal, ep.truncated, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        ep = self.episode
        return ep.encoder.observation_string(ep.state, self.seat)
