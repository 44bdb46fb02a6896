"""Environment steps/s of railyard.envs with an observation and a mask every step
(issue 25 point 4; src/railyard/envs/bench.py says what a step is).

    .venv/bin/python benchmarks/bench_envs.py [--seconds 5] [--kinds episode,vector,aec]
        [--titles chicago-express,...] [--players N]

Prints one line per title and kind: CPU steps/s (one core), wall steps/s, the target, the
games finished, and the reference loop's CPU ms and the load average (docs/benchmarks.md).
Titles whose encoder is not in this checkout are listed as missing.
"""
from __future__ import annotations

import argparse
import platform
import sys

from railyard.engine.registry import get_title
from railyard.envs import bench, titles


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--kinds", default="api,episode,vector,aec")
    ap.add_argument("--titles", default=",".join(titles.MODULES))
    ap.add_argument("--players", type=int, default=None,
                    help="players (default: 4, or the title's nearest count)")
    args = ap.parse_args(argv)
    kinds = {"api": bench.api_rate, "episode": bench.episode_rate, "vector": bench.vector_rate,
             "aec": bench.aec_rate}
    ref = bench.reference_ms()
    print(f"# railyard env bench, Python {platform.python_version()}, CPU time of one "
          f"process; reference loop {ref:.0f} ms; load average {bench.load_average():.1f}")
    print(f"{'title':26} {'players':>7} {'kind':16} {'steps/s':>9} {'wall/s':>9} "
          f"{'target':>7} {'games':>6}")
    for slug in args.titles.split(","):
        if slug not in titles.available():
            print(f"{slug:26} encoder missing in this checkout")
            continue
        info = get_title(slug)
        n = args.players or min(max(4, info.min_players), info.max_players)
        for kind in args.kinds.split(","):
            r = kinds[kind](slug, n, args.seconds)
            print(f"{slug:26} {n:7d} {r.kind:16} {r.per_second:9.0f} "
                  f"{r.wall_per_second:9.0f} {bench.TARGETS.get(slug, 0):7d} {r.games:6d}",
                  flush=True)
    print(f"# reference loop {bench.reference_ms():.0f} ms; load average "
          f"{bench.load_average():.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
