"""Benchmark of the route optimiser on every run_routes position of the 18xx.games fixtures
(1830, 1870): the position before the action is solved cold (network built from the game
state, compiled-network cache cleared), CPU time of this process (``time.process_time``).

    .venv/bin/python benchmarks/routing/bench_fixtures.py [--repeat 3]

Prints per title and overall: positions, median / 90th percentile / max milliseconds
(the minimum over ``--repeat`` runs of each position, against noise of the shared machine),
and the slowest positions."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from railyard.eighteen.import18xx import load_export  # noqa: E402
from railyard.routing import optimise  # noqa: E402
from railyard.routing.import_check import importer_for  # noqa: E402
from railyard.routing.problem import solve  # noqa: E402
from tests.fixture_files import fixture_files  # noqa: E402


def positions(title: str, repeat: int) -> list[tuple]:
    out: list = []
    for path in fixture_files(title):
        data = load_export(path.read_bytes())

        def before(game, action, ident, name=path.name):
            if action.get("type") != "run_routes":
                return
            best = None
            for _ in range(repeat):
                optimise._CACHE.clear()
                t0 = time.process_time()
                _prob, res = solve(game.state, action["entity"])
                ms = (time.process_time() - t0) * 1000
                best = ms if best is None else min(best, ms)
            out.append((best, f"{title}/{name}#{ident}", action["entity"], res.total,
                        res.optimal))
        importer_for(title)(data, before=before)
    return out


def line(name: str, times: list[float]) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (f"{name:<10}{len(times):>10}{statistics.median(times):>11.2f}{p90:>10.2f}"
            f"{times[-1]:>10.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}, CPU ms per position (min of {a.repeat})")
    print(f"{'title':<10}{'positions':>10}{'median ms':>11}{'p90 ms':>10}{'max ms':>10}")
    every: list = []
    for title in ("1830", "1870"):
        got = positions(title, a.repeat)
        every.extend(got)
        print(line(title, [g[0] for g in got]))
    print(line("all", [g[0] for g in every]))
    print("all proven optimal:", all(g[4] for g in every))
    print("slowest:", ", ".join(f"{g[1]} {g[2]} {g[0]:.1f} ms" for g in sorted(every)[-3:]))


if __name__ == "__main__":
    main()
