"""Levels of ``strategic`` (the planner and its search, ``bots/planner/search.py``) against
each other in 1830 / 1870, one JSON line per game as soon as it ends (so a run cut short
still counts), then a summary line.  Seats rotate and deals advance as in ``railyard
tournament`` (game g: seat i plays ``seats[(i + g) % n]``, deal ``seed + g // n``); CPU
time per decision by ``time.thread_time``; per searching seat the decisions searched,
overruled and the policy decisions simulated; ``--opening K``: the first K actions of every
game drawn at random, seeded by the deal (the same for every rotation), as ``railyard
tournament --opening``; ``--save DIR``: every game also written there as a railyard save
file (``railyard show`` / ``replay`` load it)::

    nice -n 10 .venv/bin/python benchmarks/search_levels.py 1830 \\
        strategic:hard,strategic:normal,strategic:normal,strategic:normal \\
        --games 8 --seed 700 --opening 3 --workers 2 --out results.jsonl
    .venv/bin/python benchmarks/search_levels.py --summary results.jsonl
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

from railyard.bots.kinds import make_bot, play_move
from railyard.bots.tournament import percentile, seating, wilson
from railyard.engine import available


def play(job) -> dict:
    title, seats, g, seed, opening, save_dir = job
    info = available()[title]
    n = len(seats)
    kinds = seating(seats, g)
    deal = seed + g // n
    names = info.check_players([f"P{i + 1}" for i in range(n)])
    opts = info.resolve_options({})
    st = info.factory(names, deal, opts)
    log: list = []
    bots = [make_bot(k, title, deal * 1009 + g * 31 + i) for i, k in enumerate(kinds)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    work: list[list[int]] = [[] for _ in range(n)]
    t0 = time.time()
    acts = 0
    out = {"game": g, "deal": deal, "kinds": kinds, "opening": opening, "error": None}
    try:
        if opening:                         # as ``railyard tournament --opening``
            from railyard.bots.random_bot import RandomBot
            drawer = RandomBot(deal)        # the same opening for every rotation of a deal
            while acts < opening and st.current_player is not None:
                a = drawer.choose(st)
                st.apply(a)
                log.append(a)
                acts += 1
        while st.current_player is not None:
            if acts > 20000:
                raise RuntimeError("no end within 20000 actions")
            p = st.current_player
            c0, w0 = time.thread_time(), getattr(bots[p], "work", 0)
            act = play_move(bots[p], st)
            cpu[p].append(time.thread_time() - c0)
            work[p].append(getattr(bots[p], "work", 0) - w0)
            st.apply(act)
            log.append(act)
            acts += 1
        res = st.result()
        out.update(scores=[float(x) for x in res.scores], winners=list(res.winners),
                   sr=st.s.get("sr"), phase=st.s.get("phase"), reason=st.s.get("end_reason"),
                   actions=acts)
    except Exception as exc:  # noqa: BLE001 - reported per game
        out["error"] = f"{type(exc).__name__}: {exc}"
    out["cpu"] = [[round(x, 4) for x in c] for c in cpu]
    out["work"] = work
    out["search"] = [{"searched": getattr(b, "searched", 0),
                      "overruled": getattr(b, "overruled", 0),
                      "simulated": getattr(b, "simulated", 0),
                      "cut": getattr(b, "cut_short", 0),
                      "capped": bool(getattr(b, "capped", False))} for b in bots]
    if save_dir:                            # a railyard save file, as the tournament's
        from railyard.bots.tournament import save_game
        os.makedirs(save_dir, exist_ok=True)
        out["save"] = save_game(title, names, deal, opts, log,
                                os.path.join(save_dir, f"{title}-game-{g:04d}.json"))
    out["seconds"] = round(time.time() - t0, 1)
    out["load"] = round(os.getloadavg()[0], 1)
    return out


def summary(lines: list[dict]) -> dict:
    per: dict = {}
    ok = [r for r in lines if not r.get("error") and "winners" in r]
    for r in ok:
        for i, k in enumerate(r["kinds"]):
            d = per.setdefault(k, {"games": 0, "wins": 0.0, "scores": [], "cpu": [], "work": [],
                                   "searched": 0, "overruled": 0, "simulated": 0})
            d["games"] += 1
            d["wins"] += 1 / len(r["winners"]) if i in r["winners"] else 0.0
            d["scores"].append(r["scores"][i])
            d["cpu"] += r["cpu"][i]
            d["work"] += r.get("work", [[]] * len(r["kinds"]))[i]
            for key in ("searched", "overruled", "simulated"):
                d[key] += r["search"][i][key]
    bots = {}
    for k, d in per.items():
        lo, hi = wilson(d["wins"], d["games"])
        bots[k] = {"games": d["games"], "wins": d["wins"],
                   "win_rate": round(d["wins"] / d["games"], 3),
                   "ci95": [round(lo, 3), round(hi, 3)],
                   "mean_score": round(sum(d["scores"]) / len(d["scores"]), 1),
                   "cpu_ms_p50": round(1000 * percentile(d["cpu"], 0.5), 1),
                   "cpu_ms_p95": round(1000 * percentile(d["cpu"], 0.95), 1),
                   "cpu_ms_max": round(1000 * max(d["cpu"], default=0), 1),
                   "work_p50": percentile(d["work"], 0.5) if d["work"] else None,
                   "work_p95": percentile(d["work"], 0.95) if d["work"] else None,
                   "work_mean": round(sum(d["work"]) / len(d["work"]), 1)
                   if d["work"] else None,
                   "searched": d["searched"], "overruled": d["overruled"],
                   "simulated_per_search": round(d["simulated"] / d["searched"], 1)
                   if d["searched"] else 0}
    return {"games": len(lines), "ok": len(ok), "bots": bots,
            "stock_rounds": sorted(r["sr"] for r in ok),
            "phases": sorted(str(r["phase"]) for r in ok),
            "endings": sorted(str(r["reason"]) for r in ok),
            "errors": [r["error"] for r in lines if r.get("error")]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("title", nargs="?")
    ap.add_argument("seats", nargs="?")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first-game", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--opening", type=int, default=0,
                    help="random opening actions per game (as railyard tournament's)")
    ap.add_argument("--out", default=None)
    ap.add_argument("--save", default=None,
                    help="write every game to this directory as a railyard save file")
    ap.add_argument("--summary", default=None, help="summarise a results file and stop")
    a = ap.parse_args()
    if a.summary:
        with open(a.summary) as f:
            lines = [json.loads(x) for x in f if x.strip()]
        print(json.dumps(summary(lines), indent=1))
        return
    seats = [s.strip() for s in a.seats.split(",")]
    jobs = [(a.title, seats, g, a.seed, a.opening, a.save)
            for g in range(a.first_game, a.first_game + a.games)]
    out = open(a.out, "a") if a.out else sys.stdout
    lines = []
    with multiprocessing.Pool(a.workers) as pool:
        for r in pool.imap_unordered(play, jobs):
            lines.append(r)
            out.write(json.dumps(r) + "\n")
            out.flush()
    print(json.dumps(summary(lines)), flush=True)


if __name__ == "__main__":
    main()
