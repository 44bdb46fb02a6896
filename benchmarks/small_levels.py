"""Small-game level tournaments that keep every finished game (issue 22 point 6).

``railyard tournament`` reports when all its games are done; on a loaded machine a long
run may have to stop first.  This runner plays the same games (``tournament.run``: seats
rotated, deals ``seed + g // 4``, ``opening`` random opening actions) and appends each
finished game's record (scores, win shares, CPU ms and work per decision) as one JSON line
to ``OUT``; ``--summary`` prints ``tournament.summary`` of the lines written so far (win
rates with Wilson intervals, CPU p50/p95 per decision, work per move)::

    python benchmarks/small_levels.py chicago-express OUT.jsonl --seats mcts:hard,mcts:normal,mcts:normal,mcts:normal --games 40 --opening 6 --seed 300 --workers 2
    python benchmarks/small_levels.py chicago-express OUT.jsonl --summary
"""
from __future__ import annotations

import argparse
import dataclasses
import json

from railyard.bots import tournament


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("title")
    ap.add_argument("out")
    ap.add_argument("--seats", default="mcts:hard,mcts:normal,mcts:normal,mcts:normal")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--seed", type=int, default=300)
    ap.add_argument("--opening", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--summary", action="store_true")
    a = ap.parse_args()
    if a.summary:
        with open(a.out) as f:
            recs = [tournament.GameRecord(**json.loads(line)) for line in f if line.strip()]
        s = tournament.summary(recs)
        print(json.dumps({"games": s["games"], "bots": s["bots"], "course": s["course"],
                          "errors": s["errors"]}, indent=1))
        return

    def keep(rec: tournament.GameRecord) -> None:
        with open(a.out, "a") as f:
            f.write(json.dumps(dataclasses.asdict(rec)) + "\n")

    tournament.run(a.title, a.seats.split(","), a.games, a.seed, workers=a.workers,
                   on_game=keep, first=a.first, opening=a.opening)


if __name__ == "__main__":
    main()
