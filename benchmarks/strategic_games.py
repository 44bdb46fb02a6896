"""Strategic-bot games of 1830 / 1870 with what ``railyard tournament`` does not report:
who went bankrupt (the issue-14 target "never bankrupt by its own choice"), how each game
ended, and each bot kind's thinking time per decision by CPU time (``time.thread_time``) as
well as wall clock - on a shared machine the CPU figure is the one to compare.

    .venv/bin/python benchmarks/strategic_games.py 1830 strategic:normal,random,random,random \\
        --games 8 --seed 0 [--workers 2]

Seats rotate and deals follow the tournament's rule (game g: seat i plays
``seats[(i + g) % n]``, deal ``seed + g // n``).  Prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import time

from railyard.bots.kinds import make_bot, parse_kind, play_move
from railyard.bots.tournament import percentile, seating
from railyard.engine import available


def one(args):
    title, seats, g, seed = args
    info = available()[title]
    kinds = seating(seats, g)
    n = len(seats)
    deal = seed + g // n
    st = info.factory(info.check_players([f"P{i + 1}" for i in range(n)]), deal,
                      info.resolve_options({}))
    bots = [make_bot(k, title, deal * 1009 + g * 31 + i) for i, k in enumerate(kinds)]
    cpu = {k: [] for k in kinds}
    wall = {k: [] for k in kinds}
    out = {"game": g, "deal": deal, "kinds": kinds, "error": None, "bankrupt": None}
    try:
        acts = 0
        while st.current_player is not None:
            if acts > 60000:
                raise RuntimeError("no end within 60000 actions")
            p = st.current_player
            c0, w0 = time.thread_time(), time.perf_counter()
            act = play_move(bots[p], st)
            cpu[kinds[p]].append(time.thread_time() - c0)
            wall[kinds[p]].append(time.perf_counter() - w0)
            st.apply(act)
            acts += 1
            if act.get("type") == "bankrupt":
                out["bankrupt"] = p           # both titles end the game at a bankruptcy
        res = st.result()
        out.update(scores=list(res.scores), winners=list(res.winners),
                   reason=st.s.get("end_reason"), actions=acts)
    except Exception as exc:  # noqa: BLE001 - reported per game
        out["error"] = f"{type(exc).__name__}: {exc}"
    out["cpu"], out["wall"] = cpu, wall
    out["fallbacks"] = {k: 0 for k in kinds}
    for k, b in zip(kinds, bots):
        out["fallbacks"][k] += getattr(b, "fallbacks", 0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("title")
    ap.add_argument("seats")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()
    seats = [str(parse_kind(s)) for s in a.seats.split(",")]
    jobs = [(a.title, seats, g, a.seed) for g in range(a.games)]
    t0 = time.time()
    if a.workers > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(a.workers) as pool:
            games = list(pool.imap_unordered(one, jobs))
    else:
        games = [one(j) for j in jobs]
    kinds = sorted(set(seats))
    summary = {}
    for k in kinds:
        seat_games = wins = bankrupt = fallbacks = 0
        cpu, wall = [], []
        for r in games:
            if r["error"]:
                continue
            for i, kk in enumerate(r["kinds"]):
                if kk != k:
                    continue
                seat_games += 1
                wins += (1 / len(r["winners"])) if i in r["winners"] else 0
                bankrupt += r["bankrupt"] == i
            fallbacks += r["fallbacks"].get(k, 0)
            cpu += r["cpu"].get(k, [])
            wall += r["wall"].get(k, [])
        summary[k] = {"games": seat_games, "wins": round(wins, 2),
                      "win_rate": round(wins / seat_games, 3) if seat_games else None,
                      "bankrupt": bankrupt, "fallbacks": fallbacks,
                      "move_cpu_ms_p50": round(1000 * percentile(cpu, 0.5), 1),
                      "move_cpu_ms_p95": round(1000 * percentile(cpu, 0.95), 1),
                      "move_wall_ms_p95": round(1000 * percentile(wall, 0.95), 1)}
    print(json.dumps({"title": a.title, "seats": seats, "seed": a.seed, "games": a.games,
                      "load_average": os.getloadavg()[0], "seconds": round(time.time() - t0),
                      "bots": summary,
                      "endings": sorted(str(r.get("reason")) for r in games),
                      "errors": [r["error"] for r in games if r["error"]]}))


if __name__ == "__main__":
    main()
