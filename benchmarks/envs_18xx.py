"""Env steps per second of the 1830 and 1870 encoders (issue 25 point 4).

One step = what an environment does per action: the legal-action mask, the observation
of the seat to act (filled into one array), a random legal id drawn with the title's lean
(``sample_id``), ``to_action`` and applying it.  Games are played from the start with
seeded generators until ``--steps`` steps are done (a game that ends starts the next).
Rates are per CPU second of this process (``time.process_time``), so they mean "one
core" on a shared machine; the wall clock rate is printed beside them.

    nice -n 10 .venv/bin/python benchmarks/envs_18xx.py --title 1830 --steps 20000
    nice -n 10 .venv/bin/python benchmarks/envs_18xx.py --title 1870 --apply fast

``--apply engine`` applies with ``state.apply`` (the engine contract: shape and turn
checks, the snapshot that undoes a refused action, the events of the log);
``--apply fast`` with the encoder's ``step`` (the rules of the action with their checks,
as the random playouts run them: no snapshot, no event watch).  ``--routes engine`` runs
trains on the engine's own route set instead of the route optimiser's.  ``--profile``
prints where the time goes.
"""
from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

from railyard.engine.registry import get_title


def run(title: str, players: int, steps: int, seed: int, apply: str, routes: str,
        obs: bool = True) -> dict:
    from railyard.envs.titles import g1830, g1870
    mod = {"1830": g1830, "1870": g1870}[title]
    enc = mod.make_encoder(players, {"routes": routes})
    info = get_title(title)
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    game = 0
    state = info.factory(names, seed, {})
    out = np.zeros(enc.obs_shape, dtype=np.float32)
    games_ended = 0
    n = 0
    clock = time.process_time
    t_cpu = clock()
    t_wall = time.perf_counter()
    t_policy = 0.0
    fast = apply == "fast"
    while n < steps:
        if state.current_player is None or state.acts >= enc.action_cap:
            games_ended += state.current_player is None
            game += 1
            state = info.factory(names, seed + game, {})
        mask = enc.mask(state)
        seat = state.current_player
        if obs:
            enc.observation(state, seat, out)
        t0 = clock()
        ids = np.flatnonzero(mask).tolist()
        i = enc.sample_id(ids, rng)                 # the agent's part: not the env's
        t_policy += clock() - t0
        action = enc.to_action(state, i)
        if fast:
            enc.step(state, action)
        else:
            state.apply(action)
        n += 1
    cpu = clock() - t_cpu
    wall = time.perf_counter() - t_wall
    return {"title": title, "players": players, "steps": n, "cpu_s": cpu, "wall_s": wall,
            "steps_per_cpu_s": n / cpu, "steps_per_wall_s": n / wall,
            "env_steps_per_cpu_s": n / (cpu - t_policy),
            "games_started": game + 1, "games_ended": games_ended}


def baseline(title: str, players: int, steps: int, seed: int) -> dict:
    """The engine's public API alone, for comparison on the same machine at the same
    moment: ``legal_actions()``, the random bot's choice (its lean) and ``apply()``."""
    from railyard.bots.random_bot import RandomBot
    info = get_title(title)
    names = [f"p{i}" for i in range(players)]
    bot = RandomBot(seed)
    game = 0
    state = info.factory(names, seed, {})
    n = 0
    clock = time.process_time
    t_cpu = clock()
    while n < steps:
        if state.current_player is None or state.acts >= 8000:
            game += 1
            state = info.factory(names, seed + game, {})
        state.apply(bot.choose_from(state.legal_actions(), title))
        n += 1
    cpu = clock() - t_cpu
    return {"steps": n, "steps_per_cpu_s": n / cpu, "games_started": game + 1}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--title", choices=("1830", "1870"), action="append")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--steps", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--apply", choices=("engine", "fast"), default="fast")
    ap.add_argument("--routes", choices=("optimal", "engine"), default="optimal")
    ap.add_argument("--no-obs", action="store_true", help="leave the observation out")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--baseline", action="store_true",
                    help="also time the engine's own API (legal_actions, random bot, apply)")
    a = ap.parse_args()
    for title in a.title or ["1830", "1870"]:
        if a.profile:
            import cProfile
            import pstats
            pr = cProfile.Profile()
            pr.enable()
        r = run(title, a.players, a.steps, a.seed, a.apply, a.routes, not a.no_obs)
        if a.profile:
            pr.disable()
            pstats.Stats(pr).sort_stats("tottime").print_stats(25)
        print(f"{r['title']} {r['players']}p apply={a.apply} routes={a.routes}"
              f"{' no-obs' if a.no_obs else ''}: {r['steps']} steps, "
              f"{r['env_steps_per_cpu_s']:.0f} env steps/s per CPU second "
              f"({r['steps_per_cpu_s']:.0f} with the random agent's draws, "
              f"{r['steps_per_wall_s']:.0f}/s wall), games started {r['games_started']}, "
              f"ended by the rules {r['games_ended']}; load {os.getloadavg()[0]:.1f}")
        if a.baseline:
            b = baseline(title, a.players, a.steps, a.seed)
            print(f"{title} {a.players}p engine API (legal_actions + random bot + apply): "
                  f"{b['steps_per_cpu_s']:.0f} steps/s per CPU second; "
                  f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
