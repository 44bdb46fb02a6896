"""Environment steps per second (``railyard bench --env``, ``benchmarks/bench_envs.py``).

One *step*: the mask of the seat to act (a bool array filled in place), its observation
tensor (filled in place), a uniform random legal id, and the step itself (the engine
applies and checks the action).  Measured on :class:`~railyard.envs.core.Episode` (what
every adapter steps), on the vectorised batch (``vector.VectorEnv``, 16 games) and on the
PettingZoo AEC env (its ``last()`` / ``step()``, for comparison); ``api_rate`` is the
baseline of the same moment: railyard's public API with the random bot and no tensors.  Games restart when they
end (seeds 0, 1, 2, ...); the set-up of a new game is timed too.

Rates are CPU time of this single-threaded process (``time.process_time``) -- a busy
machine distorts them less than wall clock, which is shown as well -- and ``ref ms`` is the
CPU time of a fixed pure-Python loop (two million additions) measured at the same time, so
figures taken under different load can be compared.
"""
from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass

import numpy as np

from .core import Episode


@dataclass
class Rate:
    slug: str
    players: int
    kind: str
    steps: int
    cpu: float
    wall: float
    games: int

    @property
    def per_second(self) -> float:
        return self.steps / self.cpu if self.cpu else 0.0

    @property
    def wall_per_second(self) -> float:
        return self.steps / self.wall if self.wall else 0.0


def reference_ms() -> float:
    """CPU ms of a fixed pure-Python loop (2,000,000 additions): the speed of the core now."""
    best = float("inf")
    for _ in range(3):
        t = time.process_time()
        x = 0
        for i in range(2_000_000):
            x += i
        best = min(best, time.process_time() - t)
    return best * 1000.0


def episode_rate(slug: str, players: int, seconds: float = 5.0, seed: int = 0) -> Rate:
    ep = Episode(slug, players)
    enc = ep.encoder
    obs = np.empty(enc.obs_shape, dtype=np.float32)
    mask = np.zeros(enc.num_actions, dtype=bool)
    rng = random.Random(seed)
    steps = games = 0
    game = seed
    ep.reset(game)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    deadline = cpu0 + seconds
    while True:
        for _ in range(200):
            if ep.done:
                games += 1
                game += 1
                ep.reset(game)
            seat = ep.to_act
            ep.mask(mask)
            enc.observation(ep.state, seat, obs)
            ids = ep.legal_ids()
            ep.step(ids[rng.randrange(len(ids))])
            steps += 1
        if time.process_time() >= deadline:
            break
    return Rate(slug, players, "episode", steps, time.process_time() - cpu0,
                time.perf_counter() - wall0, games)


def api_rate(slug: str, players: int, seconds: float = 5.0, seed: int = 0) -> Rate:
    """The baseline at the same moment: railyard's public API without any tensor --
    ``legal_actions()``, the random bot's draw (``RandomBot.choose_from``) and ``apply()``
    -- the figure issue 25 quotes (23-28 k steps/s for the small games when it was filed)."""
    from ..bots.random_bot import RandomBot
    from ..engine.registry import get_title
    info = get_title(slug)
    opts = info.resolve_options({})
    names = [f"P{i + 1}" for i in range(players)]
    bot = RandomBot(seed)
    game = seed
    state = info.factory(names, game, opts)
    steps = games = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    deadline = cpu0 + seconds
    while True:
        for _ in range(200):
            if state.current_player is None:
                games += 1
                game += 1
                state = info.factory(names, game, opts)
            state.apply(bot.choose_from(state.legal_actions(), slug))
            steps += 1
        if time.process_time() >= deadline:
            break
    return Rate(slug, players, "api (baseline)", steps, time.process_time() - cpu0,
                time.perf_counter() - wall0, games)


def vector_rate(slug: str, players: int, seconds: float = 5.0, seed: int = 0,
                num_envs: int = 16) -> Rate:
    from .vector import VectorEnv
    vec = VectorEnv(slug, players=players, num_envs=num_envs, seed=seed)
    vec.reset()
    rng = np.random.default_rng(seed)
    steps = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    deadline = cpu0 + seconds
    while time.process_time() < deadline:
        for _ in range(10):
            vec.step(vec.random_actions(rng))
            steps += num_envs
    return Rate(slug, players, f"vector x{num_envs}", steps, time.process_time() - cpu0,
                time.perf_counter() - wall0, vec.episodes_done)


def aec_rate(slug: str, players: int, seconds: float = 5.0, seed: int = 0) -> Rate:
    from .pettingzoo_env import aec_env
    env = aec_env(slug, players=players, seed=seed)
    env.reset()
    rng = np.random.default_rng(seed)
    steps = games = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    deadline = cpu0 + seconds
    while time.process_time() < deadline:
        for _ in range(100):
            if not env.agents:
                games += 1
                env.reset()
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return Rate(slug, players, "pettingzoo AEC", steps, time.process_time() - cpu0,
                time.perf_counter() - wall0, games)


#: the targets of issue 25 (one core, steps/s of the episode loop)
TARGETS = {"chicago-express": 20_000, "north-american-railways": 20_000,
           "american-rails": 20_000, "1830": 5_000, "1870": 2_000}


def load_average() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
