"""Benchmark of the exact route optimiser on synthetic grids (see synthetic.py).

    .venv/bin/python benchmarks/routing/bench_synthetic.py [--n 40] [--rows 8 --cols 10 --walks 30]

Prints, per train set, median / 90th percentile / max milliseconds (CPU time of this
process, cold cache: every position is solved once from scratch) and whether every search
completed (optimal)."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from synthetic import grid_position  # noqa: E402

from railyard.routing import best_routes  # noqa: E402
from railyard.routing import optimise  # noqa: E402

SETS = [(2, 2), (3, 4), (4, 4), (5, 6), (3, 4, 4), (6, None), (4, 5, 6), (None, None)]


def run(n: int, rows: int, cols: int, walks: int) -> None:
    print(f"grid {rows}x{cols}, {walks} track walks, {n} positions per train set, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'trains':<14}{'median ms':>10}{'p90 ms':>10}{'max ms':>10}{'cands max':>11}"
          f"{'optimal':>9}")
    for trains in SETS:
        times, cands, ok = [], [], True
        for seed in range(n):
            net, trs = grid_position(seed, rows, cols, walks, trains)
            optimise._CACHE.clear()
            t0 = time.process_time()
            res = best_routes(net, trs)
            times.append((time.process_time() - t0) * 1000)
            cands.append(max(res.stats["candidates"].values(), default=0))
            ok &= res.optimal
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        name = ",".join("D" if t is None else str(t) for t in trains)
        print(f"{name:<14}{statistics.median(times):>10.1f}{p90:>10.1f}{times[-1]:>10.1f}"
              f"{max(cands):>11}{str(ok):>9}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--rows", type=int, default=8)
    ap.add_argument("--cols", type=int, default=10)
    ap.add_argument("--walks", type=int, default=30)
    a = ap.parse_args()
    run(a.n, a.rows, a.cols, a.walks)
