"""Matches of the planner bot (``bots/planner``) against other 1830 / 1870 bots, with the
figures of issue 22's "Done when": win rate per bot, game length in stock rounds, final
phase, how the game ended, the share of operating turns of companies owning a train (at the start of
the turn) that earned $0, and CPU time per decision.

Seats are bot specs: ``planner:LEVEL`` (this package's ``PlannerBot``), ``basic`` (today's
``StrategicBot`` at normal), ``strategic:LEVEL`` (``StrategicBot`` at that level) or
``random``.  Seats rotate as in ``railyard tournament`` (game g: seat i plays
``seats[(i + g) % n]``, deal ``seed + g // n``; when all seats are the same bot, deal
``seed + g``)::

    nice -n 10 .venv/bin/python benchmarks/planner_matches.py 1830 \\
        planner:normal,basic,basic,basic --games 4 --seed 0 [--workers 2] [--json]

Prints one line per game and a summary (``--json``: one JSON object).

``--merge FILE...`` instead merges the ``--json`` outputs of a ``railyard tournament``
played in parts (``--first-game``) into one summary (:func:`merge`)::

    .venv/bin/python benchmarks/planner_matches.py --merge parts/game-*.json
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from railyard.bots.tournament import percentile, seating, wilson
from railyard.bots.views import observe
from railyard.engine import available


def make(spec: str, seed: int):
    kind, _, level = spec.partition(":")
    if kind == "planner":
        from railyard.bots.planner import PlannerBot
        return PlannerBot(seed, level or "normal")
    if kind == "basic":
        from railyard.bots.strategic import StrategicBot
        return StrategicBot(seed, "normal")
    if kind == "strategic":
        from railyard.bots.strategic import StrategicBot
        return StrategicBot(seed, level or "normal")
    if kind == "random":
        from railyard.bots.random_bot import RandomBot
        return RandomBot(seed)
    raise SystemExit(f"unknown seat {spec!r}: planner[:LEVEL], basic, strategic[:LEVEL], "
                     f"random")


def note_turn(st, turns: dict) -> None:
    """After an action: note in ``turns`` ((SR, OR, company) -> [owned a train at the
    turn's start, the turn's revenue]) the operating turn under way, if any."""
    op = st.s.get("op") if st.s["round"] == "operating" else None
    corp = (op or {}).get("corp")
    if corp:
        key = (st.s["sr"], st.s["or_num"], corp)
        if key not in turns:                   # the turn's start: did it own a train?
            turns[key] = [bool(st.s["corps"][corp]["trains"]), 0]
        turns[key][1] = max(turns[key][1], op.get("revenue") or 0)


def turn_counts(turns: dict) -> tuple[int, int]:
    """(operating turns begun with a train, those of them that earned $0)."""
    runs = sum(1 for t, _ in turns.values() if t)
    return runs, sum(1 for t, r in turns.values() if t and r == 0)


def play(args) -> dict:
    title, seats, g, seed, max_actions = args
    info = available()[title]
    n = len(seats)
    kinds = seating(seats, g)
    # rotating identical seats changes nothing: then every game is a new deal
    deal = seed + (g if len(set(seats)) == 1 else g // n)
    st = info.factory(info.check_players([f"P{i + 1}" for i in range(n)]), deal,
                      info.resolve_options({}))
    bots = [make(k, deal * 1009 + g * 31 + i) for i, k in enumerate(kinds)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    turns: dict = {}               # (SR, OR, company) -> [owned a train at start, revenue]
    out = {"game": g, "deal": deal, "kinds": kinds, "error": None}
    acts = 0
    t0 = time.time()
    try:
        while st.current_player is not None:
            if acts >= max_actions:
                raise RuntimeError(f"no end within {max_actions} actions")
            p = st.current_player
            c0 = time.thread_time()
            act = bots[p].choose(observe(st, p))
            cpu[p].append(time.thread_time() - c0)
            st.apply(act)
            acts += 1
            note_turn(st, turns)
        runs, zero = turn_counts(turns)
        res = st.result()
        out.update(scores=[float(x) for x in res.scores], winners=list(res.winners),
                   reason=st.s.get("end_reason"), sr=st.s.get("sr"),
                   phase=st.s.get("phase"), actions=acts, runs=runs, zero_runs=zero)
    except Exception as exc:  # noqa: BLE001 - reported per game
        out["error"] = f"{type(exc).__name__}: {exc}"
    out["cpu"] = cpu
    out["seconds"] = round(time.time() - t0, 1)
    return out


def summarise(title: str, seats: list[str], games: list[dict]) -> dict:
    per: dict = {}
    ok = [r for r in games if not r["error"]]
    for r in ok:
        for i, k in enumerate(r["kinds"]):
            d = per.setdefault(k, {"games": 0, "wins": 0.0, "scores": [], "cpu": []})
            d["games"] += 1
            d["wins"] += (1 / len(r["winners"])) if i in r["winners"] else 0.0
            d["scores"].append(r["scores"][i])
            d["cpu"] += r["cpu"][i]
    bots = {}
    for k, d in per.items():
        lo, hi = wilson(d["wins"], d["games"])
        bots[k] = {"games": d["games"], "wins": round(d["wins"], 2),
                   "win_rate": round(d["wins"] / d["games"], 3),
                   "ci95": [round(lo, 3), round(hi, 3)],
                   "mean_score": round(statistics.mean(d["scores"]), 1),
                   "cpu_ms_p50": round(1000 * percentile(d["cpu"], 0.5), 1),
                   "cpu_ms_p95": round(1000 * percentile(d["cpu"], 0.95), 1),
                   "cpu_ms_max": round(1000 * max(d["cpu"], default=0), 1)}
    runs = sum(r["runs"] for r in ok)
    zero = sum(r["zero_runs"] for r in ok)
    return {"title": title, "seats": seats, "games": len(games), "ok": len(ok),
            "load_average": round(os.getloadavg()[0], 2), "bots": bots,
            "stock_rounds": sorted(r["sr"] for r in ok),
            "median_sr": statistics.median([r["sr"] for r in ok]) if ok else None,
            "phases": sorted(str(r["phase"]) for r in ok),
            "endings": sorted(str(r["reason"]) for r in ok),
            "zero_run_share": round(zero / runs, 4) if runs else None,
            "runs_with_train": runs,
            "errors": [f"game {r['game']}: {r['error']}" for r in games if r["error"]]}


def merge(paths: list[str]) -> dict:
    """One summary of several ``railyard tournament --json`` outputs of one tournament
    played in parts (``--first-game``; e.g. one game per call, so that a run stopped by a
    deadline keeps every finished game): per bot kind the seat-games, wins (ties shared,
    as the tournament counts them), win rate with its Wilson 95 % interval, mean score,
    bankruptcies and CPU time per decision (the mean over all decisions, and the parts'
    p95 values: their median and maximum - the parts' raw times are not in their output);
    per game the seats, scores, winners, stock rounds, final phase and ending."""
    games, bots, p95s = [], {}, {}
    for path in paths:
        try:
            with open(path) as f:
                d = json.load(f)
        except (OSError, ValueError):
            continue                                    # a part still running or cut off
        games += d.get("per_game", [])
        for k, b in d.get("bots", {}).items():
            acc = bots.setdefault(k, {"cpu_total": 0.0, "moves": 0})
            acc["cpu_total"] += b.get("cpu_ms_mean", 0.0) * b.get("moves", 0)
            acc["moves"] += b.get("moves", 0)
            p95s.setdefault(k, []).append(b.get("cpu_ms_p95", 0.0))
    games.sort(key=lambda r: r["game"])
    per: dict = {}
    for r in games:
        for i, k in enumerate(r["seats"]):
            d = per.setdefault(k, {"games": 0, "wins": 0.0, "scores": [], "bankrupt": 0})
            d["games"] += 1
            d["wins"] += (1 / len(r["winners"])) if i in r["winners"] else 0.0
            d["scores"].append(r["scores"][i])
            d["bankrupt"] += 1 if i in (r.get("bankrupt") or []) else 0
    out_bots = {}
    for k, d in per.items():
        lo, hi = wilson(d["wins"], d["games"])
        acc = bots.get(k, {"cpu_total": 0.0, "moves": 0})
        out_bots[k] = {"games": d["games"], "wins": round(d["wins"], 2),
                       "win_rate": round(d["wins"] / d["games"], 3),
                       "ci95": [round(lo, 3), round(hi, 3)],
                       "mean_score": round(statistics.mean(d["scores"]), 1),
                       "bankruptcies": d["bankrupt"],
                       "cpu_ms_mean": round(acc["cpu_total"] / max(1, acc["moves"]), 1),
                       "cpu_ms_p95_parts_median": round(statistics.median(p95s[k]), 1)
                       if p95s.get(k) else None,
                       "cpu_ms_p95_parts_max": round(max(p95s[k]), 1) if p95s.get(k)
                       else None,
                       "moves": acc["moves"]}
    srs = [r.get("stock_rounds") for r in games if r.get("stock_rounds") is not None]
    return {"parts": len(paths), "games": len(games), "bots": out_bots,
            "stock_rounds": sorted(srs),
            "median_sr": statistics.median(srs) if srs else None,
            "phases": sorted(str(r.get("phase")) for r in games),
            "endings": sorted(str(r.get("end")) for r in games),
            "distinct_results": len({tuple(r["scores"]) for r in games}),
            "per_game": [{k: r.get(k) for k in ("game", "seed", "seats", "scores", "winners",
                                                 "stock_rounds", "phase", "end")}
                         for r in games]}


def main() -> None:
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "--merge":
        print(json.dumps(merge(sys.argv[2:]), indent=1))
        return
    ap = argparse.ArgumentParser(
        epilog="--merge FILE...: one summary of `railyard tournament --json` parts")
    ap.add_argument("title", choices=["1830", "1870"])
    ap.add_argument("seats", help="comma-separated seat specs")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--max-actions", type=int, default=20000)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    seats = [s.strip() for s in a.seats.split(",")]
    jobs = [(a.title, seats, g, a.seed, a.max_actions) for g in range(a.games)]
    games = []

    def show(r):
        if a.json:
            return
        if r["error"]:
            print(f"game {r['game']} deal {r['deal']}: ERROR {r['error']}", flush=True)
            return
        win = ",".join(r["kinds"][w] for w in r["winners"])
        print(f"game {r['game']} deal {r['deal']}: winner {win}; SR {r['sr']} phase "
              f"{r['phase']} {r['reason']}; $0 runs {r['zero_runs']}/{r['runs']}; "
              f"scores {[int(x) for x in r['scores']]} {r['kinds']} ({r['seconds']} s)",
              flush=True)

    if a.workers > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(a.workers) as pool:
            for r in pool.imap_unordered(play, jobs):
                games.append(r)
                show(r)
    else:
        for j in jobs:
            r = play(j)
            games.append(r)
            show(r)
    games.sort(key=lambda r: r["game"])
    s = summarise(a.title, seats, games)
    print(json.dumps(s) if a.json else json.dumps(s, indent=1))


if __name__ == "__main__":
    main()
