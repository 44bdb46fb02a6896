"""Benchmark (not a test): complete random games per second on one core, and clone() time.

    .venv/bin/python benchmarks/bench_games.py chicago-express --players 3

Random bots (railyard.bots.RandomBot) play complete games on the bare game state, as
`railyard simulate` does.  The machine is shared, so the script reports throughput twice:
by process CPU time (what one core delivers, robust against other processes taking the core)
and by wall-clock time; it runs several rounds and gives the median and best round.  The
output is a Markdown fragment for docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import time

from railyard.bots.random_bot import RandomBot
from railyard.engine.registry import get_title


def machine() -> str:
    try:
        lines = subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
        model = next((ln.split(":", 1)[1].strip() for ln in lines if "Model name" in ln), "?")
    except OSError:
        model = "?"
    return (f"{model}, nproc {os.cpu_count()}, Python {platform.python_version()}, "
            f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def pin_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned"


def play(info, players, seed, options, timing=None):
    state = info.factory(players, seed, options)
    bot = RandomBot(seed)
    n = 0
    while state.current_player is not None:
        if timing is None:
            state.apply(bot.choose(state))
        else:
            t0 = time.perf_counter_ns()
            choices = state.legal_actions()
            t1 = time.perf_counter_ns()
            action = bot.choose_from(choices)
            t2 = time.perf_counter_ns()
            state.apply(action)
            t3 = time.perf_counter_ns()
            timing["legal_actions"].append(t1 - t0)
            timing["bot"].append(t2 - t1)
            timing["apply"].append(t3 - t2)
            timing["states"].append(state.clone())
        n += 1
    return n


def rounds(info, players, options, games, count):
    out = []
    seed = 0
    for _ in range(count):
        c0, w0 = time.process_time(), time.perf_counter()
        actions = 0
        for _ in range(games):
            actions += play(info, players, seed, options)
            seed += 1
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        out.append((games / cpu, games / wall, actions / games))
    return out


def clone_us(states, reps=20):
    per_call = []
    for state in states:
        t0 = time.perf_counter_ns()
        for _ in range(reps):
            state.clone()
        per_call.append((time.perf_counter_ns() - t0) / reps / 1000)
    return per_call


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("title", nargs="?", default="chicago-express")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=10, help="games per round")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--no-pin", action="store_true", help="do not pin the process to one CPU")
    args = ap.parse_args()
    info = get_title(args.title)
    players = [f"P{i + 1}" for i in range(args.players)]
    options = info.resolve_options({})
    pinned = "not pinned" if args.no_pin else pin_one_core()
    print(f"- machine: {machine()}; {pinned}")
    play(info, players, 10**6, options)  # warm-up
    res = rounds(info, players, options, args.games, args.rounds)
    cpu = [r[0] for r in res]
    wall = [r[1] for r in res]
    print(f"- {args.title}, {args.players} players, {args.rounds} rounds of {args.games} "
          f"games, {statistics.fmean(r[2] for r in res):.0f} actions per game")
    print(f"- games/s by CPU time: median {statistics.median(cpu):.0f}, best {max(cpu):.0f}")
    print(f"- games/s by wall clock: median {statistics.median(wall):.0f}, "
          f"best {max(wall):.0f}")
    timing = {"legal_actions": [], "bot": [], "apply": [], "states": []}
    for seed in range(5):
        play(info, players, 500 + seed, options, timing)
    for key in ("legal_actions", "bot", "apply"):
        values = timing[key]
        print(f"- {key}: median {statistics.median(values) / 1000:.1f} µs, "
              f"mean {statistics.fmean(values) / 1000:.1f} µs per action")
    states = timing["states"]
    clones = clone_us(states)
    print(f"- clone(): median {statistics.median(clones):.1f} µs over {len(states)} states "
          f"of 5 games (20 clones each), max {max(clones):.1f} µs")


if __name__ == "__main__":
    main()
