"""The engine's bookkeeping around each action, measured where it shows (issue 26 point 4):
CPU time of replaying the 18xx.games exports, of loading their saves, and of one web
worker's answer to an action on a late 1830 game.

    nice .venv/bin/python benchmarks/bench_bookkeeping.py [--rounds 7] [--web 40]
    # paired before/after: the same command on another checkout's src, alternated
    nice .venv/bin/python benchmarks/bench_bookkeeping.py --paired /tmp/before/src

Per line: best and median process CPU ms (``time.process_time``) over ``--rounds``:
``import`` = ``import_export`` of the export (parse, replay through the rules and
``Game.apply``, worth), ``load`` = ``Game.loads`` of the save the import makes (the save's
digest chain checked, every action replayed), ``web act`` = ``Service.act`` (the engine's
check and apply, the SQLite commit, the answer's state and legal choices) per action, over
``--web`` actions of a random 1830 game 60 actions before its end (every seat human, the
service called in this thread, so no HTTP client is timed); ``refused action`` = a
refusal through ``Game.apply`` at 64 consecutive positions of a random 1830 game
(:func:`measure_refusals`).  With ``--paired SRC`` each
measurement runs in two fresh processes per round, alternately with this checkout's
``src`` and with ``SRC`` (``PYTHONPATH``), so both see the same load; the ratio is
median(other) / median(this).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPORTS = ["1830/26855.json", "1870/34110.json", "1870/1870_game_end_bankrupt.json"]


def _exports_dir() -> Path:
    return HERE.parent / "tests" / "fixtures" / "18xx-games"


def measure_imports(rounds: int) -> dict[str, list[float]]:
    from railyard.eighteen.import18xx import import_export, load_export
    from railyard.engine.game import Game
    out: dict[str, list[float]] = {}
    for rel in EXPORTS:
        path = _exports_dir() / rel
        if not path.exists():
            continue
        text = path.read_bytes()
        game, _ = import_export(load_export(text))      # warm-up
        save = game.dumps()
        imp, load = [], []
        for _ in range(rounds):
            c = time.process_time()
            import_export(load_export(text))
            imp.append(time.process_time() - c)
            c = time.process_time()
            Game.loads(save)
            load.append(time.process_time() - c)
        out[f"import {rel}"] = imp
        out[f"load {rel}"] = load
    return out


def measure_web(actions: int, seed: int = 3, tail: int = 60) -> list[float]:
    import tempfile
    import warnings
    warnings.filterwarnings("ignore")
    from starlette.testclient import TestClient

    from railyard.bots.random_bot import RandomBot
    from railyard.engine.game import Game
    from railyard.web.app import create_app
    from railyard.web.storage import Storage
    game, bot = Game("1830", ["Ann", "Bob", "Cy", "Di"], seed), RandomBot(seed + 100)
    while not game.is_terminal and len(game.log) < 5000:
        game.apply(bot.choose(game.state))
    game.undo(min(tail, len(game.log) - 1))
    app = create_app(storage=Storage(os.path.join(tempfile.mkdtemp(), "db.sqlite3")))
    cpu = []
    with TestClient(app) as client:
        made = client.post("/api/games/import", json={"save": game.to_save(),
                                                      "hotseat": True}).json()
        gid, tok = made["id"], made["host_token"]
        svc = app.state.service
        version = client.get(f"/api/games/{gid}",
                             headers={"authorization": f"Bearer {tok}"}).json()["version"]
        bot = RandomBot(seed)
        for _ in range(actions):
            if game.is_terminal:
                break
            action = bot.choose(game.state)
            game.apply(action)
            c = time.process_time()
            svc.act(gid, tok, version, action, True)
            cpu.append(time.process_time() - c)
            version += 1
    return cpu


def measure_refusals(seed: int = 3, count: int = 64) -> list[float]:
    """CPU per refused action through ``Game.apply`` (a tile on a hex the map lacks, refused
    by the rules) after each of ``count`` actions of a random 1830 game from action 600 on:
    the positions lie 0-63 actions after a checkpoint, which a refusal from inside the
    rules replays from (issue 26 point 4; with the per-action snapshot it was restored
    from that instead)."""
    from railyard.bots.random_bot import RandomBot
    from railyard.engine.errors import IllegalAction
    from railyard.engine.game import Game
    game, bot = Game("1830", ["Ann", "Bob", "Cy", "Di"], seed), RandomBot(seed)
    while not game.is_terminal and len(game.log) < 600:
        game.apply(bot.choose(game.state))
    cpu = []
    for _ in range(count):
        if game.is_terminal:
            break
        bad = {"type": "lay_tile", "player": game.current_player, "hex": "Z99", "tile": "9",
               "rotation": 0}
        c = time.process_time()
        try:
            game.apply(bad)
        except IllegalAction:
            pass
        cpu.append(time.process_time() - c)
        game.apply(bot.choose(game.state))
    return cpu


def _line(name: str, xs: list[float]) -> str:
    return (f"{name:48} best {min(xs) * 1000:8.2f} ms  median "
            f"{statistics.median(xs) * 1000:8.2f} ms  (n={len(xs)})")


def run_once(rounds: int, web: int) -> dict[str, list[float]]:
    out = measure_imports(rounds)
    if web:
        out["web act, late 1830 (per action)"] = measure_web(web)
    out["refused action, 1830 from action 600"] = measure_refusals()
    return out


def paired(other_src: str, rounds: int, web: int, pairs: int) -> None:
    here = str(HERE.parent / "src")
    runs: dict[str, dict[str, list[float]]] = {"this": {}, "other": {}}
    for p in range(pairs):
        for which, src in (("this", here), ("other", other_src)) if p % 2 == 0 else \
                (("other", other_src), ("this", here)):
            env = dict(os.environ, PYTHONPATH=src)
            res = subprocess.run([sys.executable, __file__, "--json", "--rounds", str(rounds),
                                  "--web", str(web)], env=env, capture_output=True, text=True,
                                 check=True)
            for k, xs in json.loads(res.stdout).items():
                runs[which].setdefault(k, []).extend(xs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"# paired: {pairs} alternating process pairs, {rounds} rounds each; "
          f"this = {here}, other = {other_src}; load average {load:.1f}")
    print(f"{'measurement':48} {'other ms':>9} {'this ms':>9} {'other/this':>10}")
    for k in runs["this"]:
        a, b = statistics.median(runs["other"][k]), statistics.median(runs["this"][k])
        print(f"{k:48} {a * 1000:9.2f} {b * 1000:9.2f} {a / b:10.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--web", type=int, default=40, help="web actions (0: none)")
    ap.add_argument("--paired", metavar="SRC", help="another checkout's src to compare with")
    ap.add_argument("--pairs", type=int, default=4)
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.paired:
        paired(args.paired, args.rounds, args.web, args.pairs)
        return
    out = run_once(args.rounds, args.web)
    if args.json:
        print(json.dumps(out))
        return
    for k, xs in out.items():
        print(_line(k, xs))


if __name__ == "__main__":
    main()
