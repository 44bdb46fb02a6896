"""Issue 14 tournaments, run in chunks so that partial results survive a busy machine.

    .venv/bin/python benchmarks/tournaments.py run TITLE SEATS GAMES [--chunk 20] [--workers 2]
        [--start 0] [--seed 0] [--out FILE] [--save DIR]
    .venv/bin/python benchmarks/tournaments.py report [--out FILE]

``run`` calls ``railyard tournament TITLE --seats SEATS --games CHUNK --seed SEED
--first-game F --json`` for F = START, START + CHUNK, ... up to GAMES (game g sits in rotation
g and plays deal SEED + g // players, as in one long run, whatever the chunk size; a chunk of
1 keeps every finished game; ``--start`` resumes a run cut short) and appends every JSON
result to ``--out`` (default
``benchmarks/tournaments/results.jsonl``); ``--save DIR`` keeps every game as a save file
(``DIR/game-NNNN.json``, numbered by game index).  ``report`` adds up the chunks per (title, seats) and prints
games, wins, win rate with its Wilson 95 % interval, mean score, bankruptcies, the CPU and
wall-clock move-time percentiles (p50/p95: the largest of the chunks' values, as the chunks
cannot be merged exactly), the work per move (weighted by moves), and per (title, seats) the
median stock rounds (or rounds) of the chunks' medians, the final phases and the endings.
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
        start: int = 0, out: Path = OUT, save: Path | None = None, seed: int = 0) -> None:
    done = start
    while done < games:
        n = min(chunk, games - done)
        cmd = [str(ROOT / ".venv/bin/railyard"), "tournament", title, "--seats", seats,
               "--games", str(n), "--seed", str(seed), "--first-game", str(done),
               "--workers", str(workers), "--json"]
        if save is not None:
            cmd += ["--save", str(save)]
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
        g = groups.setdefault(key, {"games": 0, "bots": {}, "errors": 0, "seeds": [],
                                    "rounds": [], "phases": {}, "endings": {}})
        g["games"] += rec["games"]
        g["errors"] += len(rec["errors"])
        g["seeds"].append(rec["seed"])
        for game in rec.get("per_game", ()):
            r = game.get("stock_rounds", game.get("rounds"))
            if r is not None:
                g["rounds"].append(r)
            for k, name in (("phase", "phases"), ("end", "endings")):
                if game.get(k) is not None:
                    g[name][str(game[k])] = g[name].get(str(game[k]), 0) + 1
        for kind, d in rec["bots"].items():
            b = g["bots"].setdefault(kind, {"games": 0, "wins": 0.0, "score": 0.0,
                                            "p50": 0.0, "p95": 0.0, "cpu50": 0.0,
                                            "cpu95": 0.0, "bankrupt": 0, "work": 0.0,
                                            "moves": 0, "unit": None, "capped": 0})
            b["games"] += d["games"]
            b["wins"] += d["wins"]
            b["score"] += d["mean_score"] * d["games"]
            b["p50"] = max(b["p50"], d["move_ms_p50"])
            b["p95"] = max(b["p95"], d["move_ms_p95"])
            b["cpu50"] = max(b["cpu50"], d.get("cpu_ms_p50", 0.0))
            b["cpu95"] = max(b["cpu95"], d.get("cpu_ms_p95", 0.0))
            b["bankrupt"] += d.get("bankruptcies", 0)
            b["capped"] += d.get("capped", 0)
            if d.get("work_per_move") is not None:
                b["work"] += d["work_per_move"] * d["moves"]
                b["moves"] += d["moves"]
                b["unit"] = d.get("work_unit")
    import statistics
    for (title, seats), g in groups.items():
        print(f"{title}  seats {seats}: {g['games']} games, errors {g['errors']}")
        for kind, b in g["bots"].items():
            lo, hi = wilson(b["wins"], b["games"])
            work = f"  work/move {b['work'] / b['moves']:.0f} {b['unit']}" if b["moves"] else ""
            print(f"  {kind:16} games {b['games']:4}  wins {b['wins']:6.1f}  "
                  f"win rate {b['wins'] / b['games']:6.1%}  95% [{lo:.1%}, {hi:.1%}]  "
                  f"mean score {b['score'] / b['games']:8.1f}  bankrupt {b['bankrupt']}  "
                  f"capped {b['capped']}  "
                  f"CPU ms p50 {b['cpu50']:.0f} p95 {b['cpu95']:.0f}  "
                  f"wall ms p50 {b['p50']:.0f} p95 {b['p95']:.0f}{work}")
        if g["rounds"]:
            print(f"  rounds (stock rounds in 1830/1870): median "
                  f"{statistics.median(g['rounds']):g}, max {max(g['rounds'])}; "
                  f"phases {g['phases']}; endings {g['endings']}")


if __name__ == "__main__":
    argv = sys.argv[1:]
    kw: dict = {}
    while len(argv) >= 2 and argv[-2].startswith("--"):
        key, value = argv[-2][2:], argv[-1]
        kw[key] = Path(value) if key in ("out", "save") else int(value)
        argv = argv[:-2]
    if argv[0] == "run":
        run(argv[1], argv[2], int(argv[3]), **kw)
    else:
        report(**kw)
