"""Benchmark of the export import: ``python -m railyard.eighteen.import18xx.bench FILE``
(also ``railyard bench --export FILE``).

Replays the export ``--rounds`` times in this process (after one warm-up) and prints the
best and median process CPU time and wall time per full import (parse, undo/redo,
replay through the rules incl. the game record with its digests, final worth).  Any title
the import reads (1830, 1870)."""
from __future__ import annotations

import argparse
import os
import statistics
import time

from . import import_export, load_export


def measure(text: bytes, rounds: int = 20) -> dict:
    """CPU and wall milliseconds per import: best and median over ``rounds``."""
    import_export(load_export(text))
    cpu, wall = [], []
    for _ in range(rounds):
        c, w = time.process_time(), time.perf_counter()
        import_export(load_export(text))
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {"cpu_best": min(cpu) * 1000, "cpu_median": statistics.median(cpu) * 1000,
            "wall_best": min(wall) * 1000, "wall_median": statistics.median(wall) * 1000,
            "rounds": rounds, "load": load}


def report(name: str, m: dict) -> str:
    return (f"import {name}: cpu best {m['cpu_best']:.1f} ms, median {m['cpu_median']:.1f} "
            f"ms; wall best {m['wall_best']:.1f} ms, median {m['wall_median']:.1f} ms "
            f"({m['rounds']} rounds, load average {m['load']:.1f})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    with open(args.file, "rb") as fh:
        text = fh.read()
    print(report(args.file, measure(text, args.rounds)))


if __name__ == "__main__":
    main()
