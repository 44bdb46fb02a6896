"""A batch of episodes stepped together, numpy in and out (``railyard.envs.vector_env``).

All seats of every episode are played by the caller (self-play); each row of the batch is
one game.  After ``reset()`` and each ``step(actions)``:

- ``obs``: float32 ``(num_envs, *obs_shape)``, the observation of the seat to act;
- ``mask``: bool ``(num_envs, num_actions)``, its legal ids;
- ``to_act``: int64 ``(num_envs,)``, the seat to act;
- ``step`` also returns ``rewards``: float32 ``(num_envs, players)``, the returns of the
  games that ended in this step (0 elsewhere), and ``terminated`` / ``truncated``: bool
  ``(num_envs,)``.  A game that ended is reset at once to the next seed (``seed +
  num_envs``, then on), so the arrays always show a seat to act.

The arrays are filled in place and returned as the same objects every step: copy what you
keep.  ``random_actions(rng)`` draws a uniform legal id per row (for benchmarks and
baselines).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .core import Episode


class VectorEnv:
    def __init__(self, slug: str, players: int = 4, num_envs: int = 8, seed: int = 0,
                 options: dict | None = None, cap: int | None = None) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number >= 1, not {num_envs!r}")
        first = Episode(slug, players, options, cap)
        self.episodes = [first] + [Episode(slug, players, options, cap, first.encoder)
                                   for _ in range(num_envs - 1)]
        self.encoder = first.encoder
        self.num_envs = num_envs
        self.players = players
        self.seed = int(seed)
        self._next = self.seed
        enc = self.encoder
        self.obs = np.zeros((num_envs, *enc.obs_shape), dtype=np.float32)
        self.mask = np.zeros((num_envs, enc.num_actions), dtype=bool)
        self.to_act = np.zeros(num_envs, dtype=np.int64)
        self.rewards = np.zeros((num_envs, players), dtype=np.float32)
        self.terminated = np.zeros(num_envs, dtype=bool)
        self.truncated = np.zeros(num_envs, dtype=bool)
        self.episodes_done = 0

    def _new_game(self, i: int) -> None:
        self.episodes[i].reset(self._next)
        self._next += 1

    def _read(self, i: int) -> None:
        ep = self.episodes[i]
        seat = ep.to_act
        self.to_act[i] = seat
        ep.observation(seat, self.obs[i])
        row = self.mask[i]
        row[:] = False
        row[ep.legal_ids()] = True

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        self._next = self.seed
        for i in range(self.num_envs):
            self._new_game(i)
            self._read(i)
        return self.obs, self.mask, self.to_act

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          np.ndarray, np.ndarray]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} whole numbers (one id per "
                             f"game), not an array of shape {acts.shape} and type "
                             f"{acts.dtype}")
        # check every row first: a bad id changes no game
        for i, a in enumerate(acts.tolist()):
            if not 0 <= a < self.mask.shape[1] or not self.mask[i, a]:
                raise ValueError(f"game {i}: action id {a} is not legal now")
        self.rewards[:] = 0.0
        self.terminated[:] = False
        self.truncated[:] = False
        for i, a in enumerate(acts.tolist()):
            ep = self.episodes[i]
            ep.step(a)
            if ep.done:
                self.rewards[i] = ep.returns()
                self.terminated[i] = ep.terminal
                self.truncated[i] = ep.truncated
                self.episodes_done += 1
                self._new_game(i)
            self._read(i)
        return self.obs, self.mask, self.to_act, self.rewards, self.terminated, self.truncated

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """A uniform legal id per game."""
        out = np.empty(self.num_envs, dtype=np.int64)
        for i in range(self.num_envs):
            ids = self.episodes[i].legal_ids()
            out[i] = ids[int(rng.integers(len(ids)))]
        return out
