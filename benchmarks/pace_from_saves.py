"""The pace figures of issue 22 ("20 games of four `strategic:normal` bots look like games
among competent players") read from the save files of a tournament
(``railyard tournament ... --save DIR``): per game the stock rounds, the final phase, how it
ended and the share of operating turns begun with at least one train that earned $0; then
the medians and the share over all games::

    .venv/bin/python benchmarks/pace_from_saves.py DIR/game-*.json [--json]

Each save is replayed action by action on the title's bare state (as the tournament played
it), so the operating turns are seen as they happened.
"""
from __future__ import annotations

import argparse
import json
import statistics

from planner_matches import note_turn, turn_counts

from railyard.engine import available


def pace(path: str) -> dict:
    with open(path) as fh:
        save = json.load(fh)
    info = available()[save["title"]]
    st = info.factory(info.check_players(save["players"]), save["seed"],
                      info.resolve_options(save["options"]))
    turns: dict = {}
    for entry in save["actions"]:
        st.apply(entry["action"])
        note_turn(st, turns)
    runs, zero = turn_counts(turns)
    return {"file": path, "sr": st.s.get("sr"), "phase": st.s.get("phase"),
            "end": st.s.get("end_reason"), "runs": runs, "zero_runs": zero,
            "actions": len(save["actions"])}


def phase_key(phase) -> tuple:
    """Phases in their order: numbers first ("2" < "10"), then letters (1830's "D")."""
    s = str(phase)
    return (0, int(s), "") if s.isdigit() else (1, 0, s)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("saves", nargs="+")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    games = [pace(p) for p in args.saves]
    runs = sum(g["runs"] for g in games)
    zero = sum(g["zero_runs"] for g in games)
    phases = sorted((g["phase"] for g in games), key=phase_key)
    out = {"games": len(games),
           "median_sr": statistics.median(g["sr"] for g in games),
           "median_phase": phases[(len(phases) - 1) // 2] if phases else None,
           "stock_rounds": sorted(g["sr"] for g in games), "phases": phases,
           "endings": sorted(str(g["end"]) for g in games),
           "zero_run_share": round(zero / runs, 4) if runs else None,
           "runs_with_train": runs, "zero_runs": zero, "per_game": games}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for g in games:
        print(f"{g['file']}: SR {g['sr']}, phase {g['phase']}, {g['end']}, "
              f"$0 turns {g['zero_runs']}/{g['runs']}")
    print(f"{out['games']} games: median SR {out['median_sr']}, median phase "
          f"{out['median_phase']} (lower median), $0 turns {zero}/{runs} = "
          f"{out['zero_run_share']}")


if __name__ == "__main__":
    main()
