"""Benchmark (not a test) of the 18xx table's server answers on late 1830 / 1870 games.

    .venv/bin/python benchmarks/bench_web18xx.py --title 1830 --actions 40
    .venv/bin/python benchmarks/bench_web18xx.py --title 1870 --actions 40

Plays a game with random bots (fixed seeds) to a late position (the bank nearly broken:
the last ``--tail`` actions before the end), imports it into an in-process server (the
application with a fresh SQLite file, called through Starlette's test client: the same code
path as HTTP minus the socket), then for each of the next ``--actions`` actions measures what
a player waits for: the answer to ``POST /actions`` (the engine's check and apply, the
database commit, the new state and the seat's next choices), then the two reads the page
makes after it, ``GET /table`` (map, spreadsheet, market, story) and ``GET /decisions``
(the choices in words, with previews asked of copies of the state).  Every seat is human
(one hotseat token), so no bot runs inside the timed requests.  Prints p50/p95/max per
request kind and for the whole step, in wall time and in CPU time of the process (server
and client together: the figure that stays meaningful on a machine shared with other jobs).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))


def late_game(title: str, tail: int, seed: int):
    from railyard.bots.random_bot import RandomBot
    from railyard.engine.game import Game
    game, bot = Game(title, ["Ann", "Bob", "Cy", "Di"], seed), RandomBot(seed + 100)
    while not game.is_terminal and len(game.log) < 5000:
        game.apply(bot.choose(game.state))
    n = len(game.log)
    game.undo(min(tail, n - 1))
    return game, n


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", default="1830")
    ap.add_argument("--actions", type=int, default=40)
    ap.add_argument("--tail", type=int, default=60)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    from starlette.testclient import TestClient

    from railyard.bots.random_bot import RandomBot
    from railyard.web.app import create_app
    from railyard.web.storage import Storage
    game, total = late_game(args.title, args.tail, args.seed)
    tmp = tempfile.mkdtemp()
    app = create_app(storage=Storage(os.path.join(tmp, "db.sqlite3")))
    times: dict[str, list[float]] = {"action": [], "table": [], "decisions": [], "step": [],
                                     "action CPU": [], "step CPU": []}
    with TestClient(app) as client:
        made = client.post("/api/games/import", json={"save": game.to_save(),
                                                      "hotseat": True}).json()
        gid, tok = made["id"], made["host_token"]
        head = {"authorization": f"Bearer {tok}"}
        base = f"/api/games/{gid}"
        client.get(base + "/table")
        st = client.get(base, headers=head).json()
        bot = RandomBot(args.seed)
        for i in range(args.actions):
            if game.is_terminal:
                break
            action = bot.choose(game.state)
            game.apply(action)
            c0 = time.process_time()
            t0 = time.perf_counter()
            r = client.post(base + "/actions", headers=head,
                            json={"version": st["version"], "action": action})
            t1 = time.perf_counter()
            c1 = time.process_time()
            assert r.status_code == 200, r.text
            st = r.json()
            client.get(base + "/table")
            t2 = time.perf_counter()
            client.get(base + "/decisions", headers=head)
            t3 = time.perf_counter()
            c3 = time.process_time()
            times["action CPU"].append(c1 - c0)
            times["step CPU"].append(c3 - c0)
            times["action"].append(t1 - t0)
            times["table"].append(t2 - t1)
            times["decisions"].append(t3 - t2)
            times["step"].append(t3 - t0)
    print(f"{args.title}: game of {total} actions, measured actions {total - args.tail + 1}"
          f"..{total - args.tail + len(times['action'])}")
    print("| request | n | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    for k, xs in times.items():
        if xs:
            print(f"| {k} | {len(xs)} | {statistics.median(xs) * 1000:.1f} | "
                  f"{pct(xs, 0.95) * 1000:.1f} | {max(xs) * 1000:.1f} |")


if __name__ == "__main__":
    main()
