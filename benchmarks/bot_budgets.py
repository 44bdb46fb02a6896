"""Move times of the bot levels on sampled positions (issue 22, point 3): CPU time
(``time.thread_time``) and counted work per decision of each level, on the same positions.

    .venv/bin/python benchmarks/bot_budgets.py TITLE [--kind mcts] [--levels easy,normal,hard]
        [--positions 30] [--seed 0]

The positions are taken from one seeded game between ``rules`` bots (the small games) or
``basic:normal`` bots (1830, 1870): every decision of the game is a candidate, ``--positions``
of them are taken evenly spread (forced decisions included, as in a tournament).  Each level
answers each position once (a fresh bot per position, seed fixed).  Prints one JSON object:
per level the p50 / p95 / max CPU ms and the mean work per decision.
"""
from __future__ import annotations

import argparse
import json
import os
import time

from railyard.bots.kinds import make_bot, play_move
from railyard.bots.tournament import percentile
from railyard.engine import available


def positions(title: str, seed: int, count: int) -> list:
    info = available()[title]
    n = 4
    st = info.factory(info.check_players([f"P{i + 1}" for i in range(n)]), seed,
                      info.resolve_options({}))
    kind = "basic:normal" if title in ("1830", "1870") else "rules"
    bots = [make_bot(kind, title, seed * 7 + i) for i in range(n)]
    states = []
    while st.current_player is not None:
        states.append(st.clone())
        st.apply(play_move(bots[st.current_player], st))
    step = max(1, len(states) // count)
    return states[::step][:count]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("title")
    ap.add_argument("--kind", default=None)
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    kind = a.kind or ("basic" if a.title in ("1830", "1870") else "mcts")
    states = positions(a.title, a.seed, a.positions)
    out = {"title": a.title, "kind": kind, "positions": len(states), "seed": a.seed,
           "levels": {}}
    for level in a.levels.split(","):
        cpu, work, capped = [], [], 0
        for k, st in enumerate(states):
            bot = make_bot(f"{kind}:{level}", a.title, 1000 + k)
            w0 = bot.work
            t0 = time.thread_time()
            play_move(bot, st.clone())
            cpu.append((time.thread_time() - t0) * 1000)
            work.append(bot.work - w0)
            capped += bool(getattr(bot, "capped", False))
        out["levels"][level] = {
            "cpu_ms_p50": round(percentile(cpu, 0.5), 1),
            "cpu_ms_p95": round(percentile(cpu, 0.95), 1),
            "cpu_ms_max": round(max(cpu), 1),
            "work_mean": round(sum(work) / len(work), 1), "capped": capped}
    out["load_average"] = round(os.getloadavg()[0], 2)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
