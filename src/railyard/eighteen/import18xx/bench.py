"""Benchmark of the export import: ``python -m railyard.eighteen.import18xx.bench FILE``.

Replays the export ``--rounds`` times in this process (after one warm-up) and prints the
best and median process CPU time and wall time per full import (parse, undo/redo,
replay through the rules incl. the game record with its digests, final worth)."""
from __future__ import annotations

import argparse
import statistics
import time

from . import import_export, load_export


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    with open(args.file, "rb") as fh:
        text = fh.read()
    import_export(load_export(text))
    cpu, wall = [], []
    for _ in range(args.rounds):
        c, w = time.process_time(), time.perf_counter()
        import_export(load_export(text))
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    print(f"import {args.file}: cpu best {min(cpu) * 1000:.1f} ms, median "
          f"{statistics.median(cpu) * 1000:.1f} ms; wall best {min(wall) * 1000:.1f} ms, "
          f"median {statistics.median(wall) * 1000:.1f} ms ({args.rounds} rounds)")


if __name__ == "__main__":
    main()
