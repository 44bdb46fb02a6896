"""Issue 14 tournaments, run in chunks so that partial results survive a busy machine.

    .venv/bin/python benchmarks/tournaments.py run TITLE SEATS GAMES [--chunk 20] [--workers 2]
        [--start 0] [--out FILE]
    .venv/bin/python benchmarks/tournaments.py report [--out FILE]

``run`` calls ``railyard tournament TITLE --seats SEATS --games CHUNK --seed S --json`` for
S = START, START + CHUNK, ... up to GAMES (each chunk plays its own deals; ``--start`` resumes
a run cut short) and appends every JSON result to ``--out`` (default
``benchmarks/tournaments/results.jsonl``).  ``report`` adds up the chunks per (title, seats)
and prints games, wins, win rate with its Wilson 95 % interval, mean score and the move-time
percentiles (p50/p95: the largest of the chunks' values, as the chunks cannot be merged
exactly).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "tournaments" / "results.jsonl"
sys.path.insert(0, str(ROOT / "src"))


def run(title: str, seats: str, games: int, chunk: int = 20, workers: int = 2,
        start: int = 0, out: Path = OUT) -> None:
    done = start
    while done < games:
        n = min(chunk, games - done)
        cmd = [str(ROOT / ".venv/bin/railyard"), "tournament", title, "--seats", seats,
               "--games", str(n), "--seed", str(done), "--workers", str(workers), "--json"]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        line = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else "{}"
        rec = json.loads(line)
        rec["command"] = " ".join(cmd[1:])
        with Path(out).open("a") as fh:
            fh.write(json.dumps(rec) + "\n")
        done += n
        print(f"{title} {seats}: {done}/{games}", flush=True)


def report(out: Path = OUT) -> None:
    from railyard.bots.tournament import wilson
    groups: dict[tuple, dict] = {}
    for line in Path(out).read_text().splitlines():
        rec = json.loads(line)
        key = (rec["title"], ",".join(rec["seats"]))
        g = groups.setdefault(key, {"games": 0, "bots": {}, "errors": 0, "seeds": []})
        g["games"] += rec["games"]
        g["errors"] += len(rec["errors"])
        g["seeds"].append(rec["seed"])
        for kind, d in rec["bots"].items():
            b = g["bots"].setdefault(kind, {"games": 0, "wins": 0.0, "score": 0.0,
                                            "p50": 0.0, "p95": 0.0})
            b["games"] += d["games"]
            b["wins"] += d["wins"]
            b["score"] += d["mean_score"] * d["games"]
            b["p50"] = max(b["p50"], d["move_ms_p50"])
            b["p95"] = max(b["p95"], d["move_ms_p95"])
    for (title, seats), g in groups.items():
        print(f"{title}  seats {seats}: {g['games']} games, errors {g['errors']}")
        for kind, b in g["bots"].items():
            lo, hi = wilson(b["wins"], b["games"])
            print(f"  {kind:12} games {b['games']:4}  wins {b['wins']:6.1f}  "
                  f"win rate {b['wins'] / b['games']:6.1%}  95% [{lo:.1%}, {hi:.1%}]  "
                  f"mean score {b['score'] / b['games']:8.1f}  move ms p50 {b['p50']:.0f} "
                  f"p95 {b['p95']:.0f}")


if __name__ == "__main__":
    argv = sys.argv[1:]
    kw: dict = {}
    while len(argv) >= 2 and argv[-2].startswith("--"):
        key, value = argv[-2][2:], argv[-1]
        kw[key] = Path(value) if key == "out" else int(value)
        argv = argv[:-2]
    if argv[0] == "run":
        run(argv[1], argv[2], int(argv[3]), **kw)
    else:
        report(**kw)
