"""Tournaments: bots of given kinds play complete games against each other.

Seats rotate: game ``g`` seats kind ``seats[(i + g) % n]`` at seat ``i``, and the deal (the
game's seed) is ``seed + g // n``, so every block of ``n`` games plays one deal with every
rotation.  Each bot decides from its seat's view only (``kinds.play_move``).

Figures per bot kind (``"mcts:normal"``, ``"random"``, ...), over all seats of that kind
in all games ("seat-games"):

- ``games``: seat-games played; ``wins``: won seat-games, a tie for first place shared
  evenly (two tied winners each count 1/2; North American Railways breaks ties itself);
- ``win_rate`` = wins / games, ``ci95``: the Wilson score interval at 95 %;
- ``mean_score``: mean final score (the title's result, e.g. cash);
- ``move_ms_p50`` / ``move_ms_p95``: the bot's thinking time per decision, wall clock in ms
  (decisions with one possible action included).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..engine import available
from .kinds import make_bot, parse_kind, play_move
from .selfplay import DEFAULT_MAX_ACTIONS, seat_names

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``wins / n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation; 0 for no values."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


@dataclass
class GameRecord:
    index: int
    seed: int
    kinds: list[str]                      # kind per seat
    scores: list[float] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)
    move_ms: list[list[float]] = field(default_factory=list)
    actions: int = 0
    error: str | None = None


def seating(seats: list[str], g: int) -> list[str]:
    n = len(seats)
    return [seats[(i + g) % n] for i in range(n)]


def play_game(title: str, seats: list[str], g: int, seed: int,
              options: dict[str, Any] | None = None,
              max_actions: int = DEFAULT_MAX_ACTIONS) -> GameRecord:
    """Game ``g`` of a tournament (seating and deal as in the module docstring)."""
    info = available()[title]
    n = len(seats)
    kinds = seating(seats, g)
    deal = seed + g // n
    rec = GameRecord(g, deal, kinds, move_ms=[[] for _ in range(n)])
    try:
        state = info.factory(info.check_players(seat_names(n)), deal,
                             info.resolve_options(options))
        bots = [make_bot(k, title, deal * 1009 + g * 31 + i) for i, k in enumerate(kinds)]
        while state.current_player is not None:
            if rec.actions >= max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
            p = state.current_player
            t0 = time.perf_counter()
            act = play_move(bots[p], state)
            rec.move_ms[p].append((time.perf_counter() - t0) * 1000.0)
            state.apply(act)
            rec.actions += 1
        res = state.result()
        rec.scores = [float(s) for s in res.scores]
        share = 1.0 / len(res.winners)
        rec.win_share = [share if i in res.winners else 0.0 for i in range(n)]
    except Exception as exc:  # noqa: BLE001 - reported per game, the tournament goes on
        rec.error = f"{type(exc).__name__}: {exc}"
    return rec


def _play_star(args: tuple) -> GameRecord:
    return play_game(*args)


def run(title: str, seats: list[str], games: int, seed: int, workers: int = 1,
        options: dict[str, Any] | None = None,
        on_game: Callable[[GameRecord], None] | None = None) -> list[GameRecord]:
    """Play ``games`` games (in ``workers`` processes when more than one); ``on_game`` is
    called as each game finishes."""
    seats = [str(parse_kind(s)) for s in seats]   # "mcts" -> "mcts:normal"
    for s in seats:
        make_bot(s, title)                      # unknown kinds fail before any game starts
    jobs = [(title, seats, g, seed, options) for g in range(games)]
    records: list[GameRecord] = []
    if workers <= 1:
        for job in jobs:
            rec = _play_star(job)
            records.append(rec)
            if on_game:
                on_game(rec)
    else:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(workers) as pool:
            for rec in pool.imap_unordered(_play_star, jobs):
                records.append(rec)
                if on_game:
                    on_game(rec)
    records.sort(key=lambda r: r.index)
    return records


def summary(records: Iterable[GameRecord]) -> dict[str, Any]:
    """The figures per bot kind (see the module docstring) and the errors."""
    per: dict[str, dict[str, Any]] = {}
    errors = []
    played = 0
    for rec in records:
        if rec.error is not None:
            errors.append({"game": rec.index, "seed": rec.seed, "seats": rec.kinds,
                           "error": rec.error})
            continue
        played += 1
        for i, kind in enumerate(rec.kinds):
            d = per.setdefault(kind, {"games": 0, "wins": 0.0, "scores": [], "ms": []})
            d["games"] += 1
            d["wins"] += rec.win_share[i]
            d["scores"].append(rec.scores[i])
            d["ms"].extend(rec.move_ms[i])
    bots = {}
    for kind, d in per.items():
        n = d["games"]
        lo, hi = wilson(d["wins"], n)
        bots[kind] = {
            "games": n,
            "wins": round(d["wins"], 4),
            "win_rate": round(d["wins"] / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(sum(d["scores"]) / n, 2) if n else 0.0,
            "move_ms_p50": round(percentile(d["ms"], 0.50), 3),
            "move_ms_p95": round(percentile(d["ms"], 0.95), 3),
            "moves": len(d["ms"]),
        }
    return {"games": played, "bots": bots, "errors": errors}
